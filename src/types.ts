/** The public types of kitjs: request, response and token payload here; the rest in src/types/ (re-exported). */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { KitApp, RenderCallback, Route as RouteShape } from './types/app-types.js';
import type { NextFunction } from './types/handlers.js';
import type {
  CookieOptions,
  DownloadOptions,
  SendFileCallback,
  SendFileOptions,
} from './types/response-files.js';
import type { Declared, ParamsDictionary, QueryDictionary, RouteGeneric } from './types/route-params.js';

export type * from './types/app-types.js';
export type * from './types/handlers.js';
export type * from './types/response-files.js';
// Declared is an internal helper of KitRequest and KitResponse, not re-exported.
export type {
  ParamsDictionary,
  PathParams,
  QueryDictionary,
  RouteGeneric,
  RouteOf,
} from './types/route-params.js';

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
 * The request kitjs hands to every handler: Node's `IncomingMessage` plus Express's conveniences.
 * `Route` (a {@link RouteGeneric}) types `params`, `query` and `body`.
 */
export interface KitRequest<Route extends RouteGeneric = {}> extends IncomingMessage, Express.Request {
  /** Route parameters; a wildcard's capture is `params[0]`. Values are percent-decoded. */
  params: Declared<Route, 'Params', ParamsDictionary>;
  /** The route that matched, while its handlers run (Express's `req.route`): `path`, `methods`, `stack`. */
  route?: RouteShape;
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
  /** Express 4's deprecated alias of {@link KitRequest.hostname}. */
  readonly host: string;
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
  /** Cookies as cookie-parser leaves them (cookie-parser sets this; kitjs does not). */
  cookies?: Record<string, string>;
  /** Signed cookies whose signature cookie-parser verified (cookie-parser sets this). */
  signedCookies?: Record<string, string | false>;
  /** The secret cookie-parser was given (cookie-parser sets this); `res.cookie(..., { signed: true })` signs with it. */
  secret?: string;
  /** Per-request storage, the same object as `res.locals`. */
  locals: Record<string, unknown>;
  /** The URL as it arrived, before any prefix was stripped. */
  originalUrl: string;
  /** The prefix under which the current middleware or router is mounted ('' at the top). */
  baseUrl: string;
  /** Set by `authMiddleware` to the verified token's payload. */
  user?: TokenPayload & Express.User;
  /** The response that belongs to this request. */
  res?: KitResponse;
  /** The app handling the request (a mounted sub-app while it runs it). */
  app: KitApp;
  /** The `next` of the handler running now, as Express's `req.next` (undefined outside a handler). */
  next?: NextFunction;
  /** A header, case-insensitively; `referer` and `referrer` are one header. */
  get(name: string): string | undefined;
  /** Express's alias of {@link KitRequest.get}. */
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
   * Express 4's deprecated lookup: route parameter `name`, else the body's field, else the query's, else
   * `defaultValue`. Prefer `req.params`, `req.body` and `req.query`.
   */
  param(name: string, defaultValue?: unknown): unknown;
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
  /** Express 4's deprecated alias of {@link KitRequest.acceptsEncodings}. */
  acceptsEncoding: KitRequest['acceptsEncodings'];
  /** Express 4's deprecated alias of {@link KitRequest.acceptsCharsets}. */
  acceptsCharset: KitRequest['acceptsCharsets'];
  /** Express 4's deprecated alias of {@link KitRequest.acceptsLanguages}. */
  acceptsLanguage: KitRequest['acceptsLanguages'];
  /** The request's media type when it matches `type` (`json`, `text/*`, `+json`, a full type), else false. */
  is(type: string | string[]): string | false;
}

/**
 * The response kitjs hands to every handler: Node's `ServerResponse` plus Express's senders.
 * `Route` (a {@link RouteGeneric}) types what `json` and `send` accept through its `Reply`.
 */
export interface KitResponse<Route extends RouteGeneric = {}>
  extends ServerResponse<KitRequest>,
    Express.Response {
  /** Per-request storage, the same object as `req.locals`. */
  locals: Record<string, unknown>;
  /** The app handling the request (a mounted sub-app while it runs it). */
  app: KitApp;
  /**
   * Sets the status code (an integer from 100 to 999, else a RangeError); chainable.
   *
   * @example
   * ```ts
   * res.status(201).json({ id });
   * ```
   */
  status(code: number): this;
  /**
   * Sends `obj` as JSON with `Content-Type: application/json; charset=utf-8`, honouring the app's
   * `json replacer`, `json spaces` and `json escape` settings. Express 4's `(status, obj)` form is kept.
   *
   * @example
   * ```ts
   * res.json({ id: 1 });
   * res.json(201, { id: 1 }); // Express 4's older form of res.status(201).json(...)
   * ```
   */
  json(obj: Declared<Route, 'Reply', unknown>): void;
  json(status: number, obj: Declared<Route, 'Reply', unknown>): void;
  /**
   * Sends JSON, or, when the query parameter named by the `jsonp callback name` setting (`callback`) is
   * given, JavaScript calling that function with it (`text/javascript`, `X-Content-Type-Options: nosniff`).
   *
   * @example
   * ```ts
   * app.get('/user', (req, res) => res.jsonp({ name: 'tobi' })); // GET /user?callback=show
   * ```
   */
  jsonp(obj: Declared<Route, 'Reply', unknown>): void;
  jsonp(status: number, obj: Declared<Route, 'Reply', unknown>): void;
  /**
   * Sends a string as text/html, a Buffer as application/octet-stream, anything else as JSON. A string
   * gets `charset=utf-8` in a Content-Type set earlier; with the app's `etag` setting on, the body gets
   * an ETag, and a fresh conditional GET is answered 304. Express 4's `(status, body)` form is kept.
   *
   * @example
   * ```ts
   * res.send('<p>hello</p>');
   * res.send(404, 'Sorry, no such page');
   * ```
   */
  send(body?: Declared<Route, 'Reply', unknown> | string | Uint8Array): void;
  send(status: number, body: Declared<Route, 'Reply', unknown> | string | Uint8Array): void;
  /**
   * Sends the status code with its status text as a text/plain body.
   *
   * @example
   * ```ts
   * res.sendStatus(404); // "Not Found"
   * ```
   */
  sendStatus(code: number): void;
  /**
   * Redirects to `url` (302 unless a 3xx status is given, before or after the URL); `'back'` is the
   * Referer or `/`. The body is a short note in text or HTML, as the Accept header prefers.
   *
   * @example
   * ```ts
   * res.redirect(301, '/new-home');
   * ```
   */
  redirect(url: string, status?: number): void;
  redirect(status: number, url: string): void;
  /**
   * Sets one header, or several from an object; chainable. A Content-Type of a text or JSON type without
   * a charset gets `; charset=utf-8`; an array for it is a TypeError.
   *
   * @example
   * ```ts
   * res.set('Cache-Control', 'no-store').set({ 'X-Request-Id': id });
   * ```
   */
  set(field: string, value: string | number | readonly string[]): this;
  set(fields: Record<string, string | number | readonly string[]>): this;
  /**
   * The same as {@link KitResponse.set} (Express's other name for it).
   *
   * @example
   * ```ts
   * res.header('X-Frame-Options', 'DENY');
   * ```
   */
  header(field: string, value: string | number | readonly string[]): this;
  header(fields: Record<string, string | number | readonly string[]>): this;
  /**
   * A response header's value, case-insensitively.
   *
   * @example
   * ```ts
   * res.get('Content-Type'); // 'text/plain; charset=utf-8'
   * ```
   */
  get(field: string): number | string | string[] | undefined;
  /**
   * Adds values to a header, after those it has (a header it lacks is set); chainable.
   *
   * @example
   * ```ts
   * res.append('Set-Cookie', 'a=1; Path=/').append('Set-Cookie', ['b=2', 'c=3']);
   * ```
   */
  append(field: string, value: string | readonly string[]): this;
  /**
   * Sets Content-Type from an extension (`json`, `html`) or a full media type; chainable.
   *
   * @example
   * ```ts
   * res.type('json');
   * ```
   */
  type(contentType: string): this;
  /**
   * The same as {@link KitResponse.type} (Express's other name for it).
   *
   * @example
   * ```ts
   * res.contentType('png');
   * ```
   */
  contentType(contentType: string): this;
  /**
   * Adds a field to the Vary header unless it is there; chainable.
   *
   * @example
   * ```ts
   * res.vary('Accept-Language');
   * ```
   */
  vary(field: string | readonly string[]): this;
  /**
   * Adds Link entries, one per relation and URL (`<url>; rel="next"`), after those the header has;
   * chainable.
   *
   * @example
   * ```ts
   * res.links({ next: '/users?page=3', last: '/users?page=9', alternate: ['/users.csv', '/users.xml'] });
   * ```
   */
  links(links: Readonly<Record<string, string | readonly string[]>>): this;
  /**
   * Sets the Location header, percent-encoded where needed; `'back'` is the Referer or `/`; chainable.
   *
   * @example
   * ```ts
   * res.location('/login').status(303).end();
   * ```
   */
  location(url: string): this;
  /**
   * Calls the handler for the type the Accept header prefers (the first one without Accept), with its
   * Content-Type set and `Vary: Accept`; else `default`; else a 406 error listing the types offered.
   *
   * @example
   * ```ts
   * res.format({
   *   'text/plain': () => res.send('hey'),
   *   html: () => res.send('<p>hey</p>'),
   *   default: () => res.status(406).send('Not Acceptable'),
   * });
   * ```
   */
  format(handlers: FormatHandlers): this;
  /**
   * Streams the file at `path` (absolute, or relative to `options.root`, which it can then never leave),
   * with its Content-Type, `ETag`, `Last-Modified`, `Cache-Control`, ranges and 304s. Without `callback`, a
   * failure goes to the error handlers (a missing file is a 404); with it, `callback` hears how it ended
   * and kitjs answers nothing itself.
   *
   * @example
   * ```ts
   * app.get('/files/:name', (req, res) => res.sendFile(req.params.name, { root: 'uploads' }));
   * app.get('/logo', (req, res) =>
   *   res.sendFile('/srv/site/logo.png', (err) => { if (err && !res.headersSent) res.status(404).end(); }),
   * );
   * ```
   */
  sendFile(path: string, callback?: SendFileCallback): void;
  sendFile(path: string, options: SendFileOptions, callback?: SendFileCallback): void;
  /**
   * Sends the file at `path` as a download: `Content-Disposition: attachment; filename="..."` (with the
   * UTF-8 `filename*` form when needed), named `filename` or after the file. Otherwise `res.sendFile`; a
   * relative `path` without `root` is taken from the working directory.
   *
   * @example
   * ```ts
   * app.get('/report', (req, res) => res.download('reports/2024-05.pdf', 'Report May 2024.pdf'));
   * app.get('/export', (req, res) => res.download(file, { headers: { 'Cache-Control': 'no-store' } }));
   * ```
   */
  download(path: string, callback?: SendFileCallback): void;
  download(path: string, filename: string, callback?: SendFileCallback): void;
  download(path: string, options: DownloadOptions, callback?: SendFileCallback): void;
  download(
    path: string,
    filename: string | null | undefined,
    options: DownloadOptions,
    callback?: SendFileCallback,
  ): void;
  /**
   * Sets `Content-Disposition: attachment`, with `filename`'s base name when given, and then the
   * Content-Type of its extension; chainable.
   *
   * @example
   * ```ts
   * app.get('/export.csv', (req, res) => res.attachment('export.csv').send(csvText));
   * ```
   */
  attachment(filename?: string): this;
  /**
   * Appends a `Set-Cookie` header (earlier cookies are kept). An object value is sent as `j:` + JSON;
   * `maxAge` is in milliseconds; `path` defaults to '/'; `signed: true` signs with `req.secret`.
   *
   * @example
   * ```ts
   * res.cookie('theme', 'dark', { maxAge: 30 * 86_400_000, sameSite: 'lax' });
   * res.cookie('cart', { items: [1, 2] }, { httpOnly: true, signed: true });
   * ```
   */
  cookie(name: string, value: unknown, options?: CookieOptions): this;
  /**
   * Expires the cookie `name`: an empty value dated 1 January 1970. Give the same `path` and `domain` it
   * was set with, or the browser keeps it.
   *
   * @example
   * ```ts
   * app.post('/logout', (req, res) => res.clearCookie('sid', { path: '/' }).sendStatus(204));
   * ```
   */
  clearCookie(name: string, options?: CookieOptions): this;
  /**
   * Renders a view with the app's engines (`res.locals` and `locals` merged over `app.locals`) and sends
   * it as HTML, or hands the text to `callback`.
   */
  render(view: string, locals?: Record<string, unknown>, callback?: RenderCallback): void;
  render(view: string, callback: RenderCallback): void;
}

/**
 * What `res.format` takes: a handler per media type or extension (`'text/plain'`, `html`, `json`) and an
 * optional `default`. Each is called with the request, the response and the router's `next` when there is one.
 *
 * @example
 * ```ts
 * const handlers: FormatHandlers = { json: (_req, res) => res.json({ ok: true }) };
 * ```
 */
export interface FormatHandlers {
  [type: string]: FormatHandler | undefined;
  default?: FormatHandler;
}

/** One handler of {@link FormatHandlers}. */
export type FormatHandler = (
  req: KitRequest,
  res: KitResponse,
  next: ((err?: unknown) => void) | undefined,
) => unknown;
