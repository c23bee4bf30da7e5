/** The fields the app and the dispatcher keep on a request, beyond the public `KitRequest`. Not public API. */
import type { AppContext } from '../app/context.js';
import type { KitRequest } from '../types.js';

/** The request with the fields the dispatcher keeps on it. Not part of the public API. */
export interface InternalRequest extends KitRequest {
  /** Canonical path relative to the current mount point. */
  kitPath: string;
  /** The query string with its `?`, or ''. */
  kitSearch: string;
  /** The app running the request, as its requests read it (compiled settings, logger); set as it enters. */
  context: AppContext | undefined;
  /**
   * XROUTE-020: the engine steps the request's route regexes that can backtrack were charged so far (its
   * `RegexMeter`); set by the first one tried, absent on a request that met none.
   */
  kitRegexSteps?: number;
}
