/** Compiles Express 4 paths that kitjs's segment trie cannot hold (`:id(\d+)`, `/ab(cd)?e`, RegExp) to checked regexes. */
import { canonicalLiteral } from './canonical-path.js';
import { staticSegment } from './pattern.js';
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

type Atom =
  | { kind: 'text'; value: string; quantifier: string }
  | { kind: 'param'; name: string; custom: string | undefined; optional: boolean; prefix: string }
  | { kind: 'star' }
  | { kind: 'group'; alternatives: string[]; capture: boolean; quantifier: string };

const NAME_START = /[A-Za-z_$]/;
const NAME_PART = /[\w$]/;

/**
 * Compiles an Express 4 string path (path-to-regexp 0.1.x syntax, XROUTE-001): `:name`, `:name(regex)`,
 * `:name?` (taking a `/` or `.` before it along), `*` anywhere, `?` and `+` after a character or a group,
 * `(text|other)` groups (capturing, except right after `/`), and `\` escapes. Everything else that would
 * reach the regex engine raw (`[`, `{`, `^`, `$`, `|` outside a group) is a TypeError naming the pattern
 * (APP-006). The result is checked with recheck before it is used (XROUTE-002).
 */
export function compileExpressPath(path: string, options: MatchOptions, end = true): RegexPattern {
  return compile(path === '*' ? '/*' : path, path, options, end);
}

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
  // `\` escapes make Express's parser read these characters of the static segments as text. In kitjs's
  // own form a segment that starts with `:` is a whole parameter, whose name may hold a `$` (ROUTE-002).
  const source = (path === '*' ? '/*' : path)
    .split('/')
    .map((segment) => (segment.startsWith(':') ? segment : asText(segment)))
    .join('/');
  return compile(source, path, options, true);
}

/**
 * True for a `use` prefix that is a plain literal (no `:`, `*`, `?` or parentheses): matched as text on
 * every router (ROUTE-008, ROUTE-020), by the prefix walk when the router ignores case, by a regex when it
 * does not (XROUTE-005), with only case told apart.
 */
export function isLiteralPrefix(path: string): boolean {
  return !/[:*?()]/.test(path);
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

/** Text for the parser: `\` before each character it would otherwise read as syntax or refuse. */
function asText(text: string): string {
  return text.replace(/[\\+[\]{}^$|]/g, '\\$&');
}

/** Compiles `source` (the path as the parser reads it); `path`, as registered, names it in errors. */
function compile(source: string, path: string, options: MatchOptions, end: boolean): RegexPattern {
  if (source.charCodeAt(0) !== 47) throw new TypeError(`route path "${path}" must start with "/"`);
  const atoms = parse(source, path);
  const keys: Array<string | number> = [];
  let unnamed = 0;
  let out = '';
  for (let i = 0; i < atoms.length; i++) {
    const atom = atoms[i] as Atom;
    if (atom.kind === 'text') {
      out += literal(atom.value, path) + atom.quantifier;
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

/**
 * A `use` path that is not a plain literal (XROUTE-006): Express syntax, a RegExp, or an array of them,
 * matching whole segments at the start of the path. An array is one regex of alternatives, whose keys are
 * every alternative's in turn, as Express joins them; the whole is checked again (XROUTE-002).
 */
export function compileUsePath(path: unknown, caseSensitive: boolean): RegexPattern {
  const options = { caseSensitive, strict: false };
  if (typeof path === 'string' && isLiteralPrefix(path)) {
    // A plain literal means what it means on a router that ignores case: `use('/a+b')` guards `/a+b`, not
    // `/aab`, and `/x|y` or `/a[b]` are text, not syntax.
    refuseImpossibleSegments(path);
    return compile(asText(path), path, options, false);
  }
  if (typeof path === 'string') return compileExpressPath(path, options, false);
  if (path instanceof RegExp) return compileRegExpPath(path);
  const parts = Array.isArray(path) ? path.flat(Infinity as 1) : [];
  if (parts.length === 0) throw new TypeError('use(): an empty array of paths matches nothing');
  const compiled = parts.map((part) => {
    if (typeof part !== 'string' && !(part instanceof RegExp)) {
      throw new TypeError(`use(): a path must be a string or a RegExp, got ${typeof part}`);
    }
    return compileUsePath(part, caseSensitive);
  });
  if (compiled.length === 1) return compiled[0] as RegexPattern;
  const source = compiled.map((one) => `(?:${one.regexp.source})`).join('|');
  const regexp = assertSafeRegex(source, caseSensitive ? '' : 'i', parts.map(String).join(', '));
  return { regexp, keys: compiled.flatMap((one) => one.keys) };
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

/** The tokens of a string path; the syntax errors are TypeErrors naming the pattern. */
function parse(source: string, path: string): Atom[] {
  const atoms: Atom[] = [];
  const fail = (why: string): never => {
    throw new TypeError(`route path "${path}": ${why}`);
  };
  const pushText = (value: string): void => {
    const last = atoms[atoms.length - 1];
    if (last?.kind === 'text' && last.quantifier === '') last.value += value;
    else atoms.push({ kind: 'text', value, quantifier: '' });
  };
  let i = 0;
  while (i < source.length) {
    const c = source[i] as string;
    if (c === '\\') {
      if (i + 1 >= source.length) fail('it ends with a lone "\\"');
      pushText(source[i + 1] as string);
      i += 2;
    } else if (c === ':' && NAME_START.test(source[i + 1] ?? '')) {
      let end = i + 2;
      while (end < source.length && NAME_PART.test(source[end] as string)) end++;
      const name = source.slice(i + 1, end);
      let custom: string | undefined;
      if (source[end] === '(') {
        const close = closingParen(source, end, fail);
        custom = source.slice(end + 1, close);
        if (custom === '') fail(`parameter ":${name}" has an empty "()"`);
        end = close + 1;
      }
      if (source[end] === '*') fail(`":${name}*" (a repeated parameter) is not supported; use "*"`);
      const optional = source[end] === '?';
      if (optional) end++;
      // Express takes a `/` or `.` written just before a parameter into it: `/:file.:ext?` matches `/a`.
      const last = atoms[atoms.length - 1];
      let prefix = '';
      if (last?.kind === 'text' && last.quantifier === '' && /[/.]$/.test(last.value)) {
        prefix = last.value.slice(-1);
        last.value = last.value.slice(0, -1);
        if (last.value === '') atoms.pop();
      }
      atoms.push({ kind: 'param', name, custom, optional, prefix });
      i = end;
    } else if (c === '*') {
      atoms.push({ kind: 'star' });
      i++;
    } else if (c === '(') {
      const close = closingParen(source, i, fail);
      const body = source.slice(i + 1, close);
      if (/[()[\]{}*+?^$\\:]/.test(body)) {
        fail(`group "(${body})" may hold only text and "|"`);
      }
      const last = atoms[atoms.length - 1];
      const afterSlash = last?.kind === 'text' && last.quantifier === '' && last.value.endsWith('/');
      atoms.push({ kind: 'group', alternatives: body.split('|'), capture: !afterSlash, quantifier: '' });
      i = close + 1;
    } else if (c === '?' || c === '+') {
      const last = atoms[atoms.length - 1];
      if (last?.kind === 'group' && last.quantifier === '') last.quantifier = c;
      else if (last?.kind === 'text' && last.quantifier === '' && !last.value.endsWith('/')) {
        // The quantifier takes the one character before it, as in a regex.
        const head = last.value.slice(0, -1);
        const char = last.value.slice(-1);
        if (head === '') atoms.pop();
        else last.value = head;
        atoms.push({ kind: 'text', value: char, quantifier: c });
      } else fail(`"${c}" at ${i} follows nothing it could apply to`);
      i++;
    } else if ('[]{}^$|)'.includes(c)) {
      fail(`"${c}" is not supported (write a RegExp path for a custom expression)`);
    } else {
      pushText(c);
      i++;
    }
  }
  return atoms;
}

/** The index of the `)` closing the `(` at `open`, counting nested groups and skipping escapes. */
function closingParen(source: string, open: number, fail: (why: string) => never): number {
  let depth = 0;
  for (let i = open; i < source.length; i++) {
    const c = source[i];
    if (c === '\\') i++;
    else if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return i;
  }
  return fail(`the "(" at ${open} is never closed`);
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
