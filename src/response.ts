/** KitResponse: Node's ServerResponse with Express's senders (status, json, send, redirect, set, type). */
import { type OutgoingHttpHeaders, ServerResponse, STATUS_CODES } from 'node:http';
import encodeUrl from 'encodeurl';
import { contentType } from 'mime-types';
import { KitError } from './errors.js';
import { logger } from './logger.js';
import type { KitRequest, KitResponse as KitResponseShape } from './types.js';

const JSON_TYPE = 'application/json; charset=utf-8';
const HTML_TYPE = 'text/html; charset=utf-8';
const TEXT_TYPE = 'text/plain; charset=utf-8';
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

const nodeGetRawHeaderNames = (ServerResponse.prototype as unknown as { getRawHeaderNames(): string[] })
  .getRawHeaderNames;

/**
 * The class node:http instantiates for every response of a kitjs server. Every body it produces gets a
 * Content-Length (RES-009); a second response on the same request is an error, never a second write
 * (RES-010).
 *
 * Speed: Node keeps headers given to `setHeader` in a prototype-less object that V8 holds in dictionary
 * mode, and `writeHead` walks it key by key; measured, that is most of what a small route costs above
 * bare node:http. So while nothing has gone into Node's header store, `json()`, `send()` and
 * `sendStatus()` hand Node their two headers in one `writeHead` call, as Fastify and bare node:http do,
 * and `type()` holds its Content-Type back for that call. Observably nothing changes: every header
 * method first moves a held-back type into Node's store, and after such a response `getHeader()` and
 * its siblings still see the headers it went out with (loggers read them in 'finish'). A response whose
 * writeHead or setHeader was wrapped on the instance (compression, response-time, a spy) takes the
 * ordinary setHeader path, so the wrapper sees what it always saw.
 */
export class KitResponse extends ServerResponse<KitRequest> implements KitResponseShape {
  /** A Content-Type from `type()` not yet given to Node (only while Node's store is empty). */
  private heldType: string | undefined = undefined;
  /** True while nothing has been put in Node's header store. Unset (so false) on adopted responses. */
  private storeEmpty = true;
  /** The headers a one-call response went out with, for the header getters afterwards. */
  private sentHeaders: OutgoingHttpHeaders | undefined = undefined;

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
    this.finish(body ?? '', JSON_TYPE, false);
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
    this.finish(STATUS_CODES[code] ?? String(code), TEXT_TYPE, true);
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
    this.setHeader('Content-Type', TEXT_TYPE);
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
    if (this.storeEmpty === true && !this.headersSent) this.heldType = value;
    else this.setHeader('Content-Type', value);
    return this;
  }

  // Node's header methods: each first moves a held-back type into Node's store, so that what they see
  // or change is exactly what they would have without the one-call path (RES-011).

  override setHeader(name: string, value: number | string | readonly string[]): this {
    if (this.heldType !== undefined) this.releaseType();
    super.setHeader(name, value);
    this.storeEmpty = false;
    return this;
  }

  override appendHeader(name: string, value: string | readonly string[]): this {
    if (this.heldType !== undefined) this.releaseType();
    super.appendHeader(name, value);
    this.storeEmpty = false;
    return this;
  }

  override getHeader(name: string): number | string | string[] | undefined {
    if (this.heldType !== undefined) this.releaseType();
    const value = super.getHeader(name);
    if (value !== undefined || this.sentHeaders === undefined) return value;
    return sentHeader(this.sentHeaders, name);
  }

  override getHeaders(): OutgoingHttpHeaders {
    if (this.heldType !== undefined) this.releaseType();
    const headers = super.getHeaders();
    const sent = this.sentHeaders;
    if (sent !== undefined) {
      for (const key of Object.keys(sent)) headers[key.toLowerCase()] ??= sent[key];
    }
    return headers;
  }

  override getHeaderNames(): string[] {
    if (this.heldType !== undefined) this.releaseType();
    const names = super.getHeaderNames();
    const sent = this.sentHeaders;
    if (sent !== undefined) {
      for (const key of Object.keys(sent)) {
        const lower = key.toLowerCase();
        if (!names.includes(lower)) names.push(lower);
      }
    }
    return names;
  }

  // Not in @types/node, but in Node since 15.
  getRawHeaderNames(): string[] {
    if (this.heldType !== undefined) this.releaseType();
    const names = nodeGetRawHeaderNames.call(this);
    const sent = this.sentHeaders;
    if (sent !== undefined) {
      for (const key of Object.keys(sent)) if (!names.includes(key)) names.push(key);
    }
    return names;
  }

  override hasHeader(name: string): boolean {
    if (this.heldType !== undefined) this.releaseType();
    return (
      super.hasHeader(name) ||
      (this.sentHeaders !== undefined && sentHeader(this.sentHeaders, name) !== undefined)
    );
  }

  override removeHeader(name: string): void {
    if (this.heldType !== undefined) this.releaseType();
    super.removeHeader(name);
  }

  // Node's own `write()`, `end()` and `flushHeaders()` reach the headers through `writeHead`.
  override writeHead(statusCode: number, reason?: unknown, headers?: unknown): this {
    if (this.heldType !== undefined) this.releaseType();
    // Node tells the forms apart by the types of its arguments; undefined in place of a missing one is
    // the same call.
    return super.writeHead(
      statusCode,
      reason as string | undefined,
      headers as OutgoingHttpHeaders | undefined,
    );
  }

  // Node's `writeHeader` (not in @types/node) is its own reference to the original writeHead, so it would
  // skip the one above.
  writeHeader(statusCode: number, reason?: unknown, headers?: unknown): this {
    return this.writeHead(statusCode, reason, headers);
  }

  private releaseType(): void {
    const type = this.heldType as string;
    this.heldType = undefined;
    // Through `this.setHeader`, so that a wrapper on this response sees it arrive, as it would have.
    this.setHeader('Content-Type', type);
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
    if (code === 204 || code === 304) {
      this.heldType = undefined;
      if (this.storeEmpty !== true) {
        this.removeHeader('Content-Type');
        this.removeHeader('Content-Length');
        this.removeHeader('Transfer-Encoding');
      }
      this.end();
      return;
    }
    const length = typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength;
    // Code that wrapped writeHead or setHeader on this response (compression, response-time, a spy)
    // expects to see the headers arrive through setHeader: it gets the ordinary path.
    if (this.storeEmpty === true && !Object.hasOwn(this, 'writeHead') && !Object.hasOwn(this, 'setHeader')) {
      const chosen = force ? type : (this.heldType ?? type);
      this.heldType = undefined;
      const headers: OutgoingHttpHeaders =
        chosen === undefined
          ? { 'Content-Length': length }
          : { 'Content-Type': chosen, 'Content-Length': length };
      this.writeHead(code, headers);
      // Had anything moved them into Node's store meanwhile, the store (and what was removed from it)
      // would be the truth; only headers that went out in the one call are remembered for the getters.
      if (this.storeEmpty === true) this.sentHeaders = headers;
      this.end(body);
      return;
    }
    if (type !== undefined && (force || !this.hasHeader('content-type')))
      this.setHeader('Content-Type', type);
    this.setHeader('Content-Length', length);
    this.end(body);
  }
}

/** A header from a one-call response's headers, by any spelling of its name. */
function sentHeader(sent: OutgoingHttpHeaders, name: string): number | string | string[] | undefined {
  const lower = name.toLowerCase();
  for (const key of Object.keys(sent)) {
    if (key.toLowerCase() === lower) return sent[key];
  }
  return undefined;
}
