/** The router `express.Router()` makes: a Router that is also the function `(req, res, next)`, as Express's. */
import type { Router } from '../router/router.js';
import { routerAsHandler } from '../router/router-handler.js';
import type { KitRequest, KitResponse, NextFunction } from '../types.js';

/**
 * XROUTE-015: Express's router is a function, so code calls it as middleware (`router(req, res, next)`) and
 * checks `typeof router === 'function'`. The router `express.Router()` returns is `router` itself behind a
 * function: every property and method is the Router's (`instanceof Router` holds), and calling it runs the
 * request through the router as a route's handler would (XROUTE-014). `new Router()` from kitjs stays a
 * plain object.
 *
 * @example
 * ```ts
 * const users = callableRouter(new Router());
 * app.use('/users', (req, res, next) => users(req, res, next));
 * ```
 */
export function callableRouter(router: Router): Router {
  const run = routerAsHandler(router) as (req: KitRequest, res: KitResponse, next: NextFunction) => void;
  // Named `router`, as Express's router function is.
  const listener = {
    router: (req: KitRequest, res: KitResponse, next: NextFunction): void => run(req, res, next),
  }.router;
  return new Proxy(listener, {
    // Names the Router lacks (`call`, `apply`, `bind`, `length`) are the function's.
    get: (target, key) => (key in router ? Reflect.get(router, key, router) : Reflect.get(target, key)),
    set: (_target, key, value) => Reflect.set(router, key, value, router),
    has: (target, key) => Reflect.has(router, key) || Reflect.has(target, key),
    deleteProperty: (_target, key) => Reflect.deleteProperty(router, key),
    defineProperty: (_target, key, descriptor) => Reflect.defineProperty(router, key, descriptor),
    getOwnPropertyDescriptor: (_target, key) => Reflect.getOwnPropertyDescriptor(router, key),
    ownKeys: () => Reflect.ownKeys(router),
    getPrototypeOf: () => Reflect.getPrototypeOf(router),
  }) as unknown as Router;
}
