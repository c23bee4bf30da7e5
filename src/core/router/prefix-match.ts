/** Whether a `use` layer's prefix covers the path a router sees, and what it takes off (ROUTE-008, XROUTE-006). */
import type { PrefixLayer } from './layer.js';
import type { MountPath } from './mount-path.js';
import { execRoute, type RegexMeter } from './regex-budget.js';

/**
 * How `layer`'s prefix matches the path: `undefined` when it does not cover it (the layer is skipped),
 * `null` when it does with nothing captured (a literal prefix, or none), the match of its pattern
 * otherwise. Prefix middleware and mounted routers run only for paths under their prefix, in whole
 * segments (ROUTE-008, ROUTE-009). A pattern that can backtrack draws on the budget of `meter`, the
 * request (XROUTE-020).
 *
 * @example
 * ```ts
 * const found = matchPrefix(layer, where, req);
 * if (found !== undefined) where.enter(enteredText(layer, found));
 * ```
 */
export function matchPrefix(
  layer: PrefixLayer,
  where: MountPath,
  meter: RegexMeter,
): RegExpExecArray | null | undefined {
  if (layer.prefix === '') return null;
  if (layer.pattern === undefined) return where.isUnder(layer.prefix) ? null : undefined;
  const found = execRoute(layer.pattern.regexp, where.path, meter);
  // A RegExp prefix may stop inside a segment (`/^\/re/` on `/rex`): whole segments only (ROUTE-008).
  return found !== null && endsSegment(where.path, found) ? found : undefined;
}

/**
 * What entering the prefix takes off the path: the literal prefix, or what its pattern matched without a
 * trailing slash (XROUTE-006); '' for none, and for a pattern that matched only the `/` of the root
 * (`use('*')` or `use('/a?')` on `/`), whose `req.baseUrl` is then `''`, as Express's routers make it.
 */
export function enteredText(layer: PrefixLayer, found: RegExpExecArray | null): string {
  if (found === null) return layer.prefix;
  const text = found[0];
  return text.endsWith('/') ? text.slice(0, -1) : text;
}

/** Whether a prefix's match ends at a segment boundary of `path`: at its end, or before or after a `/`. */
function endsSegment(path: string, found: RegExpExecArray): boolean {
  const end = found.index + found[0].length;
  return (
    found.index === 0 &&
    (end === path.length || path.charCodeAt(end) === 47 || path.charCodeAt(end - 1) === 47)
  );
}
