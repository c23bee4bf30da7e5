/** Reads a regex source into the shape the backtracking analysis needs (XROUTE-002): atoms, groups, choices, repeats; and its skeleton, the key verdicts share. */

/** One piece of a regex. An atom is one character of some set (its source kept, to compute the set). */
export type Shape =
  | { kind: 'atom'; source: string }
  | { kind: 'seq'; items: Shape[] }
  | { kind: 'alt'; options: Shape[] }
  | { kind: 'repeat'; body: Shape; min: number; max: number }
  | { kind: 'look'; body: Shape; negative: boolean; behind: boolean }
  | { kind: 'start' }
  | { kind: 'end' }
  | { kind: 'boundary' }
  | { kind: 'backref' };

const QUANTIFIER = /^\{(\d+)(,(\d*))?\}/;

/**
 * The shape of `source`, a regex the RegExp constructor accepted (so it is well formed). Reads what route
 * regexes use: escapes, classes, groups of every kind, `|`, quantifiers (greedy or lazy), `^`, `$`, `\b`,
 * backreferences. Linear in the length of the source.
 */
export function readShape(source: string): Shape {
  let i = 0;

  const readAlt = (): Shape => {
    const options: Shape[] = [readSeq()];
    while (source[i] === '|') {
      i++;
      options.push(readSeq());
    }
    return options.length === 1 ? (options[0] as Shape) : { kind: 'alt', options };
  };

  const readSeq = (): Shape => {
    const items: Shape[] = [];
    while (i < source.length && source[i] !== '|' && source[i] !== ')') {
      const atom = readTerm();
      items.push(readQuantifier(atom));
    }
    return { kind: 'seq', items };
  };

  const readQuantifier = (body: Shape): Shape => {
    let min = -1;
    let max = -1;
    const c = source[i];
    if (c === '*') [min, max] = [0, Infinity];
    else if (c === '+') [min, max] = [1, Infinity];
    else if (c === '?') [min, max] = [0, 1];
    else if (c === '{') {
      const found = QUANTIFIER.exec(source.slice(i, i + 24));
      if (found) {
        min = Number(found[1]);
        max = found[2] === undefined ? min : found[3] === '' ? Infinity : Number(found[3]);
        i += found[0].length - 1;
      }
    }
    if (min < 0) return body;
    i++;
    if (source[i] === '?') i++;
    return readQuantifier({ kind: 'repeat', body, min, max });
  };

  const readTerm = (): Shape => {
    const c = source[i] as string;
    if (c === '(') return readGroup();
    if (c === '[') {
      const start = i;
      i++;
      if (source[i] === '^') i++;
      // A `]` right after `[` or `[^` ends an empty class in JavaScript, so no special case for it.
      while (i < source.length && source[i] !== ']') i += source[i] === '\\' ? 2 : 1;
      i++;
      return { kind: 'atom', source: source.slice(start, i) };
    }
    if (c === '\\') return readEscape();
    i++;
    if (c === '^') return { kind: 'start' };
    if (c === '$') return { kind: 'end' };
    return { kind: 'atom', source: c === '.' ? '.' : source.slice(i - 1, i) };
  };

  const readEscape = (): Shape => {
    const start = i;
    const c = source[i + 1] as string;
    i += 2;
    if (c === 'b' || c === 'B') return { kind: 'boundary' };
    if (/[1-9]/.test(c)) {
      while (/\d/.test(source[i] ?? '')) i++;
      return { kind: 'backref' };
    }
    if (c === 'k' && source[i] === '<') {
      i = source.indexOf('>', i) + 1;
      return { kind: 'backref' };
    }
    if (c === 'x') i += 2;
    else if (c === 'c') i += 1;
    else if (c === 'u') i = source[i] === '{' ? source.indexOf('}', i) + 1 : i + 4;
    else if ((c === 'p' || c === 'P') && source[i] === '{') i = source.indexOf('}', i) + 1;
    return { kind: 'atom', source: source.slice(start, i) };
  };

  const readGroup = (): Shape => {
    i++;
    let look: { negative: boolean; behind: boolean } | null = null;
    if (source[i] === '?') {
      const head = source.slice(i, i + 3);
      if (head.startsWith('?=') || head.startsWith('?!')) {
        look = { negative: head[1] === '!', behind: false };
        i += 2;
      } else if (head === '?<=' || head === '?<!') {
        look = { negative: head[2] === '!', behind: true };
        i += 3;
      } else if (head.startsWith('?<')) i = source.indexOf('>', i) + 1;
      // `(?:`, and the modifier groups `(?i:` / `(?-i:`: plain groups.
      else i = source.indexOf(':', i) + 1;
    }
    const body = readAlt();
    i++;
    return look === null ? body : { kind: 'look', body, ...look };
  };

  return readAlt();
}

const RUN = /[A-Za-z0-9_~%-]/;

/**
 * The source with each run of plain literal characters cut to its first one (and its last, when a
 * quantifier applies to that): the verdict cannot tell them apart, since no choice is made inside such a
 * run and only its first character can clash with what comes before. So `/items1/:id(\d+)` and
 * `/items2/:id(\d+)` share one verdict. Classes, escapes with a payload (`\u0041`), `{n,m}`, group names and
 * lookarounds (whose texts of several characters count whole) are kept as written.
 */
export function skeleton(source: string): string {
  let out = '';
  // Open groups, true for a lookaround; inside one nothing is cut.
  const groups: boolean[] = [];
  let looks = 0;
  let i = 0;
  const copyTo = (end: number): void => {
    const stop = end < 0 ? source.length : end + 1;
    out += source.slice(i, stop);
    i = stop;
  };
  while (i < source.length) {
    const c = source[i] as string;
    if (c === '\\') {
      const kind = source[i + 1] ?? '';
      if (kind === 'u') copyTo(source[i + 2] === '{' ? source.indexOf('}', i) : i + 5);
      else if (kind === 'x') copyTo(i + 3);
      else if (kind === 'c') copyTo(i + 2);
      else if (kind === 'p' || kind === 'P') copyTo(source[i + 2] === '{' ? source.indexOf('}', i) : i + 1);
      else if (kind === 'k') copyTo(source[i + 2] === '<' ? source.indexOf('>', i) : i + 1);
      else copyTo(i + 1);
    } else if (c === '[') {
      let end = i + 1;
      while (end < source.length && source[end] !== ']') end += source[end] === '\\' ? 2 : 1;
      copyTo(end);
    } else if (c === '{') copyTo(source.indexOf('}', i));
    else if (c === '(') {
      const look = /^\(\?<?[=!]/.test(source.slice(i, i + 4));
      groups.push(look);
      if (look) looks++;
      copyTo(source[i + 1] === '?' && source[i + 2] === '<' && !look ? source.indexOf('>', i) : i);
    } else if (c === ')') {
      if (groups.pop()) looks--;
      copyTo(i);
    } else if (looks === 0 && RUN.test(c)) {
      let end = i;
      while (end + 1 < source.length && RUN.test(source[end + 1] as string)) end++;
      const quantified = '*+?{'.includes(source[end + 1] ?? '');
      out += c + (quantified && end > i ? source[end] : '');
      i = end + 1;
    } else copyTo(i);
  }
  return out;
}
