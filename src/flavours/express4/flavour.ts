/** Express 4's flavour of an app: its request and response classes, pages, defaults and extra members. */
import type { Flavour } from '../../core/app/flavour.js';
import type { KitApp } from '../../core/types.js';
import { defaultError, notFound } from '../express-shared/final-handler.js';
import { optionsWalk } from '../express-shared/options.js';
import { expressPrepare } from '../express-shared/prepare.js';
import { addParamFactories } from './param.js';
import { expressPathSyntax } from './path-syntax.js';
import { Express4Request } from './request.js';
import { Express4Response } from './response.js';

// The apps that were told `app.del` is deprecated: each hears it once, and no app's use silences another's.
const toldOfDel = new WeakSet<object>();

/** Express 4's `app.del`: `app.delete` under its old name, deprecated, as Express says. */
function del(this: KitApp, ...args: unknown[]): KitApp {
  if (!toldOfDel.has(this)) {
    toldOfDel.add(this);
    process.emitWarning('app.del: Use app.delete instead', 'DeprecationWarning');
  }
  return (this.delete as (...forms: unknown[]) => KitApp)(...args);
}

/**
 * XROUTE-009: what an Express 4 app has beyond kit()'s registrars: `app.del`, the old name of `app.delete`.
 * An own property of each kitjs/express app, so a kit() app and `express.application` have none.
 */
function addExpressAliases(app: KitApp): void {
  Object.defineProperty(app, 'del', { value: del, writable: true, configurable: true });
}

/**
 * kitjs/express (Express 4): requests and responses of its own classes (`express.request` and
 * `express.response` are their prototypes), Express 4's path syntax (XROUTE-001, set before anything is
 * registered), Express 4's 404 and error pages (EXP-011), its automatic OPTIONS
 * answer (XROUTE-012), its defaults (EXP-003), `app.del` (XROUTE-009), `app.param(fn)` (XROUTE-019), its
 * failures on stderr as Express writes them (EXP-015), its routing settings inherited and read once
 * (EXP-014), and settings written straight into `app.settings` taking effect (EXP-002), as Express reads them
 * per request.
 *
 * @example
 * ```ts
 * const app = createApp(options, express4Flavour);
 * ```
 */
export const express4Flavour: Flavour = Object.freeze({
  Request: Express4Request,
  Response: Express4Response,
  notFound,
  defaultError,
  routerWalk: optionsWalk,
  // X5-018: `//` stays in req.path and req.url, and routes match it as Express's do.
  keepsEmptySegments: true,
  // EXP-003: Express 4's defaults, with qs's extended query parser.
  prepare: expressPrepare({
    pathSyntax: expressPathSyntax,
    queryParser: 'extended',
    members(app: KitApp): void {
      addExpressAliases(app);
      addParamFactories(app, true);
    },
  }),
});
