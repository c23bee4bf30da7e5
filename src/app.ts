/** The application: a Router with an error handler, plugins, and a node:http server it starts and stops. */
import { EventEmitter } from 'node:events';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { adoptForeign } from './app-foreign.js';
import { asRequestListener } from './app-listener.js';
import { type AppLike, mixInEventEmitter, mountArguments, settleMount } from './app-mount.js';
import { appErrorPath, renderView, responseRender } from './app-render.js';
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
import type {
  AppErrorHandler,
  KitApp,
  KitRequest,
  KitResponse,
  NextFunction,
  PathList,
  Plugin,
  RenderCallback,
  ServerTimeouts,
  ViewEngine,
} from './types.js';
import type { View } from './view.js';

/** Options of `kit()`: the server timeouts `listen` applies (Node's defaults when left out). */
export type KitOptions = ServerTimeouts;

// Not `implements KitApp`: a KitApp is also callable, which the Proxy made by `kit()` adds (APP-012).
class App extends Router implements AppLike {
  /** Express's settings table (EXP-002); kit()'s server timeouts are kept in it under their own names. */
  settings: AppSettings;
  /** Application-wide values, as Express's `app.locals` (EXP-005). */
  locals: Record<string, unknown> = Object.create(null);
  /** EXP-004: where the app is mounted in its parent (`'/'` until it is), as `use` was given it. */
  mountpath: string | RegExp | PathList = '/';
  /** EXP-004: the app this one is mounted in. */
  parent: KitApp | undefined = undefined;
  /** EXP-009: the template engines by extension (`.html`), from `app.engine`; a sub-app's inherit its parent's. */
  engines: Record<string, ViewEngine> = Object.create(null);
  /** EXP-009: views looked up once while `view cache` is on, by name. */
  cache: Record<string, View> = Object.create(null);
  /** EXP-004: true until `trust proxy` is set: a mounted app then trusts what its parent trusts. */
  trustProxyDefault = true;
  /** EXP-008: this app's own request and response prototypes, made on first use of `app.request`/`response`. */
  private requestProto: object | undefined = undefined;
  private responseProto: object | undefined = undefined;
  // EXP-004: two of the EventEmitter methods mixed into App.prototype below (KitApp types them all).
  declare on: EventEmitter['on'];
  declare emit: EventEmitter['emit'];
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
    // EXP-004: an EventEmitter, as an Express app is; Express's own `mount` listener comes first.
    (EventEmitter as unknown as (this: unknown) => void).call(this);
    this.on('mount', (parent: KitApp) => settleMount(this, parent));
  }

  /** EXP-008: the prototype of this app's requests; members added here reach only its requests. */
  get request(): object {
    this.requestProto ??= Object.create(this.parent ? this.parent.request : KitIncomingMessage.prototype);
    return this.requestProto as object;
  }

  /** EXP-008: the prototype of this app's responses; members added here reach only its responses. */
  get response(): object {
    this.responseProto ??= Object.create(this.parent ? this.parent.response : KitServerResponse.prototype);
    return this.responseProto as object;
  }

  /** EXP-004: re-bases prototypes made before the app was mounted on its parent's (the `mount` listener). */
  rebase(parent: KitApp): void {
    if (this.requestProto !== undefined) Object.setPrototypeOf(this.requestProto, parent.request);
    if (this.responseProto !== undefined) Object.setPrototypeOf(this.responseProto, parent.response);
  }

  // EXP-004: a sub-app given to `use` learns where it is mounted and hears `mount`, as in Express.
  override use(...args: unknown[]): this {
    const { path, apps } = mountArguments(args);
    (super.use as (...forms: unknown[]) => this)(...args);
    for (const sub of apps) {
      sub.mountpath = path ?? '/';
      sub.parent = this.self;
      sub.emit('mount', this.self);
    }
    return this;
  }

  /** EXP-004: the full path the app is mounted at ('' for a top-level app). */
  path(): string {
    return this.parent ? this.parent.path() + String(this.mountpath) : '';
  }

  // EXP-009: Express's app.engine: the function that renders files of that extension.
  engine(ext: string, fn: ViewEngine): KitApp {
    if (typeof fn !== 'function') throw new TypeError('app.engine(ext, fn): fn must be a function');
    if (typeof ext !== 'string' || ext === '')
      throw new TypeError('app.engine(ext, fn): ext must be a string');
    this.engines[ext.charCodeAt(0) === 46 ? ext : `.${ext}`] = fn;
    return this.self;
  }

  /** EXP-009: renders the view `name` with `app.locals` and `options` merged; the callback gets the text. */
  render(name: string, options?: Record<string, unknown> | RenderCallback, callback?: RenderCallback): void {
    renderView(this, name, options, callback);
  }

  // EXP-002: Express's settings. `get(name)` with one argument reads a setting; with handlers it is a route.
  set(name: string, ...value: unknown[]): unknown {
    if (value.length === 0) return this.settings[name];
    assignSetting(this.settings, name, value[0]);
    if (name === 'trust proxy') this.trustProxyDefault = false;
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
    this.enter(req, res);
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

  /**
   * EXP-006: a request entering this app mounted in another: `req.app`/`res.app` (and the app's own
   * prototypes, EXP-008) are this app's until it is done, then the parent's again. An error nothing in it
   * handled goes to its own `setErrorHandler` when it has one, else on to the parent, like its 404.
   */
  override handle(req: KitRequest, res: KitResponse, done: NextFunction): void {
    if (!(req instanceof KitIncomingMessage) || !(res instanceof KitServerResponse)) {
      const adopted = adoptForeign(req, res, done);
      if (adopted !== undefined) this.handle(adopted.req, adopted.res, adopted.next);
      return;
    }
    const outer = req.app;
    const requestProto = Object.getPrototypeOf(req) as object;
    const responseProto = Object.getPrototypeOf(res) as object;
    this.enter(req, res);
    super.handle(req, res, (err) => {
      if (err && this.errorHandler !== undefined) {
        this.finish(err, req, res);
        return;
      }
      req.app = outer;
      res.app = outer;
      if (this.requestProto !== undefined) Object.setPrototypeOf(req, requestProto);
      if (this.responseProto !== undefined) Object.setPrototypeOf(res, responseProto);
      done(err);
    });
  }

  /** The app's error path for a failure outside the stack (res.render's engine calling back late, EXP-009). */
  [appErrorPath](err: unknown, req: KitRequest, res: KitResponse): void {
    this.finish(err, req, res);
  }

  /** Makes the request and response this app's: `req.app`, `res.app`, its prototypes and X-Powered-By. */
  private enter(req: KitRequest, res: KitResponse): void {
    // EXP-005: the app serving the request, for the members that read its settings.
    req.app = this.self;
    res.app = this.self;
    // EXP-008: only an app that touched `app.request`/`app.response` pays for a prototype change.
    if (this.requestProto !== undefined) Object.setPrototypeOf(req, this.requestProto);
    if (this.responseProto !== undefined) Object.setPrototypeOf(res, this.responseProto);
    // EXP-003: Express's banner, off in kit()'s defaults.
    if (this.settings['x-powered-by'] && !res.headersSent) res.setHeader('X-Powered-By', 'Express');
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

/** `express.application`: the prototype every app's methods come from (EXP-001). */
export const applicationPrototype: object = App.prototype;

// EXP-004: Express apps are EventEmitters (`on`, `once`, `emit`...), mixed in as Express mixes them in.
mixInEventEmitter(App.prototype);

// EXP-009: res.render lives with the views; attached here, where the app that reads its settings is made.
(KitServerResponse.prototype as unknown as { render: unknown }).render = responseRender;
