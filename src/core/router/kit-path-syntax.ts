/** kitjs's own path syntax (ROUTE-022): static segments, `:name`, `:name?`, `:name(regex)`, a trailing `*`; Express 4's other forms are refused where they are registered. */

import { setupError } from '../../base/errors.js';
import { callerLocation } from '../../base/module-location.js';
import { canonicalLiteral } from './canonical-path.js';
import type { PathSyntax } from './path-syntax.js';
import { isKitPattern, staticSegment } from './pattern.js';
import {
  compileWritten,
  escapeText,
  frameSource,
  type MatchOptions,
  type ParamKey,
  type RegexPattern,
  requireLeadingSlash,
  type WrittenPath,
  type WrittenSource,
} from './regex-path.js';

/** One segment of a path of kitjs's syntax. */
type Part =
  | { kind: 'static'; text: string }
  | { kind: 'param'; name: string; regex: string | null; optional: boolean }
  | { kind: 'wildcard' };

// ROUTE-002: parameter names are letters, digits, `_` and `$`, not starting with a digit.
const NAME_START = /[A-Za-z_$]/;
const NAME_CHAR = /[\w$]/;
// Characters Express 4 reads as syntax inside a segment; kitjs's own form has none of them in literal text.
const EXPRESS_ONLY = /[:*?+()[\]{}]/;

/**
 * ROUTE-022: the syntax of `kit()` apps and `new Router()`. kitjs's own form goes to the segment trie (or, on
 * a strict or case-sensitive router, to a regex that reads it alike: ROUTE-021); `:name(regex)` is a parameter
 * whose value must match `regex`, written as the regex's `(regex)` group, bounded by its cost (XROUTE-016).
 * Anything else Express 4 reads as syntax is a TypeError naming the path, the line that registered it and
 * kitjs's spelling.
 *
 * @example
 * ```ts
 * kitPathSyntax.write('/users/:id(\\d+)', { caseSensitive: false, strict: false }, true).source;
 * // '^/users(?:/(\\d+))/?$'
 * ```
 */
export const kitPathSyntax: PathSyntax = {
  write(path, options, end) {
    requireLeadingSlash(path);
    return frameSource(writeParts(parse(path, end), path), options, end);
  },
};

/**
 * A path of kitjs's own form (static segments, `:name`, `:name?`, a trailing `*`) as a bounded regex, for a
 * strict or case-sensitive router, whose routes all match by regex (XROUTE-005). Its text stays literal, `\`,
 * `|`, `^` and `$` included, as it does in the segment trie, so that the pattern means the same whichever
 * matcher holds it (ROUTE-021): only the options differ. It is the same on every router, whatever its syntax.
 *
 * @example
 * compileKitPath('/a|b/:id?', { caseSensitive: true, strict: true }).regexp.test('/a%7Cb'); // true
 */
export function compileKitPath(path: string, options: MatchOptions): RegexPattern {
  return compileWritten(writeKitPath(path, options), path, options);
}

/** The regex source of a path of kitjs's own form, and its keys, for an array of paths (XROUTE-004). */
export function writeKitPath(path: string, options: MatchOptions): WrittenSource {
  return kitPathSyntax.write(path, options, true);
}

/**
 * A path whose every segment is literal text, whatever characters it holds (a `use` prefix without `:`, `*`,
 * `?` or parentheses: ROUTE-021), as a regex source; `end` false for a prefix.
 */
export function writeLiteralPath(path: string, options: MatchOptions, end: boolean): WrittenSource {
  requireLeadingSlash(path);
  const parts: Part[] = path
    .slice(1)
    .split('/')
    .map((text) => ({ kind: 'static', text }));
  return frameSource(writeParts(parts, path), options, end);
}

function writeParts(parts: Part[], path: string): WrittenPath {
  // ROUTE-004: a bare `*` is the whole path.
  if (path === '*') return { source: '(.*)', params: [] };
  const params: ParamKey[] = [];
  let out = '';
  for (const part of parts) {
    if (part.kind === 'wildcard') out += '/(.*)';
    else if (part.kind === 'param') {
      params.push({ name: part.name, offset: out.length });
      out += `(?:/${part.regex ?? '([^/]+?)'})${part.optional ? '?' : ''}`;
    } else {
      // ROUTE-020: literal text in the canonical form requests are matched in; the leading character keeps
      // a `.` from reading as a dot segment here (staticSegment has refused those already).
      const canonical = part.text === '' ? '' : canonicalLiteral(`x${part.text}`)?.slice(1);
      out += `/${escapeText(canonical ?? part.text)}`;
    }
  }
  return { source: out, params };
}

/** The segments of `path` (which starts with `/`), or a TypeError for what kitjs's syntax does not read. */
function parse(path: string, end: boolean): Part[] {
  if (path === '*') return [{ kind: 'wildcard' }];
  const check = !isKitPattern(path);
  const parts: Part[] = [];
  let i = 1;
  while (i <= path.length) {
    const param = path[i] === ':' ? readParam(path, i, end) : null;
    if (param !== null) {
      parts.push(param.part);
      i = param.next + 1;
      continue;
    }
    let stop = path.indexOf('/', i);
    if (stop === -1) stop = path.length;
    const text = path.slice(i, stop);
    const last = stop === path.length;
    if (text === '*' && last) parts.push({ kind: 'wildcard' });
    else if (EXPRESS_ONLY.test(text)) refuseText(path, text, i, stop, end);
    else {
      // ROUTE-020: a segment no request can hold is refused (compilePattern checks kitjs's own form before
      // it gets here, as it always has); a trailing slash is not a segment.
      if (check && !(last && text === '')) staticSegment(text, path);
      parts.push({ kind: 'static', text });
    }
    i = stop + 1;
  }
  return parts;
}

/** The parameter at `i` (`:name`, `:name?`, `:name(regex)`, `:name(regex)?`), which ends its segment. */
function readParam(path: string, i: number, end: boolean): { part: Part; next: number } {
  let j = i + 1;
  if (!NAME_START.test(path[j] ?? '')) {
    refuse(
      path,
      end,
      `":" not followed by a name`,
      `a parameter is ":name", its name letters, digits, "_" and "$", not starting with a digit${percentHint(':')}`,
    );
  }
  while (j < path.length && NAME_CHAR.test(path[j] as string)) j++;
  const name = path.slice(i + 1, j);
  let regex: string | null = null;
  if (path[j] === '(') {
    const close = closingParen(path, j);
    if (close === -1) {
      throw setupError(
        'KIT_ERR_SETUP_PATH',
        `${what(end)} "${path}" (${callerLocation()}): the expression of ":${name}" has no closing ")"`,
      );
    }
    regex = path.slice(j, close + 1);
    j = close + 1;
  }
  const optional = path[j] === '?';
  if (optional) j++;
  if (j < path.length && path[j] !== '/') refuseParamTail(path, i, j, name, end);
  return { part: { kind: 'param', name, regex, optional }, next: j };
}

/** The `)` that closes the `(` at `open`, past escapes, classes and nested groups; -1 when none does. */
function closingParen(path: string, open: number): number {
  let depth = 0;
  let inClass = false;
  for (let k = open; k < path.length; k++) {
    const c = path[k];
    if (c === '\\') k++;
    else if (inClass) inClass = c !== ']';
    else if (c === '[') inClass = true;
    else if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return k;
  }
  return -1;
}

/** `:name*`, `:name+`, or a parameter sharing its segment with text (`/:from-:to`, `/:file.:ext`). */
function refuseParamTail(path: string, start: number, at: number, name: string, end: boolean): never {
  const c = path[at] as string;
  const restOfPath = (c === '*' || c === '+') && at + 1 === path.length;
  if (restOfPath) {
    refuse(
      path,
      end,
      `":${name}${c}"`,
      `use "${path.slice(0, start)}*" (the rest of the path, in req.params[0]), a RegExp, or kitjs/express for Express 4's syntax`,
    );
  }
  refuse(
    path,
    end,
    `a parameter that shares its segment with more ("${path.slice(start, segmentEnd(path, at))}")`,
    `use one parameter per segment ("/:name"), a RegExp, or kitjs/express for Express 4's syntax`,
  );
}

/** A literal segment holding a character Express 4 reads as syntax. */
function refuseText(path: string, text: string, start: number, stop: number, end: boolean): never {
  if (text === '*') {
    const kit = `${path.slice(0, start)}:part${path.slice(stop)}`;
    refuse(
      path,
      end,
      `"*" before the end of the path`,
      `use "${kit}" (one segment, in req.params.part), a RegExp, or kitjs/express for Express 4's syntax`,
    );
  }
  const c = (EXPRESS_ONLY.exec(text) as RegExpExecArray)[0];
  const form =
    c === ':'
      ? `":" inside a segment ("${text}")`
      : c === '*'
        ? `"*" inside a segment ("${text}")`
        : c === '?' || c === '+'
          ? `"${c}" after a character ("${text}")`
          : c === '(' || c === ')'
            ? `a group ("${text}")`
            : c === '[' || c === ']'
              ? `a character class ("${text}")`
              : `a repetition count ("${text}")`;
  refuse(path, end, form, `use a RegExp, or kitjs/express for Express 4's syntax${percentHint(c)}`);
}

/** How to write `c` so that kitjs reads it as text: its percent-escape, one spelling of it (ROUTE-020). */
function percentHint(c: string): string {
  const code = c.charCodeAt(0).toString(16).toUpperCase();
  return `; to match "${c}" as text, write it "%${code}"`;
}

function segmentEnd(path: string, from: number): number {
  const stop = path.indexOf('/', from);
  return stop === -1 ? path.length : stop;
}

function what(end: boolean): string {
  return end ? 'route path' : 'use() path';
}

/**
 * ROUTE-022: the TypeError for a form kitjs's syntax does not read: the path, the `file:line` of the
 * application code that registered it (as XROUTE-017 finds it), the form, and the spelling to use instead.
 */
function refuse(path: string, end: boolean, form: string, instead: string): never {
  throw setupError(
    'KIT_ERR_SETUP_PATH',
    `${what(end)} "${path}" (${callerLocation()}): ${form} is Express 4 path syntax, which kitjs's own syntax does not read; ${instead}`,
  );
}
