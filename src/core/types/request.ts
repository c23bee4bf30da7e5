/** The request's own members (Express 4's, and kitjs's), the global `Express` namespace, and the types they use. */
import type { NextFunction } from './next.js';
import type { Declared, ParamsDictionary, QueryDictionary, RouteGeneric } from './route-params.js';

declare global {
  /**
   * The namespace Express middleware typings extend (`req.session` from express-session, `req.file` from
   * multer, `req.user` and `req.isAuthenticated()` from passport): kitjs's request and response extend its
   * interfaces, so what those typings add appears on them as on Express's own. Empty until such typings are
   * installed; declared here so that kitjs's types compile without them.
   */
  namespace Express {
    interface Request {}
    interface Response {}
    interface User {}
  }
}

/** The claims kitjs's token helpers sign and `authMiddleware` puts on `req.user`. */
export interface TokenPayload {
  id: string | number;
  email: string;
  [claim: string]: unknown;
}

/** Options of `req.range()`: `combine` merges overlapping and adjacent ranges into one. */
export interface RangeOptions {
  combine?: boolean;
}

/** One range of `req.range()`, both ends inclusive. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * What `req.range(size)` gives for a Range header: the ranges with their unit in `type` (`'bytes'`), `-1`
 * when none can be satisfied, `-2` when the header is malformed.
 */
export type RangeResult = (ByteRange[] & { type: string }) | -1 | -2;

/**
 * What a request has beyond Node's `IncomingMessage`: Express's members and kitjs's. `KitRequest` is
 * these, plus the members that tie it to its app, route and response, and those that Express middleware
 * typings also declare (`user`, `cookies`...).
 *
 * @example
 * ```ts
 * app.get('/where', (req, res) => res.json({ host: req.hostname, path: req.path, ip: req.ip }));
 * ```
 */
export interface RequestMembers<Route extends RouteGeneric = {}> {
  /** Route parameters; a wildcard's capture is `params[0]`. Values are percent-decoded. */
  params: Declared<Route, 'Params', ParamsDictionary>;
  /**
   * The query string, parsed lazily by the app's `query parser` setting. With kit()'s `'strings'` every value is
   * a string (the first one when a key repeats); `'extended'` (qs) and `'simple'` may give arrays and
   * objects, which a route declares in its `Query`.
   */
  readonly query: Declared<Route, 'Query', QueryDictionary>;
  /** The parsed body, set by `json()`, `urlencoded()`, `raw()` (a Buffer), `text()` (a string) or `customParser`; `undefined` before. */
  body: Declared<Route, 'Body', unknown>;
  /** The canonical path without the query string, relative to the prefix the request was mounted under. */
  readonly path: string;
  /**
   * The Host header without its port (IPv6 literals keep their brackets), `''` without one. When `trust proxy`
   * trusts the connecting address, X-Forwarded-Host's first value instead.
   */
  readonly hostname: string;
  /**
   * The client's address: the socket's, or with `trust proxy` the nearest X-Forwarded-For address that no
   * trusted proxy added.
   */
  readonly ip: string;
  /**
   * With `trust proxy`, the addresses of X-Forwarded-For the trusted proxies vouch for, client first, without
   * the socket's; `[]` otherwise.
   */
  readonly ips: string[];
  /**
   * `'https'` on a TLS socket, else `'http'`; when `trust proxy` trusts the connecting address, X-Forwarded-Proto's
   * first value.
   */
  readonly protocol: string;
  /** `req.protocol === 'https'`. */
  readonly secure: boolean;
  /**
   * The hostname's labels before the app's domain, nearest first (`tobi.ferrets.example.com` gives
   * `['ferrets', 'tobi']`); the domain is the last `subdomain offset` labels (2). `[]` for an IP address.
   */
  readonly subdomains: string[];
  /** True when X-Requested-With is `XMLHttpRequest` (any case). */
  readonly xhr: boolean;
  /**
   * True when a GET or HEAD's cached copy still matches the response's ETag or Last-Modified (status 2xx or
   * 304); set those headers before reading it.
   *
   * @example
   * ```ts
   * app.get('/doc', (req, res) => {
   *   res.set('ETag', '"v2"');
   *   if (req.fresh) return res.status(304).end();
   *   res.send('the document');
   * });
   * ```
   */
  readonly fresh: boolean;
  /** `!req.fresh`. */
  readonly stale: boolean;
  /** Per-request storage, the same object as `res.locals`. */
  locals: Record<string, unknown>;
  /** The URL as it arrived, before any prefix was stripped. */
  originalUrl: string;
  /** The prefix under which the current middleware or router is mounted ('' at the top). */
  baseUrl: string;
  /** The `next` of the handler running now, as Express's `req.next` (undefined outside a handler). */
  next?: NextFunction;
  /** A header, case-insensitively; `referer` and `referrer` are one header. */
  get(name: string): string | undefined;
  /** Express's alias of {@link RequestMembers.get}. */
  header(name: string): string | undefined;
  /**
   * Parses the Range header for a resource of `size` units (a non-negative integer, else a TypeError):
   * `undefined` without the header, `-1` when unsatisfiable, `-2` when malformed.
   *
   * @example
   * ```ts
   * const ranges = req.range(1000, { combine: true });
   * if (Array.isArray(ranges) && ranges.type === 'bytes') res.status(206);
   * ```
   */
  range(size: number, options?: RangeOptions): RangeResult | undefined;
  /**
   * The best of `types` (`'json'`, `'html'`, `'text/plain'`, as written) by the Accept header; `false` when
   * none is acceptable; with none given, every accepted type, best first.
   *
   * @example
   * ```ts
   * const type = req.accepts(['json', 'html']);
   * if (type === false) return res.sendStatus(406);
   * ```
   */
  accepts(): string[];
  accepts(types: readonly string[]): string | false;
  accepts(...types: string[]): string | false;
  /** The best of `encodings` by Accept-Encoding; `false` when none; with none given, every accepted one. */
  acceptsEncodings(): string[];
  acceptsEncodings(encodings: readonly string[]): string | false;
  acceptsEncodings(...encodings: string[]): string | false;
  /** The best of `charsets` by Accept-Charset; `false` when none; with none given, every accepted one. */
  acceptsCharsets(): string[];
  acceptsCharsets(charsets: readonly string[]): string | false;
  acceptsCharsets(...charsets: string[]): string | false;
  /** The best of `languages` by Accept-Language; `false` when none; with none given, every accepted one. */
  acceptsLanguages(): string[];
  acceptsLanguages(languages: readonly string[]): string | false;
  acceptsLanguages(...languages: string[]): string | false;
  /** The request's media type when it matches `type` (`json`, `text/*`, `+json`, a full type), else false. */
  is(type: string | string[]): string | false;
}
