/** A request object no kitjs app prepared, given to `router.handle` directly: the fields routing needs. */
import { KitError } from '../../base/errors.js';
import type { InternalRequest } from '../request.js';
import { splitTarget } from './canonical-path.js';

/**
 * XROUTE-013: Express's `router.handle(req, res, done)` takes any object with a `url` and a `method`, not only
 * a request an app adopted. Such an object gets what the dispatcher reads (its canonical path and query,
 * `originalUrl`, `baseUrl`, `params`), left as they are when it has them. Returns `'nothing'` when it has no
 * target to route (no `url`, or an empty one: `done()` follows at once, as in Express), or the error of a
 * target with no canonical form (ROUTE-018).
 *
 * @example
 * ```ts
 * const verdict = prepareBareRequest(req as InternalRequest);
 * if (verdict === undefined) new Dispatch(stack, req, res, done, router).start();
 * ```
 */
export function prepareBareRequest(req: InternalRequest): KitError | 'nothing' | undefined {
  const url = req.url;
  if (typeof url !== 'string' || url === '') return 'nothing';
  if (typeof req.originalUrl !== 'string') req.originalUrl = url;
  if (typeof req.baseUrl !== 'string') req.baseUrl = '';
  if (req.params === undefined || req.params === null) req.params = {};
  const { path, search, fault } = splitTarget(url);
  req.kitPath = path;
  req.kitSearch = search;
  return fault === undefined ? undefined : new KitError(fault);
}
