/** Compiles an array of route paths to one regex, as Express 4 joins them (XROUTE-004). */

import { setupError } from '../../base/errors.js';
import { writeKitPath } from './kit-path-syntax.js';
import type { PathSyntax } from './path-syntax.js';
import { compilePattern, isKitPattern } from './pattern.js';
import {
  flagsOf,
  groupNames,
  type MatchOptions,
  type RegexPattern,
  type WrittenSource,
} from './regex-path.js';
import { boundedRegex } from './regex-safety.js';

/**
 * XROUTE-004: an array of paths (strings and RegExps, flattened) is one regex of alternatives, as
 * path-to-regexp 0.1.12 joins them: the first alternative that matches answers, the keys are every path's in
 * turn (so `req.params` names the other paths' parameters too, undefined), and the router's case option
 * applies to every part, a RegExp's own flags aside. A path of kitjs's own form keeps its literal text
 * (ROUTE-021) and is refused for what the trie refuses (APP-006); any other string is read by the router's
 * path syntax (ROUTE-022, XROUTE-001).
 *
 * @example
 * compileArrayPath(['/a/:one', '/b/:two'], { caseSensitive: false, strict: false }, kitPathSyntax).keys; // ['one', 'two']
 */
export function compileArrayPath(paths: unknown[], options: MatchOptions, syntax: PathSyntax): RegexPattern {
  if (paths.length === 0)
    throw setupError('KIT_ERR_SETUP_PATH', 'route path: an empty array matches nothing');
  const sources: string[] = [];
  const keys: Array<string | number> = [];
  for (const path of paths) {
    if (path instanceof RegExp) {
      sources.push(path.source);
      keys.push(...groupNames(path.source));
      continue;
    }
    if (typeof path !== 'string') {
      const got = path === null ? 'null' : typeof path;
      throw setupError(
        'KIT_ERR_SETUP_PATH',
        `route path must be a string, a RegExp or an array of them, got ${got}`,
      );
    }
    let written: WrittenSource;
    if (isKitPattern(path)) {
      compilePattern(path);
      written = writeKitPath(path, options);
    } else written = syntax.write(path, options, true);
    sources.push(written.source);
    keys.push(...written.keys);
  }
  const regexp = boundedRegex(sources.join('|'), flagsOf(options), paths.map(String).join(', '));
  return { regexp, keys };
}
