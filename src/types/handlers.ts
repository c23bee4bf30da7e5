/** The shapes of handlers, middleware, mountable routers and plugins. */
import type { KitRequest, KitResponse } from '../types.js';
import type { KitApp } from './app-types.js';
import type { RouteGeneric } from './route-params.js';

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
 * Not for applications: the member of {@link HandlerArg} and {@link UseArg} that accepts middleware typed for
 * Express (`cookieParser()`, `multer().single('file')`, `passport.authenticate(...)`), whose parameters are
 * `express.Request` and `express.Response`: kitjs's request is not assignable to those (it has no
 * `express.Application` behind `req.app`), so without this member such middleware, which runs unchanged on
 * kitjs (spec/express-ecosystem.md), would not compile. Its first signature is generic in a parameter no
 * argument can fill, so inline functions are never typed from it (they keep their types from
 * {@link RequestHandler}); the second accepts any function of up to four parameters (a fifth is no
 * middleware). The price: a handler typed for a path's parameters (`RequestHandler<{ Params: { id: string } }>`)
 * is no longer refused on a path without them, since it is a function of three parameters too.
 *
 * @example
 * ```ts
 * import cookieParser from 'cookie-parser';
 * app.use(cookieParser('secret')); // typed for Express, accepted here
 * ```
 */
export interface ForeignMiddleware {
  <Unused extends never>(...args: Unused[]): unknown;
  (first: never, second: never, third: never, fourth: never): unknown;
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
