/** The end of an app's stack: the 404, or an error given to the app's error handler or the default answer. */
import type { Logger } from 'pino';
import { logFailure, serializedError } from '../../base/logger.js';
import { sendError, sendNotFound } from '../final-handler.js';
import { asError } from '../router/invoke.js';
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
    // ERR-014: what the not-found handler throws or rejects with takes the error path, as a handler's would.
    else
      settle(
        () => notFound(req, res),
        (thrown) => finishRequest(asError(thrown), req, res, handler, log),
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
  // ERR-007, HARD-001: a failing error handler gets the default answer for its own error; both are logged.
  const failed = (thrown: unknown): void => {
    logFailure(
      'error',
      { err: thrown, original: serializedError(err) },
      'the error handler itself failed',
      log,
    );
    // A non-error is made one as a handler's throw is (ERR-002), with its value as the cause.
    sendError(asError(thrown), req, res);
  };
  settle(() => handler(err, req, res), failed);
}

/** Runs `fn`; its throw, or the rejection of the promise it returns, goes to `failed`. */
function settle(fn: () => unknown, failed: (thrown: unknown) => void): void {
  try {
    const result = fn();
    if (result !== undefined && result !== null && typeof (result as Promise<void>).then === 'function') {
      (result as Promise<void>).then(undefined, failed);
    }
  } catch (thrown) {
    failed(thrown);
  }
}
