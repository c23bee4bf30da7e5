/** The application `kit()` returns: its members (registrars, settings, plugins) and its call signature. */
import type { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AppBase } from './app.js';
import type { AppErrorHandler, Mountable, NotFoundHandler } from './handlers.js';
import type { NextFunction } from './next.js';
import type { PathRegistrar, RouterLike } from './registrars.js';

/**
 * What `register` returns: a promise of the app for an async plugin, else the app.
 *
 * @example
 * ```ts
 * const same: KitApp = app.register((instance) => instance.use(json())); // a sync plugin
 * ```
 */
export type Registered<Result> = Result extends PromiseLike<unknown> ? Promise<KitApp> : KitApp;

/**
 * Every member of the application `kit()` returns, without its call signature: the interface a class can
 * implement. `Self` is what the chainable members return (`KitApp` itself; a class gives its own type).
 *
 * @example
 * ```ts
 * const members: KitAppMembers = kit();
 * ```
 */
export interface KitAppMembers<Self = KitApp>
  extends Omit<RouterLike<Self>, 'get'>,
    AppBase<Self>,
    Mountable,
    EventEmitter {
  /** Reads a setting with one argument (`app.get('env')`); with handlers, registers a GET route. */
  get: ((setting: string) => unknown) & PathRegistrar<Self>;
  /** The app this one is mounted in; undefined for a top-level app. */
  parent: KitApp | undefined;
  /**
   * Registers a plugin with its options; returns a promise of the app when the plugin is async. A plugin
   * whose options have required fields cannot be registered without them.
   */
  register<Options, Result = void>(
    plugin: (app: KitApp, options: Options) => Result,
    options: Options,
  ): Registered<Result>;
  register<Result = void>(
    plugin: (app: KitApp, options: Record<string, never>) => Result,
  ): Registered<Result>;
  /** Installs the app-wide error handler that receives every `next(err)` nothing else handled. */
  setErrorHandler(fn: AppErrorHandler): Self;
  /**
   * Installs the answer to every request the app's stack left unanswered (ERR-014), instead of the default
   * 404. What it throws goes to the error path: `() => { throw new HttpError(404) }` sends unknown routes
   * to `setErrorHandler`.
   */
  setNotFoundHandler(fn: NotFoundHandler): Self;
}

/**
 * The application `kit()` returns: its members, and a function of `(req, res)` for `http.createServer(app)`,
 * `https.createServer(options, app)` and supertest; given a `next`, it runs as middleware of another app.
 *
 * @example
 * ```ts
 * const app: KitApp = kit();
 * http.createServer(app).listen(3000);
 * ```
 */
export interface KitApp extends KitAppMembers {
  (req: IncomingMessage, res: ServerResponse, next?: NextFunction): void;
}
