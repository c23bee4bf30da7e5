/** What happens at the end of the stack: the 404 for no match, the default answer for an unhandled error. */
import { STATUS_CODES } from 'node:http';
import { statusOf } from './errors.js';
import { logger } from './logger.js';
import type { KitRequest, KitResponse } from './types.js';

const TEXT_TYPE = 'text/plain; charset=utf-8';
// Headers describing or framing the body a handler meant to send; they must not leak onto the plain-text
// answer (a Transfer-Encoding next to our Content-Length would even be a request-smuggling signal).
const FRAMING_HEADERS = new Set(['content-type', 'content-length', 'content-encoding', 'transfer-encoding']);
const BODY_HEADERS = new Set([
  'content-type',
  'content-length',
  'content-encoding',
  'content-disposition',
  'content-range',
  'content-language',
  'content-location',
  'transfer-encoding',
  'etag',
  'last-modified',
]);

/** Answers 404 `text/plain` when nothing handled the request. */
export function sendNotFound(_req: KitRequest, res: KitResponse): void {
  if (res.headersSent) {
    if (!res.writableEnded) res.end();
    return;
  }
  stripBodyHeaders(res);
  writePlain(res, 404, STATUS_CODES[404] as string);
}

/**
 * The default answer for an error no handler took: the status from `err.status` / `err.statusCode`
 * when it is 4xx or 5xx, else 500. 4xx bodies carry the error's message (unless `expose` is false);
 * 5xx bodies only the status text, so stacks, driver messages and paths never reach the client. The
 * logger gets the whole error for 5xx. When the response had already started, the connection is cut,
 * because nothing valid can be appended to a half-sent body.
 */
export function sendError(err: unknown, req: KitRequest, res: KitResponse): void {
  const status = statusOf(err);
  if (clientAborted(err, req)) {
    // Not a server fault, and logging it as one would let any client fill the error log with stacks.
    logger.info({ method: req.method, url: req.originalUrl }, 'the client closed the connection mid-request');
  } else if (status >= 500) {
    logger.error({ err, method: req.method, url: req.originalUrl }, 'request failed');
  }
  if (res.headersSent || res.writableEnded) {
    // Let what was already written leave (Node flushes a corked socket on the next tick), then cut the
    // connection so the client sees a truncated response instead of a body with something appended.
    if (!res.writableEnded) setImmediate(() => res.destroy());
    return;
  }
  const detail = err as { expose?: unknown; message?: unknown; headers?: unknown };
  const exposable =
    status < 500 &&
    detail !== null &&
    typeof detail === 'object' &&
    detail.expose !== false &&
    typeof detail.message === 'string' &&
    detail.message !== '';
  stripBodyHeaders(res);
  applyErrorHeaders(res, detail?.headers);
  writePlain(res, status, exposable ? (detail.message as string) : (STATUS_CODES[status] ?? 'Error'));
}

/** Node fails a read of the body with ECONNRESET "aborted" when the client hangs up before sending all of it. */
function clientAborted(err: unknown, req: KitRequest): boolean {
  return (
    req.destroyed &&
    err instanceof Error &&
    (err as NodeJS.ErrnoException).code === 'ECONNRESET' &&
    err.message === 'aborted'
  );
}

function stripBodyHeaders(res: KitResponse): void {
  for (const name of BODY_HEADERS) res.removeHeader(name);
}

function writePlain(res: KitResponse, status: number, body: string): void {
  res.statusCode = status;
  res.setHeader('Content-Type', TEXT_TYPE);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Content-Length', Buffer.byteLength(body));
  res.end(body);
}

/** Headers an error asks for (http-errors' `headers`, e.g. `Allow` or `Retry-After`), when valid. */
function applyErrorHeaders(res: KitResponse, headers: unknown): void {
  if (headers === null || typeof headers !== 'object') return;
  for (const [name, value] of Object.entries(headers)) {
    if (typeof value !== 'string' && typeof value !== 'number') continue;
    // An error may describe itself (a 416's `Content-Range: bytes */size`), never frame the body we write.
    if (FRAMING_HEADERS.has(name.toLowerCase())) continue;
    try {
      res.setHeader(name, String(value));
    } catch {
      // An invalid header name or value from an error object is dropped rather than failing the answer.
    }
  }
}
