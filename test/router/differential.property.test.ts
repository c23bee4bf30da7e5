/**
 * ROUTE-021: the segment trie and the regex compiler, given the same pattern of kitjs's own form (static
 * segments, `:name`, `:name?`, a trailing `*`), agree on every path: match or not, and the same keys, in
 * the same order, with the same values. Paths are built from the pattern (matching ones) and then bent
 * (near misses). Under CI the seed is fixed (test/support/property-seed.mjs).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { pathFault } from '../../src/core/router/canonical-path.ts';
import type { MatchOptions } from '../../src/core/router/regex-path.ts';
import { LOOSE, regex, routedPath, trie } from './matchers.ts';

// Static segments: case, punctuation, escapes and the characters kitjs's own form keeps as text.
const WORDS = [
  'a',
  'B',
  'users',
  'Users',
  '42',
  'a.b',
  'a-b',
  '~x_',
  'x%20y',
  'café',
  'caf%C3%A9',
  'a|b',
  '$',
  'x^y',
  'a\\b',
  '@t',
  '!',
];
// What a request may hold in a parameter's place: plain, dotted, encoded, and escapes that canonicalize.
const VALUES = ['1', 'x', 'Ada', 'a.b', 'a-b', 'a%2Fb', 'caf%C3%A9', '%61', '%40', 'users', 'a|b', ''];

type Piece = { kind: 'static'; text: string } | { kind: 'param'; optional: boolean };

const piece: fc.Arbitrary<Piece> = fc.oneof(
  fc.constantFrom(...WORDS).map((text): Piece => ({ kind: 'static', text })),
  fc.boolean().map((optional): Piece => ({ kind: 'param', optional })),
);

interface Generated {
  pieces: Piece[];
  wildcard: boolean;
  slash: boolean;
  pattern: string;
}

const pattern: fc.Arbitrary<Generated> = fc
  .tuple(fc.array(piece, { maxLength: 4 }), fc.boolean(), fc.boolean())
  .map(([pieces, wildcard, slash]) => {
    let n = 0;
    const segments = pieces.map((p) => (p.kind === 'static' ? p.text : `:p${n++}${p.optional ? '?' : ''}`));
    if (wildcard) segments.push('*');
    const body = `/${segments.join('/')}`;
    // A bare `*` is `/*` (ROUTE-004); a trailing slash in a pattern is written sometimes.
    const written = body === '/*' && slash ? '*' : slash && !wildcard && body !== '/' ? `${body}/` : body;
    return { pieces, wildcard, slash, pattern: written };
  });

/** A path the pattern should match, then possibly bent into a near miss. */
function pathFor(generated: Generated): fc.Arbitrary<string> {
  const parts = generated.pieces.map((p) =>
    p.kind === 'static'
      ? fc.constantFrom(p.text, p.text.toUpperCase(), p.text.toLowerCase(), encodeOne(p.text))
      : fc.oneof(fc.constantFrom(...VALUES), p.optional ? fc.constant(null) : fc.constantFrom(...VALUES)),
  );
  const rest = generated.wildcard
    ? fc.array(fc.constantFrom(...VALUES), { maxLength: 3 }).map((values) => [values.join('/')])
    : fc.constant([] as string[]);
  const bend = fc.constantFrom('none', 'slash', 'drop', 'extra', 'swap', 'empty');
  return fc
    .tuple(fc.tuple(...parts), rest, bend, fc.constantFrom(...WORDS), fc.nat())
    .map(([filled, tail, how, word, at]) => {
      const segments = [...(filled as Array<string | null>).filter((s): s is string => s !== null), ...tail];
      const i = segments.length === 0 ? 0 : at % segments.length;
      if (how === 'drop') segments.splice(i, 1);
      if (how === 'extra') segments.splice(i, 0, word);
      if (how === 'swap' && segments.length > 0) segments[i] = word;
      if (how === 'empty' && segments.length > 0) segments[i] = '';
      const path = `/${segments.join('/')}`;
      return how === 'slash' ? `${path}/` : path;
    });
}

/** The first character of `text` as an escape, as a client may send it. */
function encodeOne(text: string): string {
  const code = text.charCodeAt(0);
  return code < 128 ? `%${code.toString(16).padStart(2, '0')}${text.slice(1)}` : text;
}

const cases = pattern.chain((generated) =>
  fc.tuple(fc.constant(generated), fc.array(pathFor(generated), { minLength: 1, maxLength: 8 })),
);

function matchAll(matcher: typeof trie, source: string, options: MatchOptions, paths: string[]) {
  const match = matcher.compile(source, options);
  return paths.map((path) => match(path));
}

describe('the trie and the regex compiler on the same patterns (ROUTE-021)', () => {
  it('agree on match, keys in order, and raw values, for matching and near-miss paths', () => {
    const seen = { paths: 0, matched: 0, absent: 0 };
    fc.assert(
      fc.property(cases, ([generated, raw]) => {
        const paths = raw.filter((p) => pathFault(p) === undefined).map(routedPath);
        const fromTrie = matchAll(trie, generated.pattern, LOOSE, paths);
        const fromRegex = matchAll(regex, generated.pattern, LOOSE, paths);
        paths.forEach((path, i) => {
          assert.deepEqual(fromRegex[i], fromTrie[i], `${generated.pattern} on ${path}`);
          seen.paths++;
          if (fromTrie[i] != null) seen.matched++;
          if (fromTrie[i]?.values.includes(undefined)) seen.absent++;
        });
      }),
      { numRuns: 120 },
    );
    // The generator must reach both answers, and optional parameters left out, or agreeing proves little.
    assert.ok(seen.matched > seen.paths / 5 && seen.matched < seen.paths, JSON.stringify(seen));
    assert.ok(seen.absent > 0, JSON.stringify(seen));
  });

  it('give the trie’s answer on a strict, case-sensitive router where case and trailing slash play no part', () => {
    // A strict, case-sensitive router holds kitjs patterns as regexes (XROUTE-005). With a pattern written
    // in lower case, a request path in lower case, and no trailing slash on either, those options change
    // nothing: the answer is the plain router's.
    const exact: MatchOptions = { caseSensitive: true, strict: true };
    fc.assert(
      fc.property(cases, ([generated, raw]) => {
        fc.pre(generated.pattern === generated.pattern.toLowerCase() && !/.\/$/.test(generated.pattern));
        const paths = raw
          .map((p) => p.toLowerCase())
          .filter((p) => pathFault(p) === undefined)
          .map(routedPath)
          .filter((p) => !p.endsWith('/'));
        const fromTrie = matchAll(trie, generated.pattern, LOOSE, paths);
        const fromStrict = matchAll(regex, generated.pattern, exact, paths);
        paths.forEach((path, i) => {
          assert.deepEqual(fromStrict[i], fromTrie[i], `${generated.pattern} on ${path}`);
        });
      }),
      { numRuns: 60 },
    );
  });
});
