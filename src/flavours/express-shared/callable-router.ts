/** The router `express.Router()` makes: a Router that is also the function `(req, res, next)`, as Express's. */
import { functionFacade } from '../../core/function-facade.js';
import type { Router } from '../../core/router/router.js';
import { routerAsHandler } from '../../core/router/router-handler.js';
import type { KitRequest, KitResponse, NextFunction } from '../../core/types.js';

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
  return functionFacade(router, listener);
}
