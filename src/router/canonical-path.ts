/** One canonical form of a request path, shared by routes, prefix middleware and static files. */

// Only paths with `//`, a dot segment or an encoded dot need work; everything else is already canonical.
const NEEDS_WORK = /\/\/|\/\.|%2e/i;

/**
 * The canonical form of a raw (still percent-encoded) path: duplicate slashes collapsed and `.` / `..`
 * segments resolved, including their encoded spellings (`%2e`, `%2E%2e`), clamped at the root. A single
 * trailing slash is kept, because matching is not strict about it but handlers may care.
 *
 * Guards, routes and `serveStatic` all decide on this one form, so `//admin/x` or `/public/../admin/x`
 * cannot reach a file or route that `/admin/x` would guard. Encoded slashes (`%2F`) are not separators:
 * they stay inside their segment.
 */
export function canonicalPath(raw: string): string {
  // Only an origin-form path has segments. Anything else (`*`, a scheme other than http(s) such as
  // `x://admin/x`) is left as it is and matches no route; splitting it would drop its first part and
  // turn `x://admin/x` into `/admin/x`.
  if (raw.charCodeAt(0) !== 47 /* / */ || !NEEDS_WORK.test(raw)) return raw;
  const parts = raw.split('/');
  const out: string[] = [];
  let trailing = false;
  for (let i = 1; i < parts.length; i++) {
    const segment = parts[i] as string;
    const last = i === parts.length - 1;
    if (segment === '') {
      if (last) trailing = true;
      continue;
    }
    const kind = dotSegment(segment);
    if (kind === 1) {
      if (last) trailing = true;
      continue;
    }
    if (kind === 2) {
      out.pop();
      if (last) trailing = true;
      continue;
    }
    out.push(segment);
  }
  if (out.length === 0) return '/';
  return `/${out.join('/')}${trailing ? '/' : ''}`;
}

/** 1 for a `.` segment, 2 for a `..` segment (in any percent-encoded spelling), else 0. */
function dotSegment(segment: string): 0 | 1 | 2 {
  if (segment.length > 6) return 0;
  const decoded = segment.replace(/%2e/gi, '.');
  if (decoded === '.') return 1;
  if (decoded === '..') return 2;
  return 0;
}

/**
 * The path part of a request target: origin-form as is, absolute-form (`http://host/p`) reduced to its
 * path. Anything else (`*`, garbage) is returned unchanged and simply matches no route.
 */
export function pathOfTarget(target: string): string {
  if (target.charCodeAt(0) === 47 /* / */) return target;
  if (/^https?:\/\//i.test(target)) {
    const start = target.indexOf('/', target.indexOf('//') + 2);
    return start === -1 ? '/' : target.slice(start);
  }
  return target;
}

/** Splits a request target into its canonical path and its query string (with the `?`, or ''). */
export function splitTarget(url: string): { path: string; search: string } {
  const mark = url.indexOf('?');
  const rawPath = pathOfTarget(mark === -1 ? url : url.slice(0, mark));
  return { path: canonicalPath(rawPath), search: mark === -1 ? '' : url.slice(mark) };
}
