/** Walks a router's stack for one request: middleware in order, routes by index, errors to error handlers. */
import { KitError } from '../../base/errors.js';
import { cutResponse } from '../final-handler.js';
import { handlerChannel, isOwnStep, routeBaseOf, routeText, traced } from '../observe/tracing.js';
import type { InternalRequest } from '../request.js';
import { leaveReplies, type ReplyCarrier } from '../schema/replies.js';
import type { KitResponse, NextFunction, Route } from '../types.js';
import { AS_ERROR_HANDLER, AS_HANDLER, type HandlerRunner, invoke, nextStringError } from './invoke.js';
import type { Layer, PrefixLayer } from './layer.js';
import { MountPath } from './mount-path.js';
import { PARAM_CALLBACKS, type ParamTable } from './param-callbacks.js';
import { type ParamHost, type ParamSeen, paramCallbacksApply, runParamCallbacks } from './param-dispatch.js';
import { enteredText, matchPrefix } from './prefix-match.js';
import type { RouteEntry, RouteIndex, RouteMatch } from './route-index.js';
import { badEncoding, decodeParams, type Params } from './route-params.js';
import { ANY_METHOD, type RouterWalk } from './router-walk.js';
import { type Hopper, runHop } from './sync-hops.js';

// What prefix captures are decoded as: a match of no route.
const PREFIX_ENTRY: RouteEntry = { order: -1, group: -1, method: '*', path: '', handlers: [] };

/** What a dispatch needs of the router it runs: its param callbacks and whether it merges params. */
export interface DispatchOwner {
  [PARAM_CALLBACKS]: ParamTable | null;
  readonly mergeParams: boolean;
}

/**
 * The state of one request inside one router: the one walker of handlers (a Route dispatched on its own runs
 * through one too, {@link startIn}). `path` is the canonical path relative to that router, `baseUrl` the
 * prefix consumed before it. A mounted router gets a Dispatch of its own, whose `done` resumes this one.
 */
export class Dispatch implements HandlerRunner, ParamHost, Hopper {
  private index = 0;
  private matches: RouteMatch[] | null = null;
  /** The block `matches` came from, and the path they matched (a rewrite makes it differ, ROUTE-017). */
  private block: RouteIndex | null = null;
  private matchedPath = '';
  private matchIndex = 0;
  private handlerIndex = 0;
  private error: unknown = undefined;
  private hasError = false;
  private paramsSet = false;
  private readonly where: MountPath;
  /** The match whose params are set (and param callbacks run): entering it again would redo both. */
  private entered: RouteMatch | null = null;
  /** XROUTE-006: the parent's params, for a router with `mergeParams`; null otherwise. */
  private readonly parentParams: Params | null;
  /** XROUTE-008: what each param callback saw, per name, for this request in this router. */
  paramCalled: Map<string, ParamSeen> | null = null;
  /** The flavour's view of this walk (XROUTE-012); undefined in a kit() app. */
  private readonly walk: RouterWalk | undefined;
  private readonly done: NextFunction;
  /** What `next('router')` passes to `done`: nothing from a router, which it leaves; see {@link startIn}. */
  private leaving: 'router' | undefined = undefined;

  constructor(
    private readonly stack: Layer[],
    readonly req: InternalRequest,
    readonly res: KitResponse,
    done: NextFunction,
    private readonly owner?: DispatchOwner,
  ) {
    this.where = new MountPath(req);
    this.parentParams = owner?.mergeParams ? (req.params as Params) : null;
    const walk = req.context?.flavour.routerWalk?.(req, res);
    this.walk = walk;
    this.done = walk === undefined ? done : (err) => walk.end(err, done);
  }

  /** Starts at the top of the stack. */
  start(): void {
    runHop(this);
  }

  /**
   * Starts inside `match`, entered already: a Route dispatched on its own (`route.dispatch`), on an empty
   * stack. Its handlers run as a matched route's, then `done`; `req.params` stay the caller's, and
   * `next('router')` is passed on, since the router to leave is the caller's.
   */
  startIn(match: RouteMatch): void {
    this.matches = [match];
    this.entered = match;
    this.matchedPath = this.where.path;
    this.leaving = 'router';
    runHop(this);
  }

  /** What a handler's `next` does (and a mounted router's `done`): normalise the argument, then move on. */
  proceed(arg: unknown): void {
    const fault = this.where.leave();
    // A rewrite to a path that would be refused on arrival fails like one (ROUTE-018, ROUTE-019); one to
    // something that is not a URL fails with its TypeError (ROUTE-017).
    if (fault !== undefined && (!arg || typeof arg === 'string'))
      arg = typeof fault === 'string' ? new KitError(fault) : fault;
    // ROUTE-012: next('route') leaves the current route (from plain middleware it is next()), next('router')
    // leaves this router; any other non-empty string is an error (ERR-010).
    if (arg === 'route') {
      arg = undefined;
      // SCHEMA-009: the route passes on, and its reply schemas with it.
      leaveReplies(this.res as unknown as ReplyCarrier, false);
      const matches = this.matches;
      if (matches !== null) {
        // Leave the whole route: every method `route(path)` registered on it shares one group.
        const group = matches[this.matchIndex]?.entry.group;
        do this.matchIndex++;
        while (this.matchIndex < matches.length && matches[this.matchIndex]?.entry.group === group);
        this.handlerIndex = 0;
      }
    } else if (arg === 'router') {
      leaveReplies(this.res as unknown as ReplyCarrier, false);
      this.done(this.leaving);
      return;
    } else if (typeof arg === 'string' && arg !== '') {
      arg = nextStringError(arg);
    }
    // Falsy values (undefined, null, false, '') mean "no error", as in Express: an error handler that
    // calls next() has handled the error (ERR-004), and the failed route's error schemas end with it.
    if (this.hasError && !arg) leaveReplies(this.res as unknown as ReplyCarrier, false);
    this.hasError = Boolean(arg);
    this.error = this.hasError ? arg : undefined;
    // ERR-009: an error after the headers went out cuts the connection now, before any error middleware
    // could append to the half-sent body, and is logged now, since that middleware may swallow it; the
    // middleware still sees the error, to log or report it.
    if (this.hasError && this.res.headersSent && !this.res.writableEnded) {
      cutResponse(this.res, { err: arg, req: this.req });
    }
    runHop(this);
  }

  /**
   * Internal (one hop, run by `runHop`): runs the next handler that applies, or ends this router's part with
   * `done`. Layers run in registration order (ROUTE-007, ROUTE-016); a route's handlers run as a pipeline,
   * each passing on with next() (ROUTE-006).
   */
  step(): void {
    walk: for (;;) {
      let matches = this.matches;
      if (matches !== null && this.handlerIndex === 0 && this.where.path !== this.matchedPath) {
        matches = this.rematch(matches);
      }
      if (matches !== null) {
        while (this.matchIndex < matches.length) {
          const match = matches[this.matchIndex] as RouteMatch;
          const handlers = match.entry.handlers;
          if (this.handlerIndex === 0 && this.entered !== match) {
            // An error leaves the routes: only the failing route's own error handlers may take it (ERR-004),
            // those a later `route.all()` of the same Route added too: a Route is one stack, as in Express.
            if (this.hasError) {
              const route = match.entry.route;
              if (route === undefined || this.entered?.entry.route !== route) break;
              this.entered = match;
            } else {
              if (!this.enterRoute(match)) break;
              this.entered = match;
              // SCHEMA-009: the route that answers owns the reply; none before its first handler sets one.
              leaveReplies(this.res as unknown as ReplyCarrier, false);
              // XROUTE-008: param callbacks first; they resume here, or leave the route with next(err/'route').
              const table = this.owner?.[PARAM_CALLBACKS];
              if (table != null && paramCallbacksApply(table, match)) {
                runParamCallbacks(this, table, match, () => this.resume());
                return;
              }
            }
          }
          while (this.handlerIndex < handlers.length) {
            const handler = handlers[this.handlerIndex++] as (...args: never[]) => unknown;
            // ERR-004: four parameters make error middleware, which runs only while an error is pending.
            if (handler.length >= 4 === this.hasError) {
              // OBS-006: a route's handler runs inside the tracing channel's start/end while it has subscribers.
              if (handlerChannel.hasSubscribers && !this.hasError && !isOwnStep(handler)) {
                const route = routeBaseOf(this.req) + routeText(match.entry.path);
                invoke(this, AS_HANDLER, traced(handler, route), undefined, undefined);
              } else this.runHandler(handler);
              return;
            }
          }
          // SCHEMA-009: the route's handlers passed on; a failure keeps only its error schemas.
          leaveReplies(this.res as unknown as ReplyCarrier, this.hasError);
          this.matchIndex++;
          this.handlerIndex = 0;
          if (this.where.path !== this.matchedPath) continue walk;
        }
        this.matches = null;
      }
      if (this.index >= this.stack.length) {
        this.done(this.error);
        return;
      }
      const layer = this.stack[this.index++] as Layer;
      if (layer.kind === 'routes') {
        if (this.hasError) continue;
        // XROUTE-020: the request is the meter its regex routes that can backtrack draw on, in every router.
        const found = layer.index.match(
          this.req.method as string,
          this.where.path,
          this.where.lower(),
          this.req,
        );
        if (this.walk !== undefined)
          this.tellWalk(layer.index.match(ANY_METHOD, this.where.path, this.where.lower(), this.req));
        if (found !== null) {
          this.block = layer.index;
          this.matchedPath = this.where.path;
          this.matches = found;
          this.matchIndex = 0;
          this.handlerIndex = 0;
        }
        continue;
      }
      // ROUTE-008, ROUTE-009: prefix middleware and mounted routers run only for paths under their prefix.
      const found = matchPrefix(layer, this.where, this.req);
      if (found === undefined) continue;
      // ERR-004: error middleware runs only while an error is pending, ordinary middleware only while none
      // is. Like Express, a pending error never enters a mounted router: its error middleware handles only
      // what fails inside it.
      if (layer.kind === 'middleware' ? layer.errorHandler !== this.hasError : this.hasError) continue;
      const prefix = enteredText(layer, found);
      if (prefix !== '') this.where.enter(prefix, handlerChannel.hasSubscribers ? layer.prefix : undefined);
      if (this.paramsSet) {
        // Parameters belong to the route that captured them, as in Express.
        this.req.params = (this.parentParams ?? {}) as Record<string, string>;
        this.paramsSet = false;
      }
      if (found !== null && this.enterPrefix(layer, found)) return;
      this.runLayer(layer);
      return;
    }
  }

  /**
   * Sets decoded `req.params` for a matched route (ROUTE-002); a malformed escape is a 400 error instead
   * (ROUTE-014).
   */
  private enterRoute(match: RouteMatch): boolean {
    const params = decodeParams(match, this.parentParams);
    if (typeof params === 'string') {
      this.matches = null;
      this.hasError = true;
      this.error = badEncoding(params);
      return false;
    }
    this.req.params = params as Record<string, string>;
    // XROUTE-007: the Route object of the match, as Express's req.route.
    (this.req as { route?: unknown }).route = match.entry.route;
    this.paramsSet = true;
    return true;
  }

  /**
   * Sets `req.params` from a prefix's captures (XROUTE-006), as for a route, and runs the param callbacks of
   * the names it captured (XROUTE-008). True when the layer is taken care of: a malformed capture (a 400,
   * ROUTE-014) or callbacks that go on by themselves; false to run the layer now.
   */
  private enterPrefix(layer: PrefixLayer, found: RegExpExecArray): boolean {
    const keys = (layer.pattern as NonNullable<PrefixLayer['pattern']>).keys;
    const match: RouteMatch = { entry: PREFIX_ENTRY, keys, values: found.slice(1), rank: 0 };
    if (!this.enterRoute(match)) {
      // The pending 400 goes on from the next layer, outside the prefix.
      this.where.leave();
      runHop(this);
      return true;
    }
    this.req.route = undefined;
    const table = this.owner?.[PARAM_CALLBACKS];
    if (table == null || !paramCallbacksApply(table, match)) return false;
    runParamCallbacks(this, table, match, () => this.runLayer(layer));
    return true;
  }

  /** Runs a middleware or mounted layer whose prefix was entered. */
  private runLayer(layer: PrefixLayer): void {
    if (layer.kind === 'middleware') this.runHandler(layer.handler as (...args: never[]) => unknown);
    else layer.target.handle(this.req, this.res, (err) => this.proceed(err));
  }

  /**
   * ROUTE-017: a route's handler rewrote `req.url` and called next(): the routes after it in the block are
   * the ones matching the new path. The rest of a route (its other methods' entries) runs on regardless, as
   * a route's handlers do.
   */
  private rematch(matches: RouteMatch[]): RouteMatch[] | null {
    const last = matches[this.matchIndex - 1];
    if (last === undefined || matches[this.matchIndex]?.entry.group === last.entry.group) return matches;
    // A Route on its own has no block of routes after it.
    if (this.block === null) {
      this.matches = null;
      return null;
    }
    const found = this.block.match(this.req.method as string, this.where.path, this.where.lower(), this.req);
    this.matchedPath = this.where.path;
    const rest = found?.filter((match) => match.entry.order > last.entry.order) ?? [];
    this.matchIndex = 0;
    this.matches = rest.length > 0 ? rest : null;
    return this.matches;
  }

  /** Gives the flavour's walk the Route objects of a block's routes matching the path (XROUTE-012). */
  private tellWalk(all: RouteMatch[] | null): void {
    if (all === null) return;
    const routes = all.map((match) => match.entry.route).filter((route) => route !== undefined);
    (this.walk as RouterWalk).passed(routes as Route[]);
  }

  /** Internal, for param callbacks: continue with the route they ran for. */
  resume(): void {
    runHop(this);
  }

  /** Internal, for param callbacks: their `next(err)` or `next('route')`; the route's handlers do not run. */
  leaveRoute(arg: unknown): void {
    this.entered = null;
    // An error leaves the routes as a failing route does; 'route' skips this one.
    this.proceed(arg);
  }

  /** Runs a handler, as error middleware while an error is pending (ERR-004). */
  private runHandler(handler: (...args: never[]) => unknown): void {
    if (this.hasError) invoke(this, AS_ERROR_HANDLER, handler, this.error, undefined);
    else invoke(this, AS_HANDLER, handler, undefined, undefined);
  }
}
