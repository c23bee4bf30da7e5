/** Express 4's automatic answer to an OPTIONS request that nothing answered: the methods routed at its path. */
import type { Route } from '../../core/router/route.js';
import type { RouterWalk } from '../../core/router/router-walk.js';
import type { KitRequest, KitResponse, NextFunction } from '../../core/types.js';

/**
 * The methods a route answers, upper case, in the order they were registered on it, then HEAD when it has
 * GET and no HEAD of its own (XROUTE-012).
 */
function methodsOf(route: Route): string[] {
  const methods = Object.keys(route.methods);
  if (route.methods.get && !route.methods.head) methods.push('head');
  return methods.map((method) => method.toUpperCase());
}

/**
 * XROUTE-012: one OPTIONS request's walk through one router. It gathers the methods of every route matching
 * the path that has no handler for OPTIONS (an `all` route handles every method, so it adds none); if the
 * walk ends with no error and something was gathered, the router answers 200 with `Allow` and a body both
 * listing them, comma-separated, each once.
 */
class OptionsWalk implements RouterWalk {
  private readonly allowed: string[] = [];

  constructor(private readonly res: KitResponse) {}

  passed(routes: readonly Route[]): void {
    for (const route of routes) {
      if (route.handlesMethod('OPTIONS')) continue;
      for (const method of methodsOf(route)) {
        if (!this.allowed.includes(method)) this.allowed.push(method);
      }
    }
  }

  end(err: unknown, done: NextFunction): void {
    if (err || this.allowed.length === 0) {
      done(err);
      return;
    }
    const allow = this.allowed.join(',');
    try {
      this.res.set('Allow', allow);
      this.res.send(allow);
    } catch (failure) {
      // As Express: a response that can no longer be written (its headers went out) fails after the router.
      done(failure);
    }
  }
}

/**
 * XROUTE-012: kitjs/express's routers answer an OPTIONS request nothing answered, as Express 4's do; any
 * other request walks as in a kit() app.
 *
 * @example
 * ```ts
 * const walk = optionsWalk(req, res); // an OptionsWalk for OPTIONS, else undefined
 * ```
 */
export function optionsWalk(req: KitRequest, res: KitResponse): RouterWalk | undefined {
  return req.method === 'OPTIONS' ? new OptionsWalk(res) : undefined;
}
