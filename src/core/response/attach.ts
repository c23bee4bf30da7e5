/** Puts a file's response members on KitServerResponse's prototype, as class methods would be (not enumerable). */

/**
 * Defines each of `members` on `proto` as a class method would be: writable, configurable, not enumerable,
 * so `for...in` over a response lists no method and an app may still replace one.
 *
 * @example
 * ```ts
 * attachMembers(KitServerResponse.prototype, { vary(field) { ... } });
 * ```
 */
export function attachMembers(proto: object, members: Readonly<Record<string, unknown>>): void {
  for (const name of Object.keys(members)) {
    Object.defineProperty(proto, name, {
      value: members[name],
      writable: true,
      configurable: true,
      enumerable: false,
    });
  }
}
