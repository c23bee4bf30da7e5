/** Bounds what a route regex may cost: a linear-time reading of its shape gives the longest path it is asked to match. */

import { setupError } from '../../base/errors.js';
import { callerLocation } from '../../base/module-location.js';
import { BoundedRegExp, BUDGET_BITS } from './regex-budget.js';
import { readShape, type Shape, skeleton } from './regex-shape.js';

/**
 * The characters a canonical request path can hold (ROUTE-018, ROUTE-020): printable ASCII without the
 * space; everything else arrives percent-encoded. One bit each, `!` (0x21) first, so a set is a bigint.
 */
const FIRST = 0x21;
const SIZE = 0x7e - FIRST + 1;
const ALL = (1n << BigInt(SIZE)) - 1n;

/** XROUTE-016: a regex with no polynomial bound (a repetition inside a repetition that can take the same text). */
export const UNBOUNDED_LIMIT = 16;

/** What a regex's shape says about its cost, and the longest path it is asked to match. */
export interface RegexVerdict {
  /** The cost is at most about n^degree steps; Infinity when no polynomial bound was found. */
  degree: number;
  /** The longest path the regex is run on; Infinity for a linear regex. */
  maxLength: number;
  /** Why the bound is not linear, for the warning; null when it is. */
  why: string | null;
}

// XROUTE-002: the one place a regex is built from a value (route paths, and one-character probes of them).
function construct(source: string, flags: string): RegExp {
  return new RegExp(source, flags);
}

const MODIFIER_GROUP = /\(\?-?[a-z]/;

// One verdict per source and flags: apps register the same pattern for several methods.
const verdicts = new Map<string, RegexVerdict>();
// One character set per atom source and flags (`\d`, `[^\/]`, `a` under `i`...).
const atomSets = new Map<string, bigint>();

/**
 * Builds a route's regex (a TypeError naming `pattern` when the engine refuses its syntax) and bounds the
 * input it runs on by its verdict (XROUTE-002, XROUTE-016). A regex with no polynomial bound registers too,
 * as it does in Express, with a short bound and a warning naming the route and where it was registered.
 */
export function boundedRegex(source: string, flags: string, pattern: string): RegExp {
  let regexp: RegExp;
  try {
    regexp = construct(source, flags);
  } catch (err) {
    throw setupError(
      'KIT_ERR_SETUP_PATH',
      `route path "${pattern}" is not a valid regular expression: ${(err as Error).message}`,
    );
  }
  const verdict = regexVerdict(source, regexp.flags);
  if (verdict.maxLength === Infinity) return regexp;
  if (verdict.degree === Infinity) {
    // XROUTE-017: registered all the same (Express registers it), with the line to fix.
    process.emitWarning(
      `route path "${pattern}" (${callerLocation()}): its regular expression /${source}/${flags} ${verdict.why}, so it is only tried on paths of up to ${verdict.maxLength} characters; write each repeated part so that it cannot take what follows it (":name([^/]+)" rather than ":name((\\w+)+)")`,
      { code: 'KIT_ROUTE_REGEX_BOUNDED' },
    );
  }
  return new BoundedRegExp(regexp, verdict.maxLength, verdict.degree, literalHead(source, regexp.flags));
}

/**
 * XROUTE-020: `^` and the characters every match starts with (`^\/assets\/` of `/assets/:path*`, `^\/v7\/` of
 * Express 5's `^(?:\/v7\/([^\/]+)...)`), as a regex of single-character atoms, linear; null when the
 * source has no such head beyond the leading `/`. A path it does not match cannot match the whole regex, so
 * that regex need not be tried nor charged.
 */
function literalHead(source: string, flags: string): RegExp | null {
  // A modifier group (`(?i:...)`) changes what its atoms mean, which their sources alone do not say.
  if (MODIFIER_GROUP.test(source)) return null;
  const shape = readShape(source);
  if (shape.kind !== 'seq' || shape.items[0]?.kind !== 'start') return null;
  let head = '';
  let atoms = 0;
  // Takes the atoms `items` start with, into the groups that start them; true when they all were atoms.
  const take = (items: Shape[]): boolean => {
    for (const item of items) {
      if (item.kind === 'atom') {
        head += item.source;
        atoms++;
      } else if (item.kind !== 'seq' || !take(item.items)) return false;
    }
    return true;
  };
  take(shape.items.slice(1));
  if (atoms < 2) return null;
  try {
    return construct(`^${head}`, flags.replace(/[gy]/g, ''));
  } catch {
    // An atom this reading took apart from what gave it its meaning: no head, the whole regex is charged.
    return null;
  }
}

/** The verdict on a regex, from its shape alone: linear in the length of the source, remembered. */
export function regexVerdict(source: string, flags: string): RegexVerdict {
  const shape = skeleton(source);
  const key = `${flags}/${shape}`;
  let verdict = verdicts.get(key);
  if (verdict === undefined) {
    verdict = judge(readShape(shape), flags.replace(/[gy]/g, ''));
    verdicts.set(key, verdict);
  }
  return verdict;
}

interface Start {
  chars: bigint;
  /** The end of the input can come here (a `$`). */
  end: boolean;
}
interface Follow extends Start {
  /** The match is over here: nothing after it can fail. */
  accept: boolean;
}
interface Info extends Start {
  nullable: boolean;
}

function judge(shape: Shape, flags: string): RegexVerdict {
  const { extra, why } = measure(shape, flags);
  // Without a leading `^` the engine tries the regex at every position of the path.
  const degree = Math.max(1, extra + (startsAnchored(shape) ? 0 : 1));
  if (degree === Infinity) {
    return { degree, maxLength: UNBOUNDED_LIMIT, why: `can backtrack exponentially (it ${why})` };
  }
  if (degree === 1) return { degree, maxLength: Infinity, why: null };
  // XROUTE-016: the longest path whose cost n^degree fits in a request's whole budget of 2^22 steps
  // (XROUTE-020): 2048 characters for degree 2, 161 for degree 3.
  const maxLength = Math.floor(2 ** (BUDGET_BITS / degree));
  return { degree, maxLength, why: `can backtrack polynomially (degree ${degree})` };
}

/**
 * How many factors of n one attempt of the regex can cost (Infinity: no polynomial bound), and why. Each choice of the regex (a repetition's "once more or stop", an optional part, the
 * alternatives of `|`) is a clash when both ways can start with the same character of a canonical path:
 * the engine may take one, fail later, and come back for the other. Without any clash the engine never
 * undoes more than one character's worth of work: linear. A clashing repetition adds a factor n (where to
 * stop), as does a clashing optional part or `|` inside a repetition (once per turn); a clashing repetition
 * or `|` inside a repetition can multiply the ways per turn: no polynomial bound. Each way the engine tries
 * then costs a linear scan when an unbounded repetition that never clashes is left to run (one factor n
 * more), and a constant one otherwise.
 */
function measure(shape: Shape, flags: string): { extra: number; why: string | null } {
  const infos = new Map<Shape, Info>();
  const state = { degree: 0, why: null as string | null, scans: false };

  const atom = (source: string): bigint => {
    const key = `${flags}/${source}`;
    let set = atomSets.get(key);
    if (set === undefined) {
      const probe = construct(`^(?:${source})$`, flags);
      set = 0n;
      for (let i = 0; i < SIZE; i++) if (probe.test(String.fromCharCode(FIRST + i))) set |= 1n << BigInt(i);
      atomSets.set(key, set);
    }
    return set;
  };

  // What can start a match of `node`, and whether it can match nothing.
  const info = (node: Shape): Info => {
    let found = infos.get(node);
    if (found !== undefined) return found;
    if (node.kind === 'atom') found = { chars: atom(node.source), end: false, nullable: false };
    else if (node.kind === 'end') found = { chars: 0n, end: true, nullable: false };
    else if (node.kind === 'backref') found = { chars: ALL, end: true, nullable: true };
    else if (node.kind === 'repeat') {
      const body = info(node.body);
      found = { ...body, nullable: body.nullable || node.min === 0 };
    } else if (node.kind === 'look') {
      found = node.negative || node.behind ? empty(true) : info(node.body);
    } else if (node.kind === 'alt') {
      found = empty(false);
      for (const option of node.options)
        found = union(found, info(option), found.nullable || info(option).nullable);
    } else if (node.kind === 'seq') {
      found = empty(true);
      // A `(?!x|y)` before an atom keeps `x` and `y` from starting it.
      let excluded = 0n;
      for (const item of node.items) {
        const next = info(item);
        found = union(found, { ...next, chars: next.chars & ~excluded }, false);
        if (item.kind === 'look' && item.negative && !item.behind) excluded |= singleChars(item.body);
        if (!next.nullable) break;
      }
      found.nullable = node.items.every((item) => info(item).nullable);
    } else found = empty(true);
    infos.set(node, found);
    return found;
  };

  const singleChars = (body: Shape): bigint => {
    const options = body.kind === 'alt' ? body.options : [body];
    let set = 0n;
    for (const option of options) {
      const only = option.kind === 'seq' && option.items.length === 1 ? option.items[0] : option;
      if (only?.kind === 'atom') set |= atom(only.source);
    }
    return set;
  };

  // A choice the engine may have to undo: what one way can start with, the other can too.
  const clash = (a: Start, b: Follow): boolean =>
    !b.accept && ((a.chars & b.chars) !== 0n || (a.end && b.end));

  const walk = (node: Shape, follow: Follow, inRepeat: boolean): void => {
    if (node.kind === 'seq') {
      let after = follow;
      for (let j = node.items.length - 1; j >= 0; j--) {
        const item = node.items[j] as Shape;
        walk(item, after, inRepeat);
        const start = info(item);
        after = start.nullable
          ? { chars: start.chars | after.chars, end: start.end || after.end, accept: after.accept }
          : { chars: start.chars, end: start.end, accept: false };
      }
    } else if (node.kind === 'alt') {
      const starts = node.options.map((option) => {
        walk(option, follow, inRepeat);
        const start = info(option);
        return start.nullable ? union(start, follow, true) : start;
      });
      const overlap = starts.some((a, i) =>
        starts.some(
          (b, j) => j > i && clash(a, { ...b, accept: follow.accept && (a.nullable || b.nullable) }),
        ),
      );
      if (overlap && inRepeat)
        unbounded('has two alternatives that can take the same text, inside a repetition');
    } else if (node.kind === 'repeat') {
      const body = info(node.body);
      const repeats = node.max > 1;
      const bodyFollow = repeats
        ? { ...follow, chars: follow.chars | body.chars, end: follow.end || body.end }
        : follow;
      walk(node.body, bodyFollow, inRepeat || repeats);
      const choice =
        node.min < node.max && (clash(body, follow) || (repeats && body.nullable && !follow.accept));
      if (!choice) {
        if (node.max === Infinity) state.scans = true;
        return;
      }
      if (repeats && inRepeat)
        unbounded('repeats a part that can take the same text as the repetition around it');
      else if (repeats || inRepeat) state.degree += 1;
    } else if (node.kind === 'look') {
      // A lookaround is atomic: its own backtracking is paid once per time it is tried.
      const inner = measure(node.body, flags);
      if (inner.extra === Infinity) unbounded(inner.why as string);
      else state.degree += inner.extra;
    } else if (node.kind === 'backref') state.degree += 1;
  };

  const unbounded = (why: string): void => {
    state.degree = Infinity;
    state.why ??= why;
  };

  walk(shape, { chars: 0n, end: false, accept: true }, false);
  return { extra: state.degree + (state.scans ? 1 : 0), why: state.why };
}

function empty(nullable: boolean): Info {
  return { chars: 0n, end: false, nullable };
}

function union(a: Start, b: Start, nullable: boolean): Info {
  return { chars: a.chars | b.chars, end: a.end || b.end, nullable };
}

function startsAnchored(node: Shape): boolean {
  if (node.kind === 'start') return true;
  if (node.kind === 'seq') return node.items[0] !== undefined && startsAnchored(node.items[0]);
  if (node.kind === 'alt') return node.options.every(startsAnchored);
  return false;
}
