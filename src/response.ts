/** KitServerResponse: the class behind every KitResponse, Express's senders (status, json, send, redirect, set, type). */
import { type ServerResponse, STATUS_CODES } from 'node:http';
import encodeUrl from 'encodeurl';
import { contentType } from 'mime-types';
import { KitError } from './errors.js';
import { logger } from './logger.js';
import { OneCallResponse } from './one-call-response.js';
import { clearCookie, cookie } from './response/cookies.js';
import { attachment, download } from './response/download.js';
import { sendFile } from './response/send-file.js';
import type { CookieOptions, KitApp, KitResponse } from './types.js';
import { APPLICATION_JSON, TEXT_PLAIN } from './write-body.js';

const HTML_TYPE = 'text/html; charset=utf-8';
const BINARY_TYPE = 'application/octet-stream';

// `res.type()` is called with a handful of distinct values per app, on every request: mime-types' lookup
// and charset regexes cost more than the rest of a small route, so answers are remembered, boundedly.
const TYPE_CACHE_SIZE = 256;
const typeCache = new Map<string, string>();

function contentTypeFor(type: string): string {
  let value = typeCache.get(type);
  if (value === undefined) {
    value = contentType(type) || BINARY_TYPE;
    if (typeCache.size >= TYPE_CACHE_SIZE) typeCache.clear();
    typeCache.set(type, value);
  }
  return value;
}

/**
 * The class node:http instantiates for every response of a kitjs server: Express's senders on top of
 * {@link OneCallResponse}. Applications see it as the `KitResponse` interface; this class is the one
 * implementation. Every body it produces gets a Content-Length (RES-009); a second response on the same
 * request is an error, never a second write (RES-010).
 */
export class KitServerResponse extends OneCallResponse implements KitResponse {
  declare app: KitApp;
  // Express 4's file and cookie members: functions in src/response/, put on the prototype at the end.
  declare sendFile: KitResponse['sendFile'];
  declare download: KitResponse['download'];
  declare attachment: (filename?: string) => this;
  declare cookie: (name: string, value: unknown, options?: CookieOptions) => this;
  declare clearCookie: (name: string, options?: CookieOptions) => this;

  /** A response from a server kitjs did not create gets this class's prototype and fields. */
  static adopt(res: ServerResponse): KitServerResponse {
    if (res instanceof KitServerResponse) return res;
    Object.setPrototypeOf(res, KitServerResponse.prototype);
    const adopted = res as KitServerResponse;
    OneCallResponse.initialise(adopted);
    return adopted;
  }

  /** RES-008: the same object as `req.locals`. */
  get locals(): Record<string, unknown> {
    return this.req.locals;
  }

  set locals(value: Record<string, unknown>) {
    this.req.locals = value;
  }

  /** RES-001: an integer from 100 to 999, else a RangeError that reaches the error path. */
  status(code: number): this {
    if (!Number.isInteger(code) || code < 100 || code > 999) {
      throw new RangeError(`res.status(${String(code)}): the status must be an integer from 100 to 999`);
    }
    this.statusCode = code;
    return this;
  }

  json(obj: unknown): void {
    // RES-002: JSON.stringify throws on cycles and BigInt; the throw reaches the error path like any other.
    const body = JSON.stringify(obj);
    this.finish(body ?? '', APPLICATION_JSON, false);
  }

  /** RES-003: the type follows the value; a Content-Type set earlier wins. */
  send(body?: unknown): void {
    if (typeof body === 'string') {
      this.finish(body, HTML_TYPE, false);
    } else if (body === undefined || body === null) {
      this.finish('', undefined, false);
    } else if (body instanceof Uint8Array) {
      this.finish(body, BINARY_TYPE, false);
    } else {
      this.json(body);
    }
  }

  /** RES-004: the status text as text/plain; an unknown code sends the number itself. */
  sendStatus(code: number): void {
    this.status(code);
    this.finish(STATUS_CODES[code] ?? String(code), TEXT_PLAIN, true);
  }

  /** RES-005: `(url)`, `(url, status)` or `(status, url)`; 302 by default, only 300-308. */
  redirect(first: string | number, second?: string | number): void {
    const url = typeof first === 'number' ? second : first;
    const code = typeof first === 'number' ? first : (second ?? 302);
    if (typeof url !== 'string') throw new TypeError('res.redirect(url, [status]): url must be a string');
    if (typeof code !== 'number' || !Number.isInteger(code) || code < 300 || code > 308) {
      throw new RangeError(`res.redirect: ${String(code)} is not a redirect status (300-308)`);
    }
    // encodeurl percent-encodes CR, LF and other bytes a header may not carry, so a user-supplied URL
    // cannot split the response; it leaves valid escapes alone.
    const location = encodeUrl(url);
    this.statusCode = code;
    this.setHeader('Location', location);
    this.setHeader('Content-Type', TEXT_PLAIN);
    this.finish(`${STATUS_CODES[code] ?? 'Redirecting'}. Redirecting to ${location}`, undefined, false);
  }

  /** RES-006: one header or several; Node's setHeader refuses a value holding CR or LF (a 500). */
  set(field: string | Record<string, string | number | readonly string[]>, value?: unknown): this {
    if (typeof field === 'object' && field !== null) {
      for (const key of Object.keys(field)) this.set(key, field[key]);
      return this;
    }
    if (typeof field !== 'string') throw new TypeError('res.set(field, value): field must be a string');
    if (Array.isArray(value)) this.setHeader(field, value.map(String));
    else this.setHeader(field, String(value));
    return this;
  }

  /** RES-007: a short name or a full type through mime-types; an unknown name is application/octet-stream. */
  type(type: string): this {
    if (typeof type !== 'string') throw new TypeError('res.type(type): type must be a string');
    const value = contentTypeFor(type);
    // After the headers went out, setHeader throws Node's ERR_HTTP_HEADERS_SENT, as it should.
    if (!this.holdType(value)) this.setHeader('Content-Type', value);
    return this;
  }

  /**
   * Ends the response with `body` and a Content-Length. `type` is the Content-Type to use when none was
   * chosen (or always, when `force`); 204 and 304 go out without a body or its headers (RES-009).
   */
  private finish(body: string | Uint8Array, type: string | undefined, force: boolean): void {
    if (this.headersSent || this.writableEnded) {
      // RES-010: refused and logged, not thrown: a second send often comes from a timer or an event callback,
      // where a throw would have nothing to catch it and would end the process.
      logger.error(
        { err: new KitError('KIT_ERR_RESPONSE_SENT'), url: this.req.originalUrl },
        'a second response for one request was refused',
      );
      return;
    }
    const code = this.statusCode;
    if (code === 204 || code === 304) this.endWithoutBody();
    else this.endWithBody(body, type, force);
  }
}

// Express 4's file and cookie members (spec/express-files.md), as non-enumerable methods like the class's own.
for (const [name, method] of Object.entries({ sendFile, download, attachment, cookie, clearCookie })) {
  Object.defineProperty(KitServerResponse.prototype, name, {
    value: method,
    writable: true,
    configurable: true,
  });
}
