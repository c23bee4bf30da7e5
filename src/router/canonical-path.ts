/** One canonical form of a request path, shared by routes, prefix middleware and static files. */
import type { KitErrorCode } from '../errors.js';

// Only paths with `//` or a dot segment need resolving; everything else is already canonical.
const NEEDS_RESOLVING = /\/\/|\/\./;
const HEX_DIGITS = '0123456789ABCDEF';

/** Why a request path is refused before routing (ROUTE-018, ROUTE-019). */
export type PathFault = Extract<KitErrorCode, 'KIT_ERR_ROUTE_NUL_BYTE' | 'KIT_ERR_ROUTE_BAD_ENCODING'>;

/**
 * The canonical form of a raw (still percent-encoded) path (ROUTE-015, ROUTE-018):
 * - escapes of unreserved characters (RFC 3986 section 6.2.2.2: letters, digits, `-` `.` `_` `~`) are
 *   decoded, and every other escape is written with upper-case hex, so `/%61dmin` *is* `/admin`;
 * - duplicate slashes are collapsed and `.` / `..` segments resolved, clamped at the root.
 * A single trailing slash is kept, because matching is not strict about it but handlers may care.
 *
 * Guards, routes and `serveStatic` all decide on this one form, so no spelling of a path can reach a
 * file or route that the plain spelling would guard. Encoded reserved characters (`%2F`, `%5C`, `%3B`,
 * `%3F`, `%23`) stay data inside their segment. A path with a malformed escape has no canonical form
 * (decoding around it could forge a new escape: `%%361` would become `%61`); its escapes are left as
 * they are, and {@link pathFault} refuses it before it is routed.
 */
export function canonicalPath(raw: string): string {
  // Only an origin-form path has segments. Anything else (`*`, a scheme other than http(s) such as
  // `x://admin/x`) is left as it is and matches no route; splitting it would drop its first part and
  // turn `x://admin/x` into `/admin/x`.
  if (raw.charCodeAt(0) !== 47 /* / */) return raw;
  if (raw.indexOf('%') === -1) return NEEDS_RESOLVING.test(raw) ? resolveSegments(raw) : raw;
  const normalized = normalizeEscapes(raw);
  if (normalized === undefined) {
    // A malformed path keeps its escapes, `%2e` among them: resolve it always, so that its form too is
    // free of dot segments. Resolving may drop the malformed segment (`/%/../%2f`); what is left is then
    // made canonical in turn, so the result is stable.
    const resolved = resolveSegments(raw);
    return resolved === raw ? raw : canonicalPath(resolved);
  }
  return NEEDS_RESOLVING.test(normalized) ? resolveSegments(normalized) : normalized;
}

/**
 * Why a raw path must be refused before anything routes it, or `undefined` when it may be routed: a NUL
 * byte, raw or encoded, anywhere in it (ROUTE-019), or a `%` not followed by two hex digits (ROUTE-018).
 */
export function pathFault(raw: string): PathFault | undefined {
  if (raw.indexOf('\0') !== -1) return 'KIT_ERR_ROUTE_NUL_BYTE';
  if (raw.indexOf('%') === -1) return undefined;
  for (let at = raw.indexOf('%'); at !== -1; at = raw.indexOf('%', at + 1)) {
    const high = hexValue(raw.charCodeAt(at + 1));
    const low = hexValue(raw.charCodeAt(at + 2));
    if (high < 0 || low < 0) return 'KIT_ERR_ROUTE_BAD_ENCODING';
    if (high === 0 && low === 0) return 'KIT_ERR_ROUTE_NUL_BYTE';
    at += 2;
  }
  return undefined;
}

/** Decodes unreserved escapes and upper-cases the rest in one pass; `undefined` for a malformed escape. */
function normalizeEscapes(path: string): string | undefined {
  let out = '';
  let copied = 0;
  for (let at = path.indexOf('%'); at !== -1; at = path.indexOf('%', at + 1)) {
    const high = hexValue(path.charCodeAt(at + 1));
    const low = hexValue(path.charCodeAt(at + 2));
    if (high < 0 || low < 0) return undefined;
    const code = high * 16 + low;
    const written = isUnreserved(code)
      ? String.fromCharCode(code)
      : `%${HEX_DIGITS[high] as string}${HEX_DIGITS[low] as string}`;
    out += path.slice(copied, at) + written;
    copied = at + 3;
    at += 2;
  }
  return out + path.slice(copied);
}

/** RFC 3986 unreserved: ALPHA / DIGIT / "-" / "." / "_" / "~". */
function isUnreserved(code: number): boolean {
  return (
    (code >= 97 && code <= 122) || // a-z
    (code >= 65 && code <= 90) || // A-Z
    (code >= 48 && code <= 57) || // 0-9
    code === 45 || // -
    code === 46 || // .
    code === 95 || // _
    code === 126 // ~
  );
}

/** The value of one hex digit's char code, or -1 (also for NaN, past the end of the string). */
function hexValue(code: number): number {
  if (code >= 48 && code <= 57) return code - 48;
  if (code >= 65 && code <= 70) return code - 55;
  if (code >= 97 && code <= 102) return code - 87;
  return -1;
}

/** Collapses empty segments and resolves dot segments, never climbing above the root. */
function resolveSegments(path: string): string {
  const parts = path.split('/');
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

/**
 * 1 for a `.` segment, 2 for a `..` segment, else 0. Encoded dots count too: a well-formed path has
 * had them decoded already, but a malformed one (refused later) keeps its escapes, and its canonical
 * form must still hold no dot segment.
 */
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

/** A request target split into its canonical path, its query string (with the `?`, or '') and any fault. */
export interface Target {
  path: string;
  search: string;
  /** Set when the path must be refused with 400 before routing. */
  fault: PathFault | undefined;
}

/** Splits a request target into its canonical path and its query string, and says whether to refuse it. */
export function splitTarget(url: string): Target {
  const mark = url.indexOf('?');
  const rawPath = pathOfTarget(mark === -1 ? url : url.slice(0, mark));
  return {
    path: canonicalPath(rawPath),
    search: mark === -1 ? '' : url.slice(mark),
    fault: pathFault(rawPath),
  };
}
