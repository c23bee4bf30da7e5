/** KitIncomingMessage: the class behind every KitRequest, Node's IncomingMessage with Express's conveniences. */
import { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { Logger } from 'pino';
import { mediaTypeMatches } from '../base/media-match.js';
import { mediaTypeOf } from '../base/media-type.js';
import type { AppContext } from './app/context.js';
import { signalOf } from './observe/abort.js';
import { requestIdOf, requestLogOf, setRequestId } from './observe/request-id.js';
import { fresh, range, stale } from './request/conditional.js';
import { hostnameOf } from './request/host.js';
import type { InternalRequest } from './request/internal.js';
import { accepts, acceptsCharsets, acceptsEncodings, acceptsLanguages } from './request/negotiation.js';
import { ips, protocol, secure, subdomains, trustedAddress, trustedHost } from './request/proxy.js';
import { parseQuery } from './request/query.js';
import { xhr } from './request/xhr.js';
import type {
  KitApp,
  KitRequest,
  KitResponse,
  NextFunction,
  RangeOptions,
  RangeResult,
  TokenPayload,
} from './types.js';

export type { InternalRequest } from './request/internal.js';

/**
 * The class node:http instantiates for every request of a kitjs server, so that Express's helpers are
 * on the prototype instead of being copied onto each request. Applications see it as the `KitRequest`
 * interface; this class is the one implementation. Every member is computed when used, so a request that
 * never asks pays nothing.
 */
export class KitIncomingMessage extends IncomingMessage implements InternalRequest {
  // ROUTE-002: assigned in the constructor rather than declared as a field, so that a subclass may make it an
  // accessor (a field would be an own property of every request, hiding the subclass's).
  declare params: Record<string, string>;
  // XROUTE-007: the matching Route, set by the dispatcher; declared here so every request has one shape.
  route: KitRequest['route'] = undefined;
  // REQ-007: undefined until a body parser fills it.
  body: unknown = undefined;
  // REQ-008: the target as it arrived (set by the app); baseUrl follows the mounts (dispatch).
  originalUrl = '';
  baseUrl = '';
  kitPath = '/';
  context: AppContext | undefined = undefined;
  user?: TokenPayload = undefined;
  next: NextFunction | undefined = undefined;
  /** HARD-002: the synchronous hops this request's handlers are into (src/core/router/sync-hops.ts). */
  kitHops = 0;
  declare res?: KitResponse;
  private searchValue = '';
  private parsedQuery: Record<string, unknown> | undefined = undefined;
  private localsStore: Record<string, unknown> | undefined = undefined;
  private appOverride: KitApp | undefined = undefined;

  constructor(socket: Socket) {
    super(socket);
    this.params = {};
  }

  get kitSearch(): string {
    return this.searchValue;
  }

  /** A new query string (a rewritten `req.url`) drops the query parsed from the old one. */
  set kitSearch(value: string) {
    this.searchValue = value;
    this.parsedQuery = undefined;
  }

  /** EXP-005: the app handling the request (a sub-app while it runs it). */
  get app(): KitApp {
    return this.appOverride ?? (this.context?.app as KitApp);
  }

  set app(value: KitApp) {
    this.appOverride = value;
  }

  /** OBS-001: a child of the app's logger (`kit({ logger })`, else kitjs's) carrying `req.id`, made on first read. */
  get log(): Logger {
    return requestLogOf(this);
  }

  /** OBS-001: the request's id, made on first read (observe/request-id.ts). */
  get id(): string {
    return requestIdOf(this);
  }

  set id(value: string) {
    setRequestId(this, value);
  }

  /** OBS-007: aborted when the client leaves before the response ends, or the handler timeout fires. */
  get signal(): AbortSignal {
    return signalOf(this);
  }

  /** REQ-001: the canonical path without the query string, relative to the running prefix. */
  get path(): string {
    return this.kitPath;
  }

  /** ROUTE-013: parsed on first use; XREQ-040: by the app's `query parser`, kit()'s `'strings'` directly. */
  get query(): Record<string, string> {
    if (this.parsedQuery === undefined) this.parsedQuery = this.parseQuery();
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
    return hostnameOf(this.context?.trust === undefined ? this.headers.host : trustedHost(this));
  }

  /** REQ-003: the socket's remote address; XREQ-001: X-Forwarded-For through the trusted proxies. */
  get ip(): string {
    const trust = this.context?.trust;
    return trust === undefined ? (this.socket?.remoteAddress ?? '') : trustedAddress(this, trust);
  }

  /** XREQ-002: every address the trusted proxies reported, the client first. */
  get ips(): string[] {
    return ips(this);
  }

  /** XREQ-003: `https` or `http`, from a trusted proxy's X-Forwarded-Proto when there is one. */
  get protocol(): string {
    return protocol(this);
  }

  /** XREQ-003: `req.protocol === 'https'`. */
  get secure(): boolean {
    return secure(this);
  }

  /** XREQ-005: the labels of the hostname before the app's domain. */
  get subdomains(): string[] {
    return subdomains(this);
  }

  /** XREQ-030: X-Requested-With is `XMLHttpRequest`. */
  get xhr(): boolean {
    return xhr(this);
  }

  /** XREQ-020: the client's cached copy matches the response being built. */
  get fresh(): boolean {
    return fresh(this);
  }

  /** XREQ-020: not fresh. */
  get stale(): boolean {
    return stale(this);
  }

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

  /** XREQ-021: the Range header parsed for a body of `size` bytes (range-parser). */
  range(size: number, options?: RangeOptions): RangeResult | undefined {
    return range(this, size, options);
  }

  /** XREQ-010: the best of the offered types by the Accept header. */
  accepts(): string[];
  accepts(types: readonly string[]): string | false;
  accepts(...types: string[]): string | false;
  accepts(...types: string[] | [readonly string[]]): string | string[] | false {
    return accepts(this, types);
  }

  /** XREQ-011: the best of the offered encodings by Accept-Encoding. */
  acceptsEncodings(): string[];
  acceptsEncodings(encodings: readonly string[]): string | false;
  acceptsEncodings(...encodings: string[]): string | false;
  acceptsEncodings(...encodings: string[] | [readonly string[]]): string | string[] | false {
    return acceptsEncodings(this, encodings);
  }

  /** XREQ-011: the best of the offered charsets by Accept-Charset. */
  acceptsCharsets(): string[];
  acceptsCharsets(charsets: readonly string[]): string | false;
  acceptsCharsets(...charsets: string[]): string | false;
  acceptsCharsets(...charsets: string[] | [readonly string[]]): string | string[] | false {
    return acceptsCharsets(this, charsets);
  }

  /** XREQ-011: the best of the offered languages by Accept-Language. */
  acceptsLanguages(): string[];
  acceptsLanguages(languages: readonly string[]): string | false;
  acceptsLanguages(...languages: string[]): string | false;
  acceptsLanguages(...languages: string[] | [readonly string[]]): string | string[] | false {
    return acceptsLanguages(this, languages);
  }

  // XREQ-031: Express's other name of `get`, the same function (assigned to the prototype below).
  declare header: KitIncomingMessage['get'];

  /** XREQ-040: the app's `query parser`; kit()'s `'strings'` (and a request with no app) is parseQuery. */
  private parseQuery(): Record<string, unknown> {
    const context = this.context;
    const parse = context?.parseQuery;
    if (parse === undefined) return context?.noQuery ? Object.create(null) : parseQuery(this.kitSearch);
    // XREQ-042: every compiled parser builds objects no client key can reach Object.prototype through.
    return (parse(this.kitSearch.slice(1)) as Record<string, unknown> | undefined) ?? Object.create(null);
  }

  /**
   * A request from a server kitjs did not create (`http.createServer(app)`, supertest) gets the prototype of
   * its app's flavour (this class's, or a subclass's) and the fields the constructor would have set, so it
   * behaves exactly like one of ours.
   */
  static adopt(req: IncomingMessage, proto: object = KitIncomingMessage.prototype): KitIncomingMessage {
    if (req instanceof KitIncomingMessage) return req;
    Object.setPrototypeOf(req, proto);
    const adopted = req as KitIncomingMessage;
    adopted.params = {};
    adopted.route = undefined;
    adopted.body = undefined;
    adopted.originalUrl = '';
    adopted.baseUrl = '';
    adopted.kitPath = '/';
    adopted.context = undefined;
    adopted.user = undefined;
    adopted.next = undefined;
    adopted.kitHops = 0;
    adopted.searchValue = '';
    adopted.parsedQuery = undefined;
    adopted.localsStore = undefined;
    adopted.appOverride = undefined;
    return adopted;
  }
}

Object.defineProperty(KitIncomingMessage.prototype, 'header', {
  value: KitIncomingMessage.prototype.get,
  configurable: true,
  writable: true,
});

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(', ') : value;
}
