/** `next`: how a handler passes the request on. */

/**
 * What `next` accepts: nothing to go on, an error to fail, `'route'` or `'router'` to skip ahead.
 *
 * @example
 * ```ts
 * const skip = (next: NextFunction) => next('route');
 * ```
 */
export type NextFunction = (err?: unknown) => void;
