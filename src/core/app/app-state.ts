/** The private state of one app, in one object of its own, so that the app (a function) keeps few fields. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ObservedApp } from '../observe/observe-app.js';
import type { AppServers } from '../server.js';
import type { AppErrorHandler, KitApp, NotFoundHandler } from '../types.js';
import type { AppContext } from './context.js';

/** A listener of node:http: the app as `(req, res)`. */
type Listener = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * What one app (core/app.ts) keeps beyond its own properties. An app is a function, and V8 keeps a
 * function's properties in a slower dictionary once it has more than a dozen: so the app holds this one
 * private field, and its requests read plain fields of an ordinary object here. `Sub` is the app class
 * (the apps mounted in this one hear when its settings change).
 *
 * @example
 * ```ts
 * const state = new AppState(context, servers, undefined, handler, serverHandler);
 * state.requestProto ??= Object.create(state.baseRequest);
 * ```
 */
export class AppState<Sub> {
  /** EXP-004: the app this one is mounted in. */
  parent: KitApp | undefined = undefined;
  /** EXP-008: the app's own request and response prototypes, made on first use of `app.request`/`response`. */
  requestProto: object | undefined = undefined;
  responseProto: object | undefined = undefined;
  /** The apps mounted in this one: they inherit its settings, so they hear when those change. */
  readonly subApps = new Set<Sub>();
  /** ERR-003: `setErrorHandler`'s function. */
  errorHandler: AppErrorHandler | undefined = undefined;
  /** ERR-014: `setNotFoundHandler`'s function. */
  notFoundHandler: NotFoundHandler | undefined = undefined;
  /** The prototypes of the requests and responses of the app's flavour, before `app.request`/`response`. */
  readonly baseRequest: object;
  readonly baseResponse: object;

  /**
   * @param context what the app's requests and responses read of it, compiled when a setting changes
   * @param servers the servers `listen` starts, and their closing
   * @param observed OBS-010: what each request does as it arrives; undefined when nothing
   * @param handler the app as `(req, res)`: `app.handler`, what `inject` runs
   * @param serverHandler the listener of the servers the app starts, whose requests node:http made
   */
  constructor(
    readonly context: AppContext,
    readonly servers: AppServers,
    readonly observed: ObservedApp | undefined,
    readonly handler: Listener,
    readonly serverHandler: Listener,
  ) {
    this.baseRequest = context.flavour.Request.prototype;
    this.baseResponse = context.flavour.Response.prototype;
  }
}
