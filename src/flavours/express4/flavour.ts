/** Express 4's flavour of an app: its request and response classes, pages, defaults and extra members. */
import type { Flavour } from '../../core/app/flavour.js';
import { PATH_SYNTAX, type PathSyntax } from '../../core/router/path-syntax.js';
import type { KitApp } from '../../core/types.js';
import { useExpressLogger } from '../express-shared/express-logger.js';
import { defaultError, notFound } from '../express-shared/final-handler.js';
import { optionsWalk } from '../express-shared/options.js';
import { expressRouterSettings } from '../express-shared/router-settings.js';
import { watchSettings } from '../express-shared/settings.js';
import { addParamFactories } from './param.js';
import { expressPathSyntax } from './path-syntax.js';
import { Express4Request } from './request.js';
import { Express4Response } from './response.js';

/**
 * EXP-003: Express 4's defaults where they differ from kit()'s: the X-Powered-By banner, weak ETags and
 * qs's extended query parser. Set through `app.set`, as an app would, so each is compiled once.
 */
function applyExpressDefaults(app: KitApp): void {
  app.set('x-powered-by', true);
  app.set('etag', 'weak');
  app.set('query parser', 'extended');
}

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
  prepare(app: object): void {
    const expressApp = app as KitApp;
    (app as { [PATH_SYNTAX]: PathSyntax })[PATH_SYNTAX] = expressPathSyntax;
    applyExpressDefaults(expressApp);
    addExpressAliases(expressApp);
    addParamFactories(app, true);
    useExpressLogger(app);
    expressRouterSettings(app);
    watchSettings(expressApp);
  },
});
