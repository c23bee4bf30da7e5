/** Reads an Express 4 string path (path-to-regexp 0.1.x syntax) into atoms; the syntax errors are TypeErrors. */

/**
 * One piece of a path: literal text, a parameter, a `*`, a `(text|other)` group, or a character class written
 * `\d`, `\w`, `\s` (or upper case), with its quantifier.
 */
export type Atom =
  | { kind: 'text'; value: string; quantifier: string }
  | { kind: 'class'; value: string; quantifier: string }
  | { kind: 'param'; name: string; custom: string | undefined; optional: boolean; prefix: string }
  | { kind: 'star' }
  | { kind: 'group'; alternatives: string[]; capture: boolean; quantifier: string };

const NAME_START = /[A-Za-z_$]/;
const NAME_PART = /[\w$]/;
// The escapes that are character classes in a regex, kept as such (`/user/\d+`).
const CLASSES = 'dDwWsS';

/** The tokens of a string path; the syntax errors are TypeErrors naming the pattern. */
export function parse(source: string, path: string): Atom[] {
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
      // Express hands `\d` to the regex as it is: a digit, as `\w` a word character; any other escape is text.
      if (CLASSES.includes(source[i + 1] as string))
        atoms.push({ kind: 'class', value: source.slice(i, i + 2), quantifier: '' });
      else pushText(source[i + 1] as string);
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
      if ((last?.kind === 'group' || last?.kind === 'class') && last.quantifier === '') last.quantifier = c;
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
