/** Maps a request path onto a location inside the static root, or says why it must not be served. */
import { join } from 'node:path';

/** Where a request path leads: a location inside root to try, a miss, or a refusal with its status. */
export type StaticResolution =
  | {
      kind: 'candidate';
      /** Absolute file-system path, always inside root. */
      absolute: string;
      /** The decoded segments below root; none is empty, `.`, `..`, or holds `/`, `\` or NUL. */
      segments: string[];
      /** The same location re-encoded segment by segment, for `send`, which decodes it once more. */
      sendPath: string;
      /** The request named a directory (`/docs/`): serve its index, never the directory itself. */
      trailingSlash: boolean;
      /** Some segment starts with a dot (`.env`, `.git/config`). */
      dotfile: boolean;
    }
  | { kind: 'miss'; reason: string }
  | { kind: 'refuse'; status: 400 | 403; reason: string };

// A dot-segment once decoded and split on either separator: `..`, `.`, `%2e%2e`, `..\`, `.%2f`.
const DOT_PART = /(?:^|[/\\])\.{1,2}(?:[/\\]|$)/;
const SEPARATOR = /[/\\]/;

/**
 * Resolves `requestPath` (percent-encoded, as in `req.path`) against the absolute `root` (STATIC-013).
 *
 * The core hands over a canonical path, but this function trusts nothing about it, so the guarantee
 * "a candidate is inside root" holds for any string:
 * - malformed percent-encoding, a NUL byte (raw or `%00`), a lone surrogate, or a path that does not
 *   start with `/` → refuse 400 (STATIC-014);
 * - a segment that decodes to a dot-segment (`%2e%2e`, `..%2f`, `..\`, `.`) → refuse 403: the core has
 *   already resolved the literal ones, so one that is still here was disguised on purpose (STATIC-015);
 * - a segment that decodes to a name holding `/` or `\` (`a%2fb`, `a\b`) → miss: no file we serve has
 *   such a name, and falling through lets a later route that takes `%2F` inside a parameter still answer
 *   (STATIC-016);
 * - empty segments (`//`) are skipped: kit()'s core collapses them, and a path the Express flavours keep
 *   them in is redirected to its one spelling rather than served (serve-static.ts, X5-018).
 *
 * @example
 * ```ts
 * resolveStaticPath('/srv/site', '/css/site.css');
 * // { kind: 'candidate', absolute: '/srv/site/css/site.css', sendPath: '/css/site.css', ... }
 * resolveStaticPath('/srv/site', '/%2e%2e/etc/passwd'); // { kind: 'refuse', status: 403, ... }
 * ```
 */
export function resolveStaticPath(root: string, requestPath: string): StaticResolution {
  if (!requestPath.startsWith('/')) return { kind: 'refuse', status: 400, reason: 'path is not absolute' };
  const raw = requestPath.split('/');
  const segments: string[] = [];
  const encoded: string[] = [];
  let missReason: string | undefined;
  let dotfile = false;
  for (const part of raw) {
    if (part === '') continue;
    let decoded: string;
    try {
      // STATIC-019: the core's canonical path spells each name one way (ROUTE-020); this decodes it.
      decoded = decodeURIComponent(part);
    } catch {
      return { kind: 'refuse', status: 400, reason: 'malformed percent-encoding' };
    }
    if (decoded.includes('\0')) return { kind: 'refuse', status: 400, reason: 'NUL byte' };
    if (DOT_PART.test(decoded)) return { kind: 'refuse', status: 403, reason: 'dot-segment' };
    // Keep scanning after a miss: a later segment may still be a 400 or 403, which must win.
    if (SEPARATOR.test(decoded)) missReason ??= 'separator inside a segment';
    // STATIC-005: any segment starting with a dot makes a dotfile path; root and the index name do not count.
    if (decoded.startsWith('.')) dotfile = true;
    try {
      // Throws on a lone surrogate, which names no file and could not be re-encoded for send.
      encoded.push(encodeURIComponent(decoded));
    } catch {
      return { kind: 'refuse', status: 400, reason: 'lone surrogate' };
    }
    segments.push(decoded);
  }
  if (missReason !== undefined) return { kind: 'miss', reason: missReason };
  const trailingSlash = requestPath.endsWith('/');
  const sendPath = `/${encoded.join('/')}${trailingSlash && encoded.length > 0 ? '/' : ''}`;
  return { kind: 'candidate', absolute: join(root, ...segments), segments, sendPath, trailingSlash, dotfile };
}
