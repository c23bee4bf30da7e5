import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { errorCodes, type KitErrorCode } from '../../src/base/errors.ts';
import {
  canonicalLiteral,
  canonicalPath,
  type PathFault,
  pathFault,
  pathOfTarget,
} from '../../src/core/router/canonical-path.ts';

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
    ['/a/..%2fb', '/a/..%2Fb'],
    ['/a/...', '/a/...'],
    // ROUTE-018: unreserved characters decoded, every other escape in upper-case hex.
    ['/%61dmin/secret.txt', '/admin/secret.txt'],
    ['/%61%64%6D%69%6e/x', '/admin/x'],
    ['/%2eenv', '/.env'],
    ['/a/%7e%5F%2D%30', '/a/~_-0'],
    ['/files/a%2fb%5cc%3b%3f%23', '/files/a%2Fb%5Cc;%3F%23'],
    ['/caf%c3%a9', '/caf%C3%A9'],
    ['/%2561dmin', '/%2561dmin'],
    // ROUTE-020: every pchar character is written raw; every other character is escaped, however it came.
    ['/@admin/%40admin', '/@admin/@admin'],
    ['/a%21%24%26%27%28%29%2a%2B%2c%3b%3D%3a%40b', "/a!$&'()*+,;=:@b"],
    ["/a!$&'()*+,;=:@b", "/a!$&'()*+,;=:@b"],
    ['/a[b]/{c}|^`"<>\\', '/a%5Bb%5D/%7Bc%7D%7C%5E%60%22%3C%3E%5C'],
    ['/caf\u00e9/\u2603', '/caf%C3%A9/%E2%98%83'],
    // A malformed path keeps its escapes (it is refused before routing), but loses its dot segments.
    ['/%%361dmin', '/%%361dmin'],
    ['/x/%2e%2e/%zz', '/%zz'],
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

describe('canonicalPath keeping empty segments (X5-018, the Express flavours)', () => {
  const cases: Array<[string, string]> = [
    ['/', '/'],
    ['//', '//'],
    ['//a//b', '//a//b'],
    ['/a/b//', '/a/b//'],
    ['//admin/./x', '//admin/x'],
    ['/a//../b', '/a/b'],
    ['/a/..//b', '//b'],
    ['//..', '/'],
    ['//%61dmin', '//admin'],
  ];
  for (const [input, expected] of cases) {
    it(`${input} -> ${expected}`, () => assert.equal(canonicalPath(input, true), expected));
  }

  it('differs from the collapsed form only by its empty segments, and is stable', () => {
    const segment = fc.constantFrom('a', 'B', '.', '..', '%2e', '', '', 'x%2fy', '%7e', '..%2f');
    fc.assert(
      fc.property(fc.array(segment, { maxLength: 12 }), (segments) => {
        const raw = `/${segments.join('/')}`;
        const kept = canonicalPath(raw, true);
        assert.ok(kept.startsWith('/'));
        for (const part of kept.split('/').slice(1)) {
          assert.ok(!['.', '..'].includes(part.replace(/%2e/gi, '.')), kept);
        }
        assert.equal(canonicalPath(kept, true), kept, 'the kept form is stable');
        // Collapsing the kept form's runs of slashes gives kit()'s form of the same path, but for `..`
        // removing an empty segment where kit() removes the segment before it: compare on paths without `..`.
        if (!segments.some((s) => s.replace(/%2e/gi, '.') === '..')) {
          assert.equal(kept.replace(/\/{2,}/g, '/'), canonicalPath(raw), raw);
        }
      }),
      { seed: 20261128 },
    );
  });
});

describe('pathFault', () => {
  const cases: Array<[string, string | undefined]> = [
    ['/a/b', undefined],
    ['/a%2Fb/%C3%A9', undefined],
    ['/%00/../a.txt', 'KIT_ERR_ROUTE_NUL_BYTE'],
    ['/a.txt%00', 'KIT_ERR_ROUTE_NUL_BYTE'],
    ['/a\0b', 'KIT_ERR_ROUTE_NUL_BYTE'],
    ['/100%', 'KIT_ERR_ROUTE_BAD_ENCODING'],
    ['/%zz', 'KIT_ERR_ROUTE_BAD_ENCODING'],
    ['/%%361dmin', 'KIT_ERR_ROUTE_BAD_ENCODING'],
    ['/%2', 'KIT_ERR_ROUTE_BAD_ENCODING'],
    ['/%2500', undefined],
  ];
  for (const [input, expected] of cases) {
    it(`${JSON.stringify(input)} -> ${expected ?? 'routable'}`, () =>
      assert.equal(pathFault(input), expected));
  }

  it('returns only codes of the error registry, which the caller raises', () => {
    // canonical-path.ts names its verdicts without importing the registry (it stays a pure module): this
    // object stops compiling if one of them is not a KitErrorCode (its type is then never), or if a verdict
    // is added without being listed here; the loop checks the registry at run time.
    const verdicts: { [Fault in PathFault]: Fault & KitErrorCode } = {
      KIT_ERR_ROUTE_NUL_BYTE: 'KIT_ERR_ROUTE_NUL_BYTE',
      KIT_ERR_ROUTE_BAD_ENCODING: 'KIT_ERR_ROUTE_BAD_ENCODING',
    };
    for (const code of Object.keys(verdicts)) {
      assert.equal(errorCodes[code as KitErrorCode]?.status, 400, code);
    }
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

describe('canonicalLiteral', () => {
  const cases: Array<[string, string | undefined]> = [
    ['admin', 'admin'],
    ['%61dmin', 'admin'],
    ['@admin', '@admin'],
    ['%40admin', '@admin'],
    ['a[b]', 'a%5Bb%5D'],
    ['caf\u00e9', 'caf%C3%A9'],
    ['caf%c3%a9', 'caf%C3%A9'],
    ['\u2603', '%E2%98%83'],
    ['a#b', 'a%23b'],
    ['%2e%2E', undefined],
    ['.', undefined],
    ['', undefined],
    ['a%zz', undefined],
    ['a%00', undefined],
    ['\ud800', undefined],
  ];
  for (const [input, expected] of cases) {
    it(`${JSON.stringify(input)} -> ${String(expected)}`, () =>
      assert.equal(canonicalLiteral(input), expected));
  }

  it('writes a literal as canonicalPath writes the same text put in req.url', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 12 }), (text) => {
        fc.pre(
          !text.includes('/') && !text.includes('%') && !text.includes('\0') && text !== '.' && text !== '..',
        );
        assert.equal(`/${canonicalLiteral(text)}`, canonicalPath(`/${text}`));
      }),
      { seed: 20261124 },
    );
  });
});
