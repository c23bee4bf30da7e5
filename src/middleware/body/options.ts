/** Validates the options object a body parser factory receives, naming the factory in every TypeError. */

/**
 * Returns `options` as a record, or throws a `TypeError` when it is neither absent nor a plain object.
 * Keys the factory does not know are ignored, as Express's body-parser options (`strict`, `type`...)
 * may still be passed by code moved over from Express (BODY-019).
 *
 * @example
 * ```ts
 * const opts = readOptions({ limit: '5mb' }, 'json');
 * ```
 */
export function readOptions(options: unknown, factory: string): Record<string, unknown> {
  if (options === undefined || options === null) return {};
  if (typeof options !== 'object' || Array.isArray(options)) {
    throw new TypeError(`${factory}(): options must be an object; got ${typeof options}`);
  }
  return options as Record<string, unknown>;
}
