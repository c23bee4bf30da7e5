/**
 * ROUTE-021: a `use` prefix without `:`, `*`, `?` or parentheses is text on a case-sensitive router too,
 * where it compiles to a regex (XROUTE-005), as it is on a router that ignores case (ROUTE-008, ROUTE-020);
 * in Express 4's syntax `+`, `[...]` and `{n}` make it a pattern, as in Express 4 (XROUTE-018).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { canonicalPath } from '../../src/core/router/canonical-path.ts';
import { kitPathSyntax } from '../../src/core/router/kit-path-syntax.ts';
import type { PathSyntax } from '../../src/core/router/path-syntax.ts';
import { compileUsePath as compileWith, isLiteralPrefix } from '../../src/core/router/use-path-pattern.ts';
import { expressPathSyntax } from '../../src/flavours/express4/path-syntax.ts';

/** A case-sensitive router's prefix, read with `syntax` (kitjs/express's unless told). */
function compileUsePath(path: unknown, caseSensitive: boolean, syntax: PathSyntax = expressPathSyntax) {
  return compileWith(path, caseSensitive, syntax);
}

describe('a literal use prefix on a case-sensitive router', () => {
  // Each prefix, a path it guards, and the path Express's syntax would have made of it instead.
  const literals: Array<[string, string, string | null]> = [
    ['/x|y', '/x%7cy/secret', '/x'],
    ['/a^b', '/a%5Eb', null],
    ['/a$', '/a$/x', null],
    ['/a\\b', '/a%5Cb/x', '/ab/x'],
    ['/@team', '/%40team/x', null],
    ['/café', '/caf%c3%a9/menu', null],
  ];
  for (const [prefix, guarded, express] of literals) {
    it(`${prefix} covers ${guarded}${express === null ? '' : `, not ${express}`}, in either syntax`, () => {
      assert.ok(isLiteralPrefix(prefix));
      const kit = compileUsePath(prefix, true, kitPathSyntax);
      const { regexp, keys } = compileUsePath(prefix, true);
      assert.equal(kit.regexp.source, regexp.source);
      assert.deepEqual(keys, []);
      assert.ok(regexp.test(canonicalPath(guarded)), String(regexp));
      if (express !== null) assert.ok(!regexp.test(canonicalPath(express)), String(regexp));
    });
  }

  // Each prefix, a path kitjs's syntax guards with it as text, and paths Express 4's pattern covers instead.
  const patterns: Array<[string, string, string[]]> = [
    ['/a+b', '/a+b/secret', ['/ab/secret', '/aab/secret']],
    ['/a[b]', '/a[b]/secret', ['/ab/secret']],
    ['/q{2}', '/q{2}', ['/qq', '/qq/x']],
  ];
  for (const [prefix, text, covered] of patterns) {
    it(`${prefix} is text to kitjs's syntax, a pattern covering ${covered.join(' and ')} to Express 4's (XROUTE-018)`, () => {
      const kit = compileUsePath(prefix, true, kitPathSyntax).regexp;
      assert.ok(kit.test(canonicalPath(text)), String(kit));
      for (const path of covered) assert.ok(!kit.test(canonicalPath(path)), String(kit));
      const express = compileUsePath(prefix, true).regexp;
      for (const path of covered) assert.ok(express.test(canonicalPath(path)), String(express));
      assert.ok(!express.test(canonicalPath(text)), String(express));
    });
  }

  it('compares case exactly, and covers whole segments only', () => {
    const { regexp } = compileUsePath('/Admin', true);
    assert.ok(regexp.test('/Admin/x'));
    assert.ok(!regexp.test('/admin/x'));
    assert.ok(!regexp.test('/Adminx'));
  });

  it('refuses the segments a router that ignores case refuses', () => {
    for (const prefix of ['/a//b', '/a/./b', '/a%zz']) {
      assert.throws(() => compileUsePath(prefix, true), TypeError, prefix);
    }
  });

  it("leaves a pattern to the router's syntax: Express 4's reads /ab?c, kitjs's refuses it (ROUTE-022)", () => {
    assert.ok(!isLiteralPrefix('/users/:id'));
    assert.deepEqual(compileUsePath('/users/:id', true).keys, ['id']);
    assert.deepEqual(compileUsePath('/users/:id(\\d+)', true, kitPathSyntax).keys, ['id']);
    assert.ok(compileUsePath('/ab?c', true).regexp.test('/ac'));
    assert.throws(() => compileUsePath('/ab?c', true, kitPathSyntax), /"\/ab\?c".*%3F/);
  });
});
