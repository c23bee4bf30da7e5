import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { canonicalPath, pathOfTarget } from '../../src/router/canonical-path.ts';

describe('canonicalPath', () => {
  const cases: Array<[string, string]> = [
    ['/', '/'],
    ['/a/b', '/a/b'],
    ['/a/b/', '/a/b/'],
    ['//admin/x', '/admin/x'],
    ['/a//b///c', '/a/b/c'],
    ['/./admin/x', '/admin/x'],
    ['/public/../admin/x', '/admin/x'],
    ['/public/%2e%2e/admin/x', '/admin/x'],
    ['/public/%2E%2e/admin', '/admin'],
    ['/public/.%2E/admin', '/admin'],
    ['/../../etc/passwd', '/etc/passwd'],
    ['/a/..', '/'],
    ['/a/b/..', '/a/'],
    ['/a/.', '/a/'],
    ['/.well-known/x', '/.well-known/x'],
    ['/a/..%2fb', '/a/..%2fb'],
    ['/a/...', '/a/...'],
  ];
  for (const [input, expected] of cases) {
    it(`${input} -> ${expected}`, () => assert.equal(canonicalPath(input), expected));
  }

  it('never leaves a dot segment, a double slash or a path above the root', () => {
    const segment = fc.constantFrom('a', 'B', '.', '..', '%2e', '%2E%2e', '', 'x%2fy', '.x', '..%2f');
    fc.assert(
      fc.property(fc.array(segment, { maxLength: 12 }), (segments) => {
        const result = canonicalPath(`/${segments.join('/')}`);
        assert.ok(result.startsWith('/'));
        assert.ok(!result.includes('//'), result);
        const parts = result.split('/').slice(1);
        for (const part of parts) {
          assert.ok(!['.', '..'].includes(part.replace(/%2e/gi, '.')), result);
        }
        assert.equal(canonicalPath(result), result, 'canonical form is stable');
      }),
    );
  });
});

describe('pathOfTarget', () => {
  it('keeps origin-form, reduces absolute-form to its path', () => {
    assert.equal(pathOfTarget('/a/b'), '/a/b');
    assert.equal(pathOfTarget('http://example.com/a/b'), '/a/b');
    assert.equal(pathOfTarget('https://example.com'), '/');
    assert.equal(pathOfTarget('*'), '*');
  });
});
