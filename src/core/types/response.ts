/** The response's own members: Express 4's senders, headers, files, cookies and views. */
import type { CookieOptions, DownloadOptions, SendFileCallback, SendFileOptions } from './response-files.js';
import type { Declared, RouteGeneric } from './route-params.js';
import type { StatusResponse } from './route-schema.js';
import type { RenderCallback } from './views.js';

/**
 * What a response has beyond Node's `ServerResponse`: Express's senders and helpers. `KitResponse` is these,
 * plus `app` and `format` (whose handlers take the request and response themselves).
 *
 * @example
 * ```ts
 * app.get('/users/:id', (req, res) => res.status(200).set('Cache-Control', 'no-store').json({ id: req.params.id }));
 * ```
 */
export interface ResponseMembers<Route extends RouteGeneric = {}> {
  /** Per-request storage, the same object as `req.locals`. */
  locals: Record<string, unknown>;
  /**
   * Sets the status code (an integer from 100 to 999, else a RangeError); chainable. On a route whose
   * `schema.response` types its replies, the `json` and `send` it returns take that status's reply.
   *
   * @example
   * ```ts
   * res.status(201).json({ id });
   * ```
   */
  status<Code extends number>(code: Code): StatusResponse<this, Route, Code>;
  /**
   * Sends `obj` as JSON with `Content-Type: application/json; charset=utf-8`, honouring the app's
   * `json replacer`, `json spaces` and `json escape` settings. A second argument is a TypeError in a kit()
   * app (Express 4's `(status, obj)` form is kitjs/express's: write `res.status(201).json(obj)`).
   *
   * @example
   * ```ts
   * res.json({ id: 1 });
   * ```
   */
  json(obj: Declared<Route, 'Reply', unknown>): void;
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
  /**
   * Sends a string as text/html, a Buffer as application/octet-stream, anything else as JSON (a Content-Type
   * set earlier wins; kitjs/express adds `charset=utf-8` to it for a string). With the app's `etag` setting
   * on, the body gets an ETag, and a fresh conditional GET is answered 304. A second argument is a TypeError in a kit() app
   * (Express 4's `(status, body)` form is kitjs/express's).
   *
   * @example
   * ```ts
   * res.send('<p>hello</p>');
   * ```
   */
  send(body?: Declared<Route, 'Reply', unknown> | string | Uint8Array): void;
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
   * The same as {@link ResponseMembers.set} (Express's other name for it).
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
   * The same as {@link ResponseMembers.type} (Express's other name for it).
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
