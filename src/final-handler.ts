/** What happens at the end of the stack: the 404 for no match, the default answer for an unhandled error. */
import { STATUS_CODES } from 'node:http';
import { viewError } from './error-view.js';
import { logFailure } from './logger.js';
import type { KitRequest, KitResponse } from './types.js';

const TEXT_TYPE = 'text/plain; charset=utf-8';
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
 * logger gets the whole error for 5xx. The error is read defensively (ERR-011): whatever it does while
 * being read, the answer is a 500 and the process lives on. When the response had already started, the
 * connection is cut (ERR-009), because nothing valid can be appended to a half-sent body.
 */
export function sendError(err: unknown, req: KitRequest, res: KitResponse): void {
  const view = viewError(err);
  const started = res.headersSent && !res.writableEnded;
  if (view.clientAborted && req.destroyed) {
    // Not a server fault, and logging it as one would let any client fill the error log with stacks.
    logFailure(
      'info',
      { method: req.method, url: req.originalUrl },
      'the client closed the connection mid-request',
    );
  } else if (view.status >= 500 || started) {
    const message = started
      ? 'request failed after its response had started; the connection was cut'
      : 'request failed';
    logFailure('error', { err, method: req.method, url: req.originalUrl }, message);
  }
  if (res.headersSent || res.writableEnded) {
    if (!res.writableEnded) cutResponse(res);
    return;
  }
  stripBodyHeaders(res);
  for (const [name, value] of view.headers) {
    try {
      res.setHeader(name, value);
    } catch {
      // An invalid header name or value from an error object is dropped rather than failing the answer.
    }
  }
  writePlain(res, view.status, view.publicMessage ?? STATUS_CODES[view.status] ?? 'Error');
}

/**
 * ERR-009: a response whose headers went out cannot be repaired. What the handler wrote leaves, nothing
 * more does (no second status line, no terminating chunk that would make the truncated body look
 * complete, nothing of the error), and the connection is closed at once.
 */
export function cutResponse(res: KitResponse): void {
  if (res.destroyed) return;
  const socket = res.socket;
  // Node corks the socket for the first write of a response and uncorks it on the next tick: push what
  // was written to the kernel now, so the client sees the truncated answer rather than nothing.
  if (socket) while (socket.writableCorked > 0) socket.uncork();
  res.destroy();
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
