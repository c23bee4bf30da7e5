/** The public types of issue 38, "see inside every request": request ids, handler timeouts and `app.inject`. */
import type { IncomingMessage, OutgoingHttpHeaders } from 'node:http';

/**
 * What `kit()` takes to see inside its requests (spec/observability.md). Each is off until given, and a
 * request of an app that gives none of them does no work for them (OBS-010).
 *
 * @example
 * ```ts
 * const app = kit({ requestIdHeader: 'x-request-id', requestIdReplyHeader: 'x-request-id', handlerTimeout: 5000 });
 * ```
 */
export interface ObserveOptions {
  /**
   * OBS-002: makes each request's id (`req.id`); default: a process-wide counter in base 36 (`req-1`, `req-a`...).
   * Its answer must be a safe id (1 to 128 of `A-Za-z0-9._:-`, as OBS-003's header); anything else, or a throw,
   * gives the request a counter id, with one warning per app.
   */
  genReqId?: (req: IncomingMessage) => string;
  /** OBS-003: a request header whose value becomes `req.id` when it is safe (at most 128 of `A-Za-z0-9._:-`). */
  requestIdHeader?: string;
  /** OBS-001: the field `req.log`'s lines carry the id under; default `reqId`. */
  requestIdLogLabel?: string;
  /** OBS-004: a response header every answer of the app carries the id in. */
  requestIdReplyHeader?: string;
  /** OBS-008: milliseconds a request may take before `req.signal` aborts and the app answers 503. */
  handlerTimeout?: number;
}

/**
 * A request for `app.inject()` (light-my-request's options, the common ones typed): run through the app
 * in-process, with no server and no socket.
 *
 * @example
 * ```ts
 * const reply = await app.inject({ method: 'POST', url: '/users', payload: { name: 'Ada' } });
 * ```
 */
export interface InjectOptions {
  method?: string;
  /** The request target (`/users?page=2`); `''` is `/`. */
  url: string;
  headers?: Record<string, string | string[]>;
  /** Added to the URL's query string. */
  query?: Record<string, string | string[]>;
  /**
   * A string or Buffer is sent as it is; an object as JSON (with `Content-Type: application/json`); a readable
   * stream chunked, and `inject` rejects with its error when it fails mid-body.
   */
  payload?: string | Buffer | object;
  /** Sent as one Cookie header. */
  cookies?: Record<string, string>;
  /** The client address `req.ip` sees; default `127.0.0.1`. */
  remoteAddress?: string;
}

/**
 * What `app.inject()` answers with.
 *
 * @example
 * ```ts
 * const reply = await app.inject({ url: '/health' });
 * reply.statusCode; // 200
 * reply.json();     // { ok: true }
 * ```
 */
export interface InjectResponse {
  statusCode: number;
  statusMessage: string;
  headers: OutgoingHttpHeaders;
  /** The body as UTF-8 text. */
  body: string;
  /** The body as bytes. */
  rawPayload: Buffer;
  /** The body parsed as JSON (throws when it is not JSON). */
  json<T = unknown>(): T;
}
