/** kitjs/express's class family: its App (`express()`) and Router (`express.Router()`), with Express 4's members on their prototypes. */
import type { KitOptions } from '../../core/app.js';
import type { ParamCallback } from '../../core/router/param-callbacks.js';
import { PATH_SYNTAX, type PathSyntax } from '../../core/router/path-syntax.js';
import { ExpressApp } from '../express-shared/app.js';
import { ExpressRouter } from '../express-shared/router.js';
import { express4Flavour } from './flavour.js';
import { ParamFactories } from './param.js';
import { expressPathSyntax } from './path-syntax.js';

/**
 * An app of kitjs/express (Express 4), what `express()` makes; `express.application` is this class's
 * prototype, so a member added there reaches kitjs/express apps only (EXP-001). Beyond `ExpressApp`:
 * Express 4's path syntax (XROUTE-001), `app.del` (XROUTE-009) and `app.param(fn)` (XROUTE-019).
 *
 * @example
 * ```ts
 * const app = new Express4App({ logger: { level: 'warn' } });
 * ```
 */
export class Express4App extends ExpressApp {
  #toldOfDel = false;
  readonly #params = new ParamFactories(true);

  constructor(options?: KitOptions) {
    // EXP-003: Express 4's defaults, with qs's extended query parser.
    super(options, express4Flavour, 'extended');
  }

  /** XROUTE-001: Express 4's path syntax, path-to-regexp 0.1.12's reading. */
  override get [PATH_SYNTAX](): PathSyntax {
    return expressPathSyntax;
  }

  /** XROUTE-009: Express 4's `app.del`, `app.delete` under its old name, deprecated (said once per app). */
  del(...args: unknown[]): this {
    if (!this.#toldOfDel) {
      this.#toldOfDel = true;
      process.emitWarning('app.del: Use app.delete instead', 'DeprecationWarning');
    }
    return (this.delete as (...forms: unknown[]) => this)(...args);
  }

  /** XROUTE-019: `param(name, fn)`, or Express 4's deprecated `param(fn)` (param.ts). */
  override param(name: string | string[], fn: ParamCallback): this {
    return this.#params.param(this, name, fn, (one, callback) => super.param(one, callback)) as this;
  }
}

/**
 * A router of kitjs/express, what `express.Router()` makes: the function `(req, res, next)` (XROUTE-015),
 * reading Express 4's paths (XROUTE-001), with Express 4's `router.param(fn)` (XROUTE-019).
 *
 * @example
 * ```ts
 * const users = new Express4Router({ mergeParams: true });
 * ```
 */
export class Express4Router extends ExpressRouter {
  readonly #params = new ParamFactories(false);

  /** XROUTE-001: Express 4's path syntax, path-to-regexp 0.1.12's reading. */
  override get [PATH_SYNTAX](): PathSyntax {
    return expressPathSyntax;
  }

  /** XROUTE-019: `param(name, fn)`, or Express 4's deprecated `param(fn)` (param.ts). */
  override param(name: string | string[], fn: ParamCallback): this {
    return this.#params.param(this, name, fn, (one, callback) => super.param(one, callback)) as this;
  }
}
