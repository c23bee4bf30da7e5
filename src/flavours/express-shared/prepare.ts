/** The `prepare` of both Express flavours: the app's path syntax, Express's defaults, the flavour's members, settings watched. */
import { PATH_SYNTAX, type PathSyntax } from '../../core/router/path-syntax.js';
import type { KitApp } from '../../core/types.js';
import { useExpressLogger } from './express-logger.js';
import { expressRouterSettings } from './router-settings.js';
import { watchSettings } from './settings.js';

/**
 * What one Express flavour's apps differ in when they are made.
 *
 * @example
 * ```ts
 * const parts: ExpressAppParts = { pathSyntax: expressPathSyntax, queryParser: 'extended', members: addExpressAliases };
 * ```
 */
export interface ExpressAppParts {
  /** How the app reads its string paths (XROUTE-001, X5-003). */
  readonly pathSyntax: PathSyntax;
  /** The `query parser` setting Express gives a new app: `'extended'` (Express 4), `'simple'` (Express 5, X5-009). */
  readonly queryParser: 'extended' | 'simple';
  /** What else the flavour's apps have or check: their own members and registrars. */
  readonly members: (app: KitApp) => void;
}

/**
 * An Express flavour's `prepare` (core/app/flavour.ts), called once on every new app: the flavour's path
 * syntax, set before anything is registered (XROUTE-001, X5-003); Express's defaults where they differ from
 * kit()'s (EXP-003, X5-002): the X-Powered-By banner, weak ETags and the flavour's query parser, set through
 * `app.set` as an app would, so each is compiled once; then the flavour's members; its failures on stderr as
 * Express writes them unless it was given a logger (EXP-015, X5-017); its routing settings inherited and read
 * once (EXP-014); and last the settings table watched, so that a setting written straight into
 * `app.settings` takes effect (EXP-002).
 *
 * @example
 * ```ts
 * const prepare = expressPrepare({ pathSyntax: expressPathSyntax, queryParser: 'extended', members: addExpressAliases });
 * ```
 */
export function expressPrepare(parts: ExpressAppParts): (app: object) => void {
  const { pathSyntax, queryParser, members } = parts;
  return (app: object): void => {
    const expressApp = app as KitApp;
    (app as { [PATH_SYNTAX]: PathSyntax })[PATH_SYNTAX] = pathSyntax;
    expressApp.set('x-powered-by', true);
    expressApp.set('etag', 'weak');
    expressApp.set('query parser', queryParser);
    members(expressApp);
    useExpressLogger(app);
    expressRouterSettings(app);
    watchSettings(expressApp);
  };
}
