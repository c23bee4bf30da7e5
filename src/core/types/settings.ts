/** An app's settings table and the server timeouts `kit()` and `listen` take. */

/** Options of `listen` and of the server kitjs creates; Node's timeouts stay on by default. */
export interface ServerTimeouts {
  /** Milliseconds to receive a whole request (kitjs default 60 000; Node's own is 300 000). */
  requestTimeout?: number;
  /** Milliseconds to receive the headers (kitjs default 15 000; Node's own is 60 000). */
  headersTimeout?: number;
  /** Milliseconds an idle keep-alive socket is kept (default 5 000). */
  keepAliveTimeout?: number;
}

/**
 * An app's settings table (Express's `app.settings`): the values given to `app.set`, kit()'s server
 * timeouts, and the functions compiled from `trust proxy`, `etag` and `query parser`.
 *
 * @example
 * ```ts
 * const spaces: unknown = app.settings['json spaces'];
 * ```
 */
export type KitSettings = ServerTimeouts & { [name: string]: unknown };
