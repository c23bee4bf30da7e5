/**
 * XROUTE-001, XROUTE-016: every Express 4 path and RegExp registers, and the bound regex-safety.ts puts on
 * its regex is never looser than the truth. recheck (a devDependency, never loaded by kitjs) is the
 * independent judge: where it proves a regex linear-time, nothing is asked of our verdict; where it finds a
 * polynomial of degree k, our degree is at least k; where it finds an exponential, ours is unbounded. Our
 * own "linear" must be one recheck agrees with.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { check, type Diagnostics } from 'recheck';
import {
  compileRegExpPath,
  compileWritten,
  groupNames,
  type MatchOptions,
  type RegexPattern,
} from '../../src/core/router/regex-path.ts';
import { regexVerdict, UNBOUNDED_LIMIT } from '../../src/core/router/regex-safety.ts';
import { compileUsePath as compileWith } from '../../src/core/router/use-path-pattern.ts';
import { expressPathSyntax } from '../../src/flavours/express4/path-syntax.ts';

/** An Express 4 path as kitjs/express compiles it (XROUTE-001), `end` false for a `use` prefix. */
function compileExpressPath(path: string, options: MatchOptions, end = true): RegexPattern {
  return compileWritten(expressPathSyntax.write(path, options, end), path, options);
}

/** A `use` prefix of kitjs/express. */
function compileUsePath(path: unknown, caseSensitive: boolean): RegexPattern {
  return compileWith(path, caseSensitive, expressPathSyntax);
}

const SEED = 20261124;
const loose = { caseSensitive: false, strict: false };

// Pieces of Express 4 paths (path-to-regexp 0.1.x), one segment each.
const name = fc.stringMatching(/^[a-z][a-z0-9_]{0,5}$/);
const text = fc.stringMatching(/^[a-z0-9._~-]{1,6}$/).filter((t) => t !== '.' && t !== '..');
const segment = fc.oneof(
  text,
  name.map((n) => `:${n}`),
  name.map((n) => `:${n}?`),
  name.map((n) => `:${n}*`),
  name.map((n) => `:${n}+`),
  name.map((n) => `:${n}(\\d+)`),
  name.map((n) => `:${n}(\\w+\\d*)`),
  fc.constant('*'),
  fc.tuple(name, name).map(([a, b]) => `:${a}-:${b}`),
  fc.tuple(name, name).map(([a, b]) => `:${a}.:${b}`),
  fc.tuple(name, name).map(([a, b]) => `:${a}.:${b}?`),
  fc.tuple(name, name).map(([a, b]) => `:${a}:${b}`),
  fc.tuple(text, text).map(([a, b]) => `${a}(${b})?x`),
  fc.tuple(text, text).map(([a, b]) => `${a}b?${b}`),
  fc.tuple(text, text).map(([a, b]) => `${a}+${b}`),
  fc.tuple(text, text).map(([a, b]) => `${a}*${b}`),
);
const pattern = fc
  .tuple(fc.array(segment, { minLength: 1, maxLength: 4 }), fc.boolean(), fc.boolean(), fc.boolean())
  .map(([segments, slash, caseSensitive, strict]) => ({
    path: `/${segments.join('/')}${slash ? '/' : ''}`,
    options: { caseSensitive, strict },
  }));

/** recheck's verdict, as a degree: 1 for safe, k for a k-th degree polynomial, Infinity for exponential. */
async function recheckDegree(regexp: RegExp): Promise<number | undefined> {
  const diagnostics = (await check(regexp.source, regexp.flags, {
    randomSeed: SEED,
    timeout: 10_000,
  })) as Diagnostics;
  if (diagnostics.status === 'safe') return 1;
  if (diagnostics.status === 'unknown') return undefined;
  const { complexity } = diagnostics as { complexity: { type: string; degree?: number } };
  return complexity.type === 'exponential' ? Infinity : (complexity.degree ?? 2);
}

/** The bound kitjs puts on a compiled regex, as `exec` applies it. */
function bound(compiled: RegexPattern): number {
  return (compiled.regexp as RegExp & { maxLength?: number }).maxLength ?? Infinity;
}

describe('the Express path compiler', () => {
  it('registers every generated path, and bounds each regex at least as tightly as recheck finds it needs', async () => {
    const samples = fc.sample(pattern, { numRuns: 150, seed: SEED });
    let judged = 0;
    let bounded = 0;
    for (const { path, options } of samples) {
      const compiled = compileExpressPath(path, options);
      const ours = regexVerdict(compiled.regexp.source, compiled.regexp.flags);
      const theirs = await recheckDegree(compiled.regexp);
      if (theirs === undefined) continue;
      judged++;
      if (ours.degree > 1) bounded++;
      assert.ok(
        ours.degree >= theirs,
        `${path} -> ${compiled.regexp}: ours ${ours.degree}, recheck ${theirs}`,
      );
      assert.equal(bound(compiled), ours.maxLength, path);
    }
    assert.ok(judged > samples.length / 2, `recheck judged only ${judged} of ${samples.length}`);
    // The generator holds forms of every kind: some bounded, most linear.
    assert.ok(bounded > 0 && bounded < judged, `${bounded} of ${judged} bounded`);
  });

  it('bounds hostile RegExp paths at least as tightly as recheck finds they need', async () => {
    const hostile = [
      /^\/(\w+\s?)*$/,
      /^\/(a|a)*$/,
      /^\/(\d+)*x$/,
      /^\/(.*)-(.*)-(.*)$/,
      /\d+\d+$/,
      /^\/(a|ab)*c$/,
      /^\/([^/]+)+\/x$/,
      /^\/(?:\/\d+\/?)*$/,
      /.*fly$/,
      /^\/x(?=.*y)(.*)$/,
      /^\/(\w+)-\1$/,
    ];
    for (const path of hostile) {
      const compiled = compileRegExpPath(path);
      const ours = regexVerdict(compiled.regexp.source, compiled.regexp.flags).degree;
      const theirs = await recheckDegree(compiled.regexp);
      if (theirs !== undefined) assert.ok(ours >= theirs, `${path}: ours ${ours}, recheck ${theirs}`);
    }
  });

  it('registers the forms Express 4 documents and the ones issue 35 names', () => {
    const documented = [
      '/users/:userId/books/:bookId',
      '/flights/:from-:to',
      '/plantae/:genus.:species',
      '/user/:userId(\\d+)',
      '/ab?cd',
      '/ab+cd',
      '/ab*cd',
      '/ab(cd)?e',
      '/files/:file.:ext?',
      '/*/*',
      '/:a-:b-:c',
      '/range/:from..:to',
      '/assets/:path*',
      '/docs/:path+',
      '/a[bc]d',
      '/a{2}',
      '/x|y',
      '/:a:b',
    ];
    for (const path of documented) {
      assert.doesNotThrow(() => compileExpressPath(path, loose), path);
      assert.doesNotThrow(() => compileExpressPath(path, { caseSensitive: true, strict: true }), path);
    }
    assert.doesNotThrow(() => compileRegExpPath(/.*fly$/));
  });

  it('finds linear what is linear: a parameter with its own regex, `?`, groups and classes', () => {
    for (const path of ['/users/:id(\\d+)', '/x/:id?', '/ab(cd)?e', '/a[bc]d', '/ab*cd', '/café/:x']) {
      const { regexp } = compileExpressPath(path, loose);
      assert.equal(regexVerdict(regexp.source, regexp.flags).degree, 1, `${path} -> ${regexp}`);
    }
  });

  it('bounds a regex that can backtrack: polynomial to 2048 characters, exponential to 16', () => {
    const quadratic = compileRegExpPath(/.*fly$/);
    assert.equal(bound(quadratic), 2048);
    assert.ok(quadratic.regexp.exec(`/${'a'.repeat(2000)}fly`));
    assert.equal(quadratic.regexp.exec(`/${'a'.repeat(2048)}fly`), null);
    const exponential = compileRegExpPath(/^\/(a+)+$/);
    assert.equal(bound(exponential), UNBOUNDED_LIMIT);
    assert.ok(exponential.regexp.exec('/aaaa'));
    // The attack a backtracking engine takes seconds on is never run: it is longer than the bound.
    assert.equal(exponential.regexp.exec(`/${'a'.repeat(40)}!`), null);
  });

  it('bounds a use prefix with a pattern as a route (XROUTE-006, XROUTE-016)', () => {
    const prefix = compileUsePath('/docs/:path+', false);
    assert.equal(bound(prefix), 2048);
    assert.ok(prefix.regexp.exec('/docs/a/b/c'));
    assert.equal(prefix.regexp.exec(`/docs/${'a/'.repeat(1100)}`), null);
    assert.equal(bound(compileUsePath('/users/:id(\\d+)', false)), Infinity);
  });

  it('shares one verdict between regexes that differ only in plain literal runs, and no more', () => {
    const a = regexVerdict('^\\/items1(?:\\/(\\d+))\\/?$', 'i');
    assert.equal(regexVerdict('^\\/items2(?:\\/(\\d+))\\/?$', 'i'), a);
    assert.equal(a.degree, 1);
    // A literal run's first character is what follows the part before it: `\d+7` clashes, `\d+x` does not.
    assert.equal(regexVerdict('^\\/(\\d+)x1\\d*$', '').degree, 1);
    assert.equal(regexVerdict('^\\/(\\d+)71\\d*$', '').degree, 2);
    // Inside a lookahead a text of several characters counts whole: it keeps nothing from starting.
    assert.equal(regexVerdict('^\\/((?:(?!ab).)+)a\\w*$', '').degree, 2);
    assert.equal(regexVerdict('^\\/((?:(?!a).)+)a\\w*$', '').degree, 1);
  });

  it('refuses only a path the regex engine cannot read, naming it', () => {
    for (const path of ['/a)', '/a(b', '/:id(\\d+']) {
      assert.throws(() => compileExpressPath(path, loose), TypeError, path);
    }
    assert.throws(() => compileExpressPath('/a)', loose), /route path "\/a\)"/);
    // XROUTE-018: a path without its leading `/` registers, as in Express 4, and answers no request path.
    const { regexp } = compileExpressPath('no-slash', loose);
    assert.ok(!regexp.test('/no-slash') && !regexp.test('/'), String(regexp));
  });

  it('names RegExp groups as path-to-regexp 0.1.12 does: numbers, or the group name', () => {
    // As path-to-regexp, a `(` inside `[...]` counts: Express 4 names the groups after it so.
    assert.deepEqual(groupNames('^\\/(\\w+)\\/(?<id>\\d+)(?:x)([a(]+)\\((y)$'), [0, 'id', 1, 2, 3]);
    assert.deepEqual(groupNames('(?<=a)(?<!b)(c)'), [0]);
  });

  it('compares in any case and ignores one trailing slash unless told otherwise', () => {
    const plain = compileExpressPath('/Foo/:id(\\d+)', loose).regexp;
    assert.ok(plain.test('/foo/1/'));
    const exact = compileExpressPath('/Foo/:id(\\d+)', { caseSensitive: true, strict: true }).regexp;
    assert.ok(exact.test('/Foo/1'));
    assert.ok(!exact.test('/foo/1'));
    assert.ok(!exact.test('/Foo/1/'));
  });
});
