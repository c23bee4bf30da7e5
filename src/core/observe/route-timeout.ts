/** A route's `handlerTimeout` option (`app.get(path, { handlerTimeout: 2000 }, handler)`), as a handler in front of its own. */
import type { KitRequest, KitResponse, Middleware, NextFunction } from '../types.js';
import { armTimeout } from './abort.js';
import { checkTimeout } from './settings.js';
import { markOwnStep } from './tracing.js';

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
  const handlerTimeout: Middleware = markOwnStep(
    (req: KitRequest, res: KitResponse, next: NextFunction): void => {
      // The 503 goes to the `next` of the handler running then (`req.next`, XFILE-006): the route's error
      // middleware and the app's error handler see it as that handler's failure.
      armTimeout(req, res, timeout, (err) => req.next?.(err));
      next();
    },
  );
  return [handlerTimeout, ...handlers];
}
