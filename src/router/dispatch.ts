/** Walks a router's stack for one request: middleware in order, routes by index, errors to error handlers. */
import { KitError } from '../errors.js';
import { cutResponse } from '../final-handler.js';
import { logFailure, logger } from '../logger.js';
import type { InternalRequest } from '../request.js';
import type { ErrorHandler, KitResponse, Middleware, NextFunction, RequestHandler } from '../types.js';
import type { RegexPattern } from './express-pattern.js';
import type { Layer } from './layer.js';
import { MountPath } from './mount-path.js';
import type { ParamTable } from './param-callbacks.js';
import { runParamCallbacks } from './param-dispatch.js';
import type { RouteEntry, RouteMatch } from './route-index.js';

// What prefix captures are decoded as: a match of no route.
const PREFIX_ENTRY: RouteEntry = { order: -1, group: -1, method: '*', path: '', handlers: [] };

/** What a dispatch needs of the router it runs: its param callbacks and whether it merges params. */
export interface DispatchOwner {
  paramTable: ParamTable | null;
  readonly mergeParams: boolean;
}

// Express's guard (HARD-002): after this many synchronous hops, continue on the next tick so that thousands
// of middleware calling next() synchronously never overflow the stack.
const MAX_SYNC_HOPS = 100;

// How many `advance` frames are on the stack right now, across every Dispatch and every app (APP-001). A
// count per Dispatch is not enough: each mounted router starts a Dispatch of its own, so 1 000 nested routers
// overflowed the stack while every one of them stayed under the limit, and the request was never answered.
let syncDepth = 0;

/**
 * The state of one request inside one router. `path` is the canonical path relative to that router,
 * `baseUrl` the prefix consumed before it. A mounted router gets a Dispatch of its own, whose `done`
 * resumes this one.
 */
export class Dispatch {
  private index = 0;
  private matches: RouteMatch[] | null = null;
  private matchIndex = 0;
  private handlerIndex = 0;
  private error: unknown = undefined;
  private hasError = false;
  private paramsSet = false;
  private readonly where: MountPath;
  /** The match whose params are set (and param callbacks run): entering it again would redo both. */
  private entered: RouteMatch | null = null;
  /** XROUTE-006: the parent's params, for a router with `mergeParams`; null otherwise. */
  private readonly parentParams: Record<string, string | undefined> | null;
  /** XROUTE-008: what each param callback saw, per name, for this request in this router. */
  paramCalled: Map<string, { match: unknown; value: unknown; error: unknown }> | null = null;

  constructor(
    private readonly stack: Layer[],
    readonly req: InternalRequest,
    readonly res: KitResponse,
    private readonly done: NextFunction,
    private readonly owner?: DispatchOwner,
  ) {
    this.where = new MountPath(req);
    this.parentParams = owner?.mergeParams ? (req.params as Record<string, string | undefined>) : null;
  }

  /** Starts at the top of the stack. */
  start(): void {
    this.advance();
  }

  /** What a handler's `next` does: normalise the argument, then move on. */
  next(arg: unknown): void {
    const fault = this.where.leave();
    // A rewrite to a path that would be refused on arrival fails like one (ROUTE-018, ROUTE-019).
    if (fault !== undefined && (!arg || typeof arg === 'string')) arg = new KitError(fault);
    // ROUTE-012: next('route') leaves the current route (from plain middleware it is next()), next('router')
    // leaves this router; any other non-empty string is an error (ERR-010).
    if (arg === 'route') {
      arg = undefined;
      const matches = this.matches;
      if (matches !== null) {
        // Leave the whole route: every method `route(path)` registered on it shares one group.
        const group = matches[this.matchIndex]?.entry.group;
        do this.matchIndex++;
        while (this.matchIndex < matches.length && matches[this.matchIndex]?.entry.group === group);
        this.handlerIndex = 0;
      }
    } else if (arg === 'router') {
      this.done(undefined);
      return;
    } else if (typeof arg === 'string' && arg !== '') {
      arg = new KitError('KIT_ERR_NEXT_STRING', `next() was called with the string "${arg.slice(0, 60)}"`);
    }
    // Falsy values (undefined, null, false, '') mean "no error", as in Express: an error handler that
    // calls next() has handled the error (ERR-004).
    this.hasError = Boolean(arg);
    this.error = this.hasError ? arg : undefined;
    // ERR-009: an error after the headers went out cuts the connection now, before any error middleware
    // could append to the half-sent body, and is logged now, since that middleware may swallow it; the
    // middleware still sees the error, to log or report it.
    if (this.hasError && this.res.headersSent && !this.res.writableEnded) {
      cutResponse(this.res, { err: arg, req: this.req });
    }
    this.advance();
  }

  private advance(): void {
    if (syncDepth >= MAX_SYNC_HOPS) {
      setImmediate(() => this.advance());
      return;
    }
    syncDepth++;
    try {
      this.step();
    } finally {
      syncDepth--;
    }
  }

  /**
   * Runs the next handler that applies, or ends this router's part with `done`. Layers run in registration
   * order (ROUTE-007, ROUTE-016); a route's handlers run as a pipeline, each passing on with next()
   * (ROUTE-006).
   */
  private step(): void {
    for (;;) {
      const matches = this.matches;
      if (matches !== null) {
        while (this.matchIndex < matches.length) {
          const match = matches[this.matchIndex] as RouteMatch;
          const handlers = match.entry.handlers;
          if (this.handlerIndex === 0 && this.entered !== match) {
            // An error leaves the routes: only the failing route's own error handlers may take it (ERR-004).
            if (this.hasError || !this.enterRoute(match)) break;
            this.entered = match;
            // XROUTE-008: param callbacks first; they resume here, or leave the route with next(err/'route').
            const table = this.owner?.paramTable;
            if (table != null && runParamCallbacks(this, table, match, () => this.resume())) return;
          }
          while (this.handlerIndex < handlers.length) {
            const handler = handlers[this.handlerIndex++] as Middleware;
            // ERR-004: four parameters make error middleware, which runs only while an error is pending.
            if (handler.length >= 4 === this.hasError) {
              this.invoke(handler);
              return;
            }
          }
          this.matchIndex++;
          this.handlerIndex = 0;
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
        const found = layer.index.match(this.req.method as string, this.where.path, this.where.lower());
        if (found !== null) {
          this.matches = found;
          this.matchIndex = 0;
          this.handlerIndex = 0;
        }
        continue;
      }
      // ROUTE-008, ROUTE-009: prefix middleware and mounted routers run only for paths under their prefix.
      let entered = layer.prefix;
      let prefixParams: RegExpExecArray | null = null;
      if (entered !== '') {
        if (layer.pattern === undefined) {
          if (!this.where.isUnder(entered)) continue;
        } else {
          // XROUTE-006: a prefix with parameters; what it matched is entered, without a trailing slash.
          prefixParams = layer.pattern.regexp.exec(this.where.path);
          // A RegExp prefix may stop inside a segment (`/^\/re/` on `/rex`): whole segments only (ROUTE-008).
          if (prefixParams === null || !endsSegment(this.where.path, prefixParams)) continue;
          entered =
            prefixParams[0].length > 1 && prefixParams[0].endsWith('/')
              ? prefixParams[0].slice(0, -1)
              : prefixParams[0];
        }
      }
      if (layer.kind === 'middleware') {
        if (layer.errorHandler !== this.hasError) continue;
        if (entered !== '') this.where.enter(entered);
        if (this.paramsSet) {
          // Parameters belong to the route that captured them, as in Express.
          this.req.params = this.parentParams ?? {};
          this.paramsSet = false;
        }
        if (prefixParams !== null && this.enterPrefix(layer, prefixParams)) return;
        this.invoke(layer.handler);
        return;
      }
      // Like Express, a pending error never enters a mounted router (ERR-004): its error middleware handles
      // only what fails inside it.
      if (this.hasError) continue;
      if (entered !== '') this.where.enter(entered);
      if (this.paramsSet) {
        this.req.params = this.parentParams ?? {};
        this.paramsSet = false;
      }
      if (prefixParams !== null && this.enterPrefix(layer, prefixParams)) return;
      layer.target.handle(this.req, this.res, (err) => this.next(err));
      return;
    }
  }

  /**
   * Sets decoded `req.params` for a matched route (ROUTE-002); a malformed escape is a 400 error instead
   * (ROUTE-014).
   */
  private enterRoute(match: RouteMatch): boolean {
    const params: Record<string, string | undefined> = {};
    for (let i = 0; i < match.keys.length; i++) {
      const raw = match.values[i];
      // XROUTE-001: an optional group of a regex route that took nothing; a name another group set stays.
      if (raw === undefined) {
        if (!Object.hasOwn(params, match.keys[i] as string)) params[match.keys[i] as string] = undefined;
        continue;
      }
      let value = raw;
      if (raw.indexOf('%') !== -1) {
        try {
          value = decodeURIComponent(raw);
        } catch {
          this.matches = null;
          this.hasError = true;
          this.error = new KitError(
            'KIT_ERR_ROUTE_BAD_ENCODING',
            `Malformed percent-encoding in "${raw.length > 60 ? `${raw.slice(0, 60)}...` : raw}"`,
          );
          return false;
        }
      }
      params[match.keys[i] as string] = value;
    }
    this.req.params = (
      this.parentParams === null ? params : mergeParams(this.parentParams, params)
    ) as Record<string, string>;
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
  private enterPrefix(layer: Layer, found: RegExpExecArray): boolean {
    const pattern = (layer as { pattern: RegexPattern }).pattern;
    const match: RouteMatch = { entry: PREFIX_ENTRY, keys: pattern.keys, values: found.slice(1), rank: 0 };
    if (!this.enterRoute(match)) {
      // The pending 400 goes on from the next layer, outside the prefix.
      this.where.leave();
      this.advance();
      return true;
    }
    this.req.route = undefined;
    const table = this.owner?.paramTable;
    if (table == null) return false;
    return runParamCallbacks(this, table, match, () => this.runLayer(layer));
  }

  /** Runs a middleware or mounted layer whose prefix was entered. */
  private runLayer(layer: Layer): void {
    if (layer.kind === 'middleware') this.invoke(layer.handler);
    else if (layer.kind === 'mount') layer.target.handle(this.req, this.res, (err) => this.next(err));
  }

  /** Internal, for param callbacks: continue with the route they ran for. */
  resume(): void {
    this.advance();
  }

  /** Internal, for param callbacks: their `next(err)` or `next('route')`; the route's handlers do not run. */
  leaveRoute(arg: unknown): void {
    this.entered = null;
    // An error leaves the routes as a failing route does; 'route' skips this one.
    this.next(arg);
  }

  private invoke(handler: Middleware): void {
    const req = this.req;
    const res = this.res;
    // ERR-008: a second call of the same next is ignored and logged as a warning.
    let called = false;
    const next: NextFunction = (err) => {
      if (called) {
        logger.warn({ url: req.originalUrl }, 'next() called more than once; the extra call was ignored');
        return;
      }
      called = true;
      this.next(err);
    };
    // XFILE-006: Express's `req.next`, the next of the handler running now, for members that finish later
    // and must fail through the stack (res.sendFile without a callback).
    req.next = next;
    try {
      // ERR-001, ERR-002: a throw or a rejection is next(err), from error middleware too (HARD-001).
      const result: unknown = this.hasError
        ? (handler as ErrorHandler)(this.error, req, res, next)
        : (handler as RequestHandler)(req, res, next);
      // Inside the try: reading `then` of a hostile return value (a Proxy) may throw too (ERR-011). The
      // rejection closure exists only for handlers that return a promise; sync handlers skip it.
      if (result !== undefined && result !== null && typeof (result as Promise<void>).then === 'function') {
        (result as Promise<void>).then(undefined, (thrown: unknown) => {
          if (called) this.lateFailure(thrown);
          else {
            called = true;
            this.next(asError(thrown));
          }
        });
      }
    } catch (thrown) {
      if (called) this.lateFailure(thrown);
      else {
        called = true;
        this.next(asError(thrown));
      }
    }
  }

  /** A handler failed after it had already passed control on: nothing can route it, so it is logged. */
  private lateFailure(thrown: unknown): void {
    logFailure(
      'error',
      { err: thrown, url: this.req.originalUrl },
      'a handler failed after it had called next()',
    );
  }
}

/** Whether a prefix's match ends at a segment boundary of `path`: at its end, or before or after a `/`. */
function endsSegment(path: string, found: RegExpExecArray): boolean {
  const end = found.index + found[0].length;
  return (
    found.index === 0 &&
    (end === path.length || path.charCodeAt(end) === 47 || path.charCodeAt(end - 1) === 47)
  );
}

/**
 * XROUTE-006: a router's params over its parent's, as Express merges them: the router's own names win, and
 * its numbered captures (`*`, groups) come after the parent's.
 */
function mergeParams(
  parent: Record<string, string | undefined>,
  own: Record<string, string | undefined>,
): Record<string, string | undefined> {
  const merged: Record<string, string | undefined> = { ...parent };
  let offset = 0;
  while (Object.hasOwn(parent, offset)) offset++;
  for (const key of Object.keys(own)) {
    const numeric = /^\d+$/.test(key);
    merged[numeric && offset > 0 ? String(Number(key) + offset) : key] = own[key];
  }
  return merged;
}

/**
 * Whatever a handler threw or rejected with, as something the error path can carry; a non-error is a 500
 * (ERR-002).
 */
function asError(thrown: unknown): unknown {
  // No `instanceof`: on a Proxy it runs a trap that may throw (ERR-011). Every object goes on as it is.
  // A function is an object too, and may carry `status` or a hostile `toString`: it goes on as it is.
  if (thrown !== null && (typeof thrown === 'object' || typeof thrown === 'function')) return thrown;
  return new KitError(
    'KIT_ERR_HANDLER_REJECTED',
    thrown === undefined || thrown === null
      ? 'A handler failed without an error'
      : `A handler threw a non-error value: ${describeThrown(thrown)}`,
    { cause: thrown },
  );
}

/** A short text for a thrown primitive; `String()` of a Symbol is fine, but nothing here may throw. */
function describeThrown(thrown: unknown): string {
  try {
    return String(thrown).slice(0, 60);
  } catch {
    return typeof thrown;
  }
}
