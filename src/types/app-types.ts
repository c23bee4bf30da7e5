/** The shapes of the app, its routers and their registrars. */
import type { EventEmitter } from 'node:events';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { ListenOptions } from 'node:net';
import type { KitRequest, KitResponse } from '../types.js';
import type { AppErrorHandler, HandlerArg, Mountable, NextFunction, UseArg } from './handlers.js';
import type { RouteGeneric, RouteOf } from './route-params.js';

/**
 * What `register` returns: a promise of the app for an async plugin, else the app.
 *
 * @example
 * ```ts
 * const same: KitApp = app.register((instance) => instance.use(json())); // a sync plugin
 * ```
 */
export type Registered<Result> = Result extends PromiseLike<unknown> ? Promise<KitApp> : KitApp;

/**
 * The other route paths Express 4 takes: a RegExp, or an array of paths (nested arrays too).
 *
 * @example
 * ```ts
 * const paths: PathList = ['/about', /^\/team\/?$/i];
 * ```
 */
export type PathList = ReadonlyArray<string | RegExp | PathList>;

/**
 * A method registrar on an app or router: a path and one or more handlers. Inline handlers are typed from
 * the path (`req.params`) and from an optional {@link RouteGeneric} type argument. A RegExp or an array of
 * paths is accepted too; its parameters are typed as a plain dictionary.
 *
 * @example
 * ```ts
 * app.get('/users/:id', (req, res) => res.json({ id: req.params.id }));
 * app.get(/^\/files\/(.+)$/, (req, res) => res.send(req.params[0]));
 * ```
 */
export interface PathRegistrar<Self> {
  <Declared_ extends RouteGeneric = {}, Path extends string = string>(
    path: Path,
    ...handlers: HandlerArg<RouteOf<Declared_, Path>>[]
  ): Self;
  <Declared_ extends RouteGeneric = {}>(
    path: RegExp | PathList,
    ...handlers: HandlerArg<RouteOf<Declared_, string>>[]
  ): Self;
}

/**
 * The methods beyond the common eight that node:http knows and Express registers routes for
 * (`app.propfind`, `app['m-search']`...), lower case.
 *
 * @example
 * ```ts
 * const method: ExtraMethod = 'propfind';
 * ```
 */
export type ExtraMethod =
  | 'acl'
  | 'bind'
  | 'checkout'
  | 'connect'
  | 'copy'
  | 'link'
  | 'lock'
  | 'm-search'
  | 'merge'
  | 'mkactivity'
  | 'mkcalendar'
  | 'mkcol'
  | 'move'
  | 'notify'
  | 'propfind'
  | 'proppatch'
  | 'purge'
  | 'query'
  | 'rebind'
  | 'report'
  | 'search'
  | 'source'
  | 'subscribe'
  | 'trace'
  | 'unbind'
  | 'unlink'
  | 'unlock'
  | 'unsubscribe';

/**
 * A registrar for each {@link ExtraMethod} of an app or router.
 *
 * @example
 * ```ts
 * app.propfind('/dav/:file', (req, res) => res.status(207).end());
 * ```
 */
export type ExtraPathRegistrars<Self> = { [Method in ExtraMethod]: PathRegistrar<Self> };

/**
 * A registrar for each {@link ExtraMethod} of `route(path)`.
 *
 * @example
 * ```ts
 * app.route('/dav/:file').propfind((req, res) => res.status(207).end());
 * ```
 */
export type ExtraRouteRegistrars<Path extends string> = { [Method in ExtraMethod]: RouteRegistrar<Path> };

/**
 * One handler of a {@link Route}, with the method it was registered for (`undefined` for `all`).
 *
 * @example
 * ```ts
 * const names = app.route('/x').get(show).stack.map((layer: RouteLayer) => layer.name);
 * ```
 */
export interface RouteLayer {
  method: string | undefined;
  handle: (...args: never[]) => unknown;
  name: string;
}

/**
 * A parameter callback of `param(name, fn)`: runs before the handlers of a route that captured `name`.
 *
 * @example
 * ```ts
 * app.param('id', (req, res, next, id) => (id === 'me' ? next('route') : next()));
 * ```
 */
export type ParamHandler = (
  req: KitRequest,
  res: KitResponse,
  next: NextFunction,
  value: string | undefined,
  name: string,
) => unknown;

/**
 * A method registrar of `route(path)`: handlers only, typed from the route's path.
 *
 * @example
 * ```ts
 * app.route('/books/:isbn').get((req, res) => res.json({ isbn: req.params.isbn }));
 * ```
 */
export type RouteRegistrar<Path extends string> = <Declared_ extends RouteGeneric = {}>(
  ...handlers: HandlerArg<RouteOf<Declared_, Path>>[]
) => Route<Path>;

/**
 * The chainable object `route(path)` returns: method registrars that take only handlers.
 *
 * @example
 * ```ts
 * const books: Route<'/books/:isbn'> = app.route('/books/:isbn').get(show).put(update);
 * ```
 */
export interface Route<Path extends string = string> extends ExtraRouteRegistrars<Path> {
  readonly path: Path;
  /** Every handler registered on the route, in order, with its method (XROUTE-007). */
  readonly stack: RouteLayer[];
  /** The methods with handlers, lower case, each `true`; `_all` when `all` registered some. */
  readonly methods: Record<string, boolean>;
  get: RouteRegistrar<Path>;
  post: RouteRegistrar<Path>;
  put: RouteRegistrar<Path>;
  patch: RouteRegistrar<Path>;
  delete: RouteRegistrar<Path>;
  head: RouteRegistrar<Path>;
  options: RouteRegistrar<Path>;
  all: RouteRegistrar<Path>;
}

/**
 * `use`: middleware, error middleware and routers, with or without a path prefix.
 *
 * @example
 * ```ts
 * app.use(json()).use('/api', router).use((err, req, res, next) => res.status(500).end());
 * ```
 */
export interface UseRegistrar<Self> {
  (...handlers: UseArg[]): Self;
  (path: string | RegExp | PathList, ...handlers: UseArg[]): Self;
}

/**
 * The registration surface an app and a router share.
 *
 * @example
 * ```ts
 * function mountHealth(target: RouterLike<unknown>): void {
 *   target.get('/health', (req, res) => res.send('ok'));
 * }
 * ```
 */
export interface RouterLike<Self> extends ExtraPathRegistrars<Self> {
  get: PathRegistrar<Self>;
  post: PathRegistrar<Self>;
  put: PathRegistrar<Self>;
  patch: PathRegistrar<Self>;
  delete: PathRegistrar<Self>;
  head: PathRegistrar<Self>;
  options: PathRegistrar<Self>;
  all: PathRegistrar<Self>;
  use: UseRegistrar<Self>;
  route<Path extends string>(path: Path): Route<Path>;
  /**
   * Runs `fn` before the handlers of any route here that captures `name` (or one of several names), once
   * per request and value, in the order added.
   */
  param(name: string | string[], fn: ParamHandler): Self;
}

/** Options of `listen` and of the server kitjs creates; Node's timeouts stay on by default. */
export interface ServerTimeouts {
  /** Milliseconds to receive a whole request (Node default 300 000). */
  requestTimeout?: number;
  /** Milliseconds to receive the headers (Node default 60 000). */
  headersTimeout?: number;
  /** Milliseconds an idle keep-alive socket is kept (Node default 5 000). */
  keepAliveTimeout?: number;
}

/**
 * An app's settings table (Express's `app.settings`): the values given to `app.set`, kit()'s server
 * timeouts, and the functions compiled from `trust proxy`, `etag` and `query parser`.
 *
 * @example
 * ```ts
 * const spaces: unknown = app.settings['json spaces'];
 * ```
 */
export type KitSettings = ServerTimeouts & { [name: string]: unknown };

/**
 * A template engine, as `app.engine(ext, fn)` takes it: renders the file at `path` with `options` (the
 * merged locals) and calls back with the text or an error.
 *
 * @example
 * ```ts
 * const engine: ViewEngine = (path, options, callback) => callback(null, `<p>${String(options.title)}</p>`);
 * app.engine('html', engine);
 * ```
 */
export type ViewEngine = (
  path: string,
  options: Record<string, unknown>,
  callback: (err: Error | null | undefined, rendered?: string) => void,
) => void;

/**
 * What `app.render` and `res.render` call with the rendered text, or the error.
 *
 * @example
 * ```ts
 * app.render('email', { name: 'Tobi' }, (err, html) => { if (!err) console.log(html); });
 * ```
 */
export type RenderCallback = (err: Error | null, html?: string) => void;

/** The application `kit()` returns. */
export interface KitApp extends Omit<RouterLike<KitApp>, 'get'>, Mountable, EventEmitter {
  /** Reads a setting with one argument (`app.get('env')`); with handlers, registers a GET route. */
  get: ((setting: string) => unknown) & PathRegistrar<KitApp>;
  /** Assigns a setting (`app.set('trust proxy', 'loopback')`), or reads it with one argument. */
  set(setting: string, value: unknown): KitApp;
  set(setting: string): unknown;
  /** `set(setting, true)`. */
  enable(setting: string): KitApp;
  /** `set(setting, false)`. */
  disable(setting: string): KitApp;
  /** Whether the setting is truthy. */
  enabled(setting: string): boolean;
  /** Whether the setting is falsy. */
  disabled(setting: string): boolean;
  /** Application-wide values, shared by every request (`app.locals.title`). */
  locals: Record<string, unknown>;
  /** The app is a request listener: `http.createServer(app)`, `https.createServer(options, app)`, supertest. */
  (req: IncomingMessage, res: ServerResponse): void;
  /**
   * Registers a plugin with its options; returns a promise of the app when the plugin is async. A plugin
   * whose options have required fields cannot be registered without them.
   */
  register<Options, Result = void>(
    plugin: (app: KitApp, options: Options) => Result,
    options: Options,
  ): Registered<Result>;
  register<Result = void>(
    plugin: (app: KitApp, options: Record<string, never>) => Result,
  ): Registered<Result>;
  /** Installs the app-wide error handler that receives every `next(err)` nothing else handled. */
  setErrorHandler(fn: AppErrorHandler): KitApp;
  /** Starts an HTTP server (port 0 picks a free port) and returns Node's `http.Server`. */
  listen(callback?: () => void): Server;
  listen(port: number, callback?: () => void): Server;
  listen(port: number, host: string, callback?: () => void): Server;
  listen(port: number, host: string, backlog: number, callback?: () => void): Server;
  listen(port: number, backlog: number, callback?: () => void): Server;
  /** Listens on a Unix socket or Windows pipe. */
  listen(path: string, callback?: () => void): Server;
  /** Node's `server.listen(options)`: port, host, path, backlog, exclusive, signal... */
  listen(options: ListenOptions, callback?: () => void): Server;
  /** Where the app is mounted in its parent (`app.use(path, app)`): the path (or list) given, `'/'` before. */
  mountpath: string | RegExp | PathList;
  /** The app this one is mounted in; undefined for a top-level app. */
  parent: KitApp | undefined;
  /** The full path the app is mounted at: the parents' mount paths joined ('' at the top). */
  path(): string;
  /**
   * The prototype of this app's requests: members added here appear on its requests only (those of
   * `express.request` on every app's).
   */
  readonly request: Record<string, unknown>;
  /** The prototype of this app's responses: members added here appear on its responses only. */
  readonly response: Record<string, unknown>;
  /** Registers the template engine for files ending in `ext` (`'html'` or `'.html'`). */
  engine(ext: string, fn: ViewEngine): KitApp;
  /** The template engines by extension (with its dot). */
  engines: Record<string, ViewEngine>;
  /** Renders a view with `app.locals` and `options` merged; the callback gets the text or an error. */
  render(name: string, options: Record<string, unknown>, callback: RenderCallback): void;
  render(name: string, callback: RenderCallback): void;
  /** The request listener, for `http.createServer(app.handler)` or tests. */
  readonly handler: (req: IncomingMessage, res: ServerResponse) => void;
  /** The settings table: what `app.set` assigned, and the server timeouts `listen` applies. */
  settings: KitSettings;
  /** Stops the server `listen` started: refuses new work, lets in-flight requests finish, then closes. */
  close(options?: { timeout?: number }): Promise<void>;
  /** Registers a function to run when `close()` has stopped the server (database managers use it). */
  onClose(fn: () => void | Promise<void>): KitApp;
  /** The routes registered so far, as method and path pairs (for docs drift checks and tooling). */
  routes(): Array<{ method: string; path: string }>;
}
