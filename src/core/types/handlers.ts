/** The handlers apps, routers and routes take: middleware, error middleware, route and param handlers. */
import type { ForeignMiddleware } from './foreign-middleware.js';
import type { NextFunction } from './next.js';
import type { KitRequest, KitResponse } from './request-response.js';
import type { RouteGeneric } from './route-params.js';

/**
 * A route handler or ordinary middleware. Its result is ignored, except that a rejected promise is
 * passed to `next`. `Route` types the request and reply (see {@link RouteGeneric}).
 *
 * @example
 * ```ts
 * const show: RequestHandler<{ Params: { id: string } }> = (req, res) => res.json({ id: req.params.id });
 * ```
 */
export type RequestHandler<Route extends RouteGeneric = {}, Guaranteed extends object = {}> = (
  req: KitRequest<Route> & Guaranteed,
  res: KitResponse<Route>,
  next: NextFunction,
) => unknown;

/** Type-only: what a guard promises on `req`. No value carries it at run time; nothing reads it. */
declare const guaranteed: unique symbol;

/**
 * A middleware that lets a request through only with members it has set, such as `authMiddleware` and its
 * `req.user`: the handlers registered after it in the same call (`app.get(path, guard, handler)`) see
 * `req` with `Guaranteed` required (AUTH-017). The brand exists only in the types.
 *
 * @example
 * ```ts
 * app.get('/me', authMiddleware, (req, res) => res.json({ id: req.user.id })); // req.user is defined
 * ```
 */
export interface RequestGuard<Guaranteed extends object> {
  (req: KitRequest, res: KitResponse, next: NextFunction): unknown;
  /** Type-only: the members this guard guarantees on `req` for the handlers after it. */
  readonly [guaranteed]: Guaranteed;
}

/**
 * Not for applications: what the {@link RequestGuard} `Guard` guarantees on `req`, read from its brand.
 *
 * @example
 * ```ts
 * type Adds = GuaranteedBy<typeof authMiddleware>; // { user: AuthUser }
 * ```
 */
export type GuaranteedBy<Guard> = Guard extends { readonly [guaranteed]: infer Adds extends object }
  ? Adds
  : {};

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
 * The app's answer to a request nothing in its stack answered, installed with `setNotFoundHandler`
 * (ERR-014). It answers the request; what it throws or rejects with goes to the app's error path, so
 * throwing an `HttpError(404)` hands unknown routes to `setErrorHandler`.
 *
 * @example
 * ```ts
 * app.setNotFoundHandler((req, res) => res.status(404).json({ error: `Nothing at ${req.path}` }));
 * ```
 */
export type NotFoundHandler = (req: KitRequest, res: KitResponse) => unknown;

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
export interface InlineErrorHandler<Route extends RouteGeneric = {}, Guaranteed extends object = {}> {
  (err: unknown, req: KitRequest<Route> & Guaranteed, res: KitResponse<Route>, next: NextFunction): unknown;
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
export interface TypedErrorHandler<Route extends RouteGeneric = {}, Guaranteed extends object = {}> {
  (err: unknown, req: KitRequest<Route> & Guaranteed, res: KitResponse<Route>, next: NextFunction): unknown;
  <Err>(err: Err, req: KitRequest<Route> & Guaranteed, res: KitResponse<Route>, next: NextFunction): unknown;
}

/**
 * A handler argument of a route: a request handler, an error handler (inline or typed), middleware typed
 * for Express, or (nested) arrays of them. `Guaranteed` is what a {@link RequestGuard} before them set on `req`. Inline functions get their parameter types from it (see {@link InlineErrorHandler}).
 *
 * @example
 * ```ts
 * const guarded: HandlerArg = [authMiddleware, (req, res, next) => next()];
 * app.get('/admin', guarded, (req, res) => res.send('ok'));
 * ```
 */
export type HandlerArg<Route extends RouteGeneric = {}, Guaranteed extends object = {}> =
  | RequestHandler<Route, Guaranteed>
  | InlineErrorHandler<Route, Guaranteed>
  | TypedErrorHandler<Route, Guaranteed>
  | ForeignMiddleware
  | readonly HandlerArg<Route, Guaranteed>[];

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
