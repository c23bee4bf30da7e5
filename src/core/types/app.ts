/** The app's own members: settings, locals, the server it starts and stops, mounting, views. */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { ListenOptions } from 'node:net';
import type { Logger } from 'pino';
import type { InjectOptions, InjectResponse } from './observe.js';
import type { PathList } from './paths.js';
import type { RouteSchema } from './route-schema.js';
import type { KitSettings } from './settings.js';
import type { RenderCallback, ViewEngine } from './views.js';

/**
 * How the answers kitjs writes itself are shaped (`kit({ errors })`, ERR-013): `'text'` (the default) is
 * `text/plain` (JSON for a failed validation, `{ "error": ... }` for the auth guard's 401); `'problem+json'`
 * is RFC 9457's `application/problem+json` with kitjs's `code` for every one of them, the 404 of an unknown
 * route and the batteries' refusals included (the auth guard's 401 then takes the app's error path, AUTH-012).
 *
 * @example
 * ```ts
 * const api = kit({ errors: 'problem+json' });
 * ```
 */
export type ErrorFormat = 'text' | 'problem+json';

/**
 * The options of `app.close()` (APP-007, APP-014): how long the listeners keep serving first, and how long the
 * drain may take.
 *
 * @example
 * ```ts
 * process.once('SIGTERM', () => void app.close({ delay: 1000, timeout: 10_000 }));
 * ```
 */
export interface CloseOptions {
  /**
   * APP-014: milliseconds during which the app is already `closing` (so a readiness route answers 503) while
   * its servers keep accepting and serving; the drain starts after it. Default 0. Set it above a balancer's
   * health-check interval, so the balancer stops sending traffic before the listener closes.
   */
  delay?: number;
  /** APP-007: milliseconds the drain lets requests in flight finish before their connections are cut. */
  timeout?: number;
}

/**
 * What an app has besides its registrars, its parent, `register` and `setErrorHandler`; `Self` is the app
 * type the chainable members return (`KitApp`, which is these plus the rest).
 *
 * @example
 * ```ts
 * const server = app.set('trust proxy', 'loopback').enable('strict routing').listen(0);
 * ```
 */
export interface AppBase<Self> {
  /** Assigns a setting (`app.set('trust proxy', 'loopback')`), or reads it with one argument. */
  set(setting: string, value: unknown): Self;
  set(setting: string): unknown;
  /** `set(setting, true)`. */
  enable(setting: string): Self;
  /** `set(setting, false)`. */
  disable(setting: string): Self;
  /** Whether the setting is truthy. */
  enabled(setting: string): boolean;
  /** Whether the setting is falsy. */
  disabled(setting: string): boolean;
  /** The settings table: what `app.set` assigned, and the server timeouts `listen` applies. */
  settings: KitSettings;
  /** The logger the app's failures go to (`kit({ logger })`, else kitjs's `logger`); also `req.log`. */
  readonly log: Logger;
  /** Application-wide values, shared by every request (`app.locals.title`). */
  locals: Record<string, unknown>;
  /**
   * Starts an HTTP server (port 0 picks a free port) and returns Node's `http.Server`. The callback is
   * called with no argument once the server listens; a kitjs/express5 app's also with a server error (X5-015).
   */
  listen(callback?: (error?: Error) => void): Server;
  listen(port: number, callback?: (error?: Error) => void): Server;
  listen(port: number, host: string, callback?: (error?: Error) => void): Server;
  listen(port: number, host: string, backlog: number, callback?: (error?: Error) => void): Server;
  listen(port: number, backlog: number, callback?: (error?: Error) => void): Server;
  /** Listens on a Unix socket or Windows pipe. */
  listen(path: string, callback?: (error?: Error) => void): Server;
  /** Node's `server.listen(options)`: port, host, path, backlog, exclusive, signal... */
  listen(options: ListenOptions, callback?: (error?: Error) => void): Server;
  /** The request listener, for `http.createServer(app.handler)` or tests. */
  readonly handler: (req: IncomingMessage, res: ServerResponse) => void;
  /**
   * Stops the servers `listen` started (APP-007, APP-014): `closing` at once, the listeners serve on for
   * `delay` ms, then stop accepting; requests in flight finish (cut after `timeout` ms), then the `onClose` hooks.
   */
  close(options?: CloseOptions): Promise<void>;
  /**
   * APP-014: true from the start of `close()` until it has finished, the `delay` included: a readiness route
   * answers 503 on it so that a balancer stops sending traffic before the listener closes.
   */
  readonly closing: boolean;
  /**
   * OBS-009: runs one request through the app in-process, with no server (light-my-request, as Fastify's
   * `inject`); a string is a GET of that URL.
   */
  inject(options: InjectOptions | string): Promise<InjectResponse>;
  /** Registers a function to run when `close()` has stopped the server (database managers use it). */
  onClose(fn: () => void | Promise<void>): Self;
  /** Where the app is mounted in its parent (`app.use(path, app)`): the path (or list) given, `'/'` before. */
  mountpath: string | RegExp | PathList;
  /** The full path the app is mounted at: the parents' mount paths joined ('' at the top). */
  path(): string;
  /**
   * The prototype of this app's requests: members added here appear on its requests only (those of
   * `express.request` on every app's).
   */
  readonly request: Record<string, unknown>;
  /** The prototype of this app's responses: members added here appear on its responses only. */
  readonly response: Record<string, unknown>;
  /** Registers the template engine for files ending in `ext` (`'html'` or `'.html'`). */
  engine(ext: string, fn: ViewEngine): Self;
  /** The template engines by extension (with its dot). */
  engines: Record<string, ViewEngine>;
  /** Renders a view with `app.locals` and `options` merged; the callback gets the text or an error. */
  render(name: string, options: Record<string, unknown>, callback: RenderCallback): void;
  render(name: string, callback: RenderCallback): void;
  /** The routes registered so far, as method and path pairs (for docs drift checks and tooling). */
  routes(): RouteInfo[];
}

/**
 * One route as `routes()` lists it: its method (`ALL` for `all`), its full path, and the schema its route
 * options gave, if any (SCHEMA-001).
 *
 * @example
 * ```ts
 * app.routes(); // [{ method: 'POST', path: '/users', schema: { body: newUser } }]
 * ```
 */
export interface RouteInfo {
  method: string;
  path: string;
  schema?: RouteSchema;
}
