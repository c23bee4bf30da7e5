/** Compiles the `use` paths that are not a plain prefix of the segment walk: patterns of the router's syntax, RegExp, arrays. */

import { setupError } from '../../base/errors.js';
import { writeLiteralPath } from './kit-path-syntax.js';
import type { PathSyntax } from './path-syntax.js';
import { staticSegment } from './pattern.js';
import { compileRegExpPath, compileWritten, type RegexPattern } from './regex-path.js';
import { boundedRegex } from './regex-safety.js';

/**
 * True for a `use` prefix that is a plain literal (no `:`, `*`, `?` or parentheses): matched as text on
 * every router (ROUTE-008, ROUTE-020), by the prefix walk when the router ignores case, by a regex when it
 * does not (XROUTE-005), with only case told apart.
 */
export function isLiteralPrefix(path: string): boolean {
  return !/[:*?()]/.test(path);
}

/**
 * Whether the router's syntax reads `path`, a `use` prefix, as plain text: its own answer when it gives one
 * (Express 4's reads `/rou+ter` as a pattern, XROUTE-018), else {@link isLiteralPrefix}.
 *
 * @example
 * isPlainPrefix('/a+b', kitPathSyntax); // true
 */
export function isPlainPrefix(path: string, syntax: PathSyntax): boolean {
  return syntax.plainPrefix === undefined ? isLiteralPrefix(path) : syntax.plainPrefix(path);
}

/**
 * Throws the TypeError a router that ignores case gives for a literal prefix with a segment no request can
 * hold (an empty or dot segment, a malformed escape: ROUTE-020); trailing slashes are not segments.
 */
function refuseImpossibleSegments(path: string): void {
  if (path.charCodeAt(0) !== 47) return;
  let end = path.length;
  while (end > 1 && path.charCodeAt(end - 1) === 47) end--;
  if (end === 1) return;
  for (const segment of path.slice(1, end).split('/')) staticSegment(segment, path);
}

/**
 * A `use` path that is not a plain literal (XROUTE-006): a pattern of the router's path syntax (ROUTE-022,
 * XROUTE-001), a RegExp, or an array of them, matching whole segments at the start of the path. An array is
 * one regex of alternatives, whose keys are every alternative's in turn, as Express joins them; the whole is
 * bounded by its own verdict (XROUTE-016).
 *
 * @example
 * compileUsePath('/users/:id', false, kitPathSyntax).keys; // ['id']
 */
export function compileUsePath(path: unknown, caseSensitive: boolean, syntax: PathSyntax): RegexPattern {
  const options = { caseSensitive, strict: false };
  if (typeof path === 'string' && isPlainPrefix(path, syntax)) {
    // A plain literal means what it means on a router that ignores case: in kitjs's syntax `use('/a+b')`
    // guards `/a+b`, not `/aab`, and `/x|y` or `/a[b]` are text, not syntax.
    refuseImpossibleSegments(path);
    return compileWritten(writeLiteralPath(path, options, false), path, options);
  }
  if (typeof path === 'string') return compileWritten(syntax.write(path, options, false), path, options);
  if (path instanceof RegExp) return compileRegExpPath(path);
  const parts = Array.isArray(path) ? path.flat(Infinity as 1) : [];
  if (parts.length === 0)
    throw setupError('KIT_ERR_SETUP_PATH', 'use(): an empty array of paths matches nothing');
  const compiled = parts.map((part) => {
    if (typeof part !== 'string' && !(part instanceof RegExp)) {
      throw setupError(
        'KIT_ERR_SETUP_PATH',
        `use(): a path must be a string or a RegExp, got ${typeof part}`,
      );
    }
    return compileUsePath(part, caseSensitive, syntax);
  });
  if (compiled.length === 1) return compiled[0] as RegexPattern;
  const source = compiled.map((one) => `(?:${one.regexp.source})`).join('|');
  const regexp = boundedRegex(source, caseSensitive ? '' : 'i', parts.map(String).join(', '));
  return { regexp, keys: compiled.flatMap((one) => one.keys) };
}
