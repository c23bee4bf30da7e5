/** Whether a value is a plain object: what JSON.parse or an object literal makes. */

/**
 * A plain object (prototype `Object.prototype` or none), as opposed to a function, an array, a Date, a
 * Buffer, an ORM helper, a Router or an app.
 *
 * @example
 * ```ts
 * isPlainObject({ schema: {} }); // true
 * isPlainObject(new Date()); // false
 * ```
 */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}
