/** ROUTE-018, ROUTE-019: what a request whose path has no canonical form walks: the app's front, then its error path. */
import type { KitRequest, KitResponse, NextFunction } from '../types.js';
import type { Layer } from './layer.js';

/**
 * The mark of a middleware that maps the path to something as a route does (kitjs's `serveStatic`): a
 * refused request's front ends before it, as before a route. A property, looked at only for a refused
 * request, so a normal request pays nothing for it.
 */
export const ROUTES_BY_PATH: unique symbol = Symbol.for('kitjs.routesByPath');

/**
 * Marks `handler` as routing by path (see {@link ROUTES_BY_PATH}) and returns it.
 *
 * @example
 * ```ts
 * return routesByPath(function serveStaticMiddleware(req, res, next) { ... });
 * ```
 */
export function routesByPath<Handler extends object>(handler: Handler): Handler {
  (handler as { [ROUTES_BY_PATH]?: boolean })[ROUTES_BY_PATH] = true;
  return handler;
}

/**
 * The stack a refused request walks instead of `stack`, with `error` (the 400 of ROUTE-018 or ROUTE-019) as
 * the refusal. The app's front runs as it would: its prefix-less middleware up to the first layer that
 * routes by path (a block of routes, a mounted router or app, a prefixed or patterned middleware, a
 * middleware marked {@link ROUTES_BY_PATH}), so headers middleware, cors and loggers see the request. In
 * place of that layer and of every later one that is not error middleware, the refusal is raised; error
 * middleware stays where it is (a prefixed one still runs only under its prefix). So nothing that routes
 * by path ever sees the request, and an error middleware that calls `next()` gets the refusal back at the
 * next layer or at the end: it never reaches a route, nor the 404.
 *
 * @example
 * ```ts
 * new Dispatch(refusedStack(app.stack, new KitError('KIT_ERR_ROUTE_BAD_ENCODING')), req, res, done).start();
 * ```
 */
export function refusedStack(stack: readonly Layer[], error: unknown): Layer[] {
  const refuse: Layer = {
    kind: 'middleware',
    prefix: '',
    handler: (_req: KitRequest, _res: KitResponse, next: NextFunction) => next(error),
    errorHandler: false,
    pattern: undefined,
  };
  const walked: Layer[] = [];
  let front = true;
  for (const layer of stack) {
    if (layer.kind === 'middleware' && layer.errorHandler) walked.push(layer);
    else if (front && !routes(layer)) walked.push(layer);
    else {
      front = false;
      if (walked[walked.length - 1] !== refuse) walked.push(refuse);
    }
  }
  if (walked[walked.length - 1] !== refuse) walked.push(refuse);
  return walked;
}

/** Whether a layer that is not error middleware decides anything by the request's path. */
function routes(layer: Layer): boolean {
  if (layer.kind !== 'middleware') return true;
  return layer.prefix !== '' || (layer.handler as { [ROUTES_BY_PATH]?: unknown })[ROUTES_BY_PATH] === true;
}
