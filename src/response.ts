/** KitResponse: Node's ServerResponse with Express's senders (status, json, send, redirect, set, type). */
import { ServerResponse, STATUS_CODES } from 'node:http';
import encodeUrl from 'encodeurl';
import { contentType } from 'mime-types';
import { KitError } from './errors.js';
import { logger } from './logger.js';
import type { KitRequest, KitResponse as KitResponseShape } from './types.js';

const JSON_TYPE = 'application/json; charset=utf-8';
const HTML_TYPE = 'text/html; charset=utf-8';
const TEXT_TYPE = 'text/plain; charset=utf-8';
const BINARY_TYPE = 'application/octet-stream';

/**
 * The class node:http instantiates for every response of a kitjs server. Every body it produces gets
 * a Content-Length; a second response on the same request is an error, never a second write.
 */
export class KitResponse extends ServerResponse<KitRequest> implements KitResponseShape {
  get locals(): Record<string, unknown> {
    return this.req.locals;
  }

  set locals(value: Record<string, unknown>) {
    this.req.locals = value;
  }

  status(code: number): this {
    if (!Number.isInteger(code) || code < 100 || code > 999) {
      throw new RangeError(`res.status(${String(code)}): the status must be an integer from 100 to 999`);
    }
    this.statusCode = code;
    return this;
  }

  json(obj: unknown): void {
    // JSON.stringify throws on cycles and BigInt; the throw reaches the error path like any other.
    const body = JSON.stringify(obj);
    if (!this.hasHeader('content-type')) this.setHeader('Content-Type', JSON_TYPE);
    this.finish(body ?? '');
  }

  send(body?: unknown): void {
    if (typeof body === 'string') {
      if (!this.hasHeader('content-type')) this.setHeader('Content-Type', HTML_TYPE);
      this.finish(body);
    } else if (body === undefined || body === null) {
      this.finish('');
    } else if (body instanceof Uint8Array) {
      if (!this.hasHeader('content-type')) this.setHeader('Content-Type', BINARY_TYPE);
      this.finish(body);
    } else {
      this.json(body);
    }
  }

  sendStatus(code: number): void {
    this.status(code);
    this.setHeader('Content-Type', TEXT_TYPE);
    this.finish(STATUS_CODES[code] ?? String(code));
  }

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
    this.finish(`${STATUS_CODES[code] ?? 'Redirecting'}. Redirecting to ${location}`);
  }

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

  type(type: string): this {
    if (typeof type !== 'string') throw new TypeError('res.type(type): type must be a string');
    this.setHeader('Content-Type', contentType(type) || BINARY_TYPE);
    return this;
  }

  /** Ends the response with `body`, setting Content-Length; 204 and 304 go out without a body. */
  private finish(body: string | Uint8Array): void {
    if (this.headersSent || this.writableEnded) {
      // Refused and logged, not thrown: a second send often comes from a timer or an event callback,
      // where a throw would have nothing to catch it and would end the process.
      logger.error(
        { err: new KitError('KIT_ERR_RESPONSE_SENT'), url: this.req.originalUrl },
        'a second response for one request was refused',
      );
      return;
    }
    const code = this.statusCode;
    if (code === 204 || code === 304) {
      this.removeHeader('Content-Type');
      this.removeHeader('Content-Length');
      this.removeHeader('Transfer-Encoding');
      this.end();
      return;
    }
    this.setHeader('Content-Length', typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength);
    this.end(body);
  }
}
