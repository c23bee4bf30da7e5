/** `req.params` of a matched route or prefix: its captures decoded, merged over the parent's when asked. */
import { KitError } from '../../base/errors.js';
import type { RouteMatch } from './route-index.js';

/** Params by name (and number, for `*` and unnamed groups); a group that took nothing is undefined. */
export type Params = Record<string, string | undefined>;

/**
 * The params of `match`, decoded (ROUTE-002) and, for a router with `mergeParams`, laid over `parent`'s
 * (XROUTE-006). A capture with a malformed escape is returned as it is, a string, for
 * {@link badEncoding} (ROUTE-014).
 *
 * @example
 * ```ts
 * const params = decodeParams(match, null);
 * if (typeof params === 'string') fail(badEncoding(params));
 * ```
 */
export function decodeParams(match: RouteMatch, parent: Params | null): Params | string {
  const params: Params = {};
  for (let i = 0; i < match.keys.length; i++) {
    const raw = match.values[i];
    // XROUTE-001: an optional group of a regex route that took nothing; a name another group set stays.
    if (raw === undefined) {
      if (!Object.hasOwn(params, match.keys[i] as string)) params[match.keys[i] as string] = undefined;
      continue;
    }
    let value = raw;
    if (raw.indexOf('%') !== -1) {
      try {
        value = decodeURIComponent(raw);
      } catch {
        return raw;
      }
    }
    params[match.keys[i] as string] = value;
  }
  return parent === null ? params : mergeParams(parent, params);
}

/**
 * ROUTE-014: the 400 for a captured segment with a malformed escape.
 *
 * @example
 * ```ts
 * badEncoding('%E0%A4%A'); // KitError KIT_ERR_ROUTE_BAD_ENCODING, status 400
 * ```
 */
export function badEncoding(raw: string): KitError {
  return new KitError(
    'KIT_ERR_ROUTE_BAD_ENCODING',
    `Malformed percent-encoding in "${raw.length > 60 ? `${raw.slice(0, 60)}...` : raw}"`,
  );
}

/**
 * XROUTE-006: a router's params over its parent's, as Express merges them: the router's own names win, and
 * its numbered captures (`*`, groups) come after the parent's.
 */
function mergeParams(parent: Params, own: Params): Params {
  const merged: Params = { ...parent };
  let offset = 0;
  while (Object.hasOwn(parent, offset)) offset++;
  for (const key of Object.keys(own)) {
    const numeric = /^\d+$/.test(key);
    merged[numeric && offset > 0 ? String(Number(key) + offset) : key] = own[key];
  }
  return merged;
}
