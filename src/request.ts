/** KitIncomingMessage: the class behind every KitRequest, Node's IncomingMessage with Express's conveniences. */
import { IncomingMessage } from 'node:http';
import { parse as parseQueryString } from 'node:querystring';
import { mediaTypeMatches } from './media-match.js';
import { mediaTypeOf } from './media-type.js';
import { fresh, range, stale } from './request/conditional.js';
import { param, xhr } from './request/legacy.js';
import { accepts, acceptsCharsets, acceptsEncodings, acceptsLanguages } from './request/negotiation.js';
import {
  host,
  ips,
  protocol,
  secure,
  subdomains,
  trustedAddress,
  trustedHost,
  trustOf,
} from './request/proxy.js';
import type { KitApp, KitRequest, KitResponse, NextFunction, TokenPayload } from './types.js';

/** The request with the fields the dispatcher keeps on it. Not part of the public API. */
export interface InternalRequest extends KitRequest {
  /** Canonical path relative to the current mount point. */
  kitPath: string;
  /** The query string with its `?`, or ''. */
  kitSearch: string;
}

/**
 * The class node:http instantiates for every request of a kitjs server, so that Express's helpers are
 * on the prototype instead of being copied onto each request. Applications see it as the `KitRequest`
 * interface; this class is the one implementation.
 */
export class KitIncomingMessage extends IncomingMessage implements InternalRequest {
  params: Record<string, string> = {};
  // XROUTE-007: the matching Route, set by the dispatcher; declared here so every request has one shape.
  route: KitRequest['route'] = undefined;
  // REQ-007: undefined until a body parser fills it.
  body: unknown = undefined;
  // REQ-008: the target as it arrived (set by the app); baseUrl follows the mounts (dispatch).
  originalUrl = '';
  baseUrl = '';
  kitPath = '/';
  private searchValue = '';
  user?: TokenPayload = undefined;
  next: NextFunction | undefined = undefined;
  declare res?: KitResponse;
  declare app: KitApp;
  private parsedQuery: Record<string, unknown> | undefined = undefined;
  private localsStore: Record<string, unknown> | undefined = undefined;

  get kitSearch(): string {
    return this.searchValue;
  }

  /** A new query string (a rewritten `req.url`) drops the query parsed from the old one. */
  set kitSearch(value: string) {
    this.searchValue = value;
    this.parsedQuery = undefined;
  }

  /** REQ-001: the canonical path without the query string, relative to the running prefix. */
  get path(): string {
    return this.kitPath;
  }

  /** ROUTE-013: parsed on first use; XREQ-040: by the app's `query parser`, kit()'s `'strings'` directly. */
  get query(): Record<string, string> {
    if (this.parsedQuery === undefined) this.parsedQuery = queryBySetting(this);
    // Strings under kit()'s default; another `query parser` is typed by the route's declared `Query`.
    return this.parsedQuery as Record<string, string>;
  }

  set query(value: Record<string, unknown>) {
    this.parsedQuery = value;
  }

  /** REQ-004: one object per request, created on first use and shared with `res.locals` (RES-008). */
  get locals(): Record<string, unknown> {
    if (this.localsStore === undefined) this.localsStore = {};
    return this.localsStore;
  }

  set locals(value: Record<string, unknown>) {
    this.localsStore = value;
  }

  /** REQ-002: from the Host header, never the request line; XREQ-004: X-Forwarded-Host from a trusted proxy. */
  get hostname(): string {
    return hostnameOf(trustOf(this) === undefined ? this.headers.host : trustedHost(this));
  }

  /** REQ-003: the socket's remote address; XREQ-001: X-Forwarded-For through the trusted proxies. */
  get ip(): string {
    const trust = trustOf(this);
    return trust === undefined ? (this.socket?.remoteAddress ?? '') : trustedAddress(this, trust);
  }

  // Express 4's other members live in src/request/ and are put on the prototype below.
  declare readonly ips: string[];
  declare readonly protocol: string;
  declare readonly secure: boolean;
  declare readonly host: string;
  declare readonly subdomains: string[];
  declare readonly xhr: boolean;
  declare readonly fresh: boolean;
  declare readonly stale: boolean;
  declare range: KitRequest['range'];
  declare header: KitRequest['header'];
  declare param: KitRequest['param'];
  declare accepts: KitRequest['accepts'];
  declare acceptsEncodings: KitRequest['acceptsEncodings'];
  declare acceptsCharsets: KitRequest['acceptsCharsets'];
  declare acceptsLanguages: KitRequest['acceptsLanguages'];
  declare acceptsEncoding: KitRequest['acceptsEncodings'];
  declare acceptsCharset: KitRequest['acceptsCharsets'];
  declare acceptsLanguage: KitRequest['acceptsLanguages'];

  /** REQ-005: any case of `name`; Referer and Referrer are one header; repeated values joined with `, `. */
  get(name: string): string | undefined {
    if (typeof name !== 'string') throw new TypeError('req.get(name): name must be a string');
    const key = name.toLowerCase();
    if (key === 'referer' || key === 'referrer') {
      return headerValue(this.headers.referer ?? this.headers.referrer);
    }
    return headerValue(this.headers[key]);
  }

  /** REQ-006, REQ-009: asks the same one parse of Content-Type as every body parser. */
  is(type: string | string[]): string | false {
    const mediaType = mediaTypeOf(this);
    if (mediaType === undefined) return false;
    const wanted = Array.isArray(type) ? type : [type];
    for (const candidate of wanted) {
      if (typeof candidate === 'string' && mediaTypeMatches(mediaType.type, candidate)) return mediaType.type;
    }
    return false;
  }

  /**
   * A request from a server kitjs did not create (`http.createServer(app)`, supertest) gets this class's
   * prototype and the fields its constructor would have set, so it behaves exactly like one of ours.
   */
  static adopt(req: IncomingMessage): KitIncomingMessage {
    if (req instanceof KitIncomingMessage) return req;
    Object.setPrototypeOf(req, KitIncomingMessage.prototype);
    const adopted = req as KitIncomingMessage;
    adopted.params = {};
    adopted.route = undefined;
    adopted.body = undefined;
    adopted.originalUrl = '';
    adopted.baseUrl = '';
    adopted.kitPath = '/';
    adopted.searchValue = '';
    adopted.user = undefined;
    adopted.next = undefined;
    adopted.parsedQuery = undefined;
    adopted.localsStore = undefined;
    return adopted;
  }
}

// Getters and methods on the prototype, as Express 4 defines them on its request: computed when used, so a
// request that never asks pays nothing (no field, no work per request).
for (const [name, get] of Object.entries({ ips, protocol, secure, host, subdomains, xhr, fresh, stale })) {
  Object.defineProperty(KitIncomingMessage.prototype, name, { get, configurable: true });
}
// XREQ-011, XREQ-031: Express 4's aliases are the same functions under their older names.
for (const [name, value] of Object.entries({
  range,
  param,
  header: KitIncomingMessage.prototype.get,
  accepts,
  acceptsEncodings,
  acceptsCharsets,
  acceptsLanguages,
  acceptsEncoding: acceptsEncodings,
  acceptsCharset: acceptsCharsets,
  acceptsLanguage: acceptsLanguages,
})) {
  Object.defineProperty(KitIncomingMessage.prototype, name, { value, configurable: true, writable: true });
}

/**
 * XREQ-040: the query by the app's `query parser`: kit()'s `'strings'` (and a request with no app) is
 * kitjs's own parse, called directly; `false` gives an empty object; anything else is the compiled
 * `query parser fn`, given the query string without its `?`. XREQ-042: every compiled parser builds its
 * objects without a client key ever reaching Object.prototype (prototype-less objects, qs's `__proto__` guard).
 */
function queryBySetting(req: KitIncomingMessage): Record<string, unknown> {
  const settings = req.app?.settings;
  if (settings === undefined || settings['query parser'] === 'strings') return parseQuery(req.kitSearch);
  const parse = settings['query parser fn'];
  if (typeof parse !== 'function') return Object.create(null);
  return (parse(req.kitSearch.slice(1)) as Record<string, unknown> | undefined) ?? Object.create(null);
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(', ') : value;
}

/**
 * The query object: every value a string (the first one when a key repeats, so that `?a=1&a=2` cannot
 * turn a string into an array behind a handler's back). It has no prototype, so keys such as
 * `__proto__` or `constructor` are plain data (ROUTE-013).
 */
export function parseQuery(search: string): Record<string, string> {
  const query: Record<string, string> = Object.create(null);
  if (search.length <= 1) return query;
  const parsed = parseQueryString(search.slice(1), '&', '=', { decodeURIComponent: decodeOrKeep });
  for (const key of Object.keys(parsed)) {
    const value = parsed[key];
    query[key] = Array.isArray(value) ? (value[0] ?? '') : (value ?? '');
  }
  return query;
}

/** Malformed escapes are kept as written rather than turned into replacement characters. */
function decodeOrKeep(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** The Host header without its port; `[::1]:3000` gives `[::1]`. Empty when there is no Host. */
export function hostnameOf(host: string | undefined): string {
  if (!host) return '';
  if (host.charCodeAt(0) === 91 /* [ */) {
    const end = host.indexOf(']');
    return end === -1 ? host : host.slice(0, end + 1);
  }
  const colon = host.indexOf(':');
  return colon === -1 ? host : host.slice(0, colon);
}
