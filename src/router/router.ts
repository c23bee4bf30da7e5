/** Router: the registration surface shared by apps and sub-routers, and its `route(path)` builder. */

import { markFactory, refuseFactory } from '../factory-guard.js';
import type { InternalRequest } from '../request.js';
import type {
  HandlerArg,
  KitRequest,
  KitResponse,
  Middleware,
  Mountable,
  NextFunction,
  Route,
  RouteGeneric,
  RouteOf,
  RouterLike,
  UseArg,
} from '../types.js';
import { Dispatch } from './dispatch.js';
import type { Layer } from './layer.js';
import { staticSegment } from './pattern.js';
import { RouteIndex } from './route-index.js';

/**
 * A router: middleware, routes and mounted routers, run in registration order. Mount it with
 * `app.use('/prefix', router)`; its paths are relative to that prefix.
 *
 * @example
 * ```ts
 * import kit, { Router } from 'kitjs';
 * const users = new Router();
 * users.get('/:id', (req, res) => res.json({ id: req.params.id }));
 * kit().use('/users', users).listen(3000);
 * ```
 */
export class Router implements RouterLike<Router>, Mountable {
  /** Internal: the layers in registration order (read by the dispatcher and `routes()`). */
  readonly stack: Layer[] = [];
  private order = 0;
  /** The route block new routes join; a `use` closes it so that order stays exact. */
  private block: RouteIndex | null = null;

  // ROUTE-001, APP-002: one registrar per method (`all` for every method), each returning the router.
  get<R extends RouteGeneric = {}, P extends string = string>(
    path: P,
    ...handlers: HandlerArg<RouteOf<R, P>>[]
  ): this;
  get(path: string, ...handlers: unknown[]): this {
    return this.addRoute('GET', path, handlers, 'get');
  }
  post<R extends RouteGeneric = {}, P extends string = string>(
    path: P,
    ...handlers: HandlerArg<RouteOf<R, P>>[]
  ): this;
  post(path: string, ...handlers: unknown[]): this {
    return this.addRoute('POST', path, handlers, 'post');
  }
  put<R extends RouteGeneric = {}, P extends string = string>(
    path: P,
    ...handlers: HandlerArg<RouteOf<R, P>>[]
  ): this;
  put(path: string, ...handlers: unknown[]): this {
    return this.addRoute('PUT', path, handlers, 'put');
  }
  patch<R extends RouteGeneric = {}, P extends string = string>(
    path: P,
    ...handlers: HandlerArg<RouteOf<R, P>>[]
  ): this;
  patch(path: string, ...handlers: unknown[]): this {
    return this.addRoute('PATCH', path, handlers, 'patch');
  }
  delete<R extends RouteGeneric = {}, P extends string = string>(
    path: P,
    ...handlers: HandlerArg<RouteOf<R, P>>[]
  ): this;
  delete(path: string, ...handlers: unknown[]): this {
    return this.addRoute('DELETE', path, handlers, 'delete');
  }
  head<R extends RouteGeneric = {}, P extends string = string>(
    path: P,
    ...handlers: HandlerArg<RouteOf<R, P>>[]
  ): this;
  head(path: string, ...handlers: unknown[]): this {
    return this.addRoute('HEAD', path, handlers, 'head');
  }
  options<R extends RouteGeneric = {}, P extends string = string>(
    path: P,
    ...handlers: HandlerArg<RouteOf<R, P>>[]
  ): this;
  options(path: string, ...handlers: unknown[]): this {
    return this.addRoute('OPTIONS', path, handlers, 'options');
  }
  all<R extends RouteGeneric = {}, P extends string = string>(
    path: P,
    ...handlers: HandlerArg<RouteOf<R, P>>[]
  ): this;
  all(path: string, ...handlers: unknown[]): this {
    return this.addRoute('*', path, handlers, 'all');
  }

  use(...handlers: UseArg[]): this;
  use(path: string, ...handlers: UseArg[]): this;
  use(...args: unknown[]): this {
    let prefix = '';
    let items: unknown[] = args;
    if (typeof args[0] === 'string') {
      prefix = normalizePrefix(args[0]);
      items = args.slice(1);
    }
    items = items.flat(Infinity);
    if (items.length === 0) throw new TypeError('use() needs at least one middleware function or Router');
    items.forEach((item, position) => {
      refuseFactory(item, prefix === '' ? 'use()' : `use('${args[0] as string}')`);
      // A Router, or a kit app (a function too, APP-012): mounted, so that its 404 falls through to here.
      if (
        item !== null &&
        (typeof item === 'object' || typeof item === 'function') &&
        typeof (item as Mountable).handle === 'function'
      ) {
        this.stack.push({ kind: 'mount', prefix, target: item as Mountable });
      } else if (typeof item === 'function') {
        const handler = item as Middleware;
        this.stack.push({ kind: 'middleware', prefix, handler, errorHandler: handler.length >= 4 });
      } else {
        throw new TypeError(
          `use(): argument ${position + 1} is ${describe(item)}; expected a middleware function or a Router`,
        );
      }
    });
    this.block = null;
    return this;
  }

  // ROUTE-010, ROUTE-012: one chain per path; its methods share a group, so next('route') leaves them all.
  route<Path extends string>(path: Path): Route<Path> {
    const group = this.order++;
    const register = (method: string, name: string, handlers: unknown[]): Route<Path> => {
      this.addRoute(method, path, handlers, name, group);
      return route;
    };
    // What the registrars' types add (params from `path`, a RouteGeneric argument) is types only.
    const route: Route<Path> = {
      path,
      get: (...h: unknown[]) => register('GET', 'get', h),
      post: (...h: unknown[]) => register('POST', 'post', h),
      put: (...h: unknown[]) => register('PUT', 'put', h),
      patch: (...h: unknown[]) => register('PATCH', 'patch', h),
      delete: (...h: unknown[]) => register('DELETE', 'delete', h),
      head: (...h: unknown[]) => register('HEAD', 'head', h),
      options: (...h: unknown[]) => register('OPTIONS', 'options', h),
      all: (...h: unknown[]) => register('*', 'all', h),
    };
    return route;
  }

  /** Runs a request through this router; `done` continues after it (with an error, if one is left). */
  handle(req: KitRequest, res: KitResponse, done: NextFunction): void {
    new Dispatch(this.stack, req as InternalRequest, res, done).start();
  }

  // APP-009: `all` is reported as ALL and a mounted router's routes carry its prefix, in registration order.
  /** Every route registered here and in mounted routers, with full paths. */
  routes(): Array<{ method: string; path: string }> {
    const out: Array<{ method: string; path: string }> = [];
    collectRoutes(this.stack, '', out);
    return out;
  }

  private addRoute(method: string, path: string, handlers: unknown[], name: string, group?: number): this {
    const flat = handlers.flat(Infinity);
    if (flat.length === 0) throw new TypeError(`${name}('${String(path)}') needs at least one handler`);
    // APP-006, APP-010: a handler that is not a function, or a factory passed uncalled, throws at setup.
    flat.forEach((handler, position) => {
      refuseFactory(handler, `${name}('${String(path)}')`);
      if (typeof handler !== 'function') {
        throw new TypeError(
          `${name}('${String(path)}'): handler ${position + 1} is ${describe(handler)}; expected a function`,
        );
      }
    });
    if (this.block === null) {
      this.block = new RouteIndex();
      this.stack.push({ kind: 'routes', index: this.block });
    }
    const order = this.order++;
    this.block.add({ order, group: group ?? order, method, path, handlers: flat as Middleware[] });
    return this;
  }
}

function collectRoutes(stack: Layer[], prefix: string, out: Array<{ method: string; path: string }>): void {
  for (const layer of stack) {
    if (layer.kind === 'routes') {
      for (const entry of layer.index.entries) {
        const path = entry.path === '*' ? '/*' : entry.path;
        out.push({ method: entry.method === '*' ? 'ALL' : entry.method, path: joinPath(prefix, path) });
      }
    } else if (layer.kind === 'mount' && layer.target instanceof Router) {
      collectRoutes(layer.target.stack, prefix + layer.prefix, out);
    }
  }
}

function joinPath(prefix: string, path: string): string {
  if (prefix === '') return path;
  return path === '/' ? prefix : prefix + path;
}

/** A `use` prefix in its matching form: canonical, encoded, lower case, no trailing slash, '' for the root. */
function normalizePrefix(prefix: string): string {
  if (prefix.charCodeAt(0) !== 47) throw new TypeError(`use('${prefix}'): a path prefix must start with "/"`);
  if (/[:*?()]/.test(prefix)) {
    throw new TypeError(
      `use('${prefix}'): prefixes are literal paths; parameters and wildcards are not supported`,
    );
  }
  let trimmed = prefix;
  while (trimmed.length > 1 && trimmed.endsWith('/')) trimmed = trimmed.slice(0, -1);
  if (trimmed === '/') return '';
  return trimmed
    .split('/')
    .slice(1)
    .map((segment) => `/${staticSegment(segment, prefix)}`)
    .join('');
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : String(typeof value === 'string' ? `"${value}"` : value);
}

markFactory(Router, 'new Router()');
