/** Route paths as bounded regexes, whatever syntax wrote them: RegExp paths, and the frame (`^`, trailing slash, end) every written path gets. */

import { setupError } from '../../base/errors.js';
import { boundedRegex } from './regex-safety.js';

/** How a router compares paths: Express's `caseSensitive` and `strict` Router options (XROUTE-005). */
export interface MatchOptions {
  caseSensitive: boolean;
  strict: boolean;
}

/** A path compiled to a regular expression, with the name of each capture group in order. */
export interface RegexPattern {
  regexp: RegExp;
  keys: Array<string | number>;
}

/** A parameter's name and where its capture starts in the written source (groups before it are unnamed). */
export interface ParamKey {
  name: string;
  offset: number;
}

/** A path written as a regex source (without `^`, the trailing slash or the end), and its parameters. */
export interface WrittenPath {
  source: string;
  params: ParamKey[];
}

/** A whole regex source, `^` to its end, and the name of each of its capture groups in order. */
export interface WrittenSource {
  source: string;
  keys: Array<string | number>;
}

/** Throws the TypeError for a string path without its leading `/` (a bare `*` aside: ROUTE-004). */
export function requireLeadingSlash(path: string): void {
  if (path !== '*' && path.charCodeAt(0) !== 47) {
    throw setupError('KIT_ERR_SETUP_PATH', `route path "${path}" must start with "/"`);
  }
}

/**
 * The whole source of a written path, as path-to-regexp 0.1.12 frames it: `^`, then, unless the router is
 * strict, one optional trailing slash (ROUTE-005, XROUTE-005), then `$` for a route, or for a `use` prefix
 * (`end` false) a match of whole segments at the start of the path (ROUTE-008). Its keys are each group's:
 * the next parameter's when that parameter's capture starts before it, else a number from 0.
 *
 * @example
 * frameSource({ source: '/a(?:/([^/]+?))', params: [{ name: 'id', offset: 2 }] }, { caseSensitive: false, strict: false }, true);
 * // { source: '^/a(?:/([^/]+?))/?$', keys: ['id'] }
 */
export function frameSource(written: WrittenPath, options: MatchOptions, end: boolean): WrittenSource {
  let out = written.source;
  if (!options.strict) out += out.endsWith('/') ? '?' : '/?';
  if (end) out += '$';
  else if (!out.endsWith('/')) out += '(?=/|$)';
  return { source: `^${out}`, keys: mergeKeys(out, written.params) };
}

/** The bounded regex of a written source, named by `path` in errors and warnings (XROUTE-016, XROUTE-017). */
export function compileWritten(written: WrittenSource, path: string, options: MatchOptions): RegexPattern {
  return { regexp: boundedRegex(written.source, flagsOf(options), path), keys: written.keys };
}

/** The regex flags of a router's options: `i` unless it is case-sensitive (XROUTE-005). */
export function flagsOf(options: MatchOptions): string {
  return options.caseSensitive ? '' : 'i';
}

/**
 * A RegExp route path (XROUTE-003): copied without `g` and `y`, whose `lastIndex` would make matching depend
 * on the request before; unnamed groups are `params[0]`, `params[1]`..., named groups use their name.
 *
 * @example
 * compileRegExpPath(/^\/v(\d+)$/g).keys; // [0]
 */
export function compileRegExpPath(path: RegExp): RegexPattern {
  const flags = path.flags.replace(/[gy]/g, '');
  const regexp = boundedRegex(path.source, flags, String(path));
  return { regexp, keys: groupNames(path.source) };
}

/**
 * The capturing groups of a regex source, in order, as path-to-regexp 0.1.12 finds them: each `(` not
 * escaped and not followed by `?`, or `(?<name>`. Like it, a `(` inside `[...]` counts too, so that the
 * names line up with Express's.
 */
function groupStarts(source: string): Array<{ index: number; name: string | null }> {
  const groups: Array<{ index: number; name: string | null }> = [];
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === '\\') i++;
    else if (c === '(') {
      if (source[i + 1] !== '?') groups.push({ index: i, name: null });
      else if (source[i + 2] === '<' && source[i + 3] !== '=' && source[i + 3] !== '!') {
        groups.push({ index: i, name: source.slice(i + 3, source.indexOf('>', i)) });
      }
    }
  }
  return groups;
}

/** The name of each capturing group of a RegExp path, in order: its `(?<name>` or a running number. */
export function groupNames(source: string): Array<string | number> {
  let unnamed = 0;
  return groupStarts(source).map((group) => group.name ?? unnamed++);
}

/**
 * The keys of a written path, as path-to-regexp 0.1.12 lines them up: each group is the next parameter's
 * when that parameter's capture starts before it, else an unnamed one, numbered from 0.
 */
function mergeKeys(source: string, params: ParamKey[]): Array<string | number> {
  const keys: Array<string | number> = [];
  let unnamed = 0;
  let next = 0;
  for (const group of groupStarts(source)) {
    const param = params[next];
    if (param !== undefined && param.offset <= group.index) {
      keys.push(param.name);
      next++;
    } else keys.push(unnamed++);
  }
  return keys;
}

/** Literal text as a regex must read it. */
export function escapeText(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|/:]/g, '\\$&');
}
