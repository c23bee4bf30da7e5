/** The `kitjs.request.handler` tracing channel: start/end (and asyncStart/asyncEnd, error) around each route handler. */
import { tracingChannel } from 'node:diagnostics_channel';
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * What the channel's subscribers get for one handler call: the request, its response and the route's
 * pattern (`/users/:id`, with the patterns of the prefixes it is mounted under in front), then `error` when
 * the handler throws or rejects, `result` when its promise fulfils.
 */
export interface HandlerTraceContext {
  request: IncomingMessage;
  response: ServerResponse;
  route: string;
  error?: unknown;
  result?: unknown;
}

/**
 * OBS-006: `diagnostics_channel.tracingChannel('kitjs.request.handler')`, as Fastify's
 * `tracing:fastify.request.handler`: the dispatcher asks `hasSubscribers` before making anything, so an
 * app nobody traces pays one property read per route handler.
 *
 * @example
 * ```ts
 * import { tracingChannel } from 'node:diagnostics_channel';
 * tracingChannel('kitjs.request.handler').subscribe({ start: ({ route }) => console.log(route) });
 * ```
 */
export const handlerChannel = tracingChannel<object, HandlerTraceContext>('kitjs.request.handler');

type Handler = (...args: never[]) => unknown;

// A registry-wide symbol, so a handler marked by one copy of kitjs (ESM or CJS) is known to the other.
const KIT_STEP: unique symbol = Symbol.for('kitjs.ownStep');

/**
 * OBS-006: marks `fn`, a step kitjs itself puts among a route's handlers (the schema check, the route's
 * handler timeout), so that the tracing channel publishes the user's handlers only: one start/end pair each,
 * whatever kitjs runs around them. Returns `fn`.
 *
 * @example
 * ```ts
 * const check = markOwnStep(function routeSchema(req, res, next) { ... });
 * ```
 */
export function markOwnStep<F extends Handler>(fn: F): F {
  Object.defineProperty(fn, KIT_STEP, { value: true });
  return fn;
}

/** Whether `handler` is one of kitjs's own steps ({@link markOwnStep}), which the channel does not publish. */
export function isOwnStep(handler: Handler): boolean {
  return (handler as { [KIT_STEP]?: boolean })[KIT_STEP] === true;
}

/**
 * OBS-006: `handler` published on the channel: `start` before the call (its stores entered, so an
 * AsyncLocalStorage bound to it reaches the handler), `end` after it returns or throws, `error` for a throw or
 * a rejection, `asyncStart`/`asyncEnd` when a returned promise settles, as `tracePromise` publishes them.
 * What the handler throws or rejects with goes on unchanged, to the dispatcher's error path.
 *
 * @example
 * ```ts
 * invoke(dispatch, AS_HANDLER, traced(handler, '/users/:id'), undefined, undefined);
 * ```
 */
export function traced(handler: Handler, route: string): Handler {
  const call = handler as (req: IncomingMessage, res: ServerResponse, next: unknown) => unknown;
  return ((req: IncomingMessage, res: ServerResponse, next: unknown): unknown => {
    const context: HandlerTraceContext = { request: req, response: res, route };
    return handlerChannel.start.runStores(context, () => {
      try {
        const result = call(req, res, next);
        if (
          result !== null &&
          typeof result === 'object' &&
          typeof (result as Promise<unknown>).then === 'function'
        )
          return settled(result as Promise<unknown>, context);
        return result;
      } catch (err) {
        context.error = err;
        handlerChannel.error.publish(context);
        throw err;
      } finally {
        handlerChannel.end.publish(context);
      }
    });
  }) as Handler;
}

function settled(promise: Promise<unknown>, context: HandlerTraceContext): Promise<unknown> {
  return promise.then(
    (result) => {
      context.result = result;
      handlerChannel.asyncStart.publish(context);
      handlerChannel.asyncEnd.publish(context);
      return result;
    },
    (err: unknown) => {
      context.error = err;
      handlerChannel.error.publish(context);
      handlerChannel.asyncStart.publish(context);
      handlerChannel.asyncEnd.publish(context);
      throw err;
    },
  );
}

/**
 * The route's pattern as text: a string path as it is, a RegExp as its source text (`/^\/x$/i`), a list of
 * them joined with `,`.
 *
 * @example
 * ```ts
 * routeText('/users/:id'); // '/users/:id'
 * ```
 */
export function routeText(path: unknown): string {
  if (Array.isArray(path)) return path.map(routeText).join(',');
  return String(path);
}

/** The patterns of the prefixes a request entered, while someone traces (OBS-006); absent otherwise. */
const ROUTE_BASE = Symbol('kitjs.routeBase');
type RouteBased = { [ROUTE_BASE]?: string };

/**
 * OBS-006: the patterns of the prefixes `req` is under now (`/api`, `/users/:uid`), '' at the top.
 *
 * @example
 * ```ts
 * routeBaseOf(req) + '/users/:id'; // '/api/users/:id'
 * ```
 */
export function routeBaseOf(req: object): string {
  return (req as RouteBased)[ROUTE_BASE] ?? '';
}

/**
 * OBS-006: records that `req` entered a prefix registered as `pattern`; returns what to restore on leaving.
 *
 * @example
 * ```ts
 * const outer = enterRouteBase(req, '/api');
 * leaveRouteBase(req, outer);
 * ```
 */
export function enterRouteBase(req: object, pattern: string): string {
  const outer = routeBaseOf(req);
  (req as RouteBased)[ROUTE_BASE] = outer + pattern;
  return outer;
}

/** OBS-006: puts back the prefixes' patterns {@link enterRouteBase} returned. */
export function leaveRouteBase(req: object, outer: string): void {
  (req as RouteBased)[ROUTE_BASE] = outer;
}
