/** kitjs/express5's class family: its App (`express()`) and Router (`express.Router()`), with Express 5's members and refusals on their prototypes. */
import type { Server } from 'node:http';
import type { KitOptions } from '../../core/app.js';
import type { ParamCallback } from '../../core/router/param-callbacks.js';
import { PATH_SYNTAX, type PathSyntax } from '../../core/router/path-syntax.js';
import type { Router } from '../../core/router/router.js';
import type { Route, ViewEngine } from '../../core/types.js';
import { ExpressApp } from '../express-shared/app.js';
import { ExpressRouter } from '../express-shared/router.js';
import { express5Flavour } from './flavour.js';
import { express5PathSyntax } from './path-syntax.js';
import { checkParamName, checkPaths, inExpress5Words, useArguments } from './registrars.js';

type AddRoute = Parameters<Router['addRoute']>;

/**
 * An app of kitjs/express5, what `express()` makes; `express.application` is this class's prototype, so a
 * member added there reaches kitjs/express5 apps only (X5-001). Beyond `ExpressApp`: Express 5's path
 * syntax (X5-003), its registrars' checks and refusals in its words (X5-005, registrars.ts), `app.router`
 * (X5-002), `app.listen` handing a server error to its callback (X5-015). Registration only: a request runs
 * none of it.
 *
 * @example
 * ```ts
 * const app = new Express5App();
 * app.get('/:id?', handler); // TypeError: route path "/:id?" ... write it as "{/:id}"
 * ```
 */
export class Express5App extends ExpressApp {
  constructor(options?: KitOptions) {
    // X5-002: Express 5's defaults, with the `simple` query parser (X5-009).
    super(options, express5Flavour, 'simple');
  }

  /** X5-003: Express 5's path syntax, path-to-regexp 8 as router 2 calls it. */
  override get [PATH_SYNTAX](): PathSyntax {
    return express5PathSyntax;
  }

  /** X5-002: `app.router` is the app's own router, which the app is. */
  get router(): this {
    return this;
  }

  /**
   * X5-015: Express 5's `app.listen`: a callback given last also hears the server's `error` (EADDRINUSE...),
   * once, where Express 4 left the error unhandled.
   */
  override listen(...args: unknown[]): Server {
    const last = args[args.length - 1];
    if (typeof last !== 'function') return super.listen(...args);
    let called = false;
    const done = (...results: unknown[]): void => {
      if (called) return;
      called = true;
      (last as (...results: unknown[]) => void).apply(undefined, results);
    };
    args[args.length - 1] = done;
    const server = super.listen(...args);
    server.once('error', done);
    return server;
  }

  override addRoute(...args: AddRoute): this {
    checkPaths(args[1]);
    return inExpress5Words(() => super.addRoute(...args));
  }

  override use(...args: unknown[]): this {
    const read = useArguments(args);
    checkPaths(read[0]);
    return inExpress5Words(() => super.use(...read));
  }

  override route<Path extends string>(path: Path): Route<Path> {
    checkPaths(path);
    return super.route(path);
  }

  override param(name: string | string[], fn: ParamCallback): this {
    checkParamName(name);
    return inExpress5Words(() => super.param(name, fn), fn === undefined);
  }

  override engine(ext: string, fn: ViewEngine): this {
    return inExpress5Words(() => super.engine(ext, fn));
  }
}

/**
 * A router of kitjs/express5, what `express.Router()` makes: the function `(req, res, next)` (XROUTE-015),
 * reading Express 5's paths (X5-003) and refusing as its registrars do (X5-005), as its App does.
 *
 * @example
 * ```ts
 * const users = new Express5Router({ mergeParams: true });
 * ```
 */
export class Express5Router extends ExpressRouter {
  /** X5-003: Express 5's path syntax, path-to-regexp 8 as router 2 calls it. */
  override get [PATH_SYNTAX](): PathSyntax {
    return express5PathSyntax;
  }

  override addRoute(...args: AddRoute): this {
    checkPaths(args[1]);
    return inExpress5Words(() => super.addRoute(...args));
  }

  override use(...args: unknown[]): this {
    const read = useArguments(args);
    checkPaths(read[0]);
    return inExpress5Words(() => (super.use as (...forms: unknown[]) => this)(...read));
  }

  override route<Path extends string>(path: Path): Route<Path> {
    checkPaths(path);
    return super.route(path);
  }

  override param(name: string | string[], fn: ParamCallback): this {
    checkParamName(name);
    return inExpress5Words(() => super.param(name, fn), fn === undefined);
  }
}
