/**
 * ROUTE-021: a `use` prefix without `:`, `*`, `?` or parentheses is text on a case-sensitive router too,
 * where it compiles to a regex (XROUTE-005), as it is on a router that ignores case (ROUTE-008, ROUTE-020).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { canonicalPath } from '../../src/core/router/canonical-path.ts';
import { compileUsePath, isLiteralPrefix } from '../../src/core/router/express-pattern.ts';

describe('a literal use prefix on a case-sensitive router', () => {
  // Each prefix, a path it guards, and the path Express's syntax would have made of it instead.
  const literals: Array<[string, string, string | null]> = [
    ['/a+b', '/a+b/secret', '/aab/secret'],
    ['/x|y', '/x%7cy/secret', '/x'],
    ['/a[b]', '/a[b]/secret', null],
    ['/q{1}', '/q{1}', null],
    ['/a^b', '/a%5Eb', null],
    ['/a$', '/a$/x', null],
    ['/a\\b', '/a%5Cb/x', '/ab/x'],
    ['/@team', '/%40team/x', null],
    ['/café', '/caf%c3%a9/menu', null],
  ];
  for (const [prefix, guarded, express] of literals) {
    it(`${prefix} covers ${guarded}${express === null ? '' : `, not ${express}`}`, () => {
      assert.ok(isLiteralPrefix(prefix));
      const { regexp, keys } = compileUsePath(prefix, true);
      assert.deepEqual(keys, []);
      assert.ok(regexp.test(canonicalPath(guarded)), String(regexp));
      if (express !== null) assert.ok(!regexp.test(canonicalPath(express)), String(regexp));
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

  it('leaves Express syntax to the Express parser', () => {
    assert.ok(!isLiteralPrefix('/users/:id'));
    assert.deepEqual(compileUsePath('/users/:id', true).keys, ['id']);
    assert.ok(compileUsePath('/ab?c', true).regexp.test('/ac'));
  });
});
