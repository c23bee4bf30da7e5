/** The routes (`app.route(path)`) and the registrars of apps and routers: what takes the handlers. */
import type { GuaranteedBy, HandlerArg, Middleware, ParamHandler, RequestGuard, UseArg } from './handlers.js';
import type { NextFunction } from './next.js';
import type { ExtraMethod, PathList, RoutePath } from './paths.js';
import type { KitRequest, KitResponse } from './request-response.js';
import type { RouteGeneric, RouteOf } from './route-params.js';
import type { RouteOptions, RouteSchema, SchemaRouteOf } from './route-schema.js';

// --- Routes ----------------------------------------------------------------------------------------------

/**
 * One handler of a {@link Route}, with the method it was registered for (`undefined` for `all`).
 *
 * @example
 * ```ts
 * const names = app.route('/x').get(show).stack.map((layer: RouteLayer) => layer.name);
 * ```
 */
export interface RouteLayer {
  method: string | undefined;
  handle: Middleware;
  name: string;
}

/**
 * A method registrar of a {@link Route}: handlers only, typed from the route's path (a RegExp or list
 * path gives a plain dictionary of params).
 *
 * @example
 * ```ts
 * app.route('/books/:isbn').get((req, res) => res.json({ isbn: req.params.isbn }));
 * ```
 */
export type RouteRegistrar<Path extends RoutePath> =
  // AUTH-017: a guard first (authMiddleware) types `req` of the handlers after it with what it guarantees.
  // Its one type parameter is the guard's type, so a call with explicit route types (`.get<{ Body: B }>`)
  // fails its constraint and goes on; it comes first for the reason given in PathRegistrar.
  (<Guard extends RequestGuard<object>>(
    guard: Guard,
    ...handlers: HandlerArg<RouteOf<{}, Path extends string ? Path : string>, GuaranteedBy<Guard>>[]
  ) => Route<Path>) &
    // SCHEMA-015: route options and a guard, in either order: the schema's types and the guard's together.
    (<const Schema extends RouteSchema, Guard extends RequestGuard<object>>(
      options: RouteOptions<Schema>,
      guard: Guard,
      ...handlers: HandlerArg<
        SchemaRouteOf<Schema, Path extends string ? Path : string>,
        GuaranteedBy<Guard>
      >[]
    ) => Route<Path>) &
    (<Guard extends RequestGuard<object>, const Schema extends RouteSchema>(
      guard: Guard,
      options: RouteOptions<Schema>,
      ...handlers: HandlerArg<
        SchemaRouteOf<Schema, Path extends string ? Path : string>,
        GuaranteedBy<Guard>
      >[]
    ) => Route<Path>) &
    (<const Schema extends RouteSchema>(
      options: RouteOptions<Schema>,
      ...handlers: HandlerArg<SchemaRouteOf<Schema, Path extends string ? Path : string>>[]
    ) => Route<Path>) &
    (<Declared_ extends RouteGeneric = {}>(
      ...handlers: HandlerArg<RouteOf<Declared_, Path extends string ? Path : string>>[]
    ) => Route<Path>);

/**
 * A registrar for each {@link ExtraMethod} of a {@link Route}.
 *
 * @example
 * ```ts
 * app.route('/dav/:file').propfind((req, res) => res.status(207).end());
 * ```
 */
export type ExtraRouteRegistrars<Path extends RoutePath> = { [Method in ExtraMethod]: RouteRegistrar<Path> };

/**
 * One path and the handlers registered on it, per method: what `route(path)` returns, what `req.route` is
 * while its handlers run, and what `new express.Route(path)` makes. All three are instances of the Route
 * class (src/core/router/route.ts), which implements this interface and adds nothing public to it.
 *
 * @example
 * ```ts
 * const books: Route<'/books/:isbn'> = app.route('/books/:isbn').get(show).put(update);
 * ```
 */
export interface Route<Path extends RoutePath = RoutePath> extends ExtraRouteRegistrars<Path> {
  /** The path as registered: the string of `route(path)`, or the RegExp or list a registrar was given. */
  readonly path: Path;
  /** Every handler registered on the route, in order, with its method (XROUTE-007). */
  readonly stack: RouteLayer[];
  /** The methods with handlers, lower case, each `true`; `_all` when `all` registered some. */
  readonly methods: Record<string, boolean>;
  get: RouteRegistrar<Path>;
  post: RouteRegistrar<Path>;
  put: RouteRegistrar<Path>;
  patch: RouteRegistrar<Path>;
  delete: RouteRegistrar<Path>;
  head: RouteRegistrar<Path>;
  options: RouteRegistrar<Path>;
  all: RouteRegistrar<Path>;
  /** Whether the route has handlers for `method` (HEAD is answered by GET handlers). */
  handlesMethod(method: string): boolean;
  /**
   * Runs the handlers that apply to `req.method`, in order; `done` continues after them (also for
   * `next('route')`, and with the error of `next(err)`). For a Route used on its own: a router runs its own.
   */
  dispatch(req: KitRequest, res: KitResponse, done: NextFunction): void;
  /** Internal: what each method registrar does (the owning router checks and records the handlers). */
  register(method: string, name: string, args: unknown[]): this;
  /** Internal: adds checked handlers for `method` ('*' is `all`) to `stack` and `methods`. */
  record(method: string, name: string, handlers: Middleware[]): void;
}

// --- Registrars of apps and routers ----------------------------------------------------------------------

/**
 * A method registrar on an app or router: a path and one or more handlers. Inline handlers are typed from
 * the path (`req.params`) and from an optional {@link RouteGeneric} type argument. A RegExp or an array of
 * paths is accepted too; its parameters are typed as a plain dictionary.
 *
 * @example
 * ```ts
 * app.get('/users/:id', (req, res) => res.json({ id: req.params.id }));
 * app.get(/^\/files\/(.+)$/, (req, res) => res.send(req.params[0]));
 * ```
 */
export interface PathRegistrar<Self> {
  // AUTH-017: a guard right after the path (authMiddleware) types `req` of the handlers after it with what
  // it guarantees (`req.user` defined). Tried first: checked after the route-options form, an inline
  // `authMiddleware(...)` call would be typed in that form's context and no longer infer as a guard.
  // Anything but a guard fails it. Its two type parameters have no defaults, so a call with explicit route
  // types (`app.get<{ Body: B }>`) skips it.
  <Path extends string, Guard extends RequestGuard<object>>(
    path: Path,
    guard: Guard,
    ...handlers: HandlerArg<RouteOf<{}, Path>, GuaranteedBy<Guard>>[]
  ): Self;
  // SCHEMA-015: route options and a guard, in either order (the guard runs before the schema's check): the
  // handlers after them see the schema's output and what the guard guarantees (`req.user` defined), together.
  // Before the plain route-options form, which would take the guard as an ordinary handler.
  <const Schema extends RouteSchema, Path extends string, Guard extends RequestGuard<object>>(
    path: Path,
    options: RouteOptions<Schema>,
    guard: Guard,
    ...handlers: HandlerArg<SchemaRouteOf<Schema, Path>, GuaranteedBy<Guard>>[]
  ): Self;
  <Path extends string, Guard extends RequestGuard<object>, const Schema extends RouteSchema>(
    path: Path,
    guard: Guard,
    options: RouteOptions<Schema>,
    ...handlers: HandlerArg<SchemaRouteOf<Schema, Path>, GuaranteedBy<Guard>>[]
  ): Self;
  // With route options the handlers' request is typed by the schema's output; a RegExp path leaves Path string.
  <const Schema extends RouteSchema, Path extends string = string>(
    path: Path | RegExp | PathList,
    options: RouteOptions<Schema>,
    ...handlers: HandlerArg<SchemaRouteOf<Schema, Path>>[]
  ): Self;
  <Declared_ extends RouteGeneric = {}, Path extends string = string>(
    path: Path,
    ...handlers: HandlerArg<RouteOf<Declared_, Path>>[]
  ): Self;
  <Declared_ extends RouteGeneric = {}>(
    path: RegExp | PathList,
    ...handlers: HandlerArg<RouteOf<Declared_, string>>[]
  ): Self;
}

/**
 * A registrar for each {@link ExtraMethod} of an app or router.
 *
 * @example
 * ```ts
 * app.propfind('/dav/:file', (req, res) => res.status(207).end());
 * ```
 */
export type ExtraPathRegistrars<Self> = { [Method in ExtraMethod]: PathRegistrar<Self> };

/**
 * `use`: middleware, error middleware and routers, with or without a path prefix.
 *
 * @example
 * ```ts
 * app.use(json()).use('/api', router).use((err, req, res, next) => res.status(500).end());
 * ```
 */
export interface UseRegistrar<Self> {
  (...handlers: UseArg[]): Self;
  (path: string | RegExp | PathList, ...handlers: UseArg[]): Self;
}

/**
 * The registration surface an app and a router share.
 *
 * @example
 * ```ts
 * function mountHealth(target: RouterLike<unknown>): void {
 *   target.get('/health', (req, res) => res.send('ok'));
 * }
 * ```
 */
export interface RouterLike<Self> extends ExtraPathRegistrars<Self> {
  get: PathRegistrar<Self>;
  post: PathRegistrar<Self>;
  put: PathRegistrar<Self>;
  patch: PathRegistrar<Self>;
  delete: PathRegistrar<Self>;
  head: PathRegistrar<Self>;
  options: PathRegistrar<Self>;
  all: PathRegistrar<Self>;
  use: UseRegistrar<Self>;
  route<Path extends string>(path: Path): Route<Path>;
  /**
   * Runs `fn` before the handlers of any route here that captures `name` (or one of several names), once
   * per request and value, in the order added.
   */
  param(name: string | string[], fn: ParamHandler): Self;
}
