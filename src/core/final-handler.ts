/** What happens at the end of the stack: the 404 for no match, the default answer for an unhandled error. */
import { STATUS_CODES } from 'node:http';
import { setupError } from '../base/errors.js';
import { logFailure, loggerOf } from '../base/logger.js';
import type { AppContext } from './app/context.js';
import { type ErrorView, problemJson, viewError } from './error-view.js';
import type { InternalRequest } from './request/internal.js';
import type { ErrorFormat, KitRequest, KitResponse } from './types.js';
import { APPLICATION_JSON, TEXT_PLAIN, writeBody } from './write-body.js';

// ERR-006: headers that describe or frame a body the handler never finished; a default answer drops them.
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

// ERR-013: RFC 9457's media type, which registers no parameters (so no charset: JSON is UTF-8).
const PROBLEM_JSON = 'application/problem+json';

/**
 * ERR-013: the `errors` option of `kit()`: `'text'` when left out, else `'text'` or `'problem+json'`; any
 * other value is a TypeError at once rather than a surprise on the first failing request.
 *
 * @example
 * ```ts
 * errorFormat('problem+json'); // 'problem+json'
 * ```
 */
export function errorFormat(value: unknown): ErrorFormat {
  if (value === undefined || value === 'text' || value === 'problem+json') return value ?? 'text';
  const shown = typeof value === 'string' ? `"${value}"` : typeof value;
  throw setupError(
    'KIT_ERR_SETUP_APP_OPTIONS',
    `kit({ errors }): expected "text" or "problem+json", got ${shown}`,
  );
}

// ERR-013: the problem 404 of a request nothing answered, with its code; the title says the rest, no detail.
const NOT_FOUND_PROBLEM: ErrorView = Object.freeze({
  status: 404,
  publicMessage: undefined,
  publicCode: 'KIT_ERR_NOT_FOUND',
  headers: [],
  clientAborted: false,
}) as ErrorView;

/**
 * ERR-013: the shape of the answers the app serving `req` writes itself (`kit({ errors })`); `'text'` for a
 * request no kitjs app made its own (plain node:http, another framework). For a battery that answers a
 * refusal itself in one shape and leaves it to the app's error path in the other (the auth guard, AUTH-012).
 *
 * @example
 * ```ts
 * if (errorFormatOf(req) === 'problem+json') next(new KitError('KIT_ERR_AUTH_MISSING_TOKEN'));
 * ```
 */
export function errorFormatOf(req: KitRequest): ErrorFormat {
  return contextOf(req)?.errors ?? 'text';
}

/**
 * Answers 404 `text/plain` when nothing handled the request (ERR-005), a problem with `kit({ errors:
 * 'problem+json' })` (ERR-013), or the page of the app's flavour (EXP-011). A response that a handler
 * started and then passed on with `next()` is cut (ERR-009): ending it would send the terminating chunk
 * that makes a truncated body look complete.
 */
export function sendNotFound(req: KitRequest, res: KitResponse): void {
  if (res.headersSent) {
    if (!res.writableEnded) {
      logFailure(
        'warn',
        { method: req.method, url: req.originalUrl },
        'a handler started a response and passed it on with next(); nothing finished it, the connection was cut',
        loggerOf(req),
      );
      cutResponse(res);
    }
    return;
  }
  stripBodyHeaders(res);
  const context = contextOf(req);
  if (context?.errors === 'problem+json') {
    writeProblem(res, NOT_FOUND_PROBLEM);
    return;
  }
  // ERR-005, EXP-011: the page of the app's flavour (kit(): text/plain; kitjs/express: Express 4's HTML).
  if (context !== undefined) context.flavour.notFound(req, res);
  else writeNotFound(req, res);
}

/** ERR-005: kit()'s 404 page, `Not Found` as text/plain (the kit flavour's, and any request's outside an app). */
export function writeNotFound(_req: KitRequest, res: KitResponse): void {
  writePlain(res, 404, STATUS_CODES[404] as string);
}

/** ERR-006: kit()'s default error page: the error's headers, its public message or the status text, as text/plain. */
export function writeDefaultError(_err: unknown, view: ErrorView, _req: KitRequest, res: KitResponse): void {
  setErrorHeaders(res, view);
  writePlain(res, view.status, view.publicMessage ?? STATUS_CODES[view.status] ?? 'Error');
}

/**
 * The default answer for an error no handler took (ERR-006): the status from `err.status` / `err.statusCode`
 * when it is 4xx or 5xx, else 500. 4xx bodies carry the error's message (unless `expose` is false); 5xx
 * bodies only the status text, so stacks, driver messages and paths never reach the client. The logger gets
 * the whole error for 5xx (HARD-003). The error is read defensively (ERR-011): whatever it does while being
 * read, the answer is a 500 and the process lives on. When the response had already started, the connection
 * is cut (ERR-009), because nothing valid can be appended to a half-sent body. With `kit({ errors:
 * 'problem+json' })` the answer is an RFC 9457 problem (ERR-013); else a flavour's app writes its own page
 * (kitjs/express: Express 4's, EXP-011), after the same cut, logging and header clean-up.
 */
export function sendError(err: unknown, req: KitRequest, res: KitResponse): void {
  const view = viewError(err);
  const clientLeft = view.clientAborted && req.destroyed;
  if (clientLeft) {
    // HARD-006: not a server fault; logging it as one would let any client fill the error log with stacks.
    logFailure(
      'info',
      { method: req.method, url: req.originalUrl },
      'the client closed the connection mid-request',
      loggerOf(req),
    );
  }
  if (res.headersSent && !res.writableEnded) {
    cutResponse(res, clientLeft ? undefined : { err, req });
    return;
  }
  if (res.writableEnded) {
    if (!clientLeft) {
      logFailure(
        'error',
        { err, method: req.method, url: req.originalUrl },
        'request failed after its response was sent',
        loggerOf(req),
      );
    }
    return;
  }
  if (!clientLeft && view.quiet !== undefined) {
    // APP-007, DB-001: a refusal kitjs answers by design (the server is closing, the database is down) is an
    // operational line without a stack; the cause's message tells an operator which outage (ECONNREFUSED...).
    const { code, cause } = err as { code?: unknown; cause?: { message?: unknown } | null };
    const reason = typeof cause?.message === 'string' ? cause.message : undefined;
    const fields = { code, reason, method: req.method, url: req.originalUrl };
    logFailure(view.quiet, fields, 'request refused', loggerOf(req));
  } else if (!clientLeft && view.status >= 500) {
    logFailure('error', { err, method: req.method, url: req.originalUrl }, 'request failed', loggerOf(req));
  }
  stripBodyHeaders(res);
  const context = contextOf(req);
  if (context?.errors === 'problem+json') {
    writeProblem(res, view);
    return;
  }
  // SCHEMA-004: a failed validation is answered as JSON in every flavour; an Express 4 page has no form for it.
  if (view.json !== undefined) {
    writeBody(res, view.status, APPLICATION_JSON, view.json, { 'X-Content-Type-Options': 'nosniff' });
    return;
  }
  // ERR-006, EXP-011: the page of the app's flavour.
  if (context !== undefined) context.flavour.defaultError(err, view, req, res);
  else writeDefaultError(err, view, req, res);
}

/**
 * ERR-006: the headers the error asks for (`Retry-After`, `Allow`), framing headers already left out. A 5xx
 * shows nothing of the error (HARD-003), headers included: an error from an upstream client carries the
 * upstream's `Set-Cookie`, `Server` and internal hosts. Only a well-formed `Retry-After` (delay-seconds or an
 * HTTP date) is kept on a 5xx, since it tells the client when to come back and nothing about the failure.
 */
function setErrorHeaders(res: KitResponse, view: ErrorView): void {
  for (const [name, value] of view.headers) {
    if (view.status >= 500 && !isRetryAfter(name, value)) continue;
    try {
      res.setHeader(name, value);
    } catch {
      // An invalid header name or value from an error object is dropped rather than failing the answer.
    }
  }
}

/** Whether a header is a `Retry-After` of delay-seconds or an IMF-fixdate (RFC 9110 §10.2.3, §5.6.7). */
function isRetryAfter(name: string, value: string): boolean {
  if (name.toLowerCase() !== 'retry-after') return false;
  return (
    /^\d{1,10}$/.test(value) || /^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/.test(value)
  );
}

/** ERR-013: the error as RFC 9457 problem details, with the headers it asks for. */
function writeProblem(res: KitResponse, view: ErrorView): void {
  setErrorHeaders(res, view);
  writeBody(res, view.status, PROBLEM_JSON, problemJson(view), { 'X-Content-Type-Options': 'nosniff' });
}

// Responses already cut, so that an error passing several places (the stack, then the final handler) is
// logged once.
const cutResponses = new WeakSet<KitResponse>();

/**
 * ERR-009: a response whose headers went out cannot be repaired. What the handler wrote leaves, nothing
 * more does (no second status line, no terminating chunk that would make the truncated body look
 * complete, nothing of the error), and the connection is closed at once. The failure, when given, is
 * logged here, once per response, because error middleware may swallow it before any final handler.
 */
export function cutResponse(res: KitResponse, failure?: { err: unknown; req: KitRequest }): void {
  if (cutResponses.has(res)) return;
  cutResponses.add(res);
  if (failure !== undefined) {
    logFailure(
      'error',
      { err: failure.err, method: failure.req.method, url: failure.req.originalUrl },
      'request failed after its response had started; the connection was cut',
      loggerOf(failure.req),
    );
  }
  if (res.destroyed) return;
  const socket = res.socket;
  // Node corks the socket for the first write of a response and uncorks it on the next tick: push what
  // was written to the kernel now, so the client sees the truncated answer rather than nothing.
  // Node 26 also holds a response's first chunked write in the response's own cork: release that first.
  while (res.writableCorked > 0) res.uncork();
  if (socket) while (socket.writableCorked > 0) socket.uncork();
  res.destroy();
}

/** The app serving `req`, as its requests read it; undefined for a request no kitjs app made its own. */
function contextOf(req: KitRequest): AppContext | undefined {
  return (req as InternalRequest).context;
}

/** ERR-006: drops the headers that described a body the handler never finished (BODY_HEADERS). */
function stripBodyHeaders(res: KitResponse): void {
  for (const name of BODY_HEADERS) res.removeHeader(name);
}

function writePlain(res: KitResponse, status: number, body: string): void {
  writeBody(res, status, TEXT_PLAIN, body, { 'X-Content-Type-Options': 'nosniff' });
}
