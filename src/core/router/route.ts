/** Route: Express's route object — one path, its handlers per method — what `route(path)` returns and `req.route` shows. */
import { METHODS } from 'node:http';
import { setupError } from '../../base/errors.js';
import { refuseFactory } from '../../base/factory-guard.js';
import type { InternalRequest } from '../request.js';
import type { SchemaCompilers } from '../schema/compilers.js';
import { leaveReplies, type ReplyCarrier } from '../schema/replies.js';
import { routeHandlers } from '../schema/route-options.js';
import type {
  KitRequest,
  KitResponse,
  Middleware,
  NextFunction,
  Route as PublicRoute,
  RouteLayer,
  RoutePath,
} from '../types.js';
import { Dispatch } from './dispatch.js';
import type { Layer } from './layer.js';
import { isMountableObject, routerAsHandler } from './router-handler.js';

/** The lower-case name of every method node:http knows (`get`, `propfind`, `m-search`...), as Express loops over. */
export const METHOD_NAMES: readonly string[] = METHODS.map((method) => method.toLowerCase());

// The stack of the Dispatch a Route on its own runs in: nothing but the route.
const NO_LAYERS: readonly Layer[] = [];

/** Where a route's registrations go when a router owns it: the router adds them to its route index. */
export type RouteSink = (method: string, name: string, handlers: Middleware[]) => void;

/**
 * One path and the handlers registered on it, per method: `router.route(path)` returns one, and `req.route`
 * is the one that matched (XROUTE-007, XROUTE-010). `new Route(path)` makes one on its own, whose
 * `dispatch(req, res, next)` runs its handlers for the request's method.
 *
 * @example
 * ```ts
 * app.route('/book').get((req, res) => res.send('a book')).post((req, res) => res.send('added'));
 * app.get('/who', (req, res) => res.json(req.route.methods)); // { get: true }
 * ```
 */
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: the methods loop below defines the merged registrars.
export class Route<Path extends RoutePath = RoutePath> implements PublicRoute<Path> {
  /** The path as registered (a string, a RegExp or an array of them). */
  readonly path: Path;
  /** Every handler, in registration order, with its method. */
  readonly stack: RouteLayer[] = [];
  /** The methods with handlers, lower case, `true` each; `_all` when `all` registered some. */
  readonly methods: Record<string, boolean> = {};

  /** @param sink Internal: set by the router that owns this route. */
  constructor(path: Path, sink?: RouteSink) {
    this.path = path;
    Object.defineProperty(this, 'sink', { value: sink, enumerable: false });
  }

  /** Whether the route has handlers for `method` (HEAD is answered by GET handlers). */
  handlesMethod(method: string): boolean {
    if (this.methods._all) return true;
    const name = method.toLowerCase();
    return Boolean(this.methods[name] || (name === 'head' && this.methods.get));
  }

  /**
   * Runs the handlers that apply to `req.method`, in order; `done` continues after them (also for
   * `next('route')`, and with the error of `next(err)`). For a Route used on its own: a router runs the
   * routes it owns itself.
   */
  dispatch(req: KitRequest, res: KitResponse, done: NextFunction): void {
    req.route = this as unknown as KitRequest['route'];
    leaveReplies(res as unknown as ReplyCarrier, false);
    // One entry of the handlers for the method, walked by the router's own dispatcher as a matched route:
    // ERR-004's choice of error middleware, ERR-010, next('route'), SCHEMA-009 and HARD-002 are its.
    const method = (req.method ?? 'GET').toLowerCase();
    const handlers: Middleware[] = [];
    for (const layer of this.stack) {
      const name = layer.method;
      if (name === undefined || name === method || (method === 'head' && name === 'get'))
        handlers.push(layer.handle);
    }
    const entry = { order: 0, group: 0, method, path: this.path, handlers, route: this };
    const dispatch = new Dispatch(NO_LAYERS as Layer[], req as InternalRequest, res, done);
    dispatch.startIn({ entry, keys: [], values: [], rank: 0 });
  }

  /**
   * Internal: what each method registrar does. To the owning router, which checks and records the handlers,
   * else checked and recorded here.
   */
  register(method: string, name: string, args: unknown[]): this {
    const handlers = args.flat(Infinity as 1);
    const sink = (this as unknown as { sink: RouteSink | undefined }).sink;
    if (sink !== undefined) sink(method, name, handlers as Middleware[]);
    else this.record(method, name, checkHandlers(handlers, `route('${String(this.path)}').${name}()`));
    return this;
  }

  /** Internal: adds checked handlers for `method` ('*' is `all`) to `stack` and `methods`. */
  record(method: string, name: string, handlers: Middleware[]): void {
    this.methods[method === '*' ? '_all' : name] = true;
    for (const handle of handlers) {
      this.stack.push({
        method: method === '*' ? undefined : name,
        handle,
        name: handle.name || '<anonymous>',
      });
    }
  }
}

/**
 * The handlers of a registration (behind the validator its route options make, if any), flattened, each
 * checked to be a function (not a factory passed uncalled): a TypeError naming `where` otherwise, with its
 * code (APP-006, APP-010).
 */
export function checkHandlers(handlers: unknown[], where: string, compilers?: SchemaCompilers): Middleware[] {
  // SCHEMA-001: route options (`{ schema }`) first become the validator that runs before the handlers,
  // compiled by the registering app's compilers (SCHEMA-013).
  const flat = routeHandlers(handlers, where, compilers).flat(Infinity as 1);
  if (flat.length === 0) throw setupError('KIT_ERR_SETUP_NO_HANDLER', `${where} needs at least one handler`);
  return flat.map((handler, position) => {
    refuseFactory(handler, where);
    // XROUTE-014: a Router among the handlers runs as one, as Express's (a function there) does.
    if (isMountableObject(handler)) return routerAsHandler(handler);
    if (typeof handler !== 'function') {
      throw setupError(
        'KIT_ERR_SETUP_HANDLER_TYPE',
        `${where}: handler ${position + 1} is ${describe(handler)}; expected a function`,
      );
    }
    return handler as Middleware;
  });
}

/**
 * A short description of a value that is not what was expected. A number, boolean, bigint or symbol is named
 * with its type as Express names it (`a Number (3)`), so the message says what was passed (APP-006).
 */
export function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  const type = typeof value;
  if (type === 'object') return 'an object';
  if (type === 'string') return `"${value as string}"`;
  if (type === 'undefined' || type === 'function') return type;
  return `a ${type[0]?.toUpperCase()}${type.slice(1)} (${String(value)})`;
}

// XROUTE-010: a registrar per method node:http knows, and `all`, as Express's methods loop adds them.
for (const name of [...METHOD_NAMES, 'all']) {
  const method = name === 'all' ? '*' : name.toUpperCase();
  Object.defineProperty(Route.prototype, name, {
    value(this: Route, ...handlers: unknown[]): Route {
      return this.register(method, name, handlers);
    },
    writable: true,
    configurable: true,
  });
}

// The registrars exist on the prototype (the loop above); the public Route interface gives them their types
// (typed from the path, as `route(path)` returns them), so an instance is a `Route` of src/core/types/registrars.ts.
export interface Route<Path extends RoutePath = RoutePath> extends PublicRoute<Path> {}
