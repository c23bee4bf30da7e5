/** The application: a Router with an error handler, plugins, and a node:http server it starts and stops. */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { warnAboutJwtSecret } from './auth/secret-check.js';
import { KitError } from './errors.js';
import { markFactory } from './factory-guard.js';
import { sendError, sendNotFound } from './final-handler.js';
import { logFailure, serializedError } from './logger.js';
import { KitIncomingMessage } from './request.js';
import { KitServerResponse } from './response.js';
import { splitTarget } from './router/canonical-path.js';
import { Dispatch } from './router/dispatch.js';
import type { MatchOptions } from './router/express-pattern.js';
import { Router } from './router/router.js';
import { AppServers } from './server.js';
import { type AppSettings, assignSetting, defaultSettings, type SettingsFlavour } from './settings.js';
import type { AppErrorHandler, KitApp, KitRequest, KitResponse, Plugin, ServerTimeouts } from './types.js';

/** Options of `kit()`: the server timeouts `listen` applies (Node's defaults when left out). */
export type KitOptions = ServerTimeouts;

// Not `implements KitApp`: a KitApp is also callable, which the Proxy made by `kit()` adds (APP-012).
class App extends Router {
  /** Express's settings table (EXP-002); kit()'s server timeouts are kept in it under their own names. */
  settings: AppSettings;
  /** Application-wide values, as Express's `app.locals` (EXP-005). */
  locals: Record<string, unknown> = Object.create(null);
  readonly handler = (req: IncomingMessage, res: ServerResponse): void => this.handleRequest(req, res);
  /** The callable app (the Proxy `kit()` returns): what `req.app`, `res.app` and plugins are given. */
  self: KitApp = this as unknown as KitApp;
  private errorHandler: AppErrorHandler | undefined = undefined;
  private readonly servers: AppServers;

  constructor(options: KitOptions = {}, flavour: SettingsFlavour = 'kit') {
    super();
    this.settings = defaultSettings(flavour);
    for (const [name, value] of Object.entries(options)) {
      if (value !== undefined) assignSetting(this.settings, name, value);
    }
    this.locals.settings = this.settings;
    this.servers = new AppServers(this.settings as ServerTimeouts);
  }

  // EXP-002: Express's settings. `get(name)` with one argument reads a setting; with handlers it is a route.
  set(name: string, ...value: unknown[]): unknown {
    if (value.length === 0) return this.settings[name];
    assignSetting(this.settings, name, value[0]);
    return this.self;
  }

  override get(...args: unknown[]): this {
    if (args.length === 1 && typeof args[0] === 'string') return this.settings[args[0]] as this;
    return (super.get as (...forms: unknown[]) => this)(...args);
  }

  // XROUTE-005: an app's routes compare paths as its settings say when each route is registered.
  protected override matchOptions(): MatchOptions {
    return {
      caseSensitive: Boolean(this.settings['case sensitive routing']),
      strict: Boolean(this.settings['strict routing']),
    };
  }

  enable(name: string): KitApp {
    return this.set(name, true) as KitApp;
  }

  disable(name: string): KitApp {
    return this.set(name, false) as KitApp;
  }

  enabled(name: string): boolean {
    return Boolean(this.settings[name]);
  }

  disabled(name: string): boolean {
    return !this.settings[name];
  }

  // APP-004, APP-005: a plugin runs at once; a promise it returns makes register return a promise of the app.
  register<Options = Record<string, unknown>>(
    plugin: Plugin<Options>,
    options?: Options,
  ): KitApp | Promise<KitApp> {
    if (typeof plugin !== 'function') throw new TypeError('register(plugin): plugin must be a function');
    const self = this.self;
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
    this.servers.onClose(fn);
    return this;
  }

  listen(...args: unknown[]): Server {
    const server = this.servers.listen(this.handler, args);
    warnAboutJwtSecret(this.stack);
    return server;
  }

  close(options: { timeout?: number } = {}): Promise<void> {
    return this.servers.close(options.timeout);
  }

  /** The entry point of every request: canonical path, then the stack, then 404 or the error handler. */
  private handleRequest(incoming: IncomingMessage, response: ServerResponse): void {
    const req = KitIncomingMessage.adopt(incoming);
    const res = KitServerResponse.adopt(response);
    const url = req.url ?? '/';
    req.originalUrl = url;
    const { path, search, fault } = splitTarget(url);
    if (path + search !== url) req.url = path + search;
    req.kitPath = path;
    req.kitSearch = search;
    req.res = res;
    // EXP-005: the app serving the request, for the members that read its settings.
    req.app = this.self;
    res.app = this.self;
    if (this.servers.closing) {
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
    new Dispatch(this.stack, req, res, (err) => this.finish(err, req, res), this).start();
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
  return createApp(options, 'kit');
}

/** An app with the defaults of `flavour`: kitjs's own for `kit()`, Express 4's for `kitjs/express` (EXP-003). */
export function createApp(options: KitOptions | undefined, flavour: SettingsFlavour): KitApp {
  // APP-001: every call builds a new App; routes, middleware, handlers and settings live on that instance.
  const app = new App(options, flavour);
  app.self = asRequestListener(app);
  return app.self;
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
