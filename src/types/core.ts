/**
 * The types that name one another, so they live in one file: the request and response a handler gets, the
 * handlers, the routes and registrars that take them, and the app. Each leans on the others (`req.app` is the
 * app, whose registrars take handlers, which take the request), and types split across files would import
 * each other in a circle; each one's own members live in the files it imports (request.ts, response.ts, app.ts).
 */
import type { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import type { AppBase } from './app.js';
import type { ForeignMiddleware } from './foreign-middleware.js';
import type { NextFunction } from './next.js';
import type { ExtraMethod, PathList, RoutePath } from './paths.js';
import type { RequestMembers, TokenPayload } from './request.js';
import type { ResponseMembers } from './response.js';
import type { RouteGeneric, RouteOf } from './route-params.js';
import type { RouteOptions, RouteSchema, SchemaRouteOf } from './route-schema.js';

// --- The request and the response ---------------------------------------------------------------------

/**
 * The request kitjs hands to every handler: Node's `IncomingMessage` plus Express's conveniences (see
 * {@link RequestMembers}). `Route` (a {@link RouteGeneric}) types `params`, `query` and `body`.
 *
 * @example
 * ```ts
 * app.get('/users/:id', (req, res) => res.json({ id: req.params.id, from: req.ip }));
 * ```
 */
export interface KitRequest<Route extends RouteGeneric = {}>
  extends IncomingMessage,
    Express.Request,
    RequestMembers<Route> {
  /** The route that matched, while its handlers run (Express's `req.route`): `path`, `methods`, `stack`. */
  route?: MatchedRoute;
  /** The response that belongs to this request. */
  res?: KitResponse;
  /** The app handling the request (a mounted sub-app while it runs it). */
  app: KitApp;
  /** The logger of the app handling the request (`kit({ logger })`, else kitjs's `logger`). */
  readonly log: Logger;
  // Declared here rather than in RequestMembers: Express typings (passport, cookie-parser) declare these on
  // Express.Request too, and a member two parents declare differently must be declared by the child.
  /** Set by `authMiddleware` to the verified token's payload. */
  user?: TokenPayload & Express.User;
  /** Cookies as cookie-parser leaves them (cookie-parser sets this; kitjs does not). */
  cookies?: Record<string, string>;
  /** Signed cookies whose signature cookie-parser verified (cookie-parser sets this). */
  signedCookies?: Record<string, string | false>;
  /** The secret cookie-parser was given (cookie-parser sets this); `res.cookie(..., { signed: true })` signs with it. */
  secret?: string;
}

/** `req.route`'s type, named apart because inside `KitRequest<Route>` the name `Route` is the type parameter. */
type MatchedRoute = Route;

/**
 * The response kitjs hands to every handler: Node's `ServerResponse` plus Express's senders (see
 * {@link ResponseMembers}). `Route` (a {@link RouteGeneric}) types what `json` and `send` accept through its `Reply`.
 *
 * @example
 * ```ts
 * app.get('/', (req, res) => res.status(200).type('text').send('hello'));
 * ```
 */
export interface KitResponse<Route extends RouteGeneric = {}>
  extends ServerResponse<KitRequest>,
    Express.Response,
    ResponseMembers<Route> {
  /** The app handling the request (a mounted sub-app while it runs it). */
  app: KitApp;
  /**
   * Calls the handler for the type the Accept header prefers (the first one without Accept), with its
   * Content-Type set and `Vary: Accept`; else `default`; else a 406 error listing the types offered.
   *
   * @example
   * ```ts
   * res.format({
   *   'text/plain': () => res.send('hey'),
   *   html: () => res.send('<p>hey</p>'),
   *   default: () => res.status(406).send('Not Acceptable'),
   * });
   * ```
   */
  format(handlers: FormatHandlers): this;
}

/**
 * What `res.format` takes: a handler per media type or extension (`'text/plain'`, `html`, `json`) and an
 * optional `default`. Each is called with the request, the response and the router's `next` when there is one.
 *
 * @example
 * ```ts
 * const handlers: FormatHandlers = { json: (_req, res) => res.json({ ok: true }) };
 * ```
 */
export interface FormatHandlers {
  [type: string]: FormatHandler | undefined;
  default?: FormatHandler;
}

/** One handler of {@link FormatHandlers}. */
export type FormatHandler = (
  req: KitRequest,
  res: KitResponse,
  next: ((err?: unknown) => void) | undefined,
) => unknown;

// --- Handlers --------------------------------------------------------------------------------------------

/**
 * A route handler or ordinary middleware. Its result is ignored, except that a rejected promise is
 * passed to `next`. `Route` types the request and reply (see {@link RouteGeneric}).
 *
 * @example
 * ```ts
 * const show: RequestHandler<{ Params: { id: string } }> = (req, res) => res.json({ id: req.params.id });
 * ```
 */
export type RequestHandler<Route extends RouteGeneric = {}> = (
  req: KitRequest<Route>,
  res: KitResponse<Route>,
  next: NextFunction,
) => unknown;

/**
 * Four-argument error middleware, called only while an error is being handled.
 *
 * @example
 * ```ts
 * const onError: ErrorHandler = (err, req, res, next) => res.status(500).json({ error: String(err) });
 * ```
 */
export type ErrorHandler<Route extends RouteGeneric = {}> = (
  err: unknown,
  req: KitRequest<Route>,
  res: KitResponse<Route>,
  next: NextFunction,
) => unknown;

/**
 * The app-wide error handler installed with `setErrorHandler`.
 *
 * @example
 * ```ts
 * app.setErrorHandler((err, req, res) => res.status(500).json({ error: 'Internal error' }));
 * ```
 */
export type AppErrorHandler = (err: unknown, req: KitRequest, res: KitResponse) => unknown;

/**
 * Anything `use` accepts as a handler.
 *
 * @example
 * ```ts
 * const chain: Middleware[] = [json(), (err, req, res, next) => next(err)];
 * ```
 */
export type Middleware = RequestHandler | ErrorHandler;

/**
 * Not for applications: how registrars see an error handler, as two members of {@link HandlerArg}.
 *
 * TypeScript types an inline function's parameters from the signatures of its contextual type that have
 * enough parameters, and gives up (TS7006) when a union offers unlike ones: with a plain
 * `RequestHandler | ErrorHandler` an inline `(req, res, next) =>` would be untyped. Here the 4-parameter
 * signature sits beside a generic 3-parameter one: for a function of up to three parameters the two are
 * unlike and this member drops out, so `RequestHandler` alone types it; a 4-parameter function only fits
 * the first, so it is typed as an {@link ErrorHandler}. The second member accepts error handlers typed
 * elsewhere; its two signatures are unlike for any inline function, so it never types one.
 *
 * @example
 * ```ts
 * app.get('/x', (req, res, next) => next(), (err, req, res, next) => res.status(500).end());
 * ```
 */
export interface InlineErrorHandler<Route extends RouteGeneric = {}> {
  (err: unknown, req: KitRequest<Route>, res: KitResponse<Route>, next: NextFunction): unknown;
  <Unused extends never>(req: Unused, res: Unused, next: Unused): never;
}

/**
 * Not for applications: the member of {@link HandlerArg} that accepts a typed {@link ErrorHandler}.
 *
 * @example
 * ```ts
 * const onError: ErrorHandler = (err, req, res) => res.status(500).end();
 * app.get('/x', handler, onError);
 * ```
 */
export interface TypedErrorHandler<Route extends RouteGeneric = {}> {
  (err: unknown, req: KitRequest<Route>, res: KitResponse<Route>, next: NextFunction): unknown;
  <Err>(err: Err, req: KitRequest<Route>, res: KitResponse<Route>, next: NextFunction): unknown;
}

/**
 * A handler argument of a route: a request handler, an error handler (inline or typed), middleware typed
 * for Express, or (nested) arrays of them. Inline functions get their parameter types from it (see {@link InlineErrorHandler}).
 *
 * @example
 * ```ts
 * const guarded: HandlerArg = [authMiddleware, (req, res, next) => next()];
 * app.get('/admin', guarded, (req, res) => res.send('ok'));
 * ```
 */
export type HandlerArg<Route extends RouteGeneric = {}> =
  | RequestHandler<Route>
  | InlineErrorHandler<Route>
  | TypedErrorHandler<Route>
  | ForeignMiddleware
  | readonly HandlerArg<Route>[];

/**
 * What can be mounted with `use`: a router or an app (anything with a `handle` dispatcher).
 *
 * @example
 * ```ts
 * app.use('/api', new Router(), kit());
 * ```
 */
export interface Mountable {
  handle(req: KitRequest, res: KitResponse, done: NextFunction): void;
}

/**
 * An argument of `use`: middleware, error middleware, a router or an app, or (nested) arrays of them.
 *
 * @example
 * ```ts
 * const stack: UseArg[] = [security(), cors(), json(), router];
 * app.use(...stack);
 * ```
 */
export type UseArg =
  | RequestHandler
  | InlineErrorHandler
  | TypedErrorHandler
  | ForeignMiddleware
  | Mountable
  | readonly UseArg[];

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

// --- Routes ----------------------------------------------------------------------------------------------

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
  handle: Middleware;
  name: string;
}

/**
 * A method registrar of a {@link Route}: handlers only, typed from the route's path (a RegExp or list
 * path gives a plain dictionary of params).
 *
 * @example
 * ```ts
 * app.route('/books/:isbn').get((req, res) => res.json({ isbn: req.params.isbn }));
 * ```
 */
export type RouteRegistrar<Path extends RoutePath> = (<const Schema extends RouteSchema>(
  options: RouteOptions<Schema>,
  ...handlers: HandlerArg<SchemaRouteOf<Schema, Path extends string ? Path : string>>[]
) => Route<Path>) &
  (<Declared_ extends RouteGeneric = {}>(
    ...handlers: HandlerArg<RouteOf<Declared_, Path extends string ? Path : string>>[]
  ) => Route<Path>);

/**
 * A registrar for each {@link ExtraMethod} of a {@link Route}.
 *
 * @example
 * ```ts
 * app.route('/dav/:file').propfind((req, res) => res.status(207).end());
 * ```
 */
export type ExtraRouteRegistrars<Path extends RoutePath> = { [Method in ExtraMethod]: RouteRegistrar<Path> };

/**
 * One path and the handlers registered on it, per method: what `route(path)` returns, what `req.route` is
 * while its handlers run, and what `new express.Route(path)` makes. All three are instances of the Route
 * class (src/router/route.ts), which implements this interface and adds nothing public to it.
 *
 * @example
 * ```ts
 * const books: Route<'/books/:isbn'> = app.route('/books/:isbn').get(show).put(update);
 * ```
 */
export interface Route<Path extends RoutePath = RoutePath> extends ExtraRouteRegistrars<Path> {
  /** The path as registered: the string of `route(path)`, or the RegExp or list a registrar was given. */
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
  /** Whether the route has handlers for `method` (HEAD is answered by GET handlers). */
  handlesMethod(method: string): boolean;
  /**
   * Runs the handlers that apply to `req.method`, in order; `done` continues after them (also for
   * `next('route')`, and with the error of `next(err)`). For a Route used on its own: a router runs its own.
   */
  dispatch(req: KitRequest, res: KitResponse, done: NextFunction): void;
  /** Internal: what each method registrar does (the owning router checks and records the handlers). */
  register(method: string, name: string, args: unknown[]): this;
  /** Internal: adds checked handlers for `method` ('*' is `all`) to `stack` and `methods`. */
  record(method: string, name: string, handlers: Middleware[]): void;
}

// --- Registrars of apps and routers ----------------------------------------------------------------------

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
  // With route options the handlers' request is typed by the schema's output; a RegExp path leaves Path string.
  <const Schema extends RouteSchema, Path extends string = string>(
    path: Path | RegExp | PathList,
    options: RouteOptions<Schema>,
    ...handlers: HandlerArg<SchemaRouteOf<Schema, Path>>[]
  ): Self;
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
 * A registrar for each {@link ExtraMethod} of an app or router.
 *
 * @example
 * ```ts
 * app.propfind('/dav/:file', (req, res) => res.status(207).end());
 * ```
 */
export type ExtraPathRegistrars<Self> = { [Method in ExtraMethod]: PathRegistrar<Self> };

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

// --- The app ---------------------------------------------------------------------------------------------

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
 * Every member of the application `kit()` returns, without its call signature: the interface a class can
 * implement. `Self` is what the chainable members return (`KitApp` itself; a class gives its own type).
 *
 * @example
 * ```ts
 * const members: KitAppMembers = kit();
 * ```
 */
export interface KitAppMembers<Self = KitApp>
  extends Omit<RouterLike<Self>, 'get'>,
    AppBase<Self>,
    Mountable,
    EventEmitter {
  /** Reads a setting with one argument (`app.get('env')`); with handlers, registers a GET route. */
  get: ((setting: string) => unknown) & PathRegistrar<Self>;
  /** The app this one is mounted in; undefined for a top-level app. */
  parent: KitApp | undefined;
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
  setErrorHandler(fn: AppErrorHandler): Self;
}

/**
 * The application `kit()` returns: its members, and a function of `(req, res)` for `http.createServer(app)`,
 * `https.createServer(options, app)` and supertest; given a `next`, it runs as middleware of another app.
 *
 * @example
 * ```ts
 * const app: KitApp = kit();
 * http.createServer(app).listen(3000);
 * ```
 */
export interface KitApp extends KitAppMembers {
  (req: IncomingMessage, res: ServerResponse, next?: NextFunction): void;
}
