/**
 * XROUTE-002: every regex the Express path compiler generates is proved safe by recheck, and the forms
 * Express 4 documents compile (not refused); the naive form of CVE-2024-45296 is the counter-example.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { check, checkSync } from 'recheck';
import { compileExpressPath, compileRegExpPath, groupNames } from '../../src/router/express-pattern.ts';

const RECHECK_SEED = 20261124;
const loose = { caseSensitive: false, strict: false };

// Pieces of Express 4 paths (path-to-regexp 0.1.x), one segment each.
const name = fc.stringMatching(/^[a-z][a-z0-9_]{0,5}$/);
const text = fc.stringMatching(/^[a-z0-9._~-]{1,6}$/).filter((t) => t !== '.' && t !== '..');
const segment = fc.oneof(
  text,
  name.map((n) => `:${n}`),
  name.map((n) => `:${n}?`),
  name.map((n) => `:${n}(\\d+)`),
  fc.constant('*'),
  fc.tuple(name, name).map(([a, b]) => `:${a}-:${b}`),
  fc.tuple(name, name).map(([a, b]) => `:${a}.:${b}`),
  fc.tuple(name, name).map(([a, b]) => `:${a}.:${b}?`),
  fc.tuple(name, name).map(([a, b]) => `:${a}..:${b}`),
  fc.tuple(text, text).map(([a, b]) => `${a}(${b})?x`),
  fc.tuple(text, text).map(([a, b]) => `${a}b?${b}`),
  fc.tuple(text, text).map(([a, b]) => `${a}+${b}`),
  fc.tuple(text, text).map(([a, b]) => `${a}*${b}`),
);
const pattern = fc
  .tuple(fc.array(segment, { minLength: 1, maxLength: 5 }), fc.boolean(), fc.boolean(), fc.boolean())
  .map(([segments, slash, caseSensitive, strict]) => ({
    path: `/${segments.join('/')}${slash ? '/' : ''}`,
    options: { caseSensitive, strict },
  }));

describe('the Express path compiler', () => {
  it('returns only regexes recheck proves safe, or refuses with a TypeError', async () => {
    const samples = fc.sample(pattern, { numRuns: 150, seed: RECHECK_SEED });
    let compiled = 0;
    for (const { path, options } of samples) {
      let regexp: RegExp;
      try {
        regexp = compileExpressPath(path, options).regexp;
      } catch (err) {
        assert.ok(err instanceof TypeError, `${path}: ${String(err)}`);
        assert.match(err.message, /route path/);
        continue;
      }
      compiled++;
      // Checked again here, independently of the compiler's own check.
      const diagnostics = await check(regexp.source, regexp.flags, {
        randomSeed: RECHECK_SEED,
        timeout: 10_000,
      });
      assert.equal(diagnostics.status, 'safe', `${path} -> ${regexp}`);
    }
    // Most generated forms are safe and must compile; a compiler refusing everything would pass the loop.
    assert.ok(compiled > samples.length / 2, `only ${compiled} of ${samples.length} compiled`);
  });

  it('compiles the forms Express 4 documents', () => {
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
    ];
    for (const path of documented) {
      assert.doesNotThrow(() => compileExpressPath(path, loose), path);
      assert.doesNotThrow(() => compileExpressPath(path, { caseSensitive: true, strict: true }), path);
    }
  });

  it('generates the backtrack-free form where the naive one is CVE-2024-45296', () => {
    const naive = checkSync('^\\/(?:([^\\/]+?))-(?:([^\\/]+?))\\/?$', 'i', { randomSeed: RECHECK_SEED });
    assert.equal(naive.status, 'vulnerable');
    const { regexp, keys } = compileExpressPath('/:a-:b', loose);
    assert.deepEqual(keys, ['a', 'b']);
    assert.deepEqual(regexp.exec('/x-y-z')?.slice(1), ['x-y', 'z']);
  });

  it('refuses a path whose regex is not safe, naming it', () => {
    assert.throws(() => compileExpressPath('/:a:b', loose), /"\/:a:b".*backtrack/);
    assert.throws(() => compileRegExpPath(/^\/(a+)+$/), /refused/);
  });

  it('refuses syntax it does not support', () => {
    for (const path of ['/a[bc]', '/a{2}', '/x|y', '/a)', '/:id*', '/a(b', '/a(b[c])', 'no-slash']) {
      assert.throws(() => compileExpressPath(path, loose), TypeError, path);
    }
  });

  it('names RegExp groups as Express does: numbers, or the group name', () => {
    assert.deepEqual(groupNames('^\\/(\\w+)\\/(?<id>\\d+)(?:x)([a(]+)\\((y)$'), [0, 'id', 1, 2]);
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

  it('generates every regex of this property run without a timeout verdict', () => {
    fc.assert(
      fc.property(pattern, ({ path, options }) => {
        try {
          compileExpressPath(path, options);
        } catch (err) {
          assert.ok(err instanceof TypeError);
          assert.doesNotMatch(err.message, /timeout/);
        }
      }),
      { numRuns: 100, seed: RECHECK_SEED },
    );
  });
});
