/** Compiles Express 4 paths that kitjs's segment trie cannot hold (`:id(\d+)`, `:p*`, `/ab(cd)?e`, RegExp) to bounded regexes. */
import { type ParamKey, writeExpressPath } from './express-pattern-syntax.js';
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

// Express 4 reads a parameter's name as `\w+`.
const EXPRESS_NAME = /\w/;

/**
 * Compiles an Express 4 string path as path-to-regexp 0.1.12 does (XROUTE-001): `:name`, `:name(regex)`,
 * `:name?`, `:name*`, `:name+`, `*` anywhere, and whatever else the path holds handed to the regex as
 * written (`/ab+cd`, `/a[bc]`, `/ab(cd)?e`). The regex is bounded by its cost (XROUTE-016); a path the
 * regex engine cannot read is a TypeError naming it (APP-006).
 *
 * @example
 * compileExpressPath('/docs/:path+', { caseSensitive: false, strict: false }).keys; // ['path']
 */
export function compileExpressPath(path: string, options: MatchOptions, end = true): RegexPattern {
  return compileSource(path, path, options, end);
}

/** Text for the compiler: `\` before each character it would otherwise read as syntax. */
export function asText(text: string): string {
  return text.replace(/[\\+[\]{}^$|().*?:]/g, '\\$&');
}

/**
 * Compiles `source` (the path as the compiler reads it) to a bounded regex; `path`, as registered, names
 * it in errors. `end` false compiles a `use` prefix, which matches whole segments at the start of the path.
 * `nameChars` are the characters of a parameter's name (`\w` for Express, `[\w$]` in kitjs's own form).
 */
export function compileSource(
  source: string,
  path: string,
  options: MatchOptions,
  end: boolean,
  nameChars: RegExp = EXPRESS_NAME,
): RegexPattern {
  const written = writeSource(source, path, options, end, nameChars);
  return { regexp: boundedRegex(written.source, flagsOf(options), path), keys: written.keys };
}

/** The regex flags of a router's options: `i` unless it is case-sensitive (XROUTE-005). */
export function flagsOf(options: MatchOptions): string {
  return options.caseSensitive ? '' : 'i';
}

/** The regex source path-to-regexp 0.1.12 writes for a string path, `^` to `$`, and its keys. */
export function writeSource(
  source: string,
  path: string,
  options: MatchOptions,
  end: boolean,
  nameChars: RegExp = EXPRESS_NAME,
): { source: string; keys: Array<string | number> } {
  // ROUTE-004: a bare `*` is `(.*)`, the whole path, as path-to-regexp writes it.
  if (source !== '*' && source.charCodeAt(0) !== 47) {
    throw new TypeError(`route path "${path}" must start with "/"`);
  }
  const written = writeExpressPath(source, nameChars);
  let out = written.source;
  // Not strict: one trailing slash is optional, written or not (ROUTE-005, XROUTE-005).
  if (!options.strict) out += out.endsWith('/') ? '?' : '/?';
  // A `use` prefix (end false) matches whole segments at the start of the path (ROUTE-008).
  if (end) out += '$';
  else if (!out.endsWith('/')) out += '(?=/|$)';
  return { source: `^${out}`, keys: mergeKeys(out, written.params) };
}

/**
 * A RegExp route path (XROUTE-003): copied without `g` and `y`, whose `lastIndex` would make matching depend
 * on the request before; unnamed groups are `params[0]`, `params[1]`..., named groups use their name.
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
 * The keys of a compiled string path, as path-to-regexp 0.1.12 lines them up: each group is the next
 * parameter's when that parameter's `(?:` starts before it, else an unnamed one, numbered from 0.
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
