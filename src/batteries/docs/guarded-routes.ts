/** Finds the routes `authMiddleware` guards, by walking the app's stack in the order its requests do. */
import type { Layer } from '../../core/router/layer.js';
import { BEARER_GUARD } from '../auth/middleware.js';

/** Whether `handler` is a guard `authMiddleware` made, the plain one included (DOCS-032). */
export function isBearerGuard(handler: unknown): boolean {
  return typeof handler === 'function' && (handler as { [BEARER_GUARD]?: unknown })[BEARER_GUARD] === true;
}

/**
 * The routes a bearer guard stands in front of, as `METHOD path` keys written as `app.routes()` writes them
 * (`ALL` for `all`, mounted routers' prefixes joined): a route is guarded when a guard is among its own
 * handlers, or when `use` put one, under a prefix that covers the route's path, before the route in the
 * stack (here or in a router the route's router is mounted in). `app.routes()` lists methods and paths only,
 * so the docs read the stack the way `routes()` and the listen hooks do.
 *
 * @example
 * ```ts
 * app.use('/admin', authMiddleware);
 * app.get('/admin/users', list);
 * bearerGuardedRoutes(app); // Set { 'GET /admin/users' }
 * ```
 */
export function bearerGuardedRoutes(app: unknown): Set<string> {
  const out = new Set<string>();
  const stack = stackOf(app);
  if (stack !== undefined) walk(stack, '', [], out, new Set());
  return out;
}

function stackOf(router: unknown): readonly Layer[] | undefined {
  const stack = (router as { stack?: unknown } | null | undefined)?.stack;
  return Array.isArray(stack) ? (stack as Layer[]) : undefined;
}

/**
 * One router's stack under `prefix`, with the guards already passed (their full prefixes, as segments).
 * `ancestors` stops a router mounted inside itself from being walked forever.
 */
function walk(
  stack: readonly Layer[],
  prefix: string,
  inherited: readonly string[][],
  out: Set<string>,
  ancestors: Set<readonly Layer[]>,
): void {
  if (ancestors.has(stack)) return;
  ancestors.add(stack);
  const guards = [...inherited];
  for (const layer of stack) {
    if (layer.kind === 'middleware') {
      const covered = layer.errorHandler
        ? undefined
        : prefixSegments(layer.prefix, layer.pattern !== undefined);
      if (covered !== undefined && isBearerGuard(layer.handler))
        guards.push([...segments(prefix), ...covered]);
    } else if (layer.kind === 'routes') {
      for (const entry of layer.index.entries) {
        const method = entry.method === '*' ? 'ALL' : entry.method;
        const own = entry.handlers.some(isBearerGuard);
        const paths = Array.isArray(entry.path) ? entry.path.flat(Infinity as 1) : [entry.path];
        for (const one of paths) {
          // As routes() lists it: a RegExp path as its source text, under the prefix's.
          const path = joinPath(prefix, one === '*' ? '/*' : String(one));
          if (own || guards.some((guard) => covers(guard, segments(path)))) out.add(`${method} ${path}`);
        }
      }
    } else {
      const inner = stackOf(layer.target);
      if (inner !== undefined) walk(inner, prefix + layer.prefix, guards, out, ancestors);
    }
  }
  ancestors.delete(stack);
}

function joinPath(prefix: string, path: string): string {
  if (prefix === '') return path;
  return path === '/' ? prefix : prefix + path;
}

function segments(path: string): string[] {
  return path
    .toLowerCase()
    .split('/')
    .filter((segment) => segment !== '');
}

/**
 * A `use` prefix as segments, or undefined when it is not a path the docs can compare (a RegExp, a list of
 * paths): a guard under such a prefix is not assumed to cover anything.
 */
function prefixSegments(prefix: string, patterned: boolean): string[] | undefined {
  if (patterned && !/^(?:\/[^/\\^$()[\]|*+?{},]+)+$/.test(prefix)) return undefined;
  return segments(prefix);
}

/**
 * Whether every request to the route passes under the guard's prefix: each of its segments is the route's,
 * or a parameter (`:id`), which takes any.
 */
function covers(guard: readonly string[], path: readonly string[]): boolean {
  if (guard.length > path.length) return false;
  return guard.every((segment, at) => segment.startsWith(':') || segment === path[at]);
}
