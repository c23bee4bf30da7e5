/** KitServerResponse: the class behind every KitResponse, Express's senders (status, json, send, redirect, set, type); the rest in src/core/response/. */
import { type ServerResponse, STATUS_CODES } from 'node:http';
import { KitError } from '../base/errors.js';
import { logFailure, loggerOf } from '../base/logger.js';
import { loadMimeTypes } from '../base/optional-package.js';
import { OneCallResponse } from './one-call-response.js';
import type { InternalRequest } from './request/internal.js';
import { attachMembers } from './response/attach.js';
import { clearCookie, cookie } from './response/cookies.js';
import { attachment, download } from './response/download.js';
import { applyValidators } from './response/entity.js';
import { contentTypeValue, headerMembers, locationValue } from './response/header-members.js';
import { jsonMembers, jsonText, refuseStatusForm } from './response/json-members.js';
import { negotiationMembers, redirectBody } from './response/negotiation.js';
import { sendFile } from './response/send-file.js';
import type { RouteReplies } from './schema/replies.js';
import type { CookieOptions, FormatHandlers, KitApp, KitResponse } from './types.js';
import { responseRender } from './views/render.js';
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
    value = loadMimeTypes().contentType(type) || BINARY_TYPE;
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
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: attachMembers below defines the merged members, checked by `satisfies`.
export class KitServerResponse extends OneCallResponse implements KitResponse {
  // Declared, not initialised: a class with no fields of its own adds no constructor to every response
  // (V8 skips a default derived constructor); set only when an app assigns `res.app`.
  declare private appOverride: KitApp | undefined;
  // SCHEMA-009: the route's reply serializers, set by its first handler; absent on a route without them.
  declare kitReplies: RouteReplies | undefined;
  // Members put on the prototype from src/core/response/ (below) that return the response itself; the others
  // come with the interface merged into this class, and `attachMembers` is checked against both.
  declare append: (field: string, value: string | readonly string[]) => this;
  declare vary: (field: string | readonly string[]) => this;
  declare links: (links: Readonly<Record<string, string | readonly string[]>>) => this;
  declare location: (url: string) => this;
  declare format: (handlers: FormatHandlers) => this;
  declare attachment: (filename?: string) => this;
  declare cookie: (name: string, value: unknown, options?: CookieOptions) => this;
  declare clearCookie: (name: string, options?: CookieOptions) => this;

  /** A response from a server kitjs did not create gets its app's flavour's prototype and this class's fields. */
  static adopt(res: ServerResponse, proto: object = KitServerResponse.prototype): KitServerResponse {
    if (res instanceof KitServerResponse) return res;
    Object.setPrototypeOf(res, proto);
    const adopted = res as KitServerResponse;
    OneCallResponse.initialise(adopted);
    return adopted;
  }

  /** EXP-005: the app handling the request (the same as `req.app`). */
  get app(): KitApp {
    return this.appOverride ?? this.req.app;
  }

  set app(value: KitApp) {
    this.appOverride = value;
  }

  /** RES-008: the same object as `req.locals`. */
  get locals(): Record<string, unknown> {
    return this.req.locals;
  }

  set locals(value: Record<string, unknown>) {
    this.req.locals = value;
  }

  /**
   * RES-001: an integer from 100 to 999, else a RangeError that reaches the error path. XRES-010: Express
   * 4.21 would accept '200' or 200.5 with a warning; kitjs refuses them here, where the mistake is.
   */
  status(code: number): this {
    if (!Number.isInteger(code) || code < 100 || code > 999) {
      throw new RangeError(`res.status(${String(code)}): the status must be an integer from 100 to 999`);
    }
    this.statusCode = code;
    return this;
  }

  /**
   * RES-002, XRES-004: JSON under the app's json settings, or the route's reply schema (SCHEMA-009). RES-012:
   * a second argument (Express 4's `(status, obj)`, kitjs/express's) is a TypeError, never a silent JSON
   * of the number.
   */
  json(obj: unknown, second?: unknown): void {
    if (second !== undefined) refuseStatusForm('json');
    this.finish(jsonText(this, obj), APPLICATION_JSON, false, true);
  }

  /** RES-003: the type follows the value; a Content-Type set earlier wins. RES-012: one argument only. */
  send(body?: unknown, second?: unknown): void {
    if (second !== undefined) refuseStatusForm('send');
    this.sendValue(body);
  }

  /** RES-003: a string as HTML, a Buffer as bytes, null as empty, anything else as JSON. */
  protected sendValue(body: unknown): void {
    if (typeof body === 'string') {
      this.finish(body, HTML_TYPE, false, true);
    } else if (body === undefined) {
      this.finish(undefined, undefined, false, true);
    } else if (body === null) {
      this.finish('', undefined, false, true);
    } else if (body instanceof Uint8Array) {
      this.finish(body, BINARY_TYPE, false, true);
    } else {
      this.json(body);
    }
  }

  /** RES-004: the status text as text/plain; an unknown code sends the number itself. */
  sendStatus(code: number): void {
    this.status(code);
    this.finish(STATUS_CODES[code] ?? String(code), TEXT_PLAIN, true, true);
  }

  /**
   * RES-005: `(url)`, `(url, status)` or `(status, url)`; 302 by default, only 300-308. XRES-008: `'back'`
   * is the Referer, and the body follows the Accept header (text, HTML, or empty), with `Vary: Accept`.
   */
  redirect(first: string | number, second?: string | number): void {
    const url = typeof first === 'number' ? second : first;
    const code = typeof first === 'number' ? first : (second ?? 302);
    if (typeof url !== 'string') throw new TypeError('res.redirect(url, [status]): url must be a string');
    if (typeof code !== 'number' || !Number.isInteger(code) || code < 300 || code > 308) {
      throw new RangeError(`res.redirect: ${String(code)} is not a redirect status (300-308)`);
    }
    // RES-010: after a response went out, the refusal is finish's (logged), not setHeader's throw.
    if (this.headersSent || this.writableEnded) {
      this.finish(undefined, undefined, true, false);
      return;
    }
    // encodeurl percent-encodes CR, LF and other bytes a header may not carry, so a user-supplied URL
    // cannot split the response; it leaves valid escapes alone.
    const location = locationValue(this.req, url);
    const { body, type } = redirectBody(this.req, code, location);
    this.statusCode = code;
    this.setHeader('Location', location);
    this.vary('Accept');
    this.finish(body, type, true, false);
  }

  /**
   * RES-006: one header or several; Node's setHeader refuses a value holding CR or LF (a 500). XRES-006:
   * a Content-Type gets Express 4's charset rule, and an array for it is a TypeError.
   */
  set(field: string | Record<string, string | number | readonly string[]>, value?: unknown): this {
    if (typeof field === 'object' && field !== null) {
      for (const key of Object.keys(field)) this.set(key, field[key]);
      return this;
    }
    if (typeof field !== 'string') throw new TypeError('res.set(field, value): field must be a string');
    if (field.length === 12 && field.toLowerCase() === 'content-type') {
      const type = contentTypeValue(value);
      if (!this.holdType(type)) this.setHeader(field, type);
    } else if (Array.isArray(value)) this.setHeader(field, value.map(String));
    else this.setHeader(field, String(value));
    return this;
  }

  /** XRES-006: Express's other name for {@link KitServerResponse.set}. */
  header(field: string | Record<string, string | number | readonly string[]>, value?: unknown): this {
    return this.set(field, value);
  }

  /** XRES-006: Express's other name for {@link KitServerResponse.type}. */
  contentType(type: string): this {
    return this.type(type);
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
   * Ends the response with `body` (none for `undefined`) and a Content-Length. `type` is the Content-Type
   * to use when none was chosen (or always, when `force`); 204 and 304 go out without a body or its
   * headers (RES-009). `validate` runs the entity steps (XRES-001, XRES-002); a redirect skips them, as in
   * Express. A flavour's response class may override it to change what goes out (kitjs/express: XRES-002).
   */
  protected finish(
    body: string | Uint8Array | undefined,
    type: string | undefined,
    force: boolean,
    validate: boolean,
  ): void {
    const context = (this.req as InternalRequest).context;
    if (this.headersSent || this.writableEnded) {
      // RES-010: refused and logged, not thrown: a second send often comes from a timer or an event callback,
      // where a throw would have nothing to catch it and would end the process. Through req.log (OBS-001), so
      // the line carries the request's id and can be found beside the first response's lines.
      logFailure(
        'error',
        { err: new KitError('KIT_ERR_RESPONSE_SENT'), method: this.req.method, url: this.req.originalUrl },
        'a second response for one request was refused',
        loggerOf(this.req),
      );
      return;
    }
    let sent = body;
    if (validate && context !== undefined) {
      // XRES-001: nothing to do (and nothing read) unless an etag fn is set or a header was stored, which
      // keeps kit()'s default path (etag off, no header set) as it was.
      const etag = context.etag;
      if (etag !== undefined || this.hasStoredHeaders()) sent = applyValidators(this, body, etag);
    } else if (validate && this.hasStoredHeaders()) sent = applyValidators(this, body, undefined);
    const code = this.statusCode;
    if (code === 204 || code === 304) this.endWithoutBody();
    // XRES-002: 205 Reset Content has no body by definition; Express sends it with Content-Length 0 alone,
    // a Transfer-Encoding set by hand removed (Node refuses both together).
    else if (code === 205) {
      this.removeHeader('Transfer-Encoding');
      this.endWithBody('', type, force);
    } else this.endWithBody(sent ?? '', type, force);
  }
}

/** The members kept in src/core/response/ and put on the prototype below; the class answers for their types. */
type AttachedMember = ReturningValue | ReturningItself;
type ReturningValue = 'get' | 'jsonp' | 'sendFile' | 'download' | 'render';
type ReturningItself =
  | 'append'
  | 'vary'
  | 'links'
  | 'location'
  | 'format'
  | 'attachment'
  | 'cookie'
  | 'clearCookie';

// Merged with the class: its instances have these members, and `attachMembers` below must supply each one
// with the type KitResponse gives it (`satisfies`), so neither side can drift from the other.
export interface KitServerResponse extends Pick<KitResponse, ReturningValue> {}

// The members kept in src/core/response/, so this file stays about the senders.
attachMembers(KitServerResponse.prototype, {
  ...headerMembers,
  ...jsonMembers,
  ...negotiationMembers,
  // The file and cookie members (spec/files.md, spec/express-files.md).
  ...{ sendFile, download, attachment, cookie, clearCookie },
  // EXP-009: res.render, which renders through the app's views.
  render: responseRender,
} satisfies Pick<KitResponse, AttachedMember>);
