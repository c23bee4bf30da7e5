/** Middleware typed for Express (`cookieParser()`, `multer()`, `passport`), which kitjs's registrars accept as written. */

/**
 * Not for applications: the member of `HandlerArg` and `UseArg` that accepts middleware typed for
 * Express (`cookieParser()`, `multer().single('file')`, `passport.authenticate(...)`), whose parameters are
 * `express.Request` and `express.Response`: kitjs's request is not assignable to those (it has no
 * `express.Application` behind `req.app`), so without this member such middleware, which runs unchanged on
 * kitjs (spec/express-ecosystem.md), would not compile. Its first signature is generic in a parameter no
 * argument can fill, so inline functions are never typed from it (they keep their types from
 * `RequestHandler`); the second accepts any function of up to four parameters (a fifth is no
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
