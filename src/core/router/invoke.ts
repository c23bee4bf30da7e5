/** The one way any handler is run (middleware, error middleware, param callbacks, an app's own): a throw or a rejection is next(err), once. */

import { KitError } from '../../base/errors.js';
import { logFailure, loggerOf } from '../../base/logger.js';
import type { KitRequest, KitResponse, NextFunction } from '../types.js';

/**
 * What runs handlers (a router's Dispatch, which a Route dispatched on its own uses too, a router's param
 * callbacks, the end of an app's stack): the request and response they get, and where each handler's
 * `next` leads.
 */
export interface HandlerRunner {
  readonly req: KitRequest;
  readonly res: KitResponse;
  /**
   * Goes on after a handler: with what it passed to `next`, or with what it threw or rejected with, made an
   * error by {@link asError}. Called at most once per handler call.
   */
  proceed(arg: unknown): void;
}

/** How a handler is called; numbers, so that the choice below compares small integers. */
export type HandlerKind = 0 | 1 | 2 | 3;
/** `(req, res, next)`: a route handler or ordinary middleware. */
export const AS_HANDLER = 0;
/** `(err, req, res, next)`: error middleware (ERR-004). */
export const AS_ERROR_HANDLER = 1;
/** `(req, res, next, value, name)`: a param callback (XROUTE-008). */
export const AS_PARAM_CALLBACK = 2;
/**
 * `(req, res)`, or `(err, req, res)` given an error: an app's not-found handler (ERR-014) or error handler
 * (ERR-003). They end the request, so they get no `next`; what they throw or reject with still goes on.
 */
export const AS_APP_HANDLER = 3;

// What logHandlerFault reports.
const DOUBLE_NEXT = 'double next';
const LATE_FAILURE = 'late failure';
type HandlerFault = typeof DOUBLE_NEXT | typeof LATE_FAILURE;

// The states of one handler call's `next`.
const WAITING = 0;
const CALLED = 1;
const WARNED = 2;

/**
 * Calls `handler` as `kind` says, with a `next` that goes on to `runner.proceed` once. ERR-001, ERR-002,
 * HARD-001: a synchronous throw or a rejected promise (from error middleware, param callbacks and an app's
 * own handlers too) is next(err), with a non-error made one by {@link asError}. ERR-008: a second call of
 * the same `next` is ignored and logged as a warning, once. A failure after `next` was called cannot be
 * routed any more: it is logged as an error. `arg` is the pending error for error middleware and an app's error handler, and
 * the value for a param callback; `name` is the param callback's name.
 *
 * The per-request path: one closure per call (`next`), and a second only for a handler that returns a
 * promise.
 *
 * @example
 * ```ts
 * invoke(dispatch, dispatch.hasError ? AS_ERROR_HANDLER : AS_HANDLER, handler, dispatch.error, undefined);
 * ```
 */
export function invoke(
  runner: HandlerRunner,
  kind: HandlerKind,
  handler: (...args: never[]) => unknown,
  arg: unknown,
  name: string | undefined,
): void {
  const req = runner.req;
  const res = runner.res;
  let state = WAITING;
  const next: NextFunction = (err) => {
    if (state !== WAITING) {
      if (state === CALLED) {
        state = WARNED;
        logHandlerFault(req, DOUBLE_NEXT, undefined);
      }
      return;
    }
    state = CALLED;
    runner.proceed(err);
  };
  // XFILE-006: Express's `req.next`, the next of the handler running now, for members that finish later
  // and must fail through the stack (res.sendFile without a callback). An app's own handler, given no next,
  // leaves the last one there.
  if (kind !== AS_APP_HANDLER) req.next = next;
  const call = handler as (...args: unknown[]) => unknown;
  try {
    const result =
      kind === AS_HANDLER
        ? call(req, res, next)
        : kind === AS_ERROR_HANDLER
          ? call(arg, req, res, next)
          : kind === AS_PARAM_CALLBACK
            ? call(req, res, next, arg, name)
            : arg === undefined
              ? call(req, res)
              : call(arg, req, res);
    // Inside the try: reading `then` of a hostile return value (a Proxy) may throw too (ERR-011). The
    // rejection closure exists only for handlers that return a promise; sync handlers skip it.
    if (result !== undefined && result !== null && typeof (result as Promise<void>).then === 'function') {
      (result as Promise<void>).then(undefined, (thrown: unknown) => {
        if (state === WAITING) next(thrown ? asError(thrown) : rejectedWithoutValue(thrown));
        else logHandlerFault(req, LATE_FAILURE, thrown);
      });
    }
  } catch (thrown) {
    // What the rest of the chain throws, run from inside this call's `next`, lands here too: `next` was
    // called, so it is logged, never routed a second time.
    if (state === WAITING) next(asError(thrown));
    else logHandlerFault(req, LATE_FAILURE, thrown);
  }
}

/**
 * Whatever a handler threw or rejected with, as something the error path can carry; a non-error is a 500
 * (ERR-002) whose text is never shown.
 *
 * @example
 * ```ts
 * asError('oops'); // KitError KIT_ERR_HANDLER_REJECTED, cause 'oops'
 * ```
 */
export function asError(thrown: unknown): unknown {
  // No `instanceof`: on a Proxy it runs a trap that may throw (ERR-011). Every object goes on as it is.
  // A function is an object too, and may carry `status` or a hostile `toString`: it goes on as it is.
  if (thrown !== null && (typeof thrown === 'object' || typeof thrown === 'function')) return thrown;
  return new KitError(
    'KIT_ERR_HANDLER_REJECTED',
    thrown === undefined || thrown === null
      ? 'A handler failed without an error'
      : `A handler threw a non-error value: ${describeThrown(thrown)}`,
    { cause: thrown },
  );
}

/**
 * ERR-002, X5-006: a promise rejected with no value or a falsy one. It is still the unshown 500
 * KIT_ERR_HANDLER_REJECTED, with the name and words Express 5's router gives it (`Error: Rejected promise`),
 * which ported error middleware prints and matches on, in every flavour.
 */
function rejectedWithoutValue(reason: unknown): KitError {
  const err = new KitError('KIT_ERR_HANDLER_REJECTED', 'Rejected promise', { cause: reason });
  err.name = 'Error';
  return err;
}

/**
 * ERR-010: what `next(text)` means for any non-empty string but `route` and `router`: a 500 error.
 *
 * @example
 * ```ts
 * nextStringError('oops'); // KitError KIT_ERR_NEXT_STRING
 * ```
 */
export function nextStringError(text: string): KitError {
  return new KitError('KIT_ERR_NEXT_STRING', `next() was called with the string "${text.slice(0, 60)}"`);
}

/** A short text for a thrown primitive; `String()` of a Symbol is fine, but nothing here may throw. */
function describeThrown(thrown: unknown): string {
  try {
    return String(thrown).slice(0, 60);
  } catch {
    return typeof thrown;
  }
}

/**
 * The one place running handlers logs (so that a per-app logger plugs in here): ERR-008's second `next()`
 * as a warning, and a handler that failed after it had called `next()` as an error, since nothing can
 * route that failure any more. Never throws (ERR-011): `logFailure` reads hostile values defensively.
 */
function logHandlerFault(req: KitRequest, fault: HandlerFault, thrown: unknown): void {
  // APP-013: through the logger of the app running the request (kitjs's own outside an app).
  const log = loggerOf(req);
  if (fault === DOUBLE_NEXT) {
    logFailure(
      'warn',
      { url: req.originalUrl },
      'next() called more than once; the extra call was ignored',
      log,
    );
  } else {
    logFailure(
      'error',
      { err: thrown, url: req.originalUrl },
      'a handler failed after it had called next()',
      log,
    );
  }
}
