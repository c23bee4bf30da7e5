/** Router: the registration surface shared by apps and sub-routers, and its `route(path)` builder. */

import { setupError } from '../../base/errors.js';
import { markFactory } from '../../base/factory-guard.js';
import type { InternalRequest } from '../request.js';
import type { SchemaCompilers } from '../schema/compilers.js';
import type {
  GuaranteedBy,
  HandlerArg,
  KitRequest,
  KitResponse,
  Mountable,
  NextFunction,
  PathList,
  PathRegistrar,
  RequestGuard,
  Route,
  RouteGeneric,
  RouteInfo,
  RouteOf,
  RouteOptions,
  RouterLike,
  RouteSchema,
  SchemaRouteOf,
  UseArg,
} from '../types.js';
import { prepareBareRequest } from './bare-request.js';
import { CallableRoot } from './callable.js';
import { Dispatch } from './dispatch.js';
import { kitPathSyntax } from './kit-path-syntax.js';
import type { Layer } from './layer.js';
import {
  addParamCallbacks,
  PARAM_CALLBACKS,
  type ParamCallback,
  type ParamTable,
} from './param-callbacks.js';
import { PATH_SYNTAX, type PathSyntax } from './path-syntax.js';
import type { MatchOptions } from './regex-path.js';
import { checkHandlers, describe, METHOD_NAMES, Route as RouteObject } from './route.js';
import { RouteIndex, type RoutePath } from './route-index.js';
import { listRoutes } from './route-list.js';
import { useLayers } from './use-args.js';

/**
 * Options of `new Router(options)`, as Express's: how its routes compare paths and whether they see the
 * parameters of the route or prefix it is mounted under.
 *
 * @example
 * ```ts
 * const items = new Router({ mergeParams: true, strict: true, caseSensitive: true });
 * ```
 */
export interface RouterOptions {
  /** `/Foo` and `/foo` are different routes (default false: kitjs and Express compare in any case). */
  caseSensitive?: boolean;
  /** `/foo` and `/foo/` are different routes (default false: one trailing slash is ignored). */
  strict?: boolean;
  /** Route handlers see the parent's `req.params` too; the router's own win on a clash (default false). */
  mergeParams?: boolean;
}

/**
 * A router: middleware, routes and mounted routers, run in registration order. Mount it with
 * `app.use('/prefix', router)`; its paths are relative to that prefix. Its state is `stack` and
 * `mergeParams`, as an Express router's; the rest is private. Every registration goes through `use`,
 * `route`, `param` and `addRoute`, which a flavour's Router and App classes override to check or word what
 * they register (kitjs/express5, X5-005).
 *
 * @example
 * ```ts
 * import kit, { Router } from 'kitjs';
 * const users = new Router();
 * users.get('/:id', (req, res) => res.json({ id: req.params.id }));
 * kit().use('/users', users).listen(3000);
 * ```
 */
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: the methods loop below defines the merged members.
export class Router extends CallableRoot implements RouterLike<Router>, Mountable {
  /** Internal: the layers in registration order (read by the dispatcher and `routes()`). */
  readonly stack: Layer[] = [];
  /** Route handlers see the parent's `req.params` too (XROUTE-006). */
  readonly mergeParams: boolean;
  /** Internal: `param(name, fn)` callbacks by name, read by the dispatcher (param-callbacks.ts). */
  [PARAM_CALLBACKS]: ParamTable | null = null;
  /**
   * Where registration stands: the order counter, the route block new routes join (a `use` closes it, so that
   * order stays exact), the options' XROUTE-005 flags. One field: a function with many is slow (app/app-state.ts).
   */
  readonly #registry: { order: number; block: RouteIndex | null; readonly matching: MatchOptions };

  constructor(options: RouterOptions = {}) {
    super();
    if (options === null || typeof options !== 'object') {
      throw setupError(
        'KIT_ERR_SETUP_ROUTER_OPTIONS',
        `new Router(options): options must be an object, got ${describe(options)}`,
      );
    }
    this.mergeParams = Boolean(options.mergeParams);
    const matching = { caseSensitive: Boolean(options.caseSensitive), strict: Boolean(options.strict) };
    this.#registry = { order: 0, block: null, matching };
  }

  /** Internal: how this router reads its string paths (ROUTE-022); a flavour's classes answer theirs. */
  get [PATH_SYNTAX](): PathSyntax {
    return kitPathSyntax;
  }

  /**
   * How routes registered now compare paths; an app reads its `case sensitive routing` and `strict routing`
   * settings instead (XROUTE-005).
   */
  protected matchOptions(): MatchOptions {
    return this.#registry.matching;
  }

  /**
   * SCHEMA-013: the compilers the route schemas registered here compile with; an app's own, none for a
   * standalone router, whose JSON Schemas each serving app compiles.
   */
  protected schemaCompilers(): SchemaCompilers | undefined {
    return undefined;
  }

  // A method, not one of the loop's: an app's `get(name)` reads a setting (app/configurable.ts overrides it).
  // SCHEMA-015: a guard and route options in either order, as PathRegistrar has them.
  get<const S extends RouteSchema, P extends string, G extends RequestGuard<object>>(
    path: P,
    options: RouteOptions<S>,
    guard: G,
    ...handlers: HandlerArg<SchemaRouteOf<S, P>, GuaranteedBy<G>>[]
  ): this;
  get<P extends string, G extends RequestGuard<object>, const S extends RouteSchema>(
    path: P,
    guard: G,
    options: RouteOptions<S>,
    ...handlers: HandlerArg<SchemaRouteOf<S, P>, GuaranteedBy<G>>[]
  ): this;
  get<const S extends RouteSchema, P extends string = string>(
    path: P,
    options: RouteOptions<S>,
    ...handlers: HandlerArg<SchemaRouteOf<S, P>>[]
  ): this;
  get<const S extends RouteSchema>(
    path: RegExp | PathList,
    options: RouteOptions<S>,
    ...handlers: HandlerArg<SchemaRouteOf<S, string>>[]
  ): this;
  get<R extends RouteGeneric = {}, P extends string = string>(
    path: P,
    ...handlers: HandlerArg<RouteOf<R, P>>[]
  ): this;
  get<R extends RouteGeneric = {}>(
    path: RegExp | PathList,
    ...handlers: HandlerArg<RouteOf<R, string>>[]
  ): this;
  get(path: RoutePath, ...handlers: unknown[]): this {
    return this.addRoute('GET', path, handlers, 'get');
  }

  use(...handlers: UseArg[]): this;
  use(path: string | RegExp | PathList, ...handlers: UseArg[]): this;
  use(...args: unknown[]): this {
    // All are checked before any is added: a refused argument leaves the router as it was.
    for (const layer of useLayers(args, this.matchOptions().caseSensitive, this[PATH_SYNTAX])) {
      this.stack.push(layer);
    }
    this.#registry.block = null;
    return this;
  }

  // ROUTE-010, ROUTE-012: one chain per path; its methods share a group, so next('route') leaves them all.
  // XROUTE-010: the chain is a Route object, the one `req.route` shows.
  route<Path extends string>(path: Path): Route<Path> {
    const group = this.#registry.order++;
    // Express keeps a route where it was made: every method registered on it later joins the block its
    // first one joined, ordered by the route's place, even when a `use` or other routes came in between.
    const home: { block: RouteIndex | null } = { block: null };
    const route: RouteObject = new RouteObject(path, (method, name, handlers) => {
      this.addRoute(method, path, handlers, name, group, route, home);
    });
    // What the registrars' types add (params from `path`, a RouteGeneric argument) is types only.
    return route as unknown as Route<Path>;
  }

  /**
   * XROUTE-008: `fn(req, res, next, value, name)` runs before the handlers of any route of this router that
   * captures `name`, once per request and value; several names take an array.
   */
  param(name: string | string[], fn: ParamCallback): this {
    this[PARAM_CALLBACKS] = addParamCallbacks(this[PARAM_CALLBACKS], name, fn);
    return this;
  }

  /** Runs a request through this router; `done` continues after it (with an error, if one is left). */
  handle(req: KitRequest, res: KitResponse, done: NextFunction): void {
    const internal = req as InternalRequest;
    // XROUTE-013: a bare request object, as Express's router.handle takes, gets the fields routing reads.
    if (internal.kitPath === undefined) {
      const verdict = prepareBareRequest(internal);
      if (verdict !== undefined) {
        done(verdict === 'nothing' ? undefined : verdict);
        return;
      }
    }
    new Dispatch(this.stack, internal, res, done, this).start();
  }

  // APP-009: `all` is reported as ALL and a mounted router's routes carry its prefix, in registration order.
  /** Every route registered here and in mounted routers, with full paths. */
  routes(): RouteInfo[] {
    return listRoutes(this.stack);
  }

  /** Internal: what every registrar does. */
  addRoute(
    method: string,
    path: RoutePath,
    handlers: unknown[],
    name: string,
    group?: number,
    route?: RouteObject,
    home?: { block: RouteIndex | null },
  ): this {
    // APP-006, APP-010: a handler that is not a function, or a factory passed uncalled, throws at setup.
    const flat = checkHandlers(handlers, `${name}('${String(path)}')`, this.schemaCompilers());
    const registry = this.#registry;
    const block = home?.block ?? registry.block ?? new RouteIndex();
    const order = group ?? registry.order++;
    const owner = route ?? new RouteObject(path);
    // Compiled (and checked, XROUTE-002) before anything changes: a refused path leaves the router as it was.
    const added = { order, group: order, method, path, handlers: flat, route: owner };
    block.add(added, this.matchOptions(), this[PATH_SYNTAX]);
    owner.record(method, name, flat);
    if (block !== registry.block && block !== home?.block) {
      registry.block = block;
      this.stack.push({ kind: 'routes', index: block });
    }
    if (home !== undefined) home.block = block;
    return this;
  }
}

// The registrars the loop below defines (XROUTE-009), each returning the router it was called on: `this`, so
// an app's return the app and App can implement KitAppMembers<App>. Written out, as a mapped type cannot use
// `this`; RegistrarsCovered below fails to compile if a method RouterLike has is missing here.
export interface Router {
  post: PathRegistrar<this>;
  put: PathRegistrar<this>;
  patch: PathRegistrar<this>;
  delete: PathRegistrar<this>;
  head: PathRegistrar<this>;
  options: PathRegistrar<this>;
  all: PathRegistrar<this>;
  acl: PathRegistrar<this>;
  bind: PathRegistrar<this>;
  checkout: PathRegistrar<this>;
  connect: PathRegistrar<this>;
  copy: PathRegistrar<this>;
  link: PathRegistrar<this>;
  lock: PathRegistrar<this>;
  'm-search': PathRegistrar<this>;
  merge: PathRegistrar<this>;
  mkactivity: PathRegistrar<this>;
  mkcalendar: PathRegistrar<this>;
  mkcol: PathRegistrar<this>;
  move: PathRegistrar<this>;
  notify: PathRegistrar<this>;
  propfind: PathRegistrar<this>;
  proppatch: PathRegistrar<this>;
  purge: PathRegistrar<this>;
  query: PathRegistrar<this>;
  rebind: PathRegistrar<this>;
  report: PathRegistrar<this>;
  search: PathRegistrar<this>;
  source: PathRegistrar<this>;
  subscribe: PathRegistrar<this>;
  trace: PathRegistrar<this>;
  unbind: PathRegistrar<this>;
  unlink: PathRegistrar<this>;
  unlock: PathRegistrar<this>;
  unsubscribe: PathRegistrar<this>;
}
type NoneMissing<Missing extends never> = Missing;
// biome-ignore lint/correctness/noUnusedVariables: exists for the constraint check above, never used.
type MissingRegistrars = NoneMissing<Exclude<keyof RouterLike<Router>, keyof Router>>;

// ROUTE-001, APP-002: one registrar per method (`all` for every method), each returning the router.
// XROUTE-009: a registrar for every method node:http knows (`propfind`, `m-search`...), as Express's methods
// loop adds them.
for (const name of [...METHOD_NAMES, 'all']) {
  if (name === 'get') continue;
  const method = name === 'all' ? '*' : name.toUpperCase();
  Object.defineProperty(Router.prototype, name, {
    value(this: Router, path: RoutePath, ...handlers: unknown[]): Router {
      return this.addRoute(method, path, handlers, name);
    },
    writable: true,
    configurable: true,
  });
}

markFactory(Router, 'new Router()');
