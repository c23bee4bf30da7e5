/** One canonical form of a request path, shared by routes, prefix middleware and static files. */
// A pure module: it imports nothing and raises nothing. A path it refuses comes back as a verdict (a
// PathFault, whose values are codes of the error registry, src/base/errors.ts), and the caller raises it.

// Work is needed only for a path with a `%`, a character a segment may not hold raw, `//` or a dot segment;
// everything else, which is nearly every request, is already canonical.
const NEEDS_WORK = /[^A-Za-z0-9\-._~!$&'()*+,;=:@/]|\/\/|\/\./;
const NEEDS_RESOLVING = /\/\/|\/\./;
const HEX_DIGITS = '0123456789ABCDEF';

/**
 * Why a request path is refused before routing (ROUTE-018, ROUTE-019): the code of the error the caller
 * raises. Written out here rather than taken from the registry, so that the matcher does not depend on it;
 * test/core/canonical-path.test.ts fails to compile if either stops being a registered code.
 */
export type PathFault = 'KIT_ERR_ROUTE_NUL_BYTE' | 'KIT_ERR_ROUTE_BAD_ENCODING';

/**
 * The canonical form of a raw (still percent-encoded) path (ROUTE-015, ROUTE-018, ROUTE-020). Every
 * character has exactly one spelling in it:
 * - the characters a segment may hold raw (RFC 3986 pchar: letters, digits, `-` `.` `_` `~`, and
 *   `!$&'()*+,;=:@`) are written raw, their escapes decoded, so `/%61dmin` *is* `/admin` and `/%40team` is
 *   `/@team`: guards, routes and files all see the spelling a browser's `encodeURIComponent` would not;
 * - every other character (space, `"<>[]{}|\^`, backquote, bytes of non-ASCII text, `%` itself, and the
 *   reserved `/?#` when escaped) is an escape with upper-case hex, however it came;
 * - duplicate slashes are collapsed and `.` / `..` segments resolved, clamped at the root; with
 *   `keepEmptySegments` (the Express flavours, X5-018) an empty segment is a segment like any other, kept
 *   as sent (`//a//b`), so that it matches what Express matches: `..` removes it as it would any segment.
 * A single trailing slash is kept, because matching is not strict about it but handlers may care.
 *
 * Guards, routes and `serveStatic` all decide on this one form, and route and prefix literals are put in
 * it too ({@link canonicalLiteral}), so no spelling of a path can reach a file or route that the plain
 * spelling would guard. An encoded slash (`%2F`), backslash (`%5C`), `?` (`%3F`) or `#` (`%23`) stays data
 * inside its segment. A path with a malformed escape has no canonical form (decoding around it could forge
 * a new escape: `%%361` would become `%61`); its escapes are left as they are, and {@link pathFault}
 * refuses it before it is routed.
 *
 * Node's strict parser refuses raw non-ASCII bytes in a request target, so a non-ASCII character can only
 * come from a `req.url` rewrite in JavaScript: it is text, written as its UTF-8 escapes.
 *
 * It never throws, whatever string it gets, and is idempotent (HARD-009).
 */
export function canonicalPath(raw: string, keepEmptySegments?: boolean): string {
  // Only an origin-form path has segments. Anything else (`*`, a scheme other than http(s) such as
  // `x://admin/x`) is left as it is and matches no route; splitting it would drop its first part and
  // turn `x://admin/x` into `/admin/x`.
  if (raw.charCodeAt(0) !== 47 /* / */) return raw;
  if (!NEEDS_WORK.test(raw)) return raw;
  const normalized = normalizeCharacters(raw);
  if (normalized === undefined) {
    // A malformed path keeps its escapes, `%2e` among them: resolve it always, so that its form too is
    // free of dot segments. Resolving may drop the malformed segment (`/%/../%2f`); what is left is then
    // made canonical in turn, so the result is stable.
    const resolved = resolveSegments(raw, keepEmptySegments);
    return resolved === raw ? raw : canonicalPath(resolved, keepEmptySegments);
  }
  return NEEDS_RESOLVING.test(normalized) ? resolveSegments(normalized, keepEmptySegments) : normalized;
}

/**
 * One literal segment of a route or `use` prefix, written as {@link canonicalPath} writes request paths,
 * so that `use('/a[b]')`, `use('/café')` and `use('/caf%C3%A9')` meet every spelling a client can send of
 * them (ROUTE-020, HARD-010). `undefined` when no request could ever hold the segment
 * (a malformed escape, a lone surrogate, a NUL, or a segment that is a dot segment once decoded).
 */
export function canonicalLiteral(segment: string): string | undefined {
  const normalized = normalizeCharacters(`/${segment}`);
  if (normalized === undefined || normalized.includes('%00')) return undefined;
  if (normalized === '/' || normalized === '/.' || normalized === '/..') return undefined;
  return normalized.slice(1);
}

/**
 * Why a raw path must be refused before anything routes it, or `undefined` when it may be routed: a NUL
 * byte, raw or encoded, anywhere in it (ROUTE-019), or a `%` not followed by two hex digits or a lone
 * UTF-16 surrogate put there by a rewrite (ROUTE-018).
 */
export function pathFault(raw: string): PathFault | undefined {
  if (raw.indexOf('\0') !== -1) return 'KIT_ERR_ROUTE_NUL_BYTE';
  if (LONE_SURROGATE.test(raw)) return 'KIT_ERR_ROUTE_BAD_ENCODING';
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

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Gives every character of `path` its one canonical spelling in a single pass (see {@link canonicalPath});
 * `undefined` for a malformed escape or a lone surrogate. Non-ASCII characters are text, written as UTF-8.
 */
function normalizeCharacters(path: string): string | undefined {
  let out = '';
  for (let at = 0; at < path.length; at++) {
    const code = path.charCodeAt(at);
    if (code === 37 /* % */) {
      const high = hexValue(path.charCodeAt(at + 1));
      const low = hexValue(path.charCodeAt(at + 2));
      if (high < 0 || low < 0) return undefined;
      const byte = high * 16 + low;
      out += isRawInSegment(byte) ? String.fromCharCode(byte) : escapeByte(byte);
      at += 2;
    } else if (code < 128) {
      out += code === 47 || isRawInSegment(code) ? path[at] : escapeByte(code);
    } else {
      const end = code >= 0xd800 && code <= 0xdbff ? at + 2 : at + 1;
      try {
        out += encodeURIComponent(path.slice(at, end));
      } catch {
        return undefined;
      }
      at = end - 1;
    }
  }
  return out;
}

function escapeByte(byte: number): string {
  return `%${HEX_DIGITS[byte >> 4] as string}${HEX_DIGITS[byte & 15] as string}`;
}

/** RFC 3986 pchar without its escapes: unreserved, sub-delims, `:` and `@`. */
function isRawInSegment(code: number): boolean {
  return isUnreserved(code) || isSubDelimOrColonOrAt(code);
}

/** `!$&'()*+,;=` (sub-delims), `:` and `@`: allowed raw in a segment besides the unreserved characters. */
function isSubDelimOrColonOrAt(code: number): boolean {
  return (
    code === 33 || // !
    code === 36 || // $
    (code >= 38 && code <= 44) || // & ' ( ) * + ,
    code === 59 || // ;
    code === 61 || // =
    code === 58 || // :
    code === 64 // @
  );
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

/**
 * Resolves dot segments, never climbing above the root (ROUTE-015), and collapses empty segments unless
 * `keepEmptySegments` (X5-018), where an empty segment is kept and a `..` removes it as any other segment.
 */
function resolveSegments(path: string, keepEmptySegments: boolean | undefined): string {
  const parts = path.split('/');
  const out: string[] = [];
  let trailing = false;
  for (let i = 1; i < parts.length; i++) {
    const segment = parts[i] as string;
    const last = i === parts.length - 1;
    if (segment === '') {
      if (last) trailing = true;
      else if (keepEmptySegments) out.push(segment);
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
 * path. Anything else (`*`, garbage) is returned unchanged and simply matches no route. `//host/x` is a
 * path, never a host (ROUTE-015, REQ-002).
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

/**
 * Splits a request target into its canonical path and its query string, and says whether to refuse it;
 * `keepEmptySegments` keeps `//` as sent (X5-018, see {@link canonicalPath}).
 */
export function splitTarget(url: string, keepEmptySegments?: boolean): Target {
  const mark = url.indexOf('?');
  const rawPath = pathOfTarget(mark === -1 ? url : url.slice(0, mark));
  const search = mark === -1 ? '' : url.slice(mark);
  // The common case, a path of plain characters only, is its own canonical form and holds no fault (no
  // NUL, `%` or surrogate): one test instead of three passes on every request.
  if (rawPath.charCodeAt(0) === 47 /* / */ && !NEEDS_WORK.test(rawPath)) {
    return { path: rawPath, search, fault: undefined };
  }
  return { path: canonicalPath(rawPath, keepEmptySegments), search, fault: pathFault(rawPath) };
}
