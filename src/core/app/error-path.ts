/** The end of an app's stack: the 404, or an error given to the app's error handler or the default answer. */
import type { Logger } from 'pino';
import { logFailure, serializedError } from '../../base/logger.js';
import { sendError, sendNotFound } from '../final-handler.js';
import { AS_APP_HANDLER, type HandlerRunner, invoke } from '../router/invoke.js';
import type { AppErrorHandler, KitRequest, KitResponse, NotFoundHandler } from '../types.js';

/**
 * What nothing in the stack finished: no error is the app's not-found handler (ERR-014) or the 404
 * (ERR-005); an error goes to the app's error handler (ERR-003) while the response can still be answered,
 * else to the default answer (ERR-006, ERR-009).
 *
 * @example
 * ```ts
 * finishRequest(err, req, res, app.errorHandler, app.log, app.notFoundHandler);
 * ```
 */
export function finishRequest(
  err: unknown,
  req: KitRequest,
  res: KitResponse,
  handler: AppErrorHandler | undefined,
  log: Logger,
  notFound?: NotFoundHandler,
): void {
  if (!err) {
    // ERR-009: a response a handler started and passed on is cut by sendNotFound, never given to the app.
    if (notFound === undefined || res.headersSent) sendNotFound(req, res);
    else
      invoke(
        new AppHandlerRun(req, res, undefined, handler, log),
        AS_APP_HANDLER,
        notFound,
        undefined,
        undefined,
      );
    return;
  }
  // ERR-009: once the headers went out the handler could not answer: nothing it wrote could reach the
  // client intact. The default path logs the error and cuts the connection (or, after a complete
  // response, only logs it).
  if (handler === undefined || res.headersSent) {
    sendError(err, req, res);
    return;
  }
  invoke(new AppHandlerRun(req, res, err, handler, log), AS_APP_HANDLER, handler, err, undefined);
}

/**
 * The app's not-found handler (`err` undefined) or error handler, run by the one invoker, which gives it no
 * `next`: `proceed` gets only what it threw or rejected with, made an error (ERR-002, HARD-001: a non-error
 * is a KitError with its value as the cause).
 */
class AppHandlerRun implements HandlerRunner {
  constructor(
    readonly req: KitRequest,
    readonly res: KitResponse,
    private readonly err: unknown,
    private readonly handler: AppErrorHandler | undefined,
    private readonly log: Logger,
  ) {}

  proceed(failure: unknown): void {
    // ERR-014: what the not-found handler throws or rejects with takes the error path, as a handler's would.
    if (this.err === undefined) {
      finishRequest(failure, this.req, this.res, this.handler, this.log);
      return;
    }
    // ERR-007, HARD-001: a failing error handler gets the default answer for its own error; both are logged.
    logFailure(
      'error',
      { err: failure, original: serializedError(this.err) },
      'the error handler itself failed',
      this.log,
    );
    sendError(failure, this.req, this.res);
  }
}
