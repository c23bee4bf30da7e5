/** The application: a Router with settings, an error handler, plugins, and the node:http servers it starts. */
import type { EventEmitter } from 'node:events';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { KitError, setupError } from '../base/errors.js';
import { markFactory } from '../base/factory-guard.js';
import { appLogger } from './app/app-logger.js';
import { AppState } from './app/app-state.js';
import { ConfigurableRouter } from './app/configurable.js';
import { AppContext } from './app/context.js';
import { finishRequest } from './app/error-path.js';
import type { Flavour } from './app/flavour.js';
import { adoptForeign } from './app/foreign.js';
import { kitFlavour } from './app/kit-flavour.js';
import { runListenHooks } from './app/listen-hooks.js';
import { type AppLike, mixInEventEmitter, mountArguments } from './app/mount.js';
import type { KitOptions } from './app/options.js';
import { errorFormat } from './final-handler.js';
import { injectInto } from './observe/inject.js';
import { observeApp, observeRequest } from './observe/observe-app.js';
import type { InternalRequest } from './request/internal.js';
import { KitIncomingMessage } from './request.js';
import { KitServerResponse } from './response.js';
import { CALLABLE, lendFunctionMembers } from './router/callable.js';
import { type PathFault, splitTarget } from './router/canonical-path.js';
import { Dispatch } from './router/dispatch.js';
import type { Layer } from './router/layer.js';
import { refusedStack } from './router/refused-stack.js';
import { SchemaCompilers } from './schema/compilers.js';
import { AppServers, closeOptions } from './server.js';
import { assignSetting } from './settings.js';
import type { InjectOptions, InjectResponse } from './types/observe.js';
import type {
  AppErrorHandler,
  CloseOptions,
  KitApp,
  KitAppMembers,
  KitRequest,
  KitResponse,
  NextFunction,
  NotFoundHandler,
  PathList,
  Plugin,
  ServerTimeouts,
} from './types.js';
import { appErrorPath } from './views/render.js';

export type { KitOptions } from './app/options.js';

/**
 * The app `kit()` returns, and the class every flavour's App extends (`flavours/express4/app.ts`...): a
 * function `(req, res, next?)` whose prototype is its class's (APP-012, {@link CALLABLE}), made of one
 * flavour (`app/flavour.ts`). Its own properties are its state, as an Express app's are: `settings`,
 * `locals`, `mountpath`, `stack`, `mergeParams` and EventEmitter's; the rest is private.
 */
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: mixInEventEmitter below defines the merged members.
export class App extends ConfigurableRouter implements AppLike, KitAppMembers<App> {
  /**
   * APP-012: an app is a function, `(req, res)`, so `http.createServer(app)`, `https.createServer(opts, app)`
   * and supertest's `request(app)` work as with Express; with a `next` (Express's `app(req, res, next)`,
   * EXP-006) it runs as a middleware, and what it does not answer goes on. Named `app`, as util.inspect shows
   * an Express app; `handle` makes a request from outside kitjs a kitjs one first (app/foreign.ts).
   */
  static [CALLABLE] = (): ((...args: never[]) => unknown) => {
    const app = ((req: IncomingMessage, res: ServerResponse, next?: NextFunction): void => {
      if (typeof next === 'function') app.handle(req as KitRequest, res as KitResponse, next);
      else app.handleRequest(req, res);
    }) as unknown as App;
    return app as unknown as (...args: never[]) => unknown;
  };

  /** EXP-004: where the app is mounted in its parent (`'/'` until it is), as `use` was given it. */
  mountpath: string | RegExp | PathList = '/';
  /** Everything else the app keeps, in one object (app/app-state.ts). */
  readonly #state: AppState<App>;

  /** `flavour`: what the app is made of, kit()'s own or that of the subclass calling (app/flavour.ts). */
  constructor(options: KitOptions = {}, flavour: Flavour = kitFlavour) {
    super();
    // `errors` (ERR-013) and `ajv` (SCHEMA-013) are fixed with the app, never settings.
    const { logger, ajv, errors, ...rest } = options;
    const [observe, timeouts] = observeApp(rest);
    for (const [name, value] of Object.entries(timeouts)) {
      if (value !== undefined) assignSetting(this.settings, name, value);
    }
    const context = new AppContext(this as unknown as KitApp, appLogger(logger), flavour);
    context.errors = errorFormat(errors);
    if (ajv !== undefined) context.schemas = new SchemaCompilers(ajv);
    context.refresh(this.settings);
    this.#state = new AppState<App>(
      context,
      new AppServers(this.settings as ServerTimeouts, context.logger, flavour),
      observe?.(context),
      (req, res) => this.handleRequest(req, res),
      (req, res) => this.handleServerRequest(req, res),
    );
    // EXP-004: an EventEmitter, as an Express app is (its fields made by the first listener, as Express's
    // are); Express's own `mount` listener comes first.
    this.on('mount', (parent: KitApp) => {
      this.inherit(parent);
      this.rebase(parent);
    });
  }

  /** The logger this app's failures go to (`kit({ logger })`, else kitjs's `logger`). */
  get log(): Logger {
    return this.#state.context.logger;
  }

  /** EXP-004: the app this one is mounted in; undefined for a top-level app. */
  get parent(): KitApp | undefined {
    return this.#state.parent;
  }

  set parent(app: KitApp | undefined) {
    this.#state.parent = app;
  }

  /** The request listener, for `http.createServer(app.handler)` or tests: the app as `(req, res)`. */
  get handler(): (req: IncomingMessage, res: ServerResponse) => void {
    return this.#state.handler;
  }

  /** EXP-008: the prototype of this app's requests; members added here reach only its requests. */
  get request(): Record<string, unknown> {
    const state = this.#state;
    state.requestProto ??= Object.create(state.parent ? state.parent.request : state.baseRequest);
    return state.requestProto as Record<string, unknown>;
  }

  /** EXP-008: the prototype of this app's responses; members added here reach only its responses. */
  get response(): Record<string, unknown> {
    const state = this.#state;
    state.responseProto ??= Object.create(state.parent ? state.parent.response : state.baseResponse);
    return state.responseProto as Record<string, unknown>;
  }

  /** EXP-004: after mounting, prototypes made before re-base on the parent's, and inherited settings apply. */
  private rebase(parent: KitApp): void {
    const state = this.#state;
    if (state.requestProto !== undefined) Object.setPrototypeOf(state.requestProto, parent.request);
    if (state.responseProto !== undefined) Object.setPrototypeOf(state.responseProto, parent.response);
    this.settingsChanged();
  }

  protected override schemaCompilers(): SchemaCompilers {
    return this.#state.context.schemas;
  }

  /** Recompiles what requests read of the settings after a change outside `app.set` (kitjs/express, EXP-002). */
  refreshSettings(): void {
    this.settingsChanged();
  }

  protected settingsChanged(): void {
    this.#state.context.refresh(this.settings);
    for (const sub of this.#state.subApps) sub.settingsChanged();
  }

  // EXP-004: a sub-app given to `use` learns where it is mounted and hears `mount`, as in Express.
  override use(...args: unknown[]): this {
    const { path, apps } = mountArguments(args);
    (super.use as (...forms: unknown[]) => this)(...args);
    for (const sub of apps) {
      sub.mountpath = path ?? '/';
      sub.parent = this as unknown as KitApp;
      if (sub instanceof App) this.#state.subApps.add(sub);
      sub.emit('mount', this);
    }
    return this;
  }

  /** EXP-004: the full path the app is mounted at ('' for a top-level app). */
  path(): string {
    const parent = this.#state.parent;
    return parent ? parent.path() + String(this.mountpath) : '';
  }

  // APP-004, APP-005: a plugin runs at once; a promise it returns makes register return a promise of the app.
  register<Options = Record<string, unknown>>(
    plugin: Plugin<Options>,
    options?: Options,
  ): KitApp | Promise<KitApp> {
    if (typeof plugin !== 'function')
      throw setupError('KIT_ERR_SETUP_HOOK', 'register(plugin): plugin must be a function');
    const self = this as unknown as KitApp;
    const result = plugin(self, (options ?? {}) as Options);
    if (result !== undefined && result !== null && typeof (result as Promise<void>).then === 'function') {
      return (result as Promise<void>).then(() => self);
    }
    return self;
  }

  // ERR-003: the function answers every error no error middleware finished, wherever it was installed.
  setErrorHandler(fn: AppErrorHandler): this {
    if (typeof fn !== 'function')
      throw setupError('KIT_ERR_SETUP_HOOK', 'setErrorHandler(fn): fn must be a function');
    this.#state.errorHandler = fn;
    return this;
  }

  setNotFoundHandler(fn: NotFoundHandler): this {
    if (typeof fn !== 'function')
      throw setupError('KIT_ERR_SETUP_HOOK', 'setNotFoundHandler(fn): fn must be a function');
    this.#state.notFoundHandler = fn; // ERR-014: it answers what the stack left unanswered, instead of the 404
    return this;
  }

  onClose(fn: () => void | Promise<void>): this {
    this.#state.servers.onClose(fn);
    return this;
  }

  listen(...args: unknown[]): Server {
    // Start-up checks the app's middleware brings (authMiddleware's JWT_SECRET warning, AUTH-014), before
    // any server exists: one may refuse to start (AUTH-018), and must not leave a port open behind it.
    runListenHooks(this.stack, this as unknown as KitApp);
    return this.#state.servers.listen(this.#state.serverHandler, args);
  }

  inject(options: InjectOptions | string): Promise<InjectResponse> {
    return injectInto(this.#state.handler, options); // OBS-009
  }

  close(options: CloseOptions = {}): Promise<void> {
    return this.#state.servers.close(closeOptions(options));
  }

  /** APP-014: true from the start of `close()` until it has finished; a readiness route answers 503 on it. */
  get closing(): boolean {
    return this.#state.servers.closing;
  }

  /**
   * The entry point of the requests of the servers this app started: node:http made them with the flavour's
   * classes (server.ts), so their prototypes are known without reading them (`Object.getPrototypeOf` is a
   * call into V8's runtime here, on every request): the flavour's own, unless the app has its own (EXP-008).
   */
  private handleServerRequest(incoming: IncomingMessage, response: ServerResponse): void {
    // Anything else emitted on the server (`server.emit('request', ...)`) takes the general way in.
    if (!(incoming instanceof KitIncomingMessage) || !(response instanceof KitServerResponse)) {
      this.handleRequest(incoming, response);
      return;
    }
    const state = this.#state;
    if (state.requestProto !== undefined) Object.setPrototypeOf(incoming, state.requestProto);
    if (state.responseProto !== undefined) Object.setPrototypeOf(response, state.responseProto);
    this.begin(incoming, response, state);
  }

  /** The entry point of any other request (`http.createServer(app)`, `app(req, res)`, `app.inject`). */
  private handleRequest(incoming: IncomingMessage, response: ServerResponse): void {
    const state = this.#state;
    const req = KitIncomingMessage.adopt(incoming, state.requestProto ?? state.baseRequest);
    const res = KitServerResponse.adopt(response, state.responseProto ?? state.baseResponse);
    this.usePrototypes(req, res);
    this.begin(req, res, state);
  }

  /** A request of this app, as it arrives: canonical path, then the stack, then 404 or the error handler. */
  private begin(req: KitIncomingMessage, res: KitServerResponse, state: AppState<App>): void {
    const url = req.url ?? '/';
    req.originalUrl = url;
    const { path, search, fault } = splitTarget(url, state.context.flavour.keepsEmptySegments);
    if (path + search !== url) req.url = path + search;
    req.kitPath = path;
    req.kitSearch = search;
    req.res = res;
    this.enterContext(req, res, state.context);
    if (state.observed !== undefined) observeRequest(state.observed, req, res, this);
    // APP-007, APP-014: every answer written while closing ends its connection; while the listeners still
    // serve (the delay) the request is served, once they are closed it is refused through the error path.
    if (state.servers.closing && state.servers.refusesWhileClosing(req, res)) {
      this.finish(new KitError('KIT_ERR_SERVER_CLOSING'), req, res);
      return;
    }
    const stack = fault === undefined ? this.stack : this.refused(fault);
    new Dispatch(stack, req, res, (err) => this.finish(err, req, res), this).start();
  }

  /**
   * ROUTE-018, ROUTE-019: a path with no canonical form runs the app's front middleware (headers, cors,
   * loggers), then its error path with the 400; no route, mount, prefixed middleware or file lookup sees it.
   */
  private refused(fault: PathFault): Layer[] {
    return refusedStack(this.stack, new KitError(fault));
  }

  /**
   * EXP-006: a request entering this app mounted in another: `req.app`/`res.app` (and the app's own
   * prototypes, EXP-008) are this app's until it is done, then the parent's again. An error nothing in it
   * handled goes to its own `setErrorHandler` when it has one, else on to the parent, like its 404.
   */
  override handle(req: KitRequest, res: KitResponse, done: NextFunction): void {
    if (req instanceof KitIncomingMessage && res instanceof KitServerResponse) {
      this.run(req, res, done, this.stack);
      return;
    }
    const adopted = adoptForeign(req, res, done, this.#state.context.flavour.keepsEmptySegments);
    const stack = adopted.fault === undefined ? this.stack : this.refused(adopted.fault);
    this.run(adopted.req as InternalRequest, adopted.res, adopted.next, stack);
  }

  /** {@link handle} once the request is kitjs's: `stack` is the app's, or what a refused request walks. */
  private run(req: InternalRequest, res: KitResponse, done: NextFunction, stack: Layer[]): void {
    const outer = req.context;
    const requestProto = Object.getPrototypeOf(req) as object;
    const responseProto = Object.getPrototypeOf(res) as object;
    this.usePrototypes(req, res);
    this.enterContext(req, res, this.#state.context);
    const exit: NextFunction = (err) => {
      if (err && this.#state.errorHandler !== undefined) {
        this.finish(err, req, res);
        return;
      }
      req.context = outer;
      if (Object.getPrototypeOf(req) !== requestProto) Object.setPrototypeOf(req, requestProto);
      if (Object.getPrototypeOf(res) !== responseProto) Object.setPrototypeOf(res, responseProto);
      done(err);
    };
    new Dispatch(stack, req, res, exit, this).start();
  }

  /** The app's error path for a failure outside the stack (res.render's engine calling back late, EXP-009). */
  [appErrorPath](err: unknown, req: KitRequest, res: KitResponse): void {
    this.finish(err, req, res);
  }

  /**
   * EXP-008: the app's own prototypes once it touched `app.request`/`app.response`; else a mounted app keeps
   * its parent's (which its own would inherit), and a top-level one gives its flavour's. A request that
   * already has them pays one read each.
   */
  private usePrototypes(req: KitRequest, res: KitResponse): void {
    const state = this.#state;
    const top = state.parent === undefined;
    const requestProto = state.requestProto ?? (top ? state.baseRequest : undefined);
    const responseProto = state.responseProto ?? (top ? state.baseResponse : undefined);
    if (requestProto !== undefined && Object.getPrototypeOf(req) !== requestProto) {
      Object.setPrototypeOf(req, requestProto);
    }
    if (responseProto !== undefined && Object.getPrototypeOf(res) !== responseProto) {
      Object.setPrototypeOf(res, responseProto);
    }
  }

  /** The request's context (`req.app`, what its members read of the app) and X-Powered-By. */
  private enterContext(req: InternalRequest, res: KitResponse, context: AppContext): void {
    // EXP-005: what the request's members read of the app serving it; `req.app` and `res.app` are its app.
    req.context = context;
    // EXP-003: Express's banner, compiled from `x-powered-by` (off in kit()'s defaults); held back for the
    // one-call path while no other header is set (one-call-response.ts), as a type is.
    if (context.poweredBy && !res.headersSent) (res as KitServerResponse).kitPoweredBy('Express');
  }

  private finish(err: unknown, req: KitRequest, res: KitResponse): void {
    const state = this.#state;
    finishRequest(err, req, res, state.errorHandler, state.context.logger, state.notFoundHandler);
  }
}

// EXP-004: an app is an EventEmitter (`on`, `once`, `emit`...), Node's methods mixed into App.prototype below.
export interface App extends EventEmitter {}

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
  return new App(options) as unknown as KitApp;
}
markFactory(kit, 'kit()');

// EXP-004: Express apps are EventEmitters (`on`, `once`, `emit`...), mixed in as Express mixes them in.
mixInEventEmitter(App.prototype);
lendFunctionMembers(App.prototype);
