/** How an Express app reads `case sensitive routing` and `strict routing`: unset by default, so a mounted app inherits them, and read once, when Express would make its router. */
import type { MatchOptions } from '../../core/router/regex-path.js';

/** What this module reads and replaces on an app: its settings table and how its registrars compare paths. */
interface RoutingApp {
  settings: Record<string, unknown>;
  matchOptions(): MatchOptions;
}

/**
 * EXP-014: the settings of an Express app (kitjs/express and kitjs/express5) that Express leaves unset, and
 * when its router reads them.
 *
 * Express sets neither `case sensitive routing` nor `strict routing` (nor `view cache` outside
 * `production`), so a sub-app mounted before it sets them reads its parent's through its settings' prototype
 * (EXP-004): kit()'s own `false` defaults are taken off. And Express makes an app's router on its first
 * `use`, route or `param`, with the two settings as they are then, for every route after: a sub-app that
 * registered anything before it was mounted keeps its own settings for good, one that registered nothing
 * takes its parent's, and setting either after the first registration changes nothing. So the app's
 * registrars read them once, at the first middleware or route registered, and keep that answer (where a
 * kit() app reads them for each route, XROUTE-005). Registration only: a request runs none of it.
 *
 * @example
 * ```ts
 * expressRouterSettings(app);
 * parent.enable('case sensitive routing');
 * parent.use('/admin', app);
 * app.get('/Users', list); // case-sensitive, as on Express: the first route came after mounting
 * ```
 */
export function expressRouterSettings(app: object): void {
  const routing = app as RoutingApp;
  const settings = routing.settings;
  delete settings['case sensitive routing'];
  delete settings['strict routing'];
  if (settings['view cache'] !== true) delete settings['view cache'];
  // The core's registrars ask `matchOptions()` (app/configurable.ts) each time they compile a path: the first
  // answer is kept, as Express keeps the options its router was made with.
  const read = routing.matchOptions;
  let fixed: MatchOptions | undefined;
  Object.defineProperty(app, 'matchOptions', {
    value: function matchOptions(this: RoutingApp): MatchOptions {
      fixed ??= read.call(this);
      return fixed;
    },
    writable: true,
    configurable: true,
  });
}
