/** Compiles a path of kitjs's own form to a regex, for the routers that match by regex (strict or case-sensitive). */
import {
  asText,
  compileSource,
  type MatchOptions,
  type RegexPattern,
  writeSource,
} from './express-pattern-compile.js';

// ROUTE-002: a name in kitjs's own form may hold a `$`.
const KIT_NAME = /[\w$]/;

/**
 * A path of kitjs's own form (static segments, `:name`, `:name?`, a trailing `*`) for a strict or
 * case-sensitive router, whose routes all match by regex (XROUTE-005). Its text stays literal, `\`, `|`,
 * `^` and `$` included, as it does in the segment trie, so that the pattern means the same whichever
 * matcher holds it (ROUTE-021): only the options differ.
 *
 * @example
 * compileKitPath('/a|b/:id?', { caseSensitive: true, strict: true }).regexp.test('/a%7Cb'); // true
 */
export function compileKitPath(path: string, options: MatchOptions): RegexPattern {
  return compileSource(kitSource(path), path, options, true, KIT_NAME);
}

/** The regex source of a path of kitjs's own form, and its keys, for an array of paths (XROUTE-004). */
export function writeKitPath(
  path: string,
  options: MatchOptions,
): { source: string; keys: Array<string | number> } {
  return writeSource(kitSource(path), path, options, true, KIT_NAME);
}

function kitSource(path: string): string {
  // `\` escapes make Express's parser read these characters of the static segments as text. In kitjs's
  // own form a segment that starts with `:` is a whole parameter, whose name may hold a `$` (ROUTE-002).
  return path
    .split('/')
    .map((segment) => (segment.startsWith(':') || segment === '*' ? segment : asText(segment)))
    .join('/');
}
