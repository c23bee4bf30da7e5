/** `routes()`: every route registered in a router and the routers mounted in it, with full paths (APP-009). */
import { routeSchemaOf } from '../schema/route-options.js';
import type { RouteInfo } from '../types.js';
import { CallableRoot } from './callable.js';
import type { Layer } from './layer.js';

/**
 * APP-009: the routes of `stack`, in registration order: `all` as ALL, a mounted router's with its prefix,
 * each with the schema its route options gave, if any.
 *
 * @example
 * ```ts
 * listRoutes(router.stack); // [{ method: 'GET', path: '/users/:id' }]
 * ```
 */
export function listRoutes(stack: Layer[]): RouteInfo[] {
  const out: RouteInfo[] = [];
  collectRoutes(stack, '', out);
  return out;
}

function collectRoutes(stack: Layer[], prefix: string, out: RouteInfo[]): void {
  for (const layer of stack) {
    if (layer.kind === 'routes') {
      for (const entry of layer.index.entries) {
        const method = entry.method === '*' ? 'ALL' : entry.method;
        const paths = Array.isArray(entry.path) ? entry.path.flat(Infinity as 1) : [entry.path];
        const schema = routeSchemaOf(entry.handlers);
        for (const one of paths) {
          // A RegExp path is listed as its source text, under the prefix's.
          const path = joinPath(prefix, one === '*' ? '/*' : String(one));
          out.push(schema === undefined ? { method, path } : { method, path, schema });
        }
      }
    } else if (layer.kind === 'mount' && layer.target instanceof CallableRoot) {
      // A kitjs Router or app (CallableRoot is Router's base), not another copy's or a foreign mountable.
      collectRoutes((layer.target as unknown as { stack: Layer[] }).stack, prefix + layer.prefix, out);
    }
  }
}

function joinPath(prefix: string, path: string): string {
  if (prefix === '') return path;
  return path === '/' ? prefix : prefix + path;
}
