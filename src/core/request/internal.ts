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
}
