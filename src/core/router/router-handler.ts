/** A router given among a route's handlers (`app.get(path, check, router, send)`), run as one of them. */
import type { KitRequest, KitResponse, Middleware, Mountable, NextFunction } from '../types.js';

/** Whether `value` is a router or another mountable object rather than a function (an app is a function). */
export function isMountableObject(value: unknown): value is Mountable {
  return (
    typeof value === 'object' && value !== null && typeof (value as Partial<Mountable>).handle === 'function'
  );
}

/**
 * XROUTE-014: a Router among a route's handlers runs as Express runs one there: with `req.params` empty (the
 * route's, for a router with `mergeParams`), and the route's `req.params` back when it passes the request
 * on; what it does not answer goes to the route's next handler.
 *
 * @example
 * ```ts
 * const handler = routerAsHandler(new Router());
 * ```
 */
export function routerAsHandler(target: Mountable): Middleware {
  // Named `router`, the name Express's router function has in `req.route.stack`.
  return function router(req: KitRequest, res: KitResponse, next: NextFunction): void {
    runAsHandler(target, req, res, next);
  } as Middleware;
}

/**
 * {@link routerAsHandler}'s work for one request: the router `target` runs it with `req.params` empty (the
 * route's, with `mergeParams`), and gives the route's back before `next`. A callable router's call
 * (`express.Router()`, XROUTE-015) is this.
 *
 * @example
 * ```ts
 * const router = (req, res, next) => runAsHandler(router, req, res, next);
 * ```
 */
export function runAsHandler(target: Mountable, req: KitRequest, res: KitResponse, next: NextFunction): void {
  const params = req.params;
  if (!(target as { mergeParams?: boolean }).mergeParams) req.params = {};
  target.handle(req, res, (err) => {
    req.params = params;
    next(err);
  });
}
