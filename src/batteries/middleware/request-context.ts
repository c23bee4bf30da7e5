/** `requestContext()`: the running request, its id and its logger, reached from code that was not given `req`. */
import { AsyncLocalStorage, AsyncResource } from 'node:async_hooks';
import type { EventEmitter } from 'node:events';
import type { Logger } from 'pino';
import { markFactory } from '../../base/factory-guard.js';
import { processLogger } from '../../base/logger.js';
import type { KitRequest, KitResponse, Middleware, NextFunction } from '../../core/types.js';

// One store for the process: it holds each request for the code that runs on its behalf, and nothing an
// app sets for another.
const storage = new AsyncLocalStorage<KitRequest>();

/**
 * OBS-011: middleware after which the request's code, and what it starts (timers, promises, a service layer
 * called without `req`), finds the request with {@link currentRequest} and its logger with {@link requestLog}.
 * Its request's and response's events (a body parser's `data` and `end`, `finish`, `close`) are run in the
 * request's context too, so middleware that goes on from such an event (json()) keeps it. Apps that do not
 * use it pay nothing.
 *
 * @example
 * ```ts
 * import kit, { requestContext, requestLog } from 'kitjs';
 * const app = kit();
 * app.use(requestContext());
 * function charge() { requestLog().info('charging'); } // the line carries the request's reqId
 * ```
 */
export function requestContext(): Middleware {
  return function requestContext(req: KitRequest, res: KitResponse, next: NextFunction): void {
    storage.run(req, () => {
      bindEmits(req);
      bindEmits(res);
      next();
    });
  } as Middleware;
}
markFactory(requestContext, 'requestContext()');

/**
 * OBS-011: the request whose code is running (inside {@link requestContext}), else undefined.
 *
 * @example
 * ```ts
 * currentRequest()?.id; // 'req-1'
 * ```
 */
export function currentRequest(): KitRequest | undefined {
  return storage.getStore();
}

/**
 * OBS-011: the running request's `req.log` (its lines carry `reqId`), else kitjs's logger outside a request.
 *
 * @example
 * ```ts
 * requestLog().warn({ orderId }, 'payment declined');
 * ```
 */
export function requestLog(): Logger {
  return storage.getStore()?.log ?? processLogger();
}

/** Runs every listener of `emitter`'s events in the context that is current now (the request's). */
function bindEmits(emitter: EventEmitter): void {
  const emit = emitter.emit;
  const scope = new AsyncResource('kitjs.requestContext');
  emitter.emit = function emitInRequest(this: EventEmitter, ...args: Parameters<EventEmitter['emit']>) {
    return scope.runInAsyncScope(emit, this, ...args);
  } as EventEmitter['emit'];
}
