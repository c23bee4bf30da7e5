/** kitjs's own query parse (ROUTE-013): every value a string, on an object no key can poison. */
import { parse as parseQueryString } from 'node:querystring';

/**
 * The query object: every value a string (the first one when a key repeats, so that `?a=1&a=2` cannot
 * turn a string into an array behind a handler's back). It has no prototype, so keys such as
 * `__proto__` or `constructor` are plain data (ROUTE-013).
 *
 * @example
 * ```ts
 * parseQuery('?a=1&a=2&b'); // { a: '1', b: '' }
 * ```
 */
export function parseQuery(search: string): Record<string, string> {
  const query: Record<string, string> = Object.create(null);
  if (search.length <= 1) return query;
  const parsed = parseQueryString(search.slice(1), '&', '=', { decodeURIComponent: decodeOrKeep });
  for (const key of Object.keys(parsed)) {
    const value = parsed[key];
    query[key] = Array.isArray(value) ? (value[0] ?? '') : (value ?? '');
  }
  return query;
}

/** Malformed escapes are kept as written rather than turned into replacement characters. */
function decodeOrKeep(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
