/** The application: a Router with an error handler, plugins, and a node:http server it starts and stops. */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { warnAboutJwtSecret } from './auth/secret-check.js';
import { KitError } from './errors.js';
import { markFactory } from './factory-guard.js';
import { sendError, sendNotFound } from './final-handler.js';
import { logFailure, logger, serializedError } from './logger.js';
import { KitRequest } from './request.js';
import { KitResponse } from './response.js';
import { splitTarget } from './router/canonical-path.js';
import { Dispatch } from './router/dispatch.js';
import { Router } from './router/router.js';
import type { AppErrorHandler, KitApp, Plugin, ServerTimeouts } from './types.js';

/** Options of `kit()`: the server timeouts `listen` applies (Node's defaults when left out). */
export type KitOptions = ServerTimeouts;

/** How long `close()` waits for in-flight requests before cutting connections, in milliseconds. */
const DEFAULT_CLOSE_TIMEOUT = 10_000;

// Not `implements KitApp`: a KitApp is also callable, which the Proxy made by `kit()` adds (APP-012).
class App extends Router {
  readonly settings: ServerTimeouts;
  readonly handler = (req: IncomingMessage, res: ServerResponse): void => this.handleRequest(req, res);
  private errorHandler: AppErrorHandler | undefined = undefined;
  private readonly servers = new Set<Server>();
  private readonly closeHooks: Array<() => void | Promise<void>> = [];
  private closing = false;
  private closingRun: Promise<void> | undefined = undefined;

  constructor(options: KitOptions = {}) {
    super();
    this.settings = { ...options };
  }

  // APP-004, APP-005: a plugin runs at once; a promise it returns makes register return a promise of the app.
  register<Options = Record<string, unknown>>(
    plugin: Plugin<Options>,
    options?: Options,
  ): KitApp | Promise<KitApp> {
    if (typeof plugin !== 'function') throw new TypeError('register(plugin): plugin must be a function');
    // Called through the app's Proxy, `this` is that callable app: the one plugins must be given.
    const self = this as unknown as KitApp;
    const result = plugin(self, (options ?? {}) as Options);
    if (result !== undefined && result !== null && typeof (result as Promise<void>).then === 'function') {
      return (result as Promise<void>).then(() => self);
    }
    return self;
  }

  // ERR-003: the function answers every error no error middleware finished, wherever it was installed.
  setErrorHandler(fn: AppErrorHandler): this {
    if (typeof fn !== 'function') throw new TypeError('setErrorHandler(fn): fn must be a function');
    this.errorHandler = fn;
    return this;
  }

  onClose(fn: () => void | Promise<void>): this {
    if (typeof fn !== 'function') throw new TypeError('onClose(fn): fn must be a function');
    this.closeHooks.push(fn);
    return this;
  }

  // APP-003: a real node:http server per call; no port (or a callback first) means a free one.
  listen(...args: unknown[]): Server {
    const options: Record<string, unknown> = { IncomingMessage: KitRequest, ServerResponse: KitResponse };
    // APP-008: Node's own timeouts stay on unless kit({ ... }) sets them.
    const { requestTimeout, headersTimeout, keepAliveTimeout } = this.settings;
    if (requestTimeout !== undefined) options.requestTimeout = requestTimeout;
    if (headersTimeout !== undefined) options.headersTimeout = headersTimeout;
    // Node checks these timeouts only every 30 s by default; short timeouts need a tighter check.
    const shortest = Math.min(requestTimeout ?? Infinity, headersTimeout ?? Infinity);
    if (shortest !== Infinity)
      options.connectionsCheckingInterval = clamp(Math.floor(shortest / 2), 50, 30_000);
    // HARD-004, HARD-005: Node's strict parser with its default limits; pipelined requests answered in order.
    const server = createServer(options, this.handler);
    if (keepAliveTimeout !== undefined) server.keepAliveTimeout = keepAliveTimeout;
    this.servers.add(server);
    server.once('close', () => this.servers.delete(server));
    // Node's own argument forms (port, host, backlog, callback) pass through; no port means a free one.
    if (args.length === 0 || typeof args[0] === 'function' || args[0] === undefined) {
      args = [0, ...args.filter((arg) => arg !== undefined)];
    }
    (server.listen as (...listenArgs: unknown[]) => Server)(...args);
    warnAboutJwtSecret(this.stack);
    return server;
  }

  // APP-007: stop accepting, let requests finish, 503 to late ones, cut at `timeout`, then the onClose hooks.
  close(options: { timeout?: number } = {}): Promise<void> {
    // One shutdown at a time: a second call (a signal handler and a test teardown, say) joins the first
    // instead of running the hooks early, while requests are still in flight.
    this.closingRun ??= this.shutDown(options.timeout ?? DEFAULT_CLOSE_TIMEOUT).finally(() => {
      this.closingRun = undefined;
      this.closing = false;
    });
    return this.closingRun;
  }

  private async shutDown(timeout: number): Promise<void> {
    this.closing = true;
    await Promise.all([...this.servers].map((server) => drain(server, timeout)));
    let failure: unknown;
    for (const hook of this.closeHooks) {
      try {
        await hook();
      } catch (err) {
        logger.error({ err }, 'an onClose hook failed');
        failure ??= err;
      }
    }
    if (failure !== undefined) throw failure;
  }

  /** The entry point of every request: canonical path, then the stack, then 404 or the error handler. */
  private handleRequest(incoming: IncomingMessage, response: ServerResponse): void {
    const req = adoptRequest(incoming);
    const res = adoptResponse(response);
    const url = req.url ?? '/';
    req.originalUrl = url;
    const { path, search, fault } = splitTarget(url);
    if (path + search !== url) req.url = path + search;
    req.kitPath = path;
    req.kitSearch = search;
    req.res = res;
    if (this.closing) {
      res.setHeader('Connection', 'close');
      sendError(new KitError('KIT_ERR_SERVER_CLOSING'), req, res);
      return;
    }
    if (fault !== undefined) {
      // ROUTE-018, ROUTE-019: no middleware, route or file lookup ever sees a path that has no canonical
      // form; the app's error handler still shapes the 400.
      this.finish(new KitError(fault), req, res);
      return;
    }
    new Dispatch(this.stack, req, res, (err) => this.finish(err, req, res)).start();
  }

  private finish(err: unknown, req: KitRequest, res: KitResponse): void {
    if (!err) {
      sendNotFound(req, res);
      return;
    }
    const handler = this.errorHandler;
    // ERR-009: once the headers went out the handler could not answer: nothing it wrote could reach the
    // client intact. The default path logs the error and cuts the connection (or, after a complete
    // response, only logs it).
    if (handler === undefined || res.headersSent) {
      sendError(err, req, res);
      return;
    }
    // ERR-007, HARD-001: a failing error handler gets the default answer for its own error; both are logged.
    const failed = (thrown: unknown): void => {
      logFailure('error', { err: thrown, original: serializedError(err) }, 'the error handler itself failed');
      const usable = thrown !== null && typeof thrown === 'object';
      sendError(usable ? thrown : new KitError('KIT_ERR_HANDLER_REJECTED'), req, res);
    };
    try {
      const result = handler(err, req, res);
      if (result !== undefined && result !== null && typeof (result as Promise<void>).then === 'function') {
        (result as Promise<void>).then(undefined, failed);
      }
    } catch (thrown) {
      failed(thrown);
    }
  }
}

function clamp(value: number, low: number, high: number): number {
  return Math.min(high, Math.max(low, value));
}

// HARD-007: idle keep-alive connections are reaped at once, not after keepAliveTimeout.
/** Stops accepting, lets in-flight requests finish, reaps idle keep-alive sockets, cuts the rest at `timeout`. */
function drain(server: Server, timeout: number): Promise<void> {
  return new Promise((resolve) => {
    const stop = (): void => {
      const reaper = setInterval(() => server.closeIdleConnections(), 25);
      const force = setTimeout(() => server.closeAllConnections(), timeout);
      server.close(() => {
        clearInterval(reaper);
        clearTimeout(force);
        resolve();
      });
      server.closeIdleConnections();
    };
    if (server.listening) stop();
    else {
      // Closed right after listen(): wait for the bind, or the port would stay taken after close().
      server.once('listening', stop);
      server.once('error', () => resolve());
    }
  });
}

/** A request from a server kitjs did not create (`http.createServer(app.handler)`) gets kitjs's prototype. */
function adoptRequest(req: IncomingMessage): KitRequest {
  if (req instanceof KitRequest) return req;
  Object.setPrototypeOf(req, KitRequest.prototype);
  const adopted = req as KitRequest;
  adopted.params = {};
  adopted.body = undefined;
  adopted.baseUrl = '';
  return adopted;
}

function adoptResponse(res: ServerResponse): KitResponse {
  if (!(res instanceof KitResponse)) Object.setPrototypeOf(res, KitResponse.prototype);
  return res as KitResponse;
}

/**
 * Creates an independent kitjs application.
 *
 * @example
 * ```ts
 * import kit, { json } from 'kitjs';
 * const app = kit();
 * app.use(json());
 * app.get('/users/:id', (req, res) => res.json({ id: req.params.id }));
 * app.listen(3000, () => console.log('listening on 3000'));
 * ```
 */
export function kit(options?: KitOptions): KitApp {
  // APP-001: every call builds a new App; routes, middleware, handlers and settings live on that instance.
  return asRequestListener(new App(options));
}
markFactory(kit, 'kit()');

/**
 * APP-012: the app is also a function, `(req, res)`, so `http.createServer(app)`, `https.createServer(opts,
 * app)` and supertest's `request(app)` work as with Express. A Proxy around an arrow function forwards every
 * property to the App, so methods, state and `instanceof` are the App's; `listen()` hands Node the App's own
 * `handler`, so requests of a server kitjs starts never pass through the Proxy.
 */
function asRequestListener(app: App): KitApp {
  const listener = (req: IncomingMessage, res: ServerResponse): void => app.handler(req, res);
  return new Proxy(listener, {
    // Names the App lacks (`apply`, `call`, `bind`: Node's emit calls `listener.apply`) are the function's.
    get: (target, key) => (key in app ? Reflect.get(app, key, app) : Reflect.get(target, key)),
    set: (_target, key, value) => Reflect.set(app, key, value, app),
    has: (target, key) => Reflect.has(app, key) || Reflect.has(target, key),
    deleteProperty: (_target, key) => Reflect.deleteProperty(app, key),
    defineProperty: (_target, key, descriptor) => Reflect.defineProperty(app, key, descriptor),
    getOwnPropertyDescriptor: (_target, key) => Reflect.getOwnPropertyDescriptor(app, key),
    ownKeys: () => Reflect.ownKeys(app),
    getPrototypeOf: () => Reflect.getPrototypeOf(app),
  }) as unknown as KitApp;
}
