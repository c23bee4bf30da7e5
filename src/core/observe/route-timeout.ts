/** A route's `handlerTimeout` option (`app.get(path, { handlerTimeout: 2000 }, handler)`), as a handler in front of its own. */
import type { KitApp, KitRequest, KitResponse, Middleware, NextFunction } from '../types.js';
import { appErrorPath } from '../views/render.js';
import { armTimeout } from './abort.js';
import { checkTimeout } from './settings.js';

type ErrorPathApp = KitApp & { [appErrorPath]?: (err: unknown, req: KitRequest, res: KitResponse) => void };

/**
 * OBS-008: `handlers` behind one that starts the route's timeout (replacing the app's, `kit({ handlerTimeout })`)
 * when `ms` is given; `handlers` as they are when not. A bad value is a TypeError naming `where`, now.
 *
 * @example
 * ```ts
 * routeTimeout(2000, "get('/report')", [report]); // [handlerTimeout, report]
 * ```
 */
export function routeTimeout(ms: unknown, where: string, handlers: unknown[]): unknown[] {
  const timeout = checkTimeout(ms, `${where}: handlerTimeout`);
  if (timeout === undefined) return handlers;
  const handlerTimeout: Middleware = (req: KitRequest, res: KitResponse, next: NextFunction): void => {
    armTimeout(req, res, timeout, (err) => {
      // The app serving the route takes the 503 on its error path, as a handler's error would end there.
      const app = req.app as ErrorPathApp;
      app[appErrorPath]?.(err, req, res);
    });
    next();
  };
  return [handlerTimeout, ...handlers];
}
