/**
 * kitjs/express's path syntax: an Express 4 string path written as the regex source path-to-regexp 0.1.12
 * (Express 4.21.2) makes of it (XROUTE-001), the same source, so the same paths match with the same captures,
 * keys in the same order. `src/express.ts` gives it to the apps and routers kitjs/express makes.
 */
import { canonicalLiteral } from '../../core/router/canonical-path.js';
import type { PathSyntax } from '../../core/router/path-syntax.js';
import { escapeText, frameSource, type ParamKey, type WrittenPath } from '../../core/router/regex-path.js';

// Express 4 reads a parameter's name as `\w+`.
const EXPRESS_NAME = /\w/;

/**
 * XROUTE-001: Express 4's whole path syntax, as path-to-regexp 0.1.12 reads it: `:name`, `:name(regex)`,
 * `:name?`, `:name*`, `:name+`, `*` anywhere, and whatever else the path holds handed to the regex as written
 * (`/ab+cd`, `/a[bc]`, `/ab(cd)?e`). The router bounds the regex by its cost (XROUTE-016); a path the regex
 * engine cannot read is a TypeError naming it (APP-006).
 *
 * @example
 * ```ts
 * expressPathSyntax.write('/docs/:path+', { caseSensitive: false, strict: false }, true).keys; // ['path']
 * ```
 */
export const expressPathSyntax: PathSyntax = {
  write(path, options, end) {
    // XROUTE-018: a path without its leading `/` is read as Express 4 reads it too: `foo` and `use('api')`
    // register and match no request (every request path starts with `/`), `*.js` matches `/app.js`, and
    // `use('')` covers every path, as `use('/')` does.
    return frameSource(writeExpressPath(path), options, end);
  },
  plainPrefix: isPlainExpressPrefix,
};

/**
 * XROUTE-018: whether kitjs/express matches `path`, a `use` prefix, as plain text with no regex: it starts
 * with `/` and has none of the characters path-to-regexp 0.1 or the regex reads as syntax inside a segment
 * (`:`, `*`, `?`, `+`, `(`, `)`, `[`, `]`, `{`, `}`), the same as the route paths the segment trie holds
 * (XROUTE-011). `use('/rou+ter')` is the pattern `/rou+ter`, answering `/router` and `/rouuter`, as in
 * Express 4; `|`, `^`, `$` and `\` stay text in a prefix as in a route of kitjs's own form (XROUTE-001).
 *
 * @example
 * ```ts
 * isPlainExpressPrefix('/api/v1'); // true
 * isPlainExpressPrefix('/rou+ter'); // false
 * ```
 */
export function isPlainExpressPrefix(path: string): boolean {
  return path.charCodeAt(0) === 47 && !/[:*?()[\]{}+]/.test(path);
}

// Characters the regex reads as syntax, or that path-to-regexp reads (`:`); a run of any others is text.
const SYNTAX = '\\/.*:()[]{}?+^$|';

/**
 * Writes `path` as path-to-regexp 0.1.12 does. Everything it does not read (`+`, `?` after text, `[...]`,
 * `{n}`, `^`, `$`, `|`, groups not right after `/`) is handed to the regex as written, as Express does; what it
 * reads:
 * - `\x`: as written (`\d` a digit, `\.` a dot);
 * - `.` is `\.`, `*` is `(.*)`, and `/(` opens a group that captures nothing;
 * - `[/][.]:name[(regex)][*][?]`: a parameter taking the `/` and `.` written before it, with its own
 *   regex, or `[^/]+?` (`[^/.]+?` after a `.`), or, when text of its segment stands between it and the
 *   token before it, one or more characters that start neither a `/` nor that text (the backtrack-free form
 *   of CVE-2024-45296); `*` adds a capture of the rest of the path, `?` makes it all optional.
 */
export function writeExpressPath(path: string): WrittenPath {
  const text = canonicalText(path);
  const params: ParamKey[] = [];
  let out = '';
  // Text of the segment since the last parameter that took a `/` or `.` (path-to-regexp's `backtrack`).
  let behind = '';
  // Where path-to-regexp's bookkeeping of that text stands: it adds 2 for an escape and 1 for a `.`.
  let pos = 0;
  let i = 0;
  while (i < text.length) {
    const c = text[i] as string;
    if (c === '\\' && i + 1 < text.length) {
      const escaped = text.slice(i, i + 2);
      behind += escaped;
      pos += 2;
      out += escaped;
      i += 2;
      continue;
    }
    const param = readParam(text, i);
    if (param !== null) {
      if (param.slash || param.format) behind = '';
      else behind += text.slice(pos, i);
      pos = param.end;
      const format = param.format ? '\\.' : '';
      let capture: string;
      if (param.custom !== null) {
        // path-to-regexp turns the first `*` of a parameter's regex into `(.*)`, unless an escape comes first.
        capture = param.custom.replace(/\\.|\*/, (found) => (found === '*' ? '(.*)' : found));
      } else if (behind !== '') capture = `((?:(?!/|${behind}).)+?)`;
      else capture = `([^/${format}]+?)`;
      params.push({ name: param.name, offset: out.length });
      const rest = param.star ? `((?:[/${format}].+?)?)` : '';
      out += `(?:${format}${param.slash ? '/' : ''}${capture}${rest})${param.optional ? '?' : ''}`;
      i = param.end;
    } else if (c === '.') {
      behind += '\\.';
      pos += 1;
      out += '\\.';
      i++;
    } else if (c === '*' || (c === '/' && text[i + 1] === '(')) {
      behind += text.slice(pos, i);
      pos = i + (c === '*' ? 1 : 2);
      if (c === '/') behind += '/';
      out += c === '*' ? '(.*)' : '/(?:';
      i = pos;
    } else {
      out += c;
      i++;
    }
  }
  return { source: out, params };
}

interface Param {
  slash: boolean;
  format: boolean;
  name: string;
  custom: string | null;
  star: boolean;
  optional: boolean;
  end: number;
}

/** The parameter starting at `i` (with the `/` and `.` before its `:`), or null. */
function readParam(text: string, i: number): Param | null {
  let j = i;
  const slash = text[j] === '/';
  if (slash) j++;
  const format = text[j] === '.';
  if (format) j++;
  if (text[j] !== ':' || !EXPRESS_NAME.test(text[j + 1] ?? '')) return null;
  let end = j + 2;
  while (end < text.length && EXPRESS_NAME.test(text[end] as string)) end++;
  const name = text.slice(j + 1, end);
  let custom: string | null = null;
  // `(` up to the first `)`, as path-to-regexp's lazy `\(.*?\)` reads it.
  const close = text[end] === '(' ? text.indexOf(')', end) : -1;
  if (close !== -1) {
    custom = text.slice(end, close + 1);
    end = close + 1;
  }
  const star = text[end] === '*';
  if (star) end++;
  const optional = text[end] === '?';
  if (optional) end++;
  return { slash, format, name, custom, star, optional, end };
}

/**
 * The path with each run of literal text in the form request paths are matched in (ROUTE-020): `é` is
 * `%C3%A9`, `%7e` is `~`, an escaped `\|` is `%7C`; characters the result must keep literal are escaped.
 * A letter or digit after `\` stays an escape of the regex (`\d`). A run with no canonical form (a lone
 * `%`) is kept as written, as Express keeps it.
 */
function canonicalText(path: string): string {
  let out = '';
  let run = '';
  const flush = (): void => {
    if (run === '') return;
    // A leading character keeps canonicalLiteral from treating `.` or `..` as a dot segment here.
    const canonical = canonicalLiteral(`x${run}`);
    out += canonical === undefined ? run : escapeText(canonical.slice(1));
    run = '';
  };
  for (let i = 0; i < path.length; i++) {
    const c = path[i] as string;
    if (c === '\\' && i + 1 < path.length && !/[A-Za-z0-9]/.test(path[i + 1] as string)) {
      run += path[++i];
    } else if (SYNTAX.includes(c)) {
      flush();
      out += c;
      if (c === '\\' && i + 1 < path.length) out += path[++i];
    } else run += c;
  }
  flush();
  return out;
}
