/** The Router class both Express flavours' `express.Router()` make: a Router that is also the function `(req, res, next)`, as Express's. */
import { CALLABLE, lendFunctionMembers } from '../../core/router/callable.js';
import { Router } from '../../core/router/router.js';
import { runAsHandler } from '../../core/router/router-handler.js';
import type { KitRequest, KitResponse, NextFunction } from '../../core/types.js';

/**
 * XROUTE-015: Express's router is a function, so code calls it as middleware (`router(req, res, next)`) and
 * checks `typeof router === 'function'`. An instance of this class is that function, its prototype this
 * class's (`instanceof Router` holds): calling it runs the request through the router as a route's handler
 * would (XROUTE-014). Each flavour's Router extends it with its path syntax and registrars
 * (`Express4Router`, `Express5Router`); kitjs's `new Router()` stays a plain object.
 *
 * @example
 * ```ts
 * const users = new Express4Router();
 * app.use('/users', (req, res, next) => users(req, res, next));
 * ```
 */
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: the interface below is the call signature CALLABLE gives.
export abstract class ExpressRouter extends Router {
  /** The router as a function, named `router`, as Express's router function is. */
  static [CALLABLE] = (): ((...args: never[]) => unknown) => {
    const router = ((req: KitRequest, res: KitResponse, next: NextFunction): void =>
      runAsHandler(router, req, res, next)) as unknown as ExpressRouter;
    return router as unknown as (...args: never[]) => unknown;
  };
}

// What an instance is, besides its class: the function `(req, res, next)`.
export interface ExpressRouter {
  // biome-ignore lint/style/useShorthandFunctionType: merged into class ExpressRouter above, which it types.
  (req: KitRequest, res: KitResponse, next: NextFunction): void;
}

lendFunctionMembers(ExpressRouter.prototype);
