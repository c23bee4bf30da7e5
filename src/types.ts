/** The public types of kitjs: request, response, handlers, app, router and plugin shapes. */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';

/** The claims kitjs's token helpers sign and `authMiddleware` puts on `req.user`. */
export interface TokenPayload {
  id: string | number;
  email: string;
  [claim: string]: unknown;
}

/** The request kitjs hands to every handler: Node's `IncomingMessage` plus Express's conveniences. */
export interface KitRequest extends IncomingMessage {
  /** Route parameters; a wildcard's capture is `params[0]`. Values are percent-decoded. */
  params: Record<string, string>;
  /** The query string, parsed lazily; every value is a string (the first one when a key repeats). */
  readonly query: Record<string, string>;
  /** The parsed body, set by `json()`, `urlencoded()` or `customParser`; `undefined` before. */
  body: unknown;
  /** The canonical path without the query string, relative to the prefix the request was mounted under. */
  readonly path: string;
  /** The Host header without its port (IPv6 literals keep their brackets). */
  readonly hostname: string;
  /** The remote address of the client's socket. */
  readonly ip: string;
  /** Per-request storage, the same object as `res.locals`. */
  locals: Record<string, unknown>;
  /** The URL as it arrived, before any prefix was stripped. */
  originalUrl: string;
  /** The prefix under which the current middleware or router is mounted ('' at the top). */
  baseUrl: string;
  /** Set by `authMiddleware` to the verified token's payload. */
  user?: TokenPayload;
  /** The response that belongs to this request. */
  res?: KitResponse;
  /** A header, case-insensitively; `referer` and `referrer` are one header. */
  get(name: string): string | undefined;
  /** The request's media type when it matches `type` (`json`, `text/*`, `+json`, a full type), else false. */
  is(type: string | string[]): string | false;
}

/** The response kitjs hands to every handler: Node's `ServerResponse` plus Express's senders. */
export interface KitResponse extends ServerResponse<KitRequest> {
  /** Per-request storage, the same object as `req.locals`. */
  locals: Record<string, unknown>;
  /** Sets the status code (an integer from 100 to 999); chainable. */
  status(code: number): this;
  /** Sends `obj` as JSON with `Content-Type: application/json; charset=utf-8`. */
  json(obj: unknown): void;
  /** Sends a string as text/html, a Buffer as application/octet-stream, anything else as JSON. */
  send(body?: unknown): void;
  /** Sends the status code with its status text as a text/plain body. */
  sendStatus(code: number): void;
  /** Redirects to `url` (302 unless a 3xx status is given, before or after the URL). */
  redirect(url: string, status?: number): void;
  redirect(status: number, url: string): void;
  /** Sets one header, or several from an object; chainable. */
  set(field: string, value: string | number | readonly string[]): this;
  set(fields: Record<string, string | number | readonly string[]>): this;
  /** Sets Content-Type from an extension (`json`, `html`) or a full media type; chainable. */
  type(contentType: string): this;
}

/** What `next` accepts: nothing to go on, an error to fail, `'route'` or `'router'` to skip ahead. */
export type NextFunction = (err?: unknown) => void;

/** A route handler or ordinary middleware. */
export type RequestHandler = (req: KitRequest, res: KitResponse, next: NextFunction) => void | Promise<void>;

/** Four-argument error middleware, called only while an error is being handled. */
export type ErrorHandler = (
  err: unknown,
  req: KitRequest,
  res: KitResponse,
  next: NextFunction,
) => void | Promise<void>;

/** The app-wide error handler installed with `setErrorHandler`. */
export type AppErrorHandler = (err: unknown, req: KitRequest, res: KitResponse) => void | Promise<void>;

/** Anything `use` accepts as a handler. */
export type Middleware = RequestHandler | ErrorHandler;

/** A plugin: receives the app and the options given to `register`; may be async. */
export type Plugin<Options = Record<string, unknown>> = (
  app: KitApp,
  options: Options,
) => void | Promise<void>;

/** The HTTP methods with a registrar of their own. */
export type HttpMethodName = 'get' | 'post' | 'put' | 'patch' | 'delete' | 'head' | 'options';

/** A method registrar on an app or router: a path and one or more handlers. */
export type PathRegistrar<Self> = (path: string, ...handlers: Array<Middleware | Middleware[]>) => Self;

/** The chainable object `route(path)` returns: method registrars that take only handlers. */
export interface Route {
  readonly path: string;
  get(...handlers: Array<Middleware | Middleware[]>): Route;
  post(...handlers: Array<Middleware | Middleware[]>): Route;
  put(...handlers: Array<Middleware | Middleware[]>): Route;
  patch(...handlers: Array<Middleware | Middleware[]>): Route;
  delete(...handlers: Array<Middleware | Middleware[]>): Route;
  head(...handlers: Array<Middleware | Middleware[]>): Route;
  options(...handlers: Array<Middleware | Middleware[]>): Route;
  all(...handlers: Array<Middleware | Middleware[]>): Route;
}

/** What can be mounted with `use`: a handler, or a router (anything with a `handle` dispatcher). */
export interface Mountable {
  handle(req: KitRequest, res: KitResponse, done: NextFunction): void;
}

/** The registration surface an app and a router share. */
export interface RouterLike<Self> {
  get: PathRegistrar<Self>;
  post: PathRegistrar<Self>;
  put: PathRegistrar<Self>;
  patch: PathRegistrar<Self>;
  delete: PathRegistrar<Self>;
  head: PathRegistrar<Self>;
  options: PathRegistrar<Self>;
  all: PathRegistrar<Self>;
  use(...handlers: Array<Middleware | Mountable | Middleware[]>): Self;
  use(path: string, ...handlers: Array<Middleware | Mountable | Middleware[]>): Self;
  route(path: string): Route;
}

/** Options of `listen` and of the server kitjs creates; Node's timeouts stay on by default. */
export interface ServerTimeouts {
  /** Milliseconds to receive a whole request (Node default 300 000). */
  requestTimeout?: number;
  /** Milliseconds to receive the headers (Node default 60 000). */
  headersTimeout?: number;
  /** Milliseconds an idle keep-alive socket is kept (Node default 5 000). */
  keepAliveTimeout?: number;
}

/** The application `kit()` returns. */
export interface KitApp extends RouterLike<KitApp> {
  /** The app is a request listener: `http.createServer(app)`, `https.createServer(options, app)`, supertest. */
  (req: IncomingMessage, res: ServerResponse): void;
  /** Registers a plugin; returns a promise of the app when the plugin is async. */
  register<Options = Record<string, unknown>>(
    plugin: Plugin<Options>,
    options?: Options,
  ): KitApp | Promise<KitApp>;
  /** Installs the app-wide error handler that receives every `next(err)` nothing else handled. */
  setErrorHandler(fn: AppErrorHandler): KitApp;
  /** Starts an HTTP server (port 0 picks a free port) and returns Node's `http.Server`. */
  listen(callback?: () => void): Server;
  listen(port: number, callback?: () => void): Server;
  listen(port: number, host: string, callback?: () => void): Server;
  listen(port: number, host: string, backlog: number, callback?: () => void): Server;
  /** The request listener, for `http.createServer(app.handler)` or tests. */
  readonly handler: (req: IncomingMessage, res: ServerResponse) => void;
  /** Server timeouts applied by `listen`. */
  readonly settings: ServerTimeouts;
  /** Stops the server `listen` started: refuses new work, lets in-flight requests finish, then closes. */
  close(options?: { timeout?: number }): Promise<void>;
  /** Registers a function to run when `close()` has stopped the server (database managers use it). */
  onClose(fn: () => void | Promise<void>): KitApp;
  /** The routes registered so far, as method and path pairs (for docs drift checks and tooling). */
  routes(): Array<{ method: string; path: string }>;
}
