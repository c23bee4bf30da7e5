/** The App class both Express flavours extend: Express's defaults, its logger, its routing settings read once, its settings table watched. */
import type { Flavour } from '../../core/app/flavour.js';
import { App, type KitOptions } from '../../core/app.js';
import type { MatchOptions } from '../../core/router/regex-path.js';
import { expressLogger } from './express-logger.js';
import { watchSettings } from './settings.js';

/**
 * An app of kitjs/express or kitjs/express5 (`Express4App`, `Express5App` extend it). Made with:
 *
 * - Express's defaults where they differ from kit()'s (EXP-003, X5-002): the X-Powered-By banner, weak
 *   ETags and the flavour's query parser, set through `app.set` as an app would, so each is compiled once;
 * - its failures on stderr as Express writes them, unless it was given a logger (EXP-015, X5-017);
 * - `case sensitive routing` and `strict routing` (and `view cache` outside `production`) unset, as Express
 *   leaves them, so a sub-app mounted before it sets them reads its parent's (EXP-014);
 * - its settings table watched, so a setting written straight into `app.settings` takes effect (EXP-002).
 *
 * And Express makes an app's router on its first `use`, route or `param`, with the two routing settings as
 * they are then, for every route after: so {@link matchOptions} keeps its first answer (where a kit() app
 * reads them for each route, XROUTE-005). Registration only: a request runs none of it.
 *
 * @example
 * ```ts
 * class MyExpressApp extends ExpressApp {
 *   constructor(options?: KitOptions) {
 *     super(options, myFlavour, 'extended');
 *   }
 * }
 * ```
 */
export abstract class ExpressApp extends App {
  /** EXP-014: the routing settings as they were at the first registration. */
  #routing: MatchOptions | undefined = undefined;

  /**
   * @param options `express()`'s options, as kit()'s
   * @param flavour the flavour's classes and pages
   * @param queryParser the `query parser` Express gives a new app: `'extended'` (4), `'simple'` (5, X5-009)
   */
  constructor(options: KitOptions | undefined, flavour: Flavour, queryParser: 'extended' | 'simple') {
    // EXP-015, X5-017: an app given no logger logs as Express does, reading its `env` when it writes.
    const given = options ?? {};
    const own =
      given.logger === undefined ? { ...given, logger: expressLogger(() => this?.settings.env) } : given;
    super(own, flavour);
    this.set('x-powered-by', true);
    this.set('etag', 'weak');
    this.set('query parser', queryParser);
    const settings = this.settings;
    delete settings['case sensitive routing'];
    delete settings['strict routing'];
    if (settings['view cache'] !== true) delete settings['view cache'];
    watchSettings(this);
  }

  /** EXP-014: the routing settings read at the first registration, kept, as Express keeps its router's. */
  protected override matchOptions(): MatchOptions {
    this.#routing ??= super.matchOptions();
    return this.#routing;
  }
}
