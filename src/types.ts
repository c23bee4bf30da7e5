/** The public types of kitjs: request, response, handlers, app, router and plugin shapes. */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';

/** The claims kitjs's token helpers sign and `authMiddleware` puts on `req.user`. */
export interface TokenPayload {
  id: string | number;
  email: string;
  [claim: string]: unknown;
}

/**
 * Route parameters when the path is not a literal the compiler can read (and in `use` middleware): any
 * name, maybe absent.
 *
 * @example
 * ```ts
 * app.get(somePath, (req, res) => res.json({ id: req.params.id ?? null })); // string | undefined
 * ```
 */
export type ParamsDictionary = Record<string, string | undefined>;

/**
 * The parsed query string: every value a string (the first when a key repeats); absent keys are undefined.
 *
 * @example
 * ```ts
 * app.get('/search', (req, res) => res.json({ q: req.query.q ?? '' }));
 * ```
 */
export type QueryDictionary = Record<string, string | undefined>;

/**
 * What a route says about its request and reply, after Fastify's RouteGeneric: `Params` and `Query` type
 * `req.params` and `req.query`, `Body` types `req.body` and `Reply` what `res.json` accepts. Each is
 * optional; left out, params come from the path, the query is a {@link QueryDictionary} and the body is
 * `unknown`. These are promises the application makes (kitjs does not validate them). TypeScript infers no
 * type argument once one is given, so with `app.get<{ ... }>(path, ...)` the path is not read: declare
 * `Params` there too (`route(path).get<{ ... }>` still reads its path).
 *
 * @example
 * ```ts
 * interface NewUser { email: string }
 * interface User { id: number; email: string }
 * app.post<{ Body: NewUser; Reply: User }>('/users', (req, res) => {
 *   res.status(201).json({ id: 1, email: req.body.email });
 * });
 * ```
 */
export interface RouteGeneric {
  Params?: object;
  Query?: object;
  Body?: unknown;
  Reply?: unknown;
}

/** `Route[Key]` when the route declares it, else `Fallback`. */
type Declared<Route, Key extends keyof RouteGeneric, Fallback> = Route extends { [K in Key]: infer Value }
  ? Value
  : Fallback;

/** The segments of a path, split at each '/'. */
type Segments<Path extends string> = Path extends `${infer Head}/${infer Rest}`
  ? Head | Segments<Rest>
  : Path;

type RequiredName<Segment> = Segment extends `:${infer Name}`
  ? Name extends `${string}?`
    ? never
    : Name
  : never;
type OptionalName<Segment> = Segment extends `:${infer Name}?` ? Name : never;
type WildcardKey<Segment> = Segment extends '*' ? 0 : never;

/** True when some part of the path is only known as `string` (a template with a `string` hole). */
type HasOpenPart<Path extends string> = true extends (
  Segments<Path> extends infer Segment
    ? string extends Segment
      ? true
      : false
    : never
)
  ? true
  : false;

/** Flattens an intersection into one object type, for readable hovers. */
type Flatten<T> = T extends infer Each ? { [K in keyof Each]: Each[K] } : never;

/**
 * The parameters a route path captures: `'/users/:id'` gives `{ id: string }`, `'/p/:p/c/:c?'` gives
 * `{ p: string; c?: string }`, `'/files/*'` gives `{ 0: string }`. A path that is not a literal falls back
 * to {@link ParamsDictionary}.
 *
 * @example
 * ```ts
 * type P = PathParams<'/posts/:post/comments/:comment?'>; // { post: string; comment?: string }
 * ```
 */
export type PathParams<Path extends string> = string extends Path
  ? ParamsDictionary
  : HasOpenPart<Path> extends true
    ? ParamsDictionary
    : Flatten<
        { [K in RequiredName<Segments<Path>>]: string } & {
          [K in OptionalName<Segments<Path>>]?: string;
        } & { [K in WildcardKey<Segments<Path>> | (Path extends '*' ? 0 : never)]: string }
      >;

/**
 * The full route description a handler sees: what the route declares, the rest from the path.
 *
 * @example
 * ```ts
 * type R = RouteOf<{ Body: NewUser }, '/users/:id'>; // { Params: { id: string }; Body: NewUser; ... }
 * ```
 */
export type RouteOf<Declared_ extends RouteGeneric, Path extends string> = {
  Params: Declared<Declared_, 'Params', PathParams<Path>>;
  Query: Declared<Declared_, 'Query', QueryDictionary>;
  Body: Declared<Declared_, 'Body', unknown>;
  Reply: Declared<Declared_, 'Reply', unknown>;
};

/**
 * The request kitjs hands to every handler: Node's `IncomingMessage` plus Express's conveniences.
 * `Route` (a {@link RouteGeneric}) types `params`, `query` and `body`.
 */
export interface KitRequest<Route extends RouteGeneric = {}> extends IncomingMessage {
  /** Route parameters; a wildcard's capture is `params[0]`. Values are percent-decoded. */
  params: Declared<Route, 'Params', ParamsDictionary>;
  /** The query string, parsed lazily; every value is a string (the first one when a key repeats). */
  readonly query: Declared<Route, 'Query', QueryDictionary>;
  /** The parsed body, set by `json()`, `urlencoded()` or `customParser`; `undefined` before. */
  body: Declared<Route, 'Body', unknown>;
  /** The canonical path without the query string, relative to the prefix the request was mounted under. */
  readonly path: string;
  /** The Host header without its port (IPv6 literals keep their brackets). */
  readonly hostname: string;
  /** The remote address of the client's socket. */
  readonly ip: string;
  /** Per-request storage, the same object as `res.locals`. */
  locals: Record<string, unknown>;
  /** The URL as it arrived, before any prefix was stripped. */
  originalUrl: string;
  /** The prefix under which the current middleware or router is mounted ('' at the top). */
  baseUrl: string;
  /** Set by `authMiddleware` to the verified token's payload. */
  user?: TokenPayload;
  /** The response that belongs to this request. */
  res?: KitResponse;
  /** A header, case-insensitively; `referer` and `referrer` are one header. */
  get(name: string): string | undefined;
  /** The request's media type when it matches `type` (`json`, `text/*`, `+json`, a full type), else false. */
  is(type: string | string[]): string | false;
}

/**
 * The response kitjs hands to every handler: Node's `ServerResponse` plus Express's senders.
 * `Route` (a {@link RouteGeneric}) types what `json` and `send` accept through its `Reply`.
 */
export interface KitResponse<Route extends RouteGeneric = {}> extends ServerResponse<KitRequest> {
  /** Per-request storage, the same object as `req.locals`. */
  locals: Record<string, unknown>;
  /** Sets the status code (an integer from 100 to 999); chainable. */
  status(code: number): this;
  /** Sends `obj` as JSON with `Content-Type: application/json; charset=utf-8`. */
  json(obj: Declared<Route, 'Reply', unknown>): void;
  /** Sends a string as text/html, a Buffer as application/octet-stream, anything else as JSON. */
  send(body?: Declared<Route, 'Reply', unknown> | string | Uint8Array): void;
  /** Sends the status code with its status text as a text/plain body. */
  sendStatus(code: number): void;
  /** Redirects to `url` (302 unless a 3xx status is given, before or after the URL). */
  redirect(url: string, status?: number): void;
  redirect(status: number, url: string): void;
  /** Sets one header, or several from an object; chainable. */
  set(field: string, value: string | number | readonly string[]): this;
  set(fields: Record<string, string | number | readonly string[]>): this;
  /** Sets Content-Type from an extension (`json`, `html`) or a full media type; chainable. */
  type(contentType: string): this;
}

/** What `next` accepts: nothing to go on, an error to fail, `'route'` or `'router'` to skip ahead. */
export type NextFunction = (err?: unknown) => void;

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
 * A handler argument of a route: a request handler, an error handler (inline or typed), or (nested) arrays
 * of them. Inline functions get their parameter types from it (see {@link InlineErrorHandler}).
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
export type UseArg = RequestHandler | InlineErrorHandler | TypedErrorHandler | Mountable | readonly UseArg[];

/**
 * A plugin: receives the app and the options given to `register`; may be async.
 *
 * @example
 * ```ts
 * const health: Plugin<{ path: string }> = (app, options) => {
 *   app.get(options.path, (req, res) => res.send('ok'));
 * };
 * await app.register(health, { path: '/health' });
 * ```
 */
export type Plugin<Options = Record<string, unknown>> = (
  app: KitApp,
  options: Options,
) => void | Promise<void>;

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
 * A method registrar on an app or router: a path and one or more handlers. Inline handlers are typed from
 * the path (`req.params`) and from an optional {@link RouteGeneric} type argument.
 *
 * @example
 * ```ts
 * app.get('/users/:id', (req, res) => res.json({ id: req.params.id }));
 * ```
 */
export type PathRegistrar<Self> = <Declared_ extends RouteGeneric = {}, Path extends string = string>(
  path: Path,
  ...handlers: HandlerArg<RouteOf<Declared_, Path>>[]
) => Self;

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
export interface Route<Path extends string = string> {
  readonly path: Path;
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
  (path: string, ...handlers: UseArg[]): Self;
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
export interface RouterLike<Self> {
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

/** The application `kit()` returns. */
export interface KitApp extends RouterLike<KitApp>, Mountable {
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
  /** The request listener, for `http.createServer(app.handler)` or tests. */
  readonly handler: (req: IncomingMessage, res: ServerResponse) => void;
  /** Server timeouts applied by `listen`. */
  readonly settings: ServerTimeouts;
  /** Stops the server `listen` started: refuses new work, lets in-flight requests finish, then closes. */
  close(options?: { timeout?: number }): Promise<void>;
  /** Registers a function to run when `close()` has stopped the server (database managers use it). */
  onClose(fn: () => void | Promise<void>): KitApp;
  /** The routes registered so far, as method and path pairs (for docs drift checks and tooling). */
  routes(): Array<{ method: string; path: string }>;
}
