/** Compiles a route pattern (`/users/:id`, `/files/*`, `/x/:name?`) into segment lists for the route index. */

import { setupError } from '../../base/errors.js';
import { canonicalLiteral } from './canonical-path.js';

/** One segment of a compiled pattern. */
export type Segment = { kind: 'static'; value: string } | { kind: 'param' } | { kind: 'wildcard' };

/** A concrete shape of a pattern; optional parameters give several. */
export interface PatternVariant {
  segments: Segment[];
  /**
   * Every name the pattern declares, in the order written, whichever are present in this variant; a
   * wildcard's name is 0. ROUTE-021: an optional parameter left out is still a key of `req.params`
   * (undefined), as it is when a regex matches the same pattern.
   */
  keys: Array<string | number>;
  /**
   * For each value this variant captures, its index in `keys`; null when it captures every key in order
   * (no optional parameter left out), the common case, which needs no mapping.
   */
  slots: number[] | null;
  /** Lower is preferred when several variants of one pattern match the same path. */
  rank: number;
  /** ROUTE-004: a bare `*`, whose value is the whole path, its leading `/` included, as in Express 4. */
  whole?: boolean;
}

// ROUTE-002: parameter names are letters, digits, `_` and `$`.
const PARAM = /^:([A-Za-z_$][\w$]*)(\?)?$/;
const SPECIAL = /[:*?()[\]{}+]/;

/**
 * True when `pattern` is one of kitjs's own forms, which the segment trie holds without any regex: static
 * segments, `:name`, `:name?` and a trailing `*`, or a bare `*`. Anything else is the router's syntax's to
 * read (XROUTE-001), a path without its leading `/` too: kitjs's refuses it, Express's read it as
 * path-to-regexp does (XROUTE-018).
 */
export function isKitPattern(pattern: string): boolean {
  if (pattern === '*') return true;
  if (pattern.charCodeAt(0) !== 47) return false;
  const raw = pattern.split('/');
  for (let i = 1; i < raw.length; i++) {
    const text = raw[i] as string;
    if (text === '*' ? i !== raw.length - 1 : !PARAM.test(text) && SPECIAL.test(text)) return false;
  }
  return true;
}

/**
 * Compiles a pattern. Supported: static segments, `:name`, `:name?` (optional), and a trailing `*` (ROUTE-001
 * to ROUTE-004). The result is segments for the route index, never a regular expression (HARD-008). Anything
 * else (regex parameters, `*` in the middle, a missing leading slash) is a setup error, thrown as a TypeError
 * naming the pattern, rather than a route that silently never matches (APP-006).
 */
export function compilePattern(pattern: string): PatternVariant[] {
  if (typeof pattern !== 'string') {
    throw setupError('KIT_ERR_SETUP_PATH', `route path must be a string, got ${typeof pattern}`);
  }
  // ROUTE-004: a bare `*` matches as `/*`, and its value keeps the leading `/` (the variant says so below).
  const source = pattern === '*' ? '/*' : pattern;
  if (source.charCodeAt(0) !== 47) {
    throw setupError('KIT_ERR_SETUP_PATH', `route path "${pattern}" must start with "/"`);
  }
  const raw = source.split('/').slice(1);
  // A trailing slash in the pattern means nothing: matching is not strict about it (ROUTE-005).
  if (raw.length > 1 && raw[raw.length - 1] === '') raw.pop();
  // The root pattern '/' has no segment at all.
  if (raw.length === 1 && raw[0] === '') raw.pop();
  const parsed: Array<Segment & { name?: string; optional?: boolean }> = [];
  raw.forEach((text, index) => {
    if (text === '*') {
      if (index !== raw.length - 1) {
        throw setupError(
          'KIT_ERR_SETUP_PATH',
          `route path "${pattern}": "*" is only supported as the last segment`,
        );
      }
      parsed.push({ kind: 'wildcard' });
      return;
    }
    const param = PARAM.exec(text);
    if (param) {
      parsed.push({ kind: 'param', name: param[1] as string, optional: param[2] === '?' });
      return;
    }
    if (SPECIAL.test(text)) {
      throw setupError(
        'KIT_ERR_SETUP_PATH',
        `route path "${pattern}": segment "${text}" is not supported (use :name, :name? or a trailing *)`,
      );
    }
    parsed.push({ kind: 'static', value: staticSegment(text, pattern) });
  });

  const optionalIndexes = parsed.flatMap((segment, index) => (segment.optional ? [index] : []));
  // ROUTE-021: every variant reports every name, in the order written.
  const keys: Array<string | number> = [];
  const keyIndex: Array<number | undefined> = parsed.map((segment) => {
    if (segment.kind === 'static') return undefined;
    keys.push(segment.kind === 'wildcard' ? 0 : (segment.name as string));
    return keys.length - 1;
  });
  if (optionalIndexes.length > 8) {
    throw setupError(
      'KIT_ERR_SETUP_PATH',
      `route path "${pattern}": at most 8 optional parameters are supported`,
    );
  }
  const variants: PatternVariant[] = [];
  const combinations = 1 << optionalIndexes.length;
  for (let mask = 0; mask < combinations; mask++) {
    const segments: Segment[] = [];
    const slots: number[] = [];
    let rank = 0;
    parsed.forEach((segment, index) => {
      const bit = optionalIndexes.indexOf(index);
      // Bit set means "left out"; earlier optionals present rank first, as Express's regex prefers them
      // (ROUTE-003).
      if (bit !== -1 && mask & (1 << bit)) {
        rank += 1 << (optionalIndexes.length - 1 - bit);
        return;
      }
      if (segment.kind === 'static') segments.push({ kind: 'static', value: segment.value });
      else {
        segments.push({ kind: segment.kind });
        slots.push(keyIndex[index] as number);
      }
    });
    // mask 0 leaves nothing out: its captures are the keys in order, and so shares the one keys array.
    variants.push({ segments, keys, slots: mask === 0 ? null : slots, rank, whole: pattern === '*' });
  }
  return variants;
}

/**
 * A literal segment in the form request paths are matched in: canonical, as {@link canonicalLiteral} writes
 * it (ROUTE-020), in lower case for comparison (ROUTE-005). Throws a TypeError for a segment no request could
 * ever match.
 */
export function staticSegment(text: string, pattern: string): string {
  const canonical = canonicalLiteral(text);
  if (canonical === undefined) {
    throw setupError(
      'KIT_ERR_SETUP_PATH',
      `path "${pattern}": segment "${text}" can never match a request path (empty, "." or "..", a malformed percent-escape, a NUL or a lone surrogate)`,
    );
  }
  return canonical.toLowerCase();
}

/**
 * True when the variant captures nothing (every segment is static, though its pattern may declare optional
 * parameters it leaves out): it can be looked up by its exact path.
 */
export function isStaticVariant(variant: PatternVariant): boolean {
  return variant.segments.every((segment) => segment.kind === 'static');
}

/** The lookup key of a static variant: lower-case segments joined, '/' for the root. */
export function staticKey(variant: PatternVariant): string {
  let key = '';
  for (const segment of variant.segments) key += `/${(segment as { value: string }).value}`;
  return key === '' ? '/' : key;
}
