/** Runs a router's param callbacks for one matched route, before its handlers (Express 4's process_params). */
import { logger } from '../logger.js';
import type { KitRequest, NextFunction } from '../types.js';
import type { Dispatch } from './dispatch.js';
import type { ParamCallback, ParamTable } from './param-callbacks.js';
import type { RouteMatch } from './route-index.js';

/**
 * XROUTE-008: for each parameter the route captured, in the order of its path, the callbacks added for
 * its name run in the order added, each with `(req, res, next, value, name)`. Per request and router, a
 * name whose value did not change since its callbacks last ran is not run again (an error they gave is
 * given again). `next(err)` fails the request and `next('route')` skips the route, as `next` from a
 * handler would. `done` goes on with the route (or the `use` layer) when all of them passed. Returns false
 * when no callback applies, so the caller goes on at once.
 */
export function runParamCallbacks(
  dispatch: Dispatch,
  table: ParamTable,
  match: RouteMatch,
  done: () => void,
): boolean {
  const keys = match.keys;
  let applies = false;
  for (const key of keys) if (typeof key === 'string' && table[key] !== undefined) applies = true;
  if (!applies) return false;
  const req = dispatch.req;
  const params = req.params as Record<string, string | undefined>;
  const called = dispatch.paramCalled ?? new Map();
  dispatch.paramCalled = called;
  let keyIndex = 0;

  const nextName = (): void => {
    while (keyIndex < keys.length) {
      const name = keys[keyIndex++];
      if (typeof name !== 'string') continue;
      const callbacks = table[name];
      if (callbacks === undefined) continue;
      const value = params[name];
      const seen = called.get(name);
      if (seen !== undefined && (seen.match === value || (seen.error && seen.error !== 'route'))) {
        params[name] = seen.value as string | undefined;
        if (seen.error) {
          dispatch.leaveRoute(seen.error);
          return;
        }
        continue;
      }
      const record = { match: value, value: value as unknown, error: undefined as unknown };
      called.set(name, record);
      runCallbacks(callbacks, name, value, record);
      return;
    }
    done();
  };

  const runCallbacks = (
    callbacks: ParamCallback[],
    name: string,
    value: string | undefined,
    record: { value: unknown; error: unknown },
  ): void => {
    let index = 0;
    const step = (err?: unknown): void => {
      // A callback may rewrite the value; later routes with the same value see the rewrite.
      record.value = params[name];
      if (err) {
        record.error = err;
        dispatch.leaveRoute(err);
        return;
      }
      const callback = callbacks[index++];
      if (callback === undefined) {
        nextName();
        return;
      }
      const next = once(step, req);
      try {
        const result = callback(req, dispatch.res, next, value, name);
        if (result !== null && typeof (result as Promise<void> | undefined)?.then === 'function') {
          (result as Promise<void>).then(undefined, (thrown: unknown) =>
            next(thrown ?? new Error(String(thrown))),
          );
        }
      } catch (thrown) {
        next(thrown);
      }
    };
    step();
  };

  nextName();
  return true;
}

/** A `next` that acts once; a second call is ignored and logged, as ERR-008 does for handlers. */
function once(fn: (err?: unknown) => void, req: KitRequest): NextFunction {
  let called = false;
  return (err) => {
    if (called) {
      logger.warn({ url: req.originalUrl }, 'next() called more than once in a param callback; ignored');
      return;
    }
    called = true;
    fn(err);
  };
}
