/** The Express flavours' automatic answer to an OPTIONS request that nothing answered: the methods routed at its path. */
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

  constructor(
    private readonly res: KitResponse,
    private readonly express5: boolean,
  ) {}

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
    // X5-016: router 2 (Express 5) sorts the methods and separates them with `, `; router 1 with `,`.
    const allow = this.express5 ? [...this.allowed].sort().join(', ') : this.allowed.join(',');
    if (this.res.headersSent) {
      // As Express, whose setHeader throws here: the error goes after the router, to the app's error handlers.
      const sent = new Error('Cannot set headers after they are sent to the client');
      done(Object.assign(sent, { code: 'ERR_HTTP_HEADERS_SENT' }));
      return;
    }
    try {
      this.res.set('Allow', allow);
      if (this.express5) {
        this.res.setHeader('Content-Type', 'text/plain');
        this.res.setHeader('X-Content-Type-Options', 'nosniff');
      }
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
  return req.method === 'OPTIONS' ? new OptionsWalk(res, false) : undefined;
}

/**
 * X5-016: kitjs/express5's routers answer it as router 2 does: the methods sorted, `, ` between them.
 *
 * @example
 * ```ts
 * const walk = options5Walk(req, res); // an OptionsWalk for OPTIONS, else undefined
 * ```
 */
export function options5Walk(req: KitRequest, res: KitResponse): RouterWalk | undefined {
  return req.method === 'OPTIONS' ? new OptionsWalk(res, true) : undefined;
}
