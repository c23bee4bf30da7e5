/** Compiles Express 4 paths that kitjs's segment trie cannot hold (`:id(\d+)`, `/ab(cd)?e`, RegExp) to checked regexes. */
import { canonicalLiteral } from './canonical-path.js';
import { type Atom, parse } from './express-pattern-syntax.js';
import { assertSafeRegex } from './regex-safety.js';

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

/**
 * Compiles an Express 4 string path (path-to-regexp 0.1.x syntax, XROUTE-001): `:name`, `:name(regex)`,
 * `:name?` (taking a `/` or `.` before it along), `*` anywhere, `?` and `+` after a character or a group,
 * `(text|other)` groups (capturing, except right after `/`), and `\` escapes (`\d`, `\w`, `\s` and their
 * upper case stay character classes, as in Express). Everything else that would
 * reach the regex engine raw (`[`, `{`, `^`, `$`, `|` outside a group) is a TypeError naming the pattern
 * (APP-006). The result is checked with recheck before it is used (XROUTE-002).
 */
export function compileExpressPath(path: string, options: MatchOptions, end = true): RegexPattern {
  return compileSource(path === '*' ? '/*' : path, path, options, end);
}

/** Text for the parser: `\` before each character it would otherwise read as syntax or refuse. */
export function asText(text: string): string {
  return text.replace(/[\\+[\]{}^$|]/g, '\\$&');
}

/**
 * Compiles `source` (the path as the parser reads it) to a checked regex; `path`, as registered, names it in
 * errors. `end` false compiles a `use` prefix, which matches whole segments at the start of the path.
 */
export function compileSource(
  source: string,
  path: string,
  options: MatchOptions,
  end: boolean,
): RegexPattern {
  if (source.charCodeAt(0) !== 47) throw new TypeError(`route path "${path}" must start with "/"`);
  const atoms = parse(source, path);
  const keys: Array<string | number> = [];
  let unnamed = 0;
  let out = '';
  for (let i = 0; i < atoms.length; i++) {
    const atom = atoms[i] as Atom;
    if (atom.kind === 'text') {
      out += literal(atom.value, path) + atom.quantifier;
    } else if (atom.kind === 'class') {
      out += atom.value + atom.quantifier;
    } else if (atom.kind === 'star') {
      keys.push(unnamed++);
      // Any character: canonical paths hold no raw line break, so this is `.*` without its one exception,
      // and recheck proves `[\s\S]*` linear where `.*` next to another `.*` is not.
      out += '([\\s\\S]*)';
    } else if (atom.kind === 'group') {
      if (atom.capture) keys.push(unnamed++);
      const body = atom.alternatives.map((text) => literal(text, path)).join('|');
      out += `(${atom.capture ? '' : '?:'}${body})${atom.quantifier}`;
    } else {
      keys.push(atom.name);
      // Groups inside a parameter's own regex capture too, numbered as Express numbers them.
      if (atom.custom !== undefined) for (const _ of groupNames(atom.custom)) keys.push(unnamed++);
      const capture = atom.custom ?? defaultCapture(atoms, i, atom.prefix);
      const prefix = atom.prefix === '' ? '' : `\\${atom.prefix}`;
      out += `(?:${prefix}(${capture}))${atom.optional ? '?' : ''}`;
    }
  }
  // Not strict: one trailing slash is optional, written or not (ROUTE-005, XROUTE-005).
  if (!options.strict) out = out.endsWith('\\/') ? `${out}?` : `${out}\\/?`;
  // A `use` prefix (end false) matches whole segments at the start of the path (ROUTE-008).
  const tail = end ? '$' : '(?=\\/|$)';
  const regexp = assertSafeRegex(`^${out}${tail}`, options.caseSensitive ? '' : 'i', path);
  return { regexp, keys };
}

/**
 * A RegExp route path (XROUTE-003): copied without `g` and `y`, whose `lastIndex` would make matching depend
 * on the request before; unnamed groups are `params[0]`, `params[1]`..., named groups use their name.
 */
export function compileRegExpPath(path: RegExp): RegexPattern {
  const flags = path.flags.replace(/[gy]/g, '');
  const regexp = assertSafeRegex(path.source, flags, String(path));
  return { regexp, keys: groupNames(path.source) };
}

/** The name of each capturing group of a regex source, in order: its `(?<name>` or a running number. */
export function groupNames(source: string): Array<string | number> {
  const keys: Array<string | number> = [];
  let unnamed = 0;
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === '\\') i++;
    else if (inClass) inClass = c !== ']';
    else if (c === '[') inClass = true;
    else if (c === '(') {
      if (source[i + 1] !== '?') keys.push(unnamed++);
      else if (source[i + 2] === '<' && source[i + 3] !== '=' && source[i + 3] !== '!') {
        const end = source.indexOf('>', i);
        keys.push(source.slice(i + 3, end));
      }
    }
  }
  return keys;
}

/**
 * What a parameter without its own regex captures: one or more characters of its segment. It never takes
 * the separator its `.` prefix uses, nor the text written between it and the capture before it in the
 * same segment (`/:a-:b`: `b` takes no `-`), which is path-to-regexp 0.1.12's backtrack-free form: the naive
 * `([^/]+?)-([^/]+?)` is the ReDoS of CVE-2024-45296 (XROUTE-002).
 */
function defaultCapture(atoms: Atom[], index: number, prefix: string): string {
  const excluded = prefix === '.' ? '\\/.' : '\\/';
  const before = atoms[index - 1];
  const beforeThat = atoms[index - 2];
  if (
    prefix === '' &&
    before?.kind === 'text' &&
    before.quantifier === '' &&
    !before.value.includes('/') &&
    beforeThat !== undefined &&
    beforeThat.kind !== 'text'
  ) {
    const separator = escapeRegex(before.value);
    if (before.value.length === 1) return `[^${excluded}${separator}]+?`;
    return `(?:(?!\\/|${separator})[\\s\\S])+?`;
  }
  return `[^${excluded}]+?`;
}

/**
 * Literal text in the form request paths are matched in (ROUTE-020): each run between slashes is made
 * canonical like a route literal, then escaped for the regex.
 */
function literal(text: string, path: string): string {
  return text
    .split('/')
    .map((run) => {
      if (run === '') return '';
      // A leading character keeps canonicalLiteral from treating `.` or `..` as a dot segment here.
      const canonical = canonicalLiteral(`x${run}`);
      if (canonical === undefined) {
        throw new TypeError(`route path "${path}": "${run}" can never match a request path`);
      }
      return escapeRegex(canonical.slice(1));
    })
    .join('\\/');
}

function escapeRegex(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&');
}
