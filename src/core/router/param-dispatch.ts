/** Runs a router's param callbacks for one matched route, before its handlers (Express 4's process_params). */
import type { KitRequest, KitResponse } from '../types.js';
import { AS_PARAM_CALLBACK, type HandlerRunner, invoke } from './invoke.js';
import type { ParamCallback, ParamTable } from './param-callbacks.js';
import type { RouteMatch } from './route-index.js';

/** What a param callback saw for one name, per request and router: the value matched, as rewritten, and its error. */
export interface ParamSeen {
  match: unknown;
  value: unknown;
  error: unknown;
}

/** What the param callbacks need of the router running the request (its Dispatch). */
export interface ParamHost {
  readonly req: KitRequest;
  readonly res: KitResponse;
  /** XROUTE-008: what each name's callbacks saw, for this request in this router; null until the first. */
  paramCalled: Map<string, ParamSeen> | null;
  /** A callback's `next(err)` or `next('route')`: the route's handlers do not run. */
  leaveRoute(arg: unknown): void;
}

/** Whether `table` has callbacks for a name `match` captured: only then is {@link runParamCallbacks} needed. */
export function paramCallbacksApply(table: ParamTable, match: RouteMatch): boolean {
  for (const key of match.keys) if (typeof key === 'string' && table[key] !== undefined) return true;
  return false;
}

/**
 * XROUTE-008: for each parameter the route captured, in the order of its path, the callbacks added for
 * its name run in the order added, each with `(req, res, next, value, name)`. Per request and router, a
 * name whose value did not change since its callbacks last ran is not run again (an error they gave is
 * given again). `next(err)` fails the request and `next('route')` skips the route, as `next` from a
 * handler would; a throw or a rejection is next(err), as from a handler (ERR-001, ERR-002). `done` goes
 * on with the route (or the `use` layer) when all of them passed.
 *
 * @example
 * ```ts
 * if (paramCallbacksApply(table, match)) runParamCallbacks(dispatch, table, match, () => dispatch.resume());
 * ```
 */
export function runParamCallbacks(
  host: ParamHost,
  table: ParamTable,
  match: RouteMatch,
  done: () => void,
): void {
  new ParamRun(host, table, match, done).nextName();
}

/** One run of the callbacks for one match: the names left, and the callbacks of the name running now. */
class ParamRun implements HandlerRunner {
  readonly req: KitRequest;
  readonly res: KitResponse;
  private readonly params: Record<string, string | undefined>;
  private readonly seen: Map<string, ParamSeen>;
  private keyIndex = 0;
  private callbacks: ParamCallback[] = [];
  private index = 0;
  private name = '';
  private value: string | undefined = undefined;
  private record: ParamSeen | undefined = undefined;

  constructor(
    private readonly host: ParamHost,
    private readonly table: ParamTable,
    private readonly match: RouteMatch,
    private readonly done: () => void,
  ) {
    this.req = host.req;
    this.res = host.res;
    this.params = host.req.params as Record<string, string | undefined>;
    this.seen = host.paramCalled ?? new Map();
    host.paramCalled = this.seen;
  }

  /** Runs the callbacks of the next captured name that has some, or goes on with `done`. */
  nextName(): void {
    const keys = this.match.keys;
    while (this.keyIndex < keys.length) {
      const name = keys[this.keyIndex++];
      if (typeof name !== 'string') continue;
      const callbacks = this.table[name];
      if (callbacks === undefined) continue;
      const value = this.params[name];
      // XROUTE-008: as in Express 4, a left-out optional parameter (ROUTE-021) runs no callback.
      if (value === undefined) continue;
      const seen = this.seen.get(name);
      if (seen !== undefined && (seen.match === value || (seen.error && seen.error !== 'route'))) {
        this.params[name] = seen.value as string | undefined;
        if (seen.error) {
          this.host.leaveRoute(seen.error);
          return;
        }
        continue;
      }
      const record: ParamSeen = { match: value, value, error: undefined };
      this.seen.set(name, record);
      this.callbacks = callbacks;
      this.index = 0;
      this.name = name;
      this.value = value;
      this.record = record;
      this.proceed(undefined);
      return;
    }
    this.done();
  }

  /** What a callback's `next` does: the name's next callback, or the next name; an error leaves the route. */
  proceed(err: unknown): void {
    const record = this.record as ParamSeen;
    // A callback may rewrite the value; later routes with the same value see the rewrite.
    record.value = this.params[this.name];
    if (err) {
      record.error = err;
      this.host.leaveRoute(err);
      return;
    }
    const callback = this.callbacks[this.index++];
    if (callback === undefined) this.nextName();
    else invoke(this, AS_PARAM_CALLBACK, callback, this.value, this.name);
  }
}
