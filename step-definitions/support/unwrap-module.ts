/** One way to read an implementation's module, whichever build it is: kit and the named exports. */

/** What the suite reads from an implementation's module. */
export interface UnwrappedModule {
  /** The default export `kit` (or a named `kit`), when there is a function of that shape. */
  kit: unknown;
  /** Every named export, `default` left out. */
  exports: Record<string, unknown>;
}

/**
 * The helper's JavaScript source, a function declaration named `unwrapModule`, for the scripts the steps
 * run in a child process (they embed code as strings). The in-process `unwrapModule` below is made from
 * the same text, so both always agree.
 *
 * The shapes it reads, given the namespace `ns` of `await import(implementation)`:
 * - an ES module: `default` is kit, the named exports sit on `ns`;
 * - a CommonJS build whose `module.exports` is an object: `ns.default` is that object, holding `default`
 *   (or `kit`) and the named exports;
 * - a CommonJS build shaped like Express (kitjs's own, see scripts/finish-build.mjs): `ns.default` is the kit
 *   function itself, carrying every named export as a property.
 * Names found on `ns` win over the same names found on `ns.default`.
 */
export const unwrapModuleSource = `function unwrapModule(ns) {
  const inner = ns.default;
  const carriesExports =
    (inner !== null && typeof inner === 'object') ||
    (typeof inner === 'function' && Object.keys(inner).length > 0);
  const exports = Object.assign({}, carriesExports ? inner : {}, ns);
  delete exports.default;
  delete exports.__esModule;
  let kit = typeof inner === 'function' ? inner : undefined;
  if (kit === undefined && carriesExports) kit = typeof inner.default === 'function' ? inner.default : inner.kit;
  if (typeof kit !== 'function') kit = exports.kit;
  return { kit, exports };
}`;

/**
 * Reads kit and the named exports from a module namespace (see unwrapModuleSource for the shapes).
 *
 * @example
 * ```ts
 * const { kit, exports } = unwrapModule(await import(location.url));
 * ```
 */
export const unwrapModule = new Function(`${unwrapModuleSource}\nreturn unwrapModule;`)() as (
  namespace: Record<string, unknown>,
) => UnwrappedModule;
