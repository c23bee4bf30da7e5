/** `requestLogger`: one structured log line per finished or aborted request, through the app's logger. */
import { performance } from 'node:perf_hooks';
import { checkNoOptions } from '../../base/factory-guard.js';
import { redactUrl } from '../../base/log-redaction.js';
import { responseCompleted } from '../../core/observe/inject.js';
import { appLogOf, requestIdLabel } from '../../core/observe/request-id.js';
import type { KitRequest, KitResponse, NextFunction } from '../../core/types.js';

/**
 * The fields of each line `requestLogger` writes; headers are left out on purpose, so no secret can leak
 * (LOG-010).
 */
export interface RequestLogLine {
  /** OBS-005: `req.id`, under the app's `requestIdLogLabel` (`reqId` unless it names another field). */
  [label: string]: unknown;
  method: string;
  /** The URL as it arrived, with the values of credential query parameters replaced by `[Redacted]` (LOG-012). */
  url: string;
  status: number;
  /** Milliseconds from the moment the middleware ran until the response finished or the client left. */
  durationMs: number;
  /** Present (and true) when the connection closed before the response was complete. */
  aborted?: true;
}

/**
 * Logs one line per request when it ends: `method`, `url` (as it arrived, with the values of credential
 * query parameters such as `token`, `access_token`, `api_key`, `password` or `signature` replaced by
 * `[Redacted]`, LOG-012), `status` and `durationMs` (LOG-007). A 5xx is logged at error level, a 4xx at warn, anything else at info (LOG-008); a request whose
 * client went away before the response was complete is logged at warn with `aborted: true`, error if a 5xx
 * had been chosen (LOG-009).
 *
 * @example
 * ```ts
 * import kit, { requestLogger } from 'kitjs';
 * const app = kit();
 * app.use(requestLogger);
 * // {"level":30,...,"method":"GET","url":"/health","status":200,"durationMs":0.412,"msg":"request completed"}
 * ```
 */
export function requestLogger(): typeof requestLogger;
export function requestLogger(req: KitRequest, res: KitResponse, next: NextFunction): void;
export function requestLogger(
  req?: KitRequest,
  res?: KitResponse,
  next?: NextFunction,
): typeof requestLogger | undefined {
  // APP-011: `app.use(requestLogger())` works too; called without a response it hands itself back.
  if (res === undefined || next === undefined || req === undefined) {
    checkNoOptions(req, 'requestLogger', res);
    return requestLogger;
  }
  logWhenClosed(req, res);
  next();
  return undefined;
}

function logWhenClosed(req: KitRequest, res: KitResponse): void {
  const start = performance.now();
  // APP-013: the app's own logger when it was given one (kit({ logger })), else kitjs's; OBS-005: the id
  // goes in as a field, so no child logger is made per request.
  const log = appLogOf(req);
  const label = requestIdLabel(req);
  const id = req.id;
  // Captured now: routers may rewrite req.url while the request travels through mounted prefixes.
  const method = req.method ?? '';
  const url = req.originalUrl || req.url || '';
  // 'close' fires for every response, finished or not, so one listener covers both outcomes.
  res.on('close', () => {
    const status = res.statusCode;
    const line: RequestLogLine = {
      [label]: id,
      method,
      // LOG-012: credentials in the query string (`?token=...`) never reach the log, whatever the logger.
      url: redactUrl(url),
      status,
      durationMs: Math.round((performance.now() - start) * 1000) / 1000,
    };
    // OBS-009: an injected request's response is finished once ended (light-my-request's 'close' comes first).
    if (!responseCompleted(res)) {
      line.aborted = true;
      if (status >= 500) log.error(line, 'request aborted');
      else log.warn(line, 'request aborted');
    } else if (status >= 500) log.error(line, 'request completed');
    else if (status >= 400) log.warn(line, 'request completed');
    else log.info(line, 'request completed');
  });
}
