import assert from 'node:assert/strict';
import { isAbsolute, relative, sep } from 'node:path';
import { test } from 'node:test';
import fc from 'fast-check';
import { resolveStaticPath } from '../../src/batteries/middleware/static/resolve.js';

const ROOT = '/srv/site';

// Pieces that attackers combine: separators, dots, escapes of both, NUL, backslash, unicode.
const piece = fc.constantFrom(
  '/',
  '//',
  '.',
  '..',
  '%2e',
  '%2E',
  '%2e%2e',
  '%2f',
  '%2F',
  '%5c',
  '%5C',
  '\\',
  '%00',
  '\0',
  '%',
  '%zz',
  '%c0%ae',
  '%C3%A9',
  '\u00e9',
  '\ud800',
  '%ED%A0%80',
  'etc',
  'passwd',
  'a',
  '.secret',
  '~',
  ':',
);
const hostilePath = fc
  .array(fc.oneof(piece, fc.string({ unit: 'grapheme', maxLength: 4 })), { maxLength: 12 })
  .map((parts) => parts.join(''));
const anyPath = fc.oneof(
  hostilePath,
  fc.string({ unit: 'binary' }),
  hostilePath.map((p) => `/${p}`),
);

function insideRoot(absolute: string): boolean {
  const rel = relative(ROOT, absolute);
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel));
}

test('for any string, a candidate stays inside root or the request is not served', () => {
  fc.assert(
    fc.property(anyPath, (path) => {
      const result = resolveStaticPath(ROOT, path);
      if (result.kind !== 'candidate') return;
      assert.ok(insideRoot(result.absolute), `${JSON.stringify(path)} -> ${result.absolute}`);
      assert.ok(!result.absolute.includes('\0'));
      for (const segment of result.segments) {
        assert.ok(segment !== '' && segment !== '.' && segment !== '..');
        assert.ok(!/[/\\\0]/.test(segment));
      }
    }),
    { numRuns: 20_000 },
  );
});

test('send decodes the re-encoded path to exactly the same segments', () => {
  fc.assert(
    fc.property(anyPath, (path) => {
      const result = resolveStaticPath(ROOT, path);
      if (result.kind !== 'candidate') return;
      const decoded = result.sendPath
        .split('/')
        .filter((s) => s !== '')
        .map(decodeURIComponent);
      assert.deepEqual(decoded, result.segments);
    }),
    { numRuns: 5_000 },
  );
});

test('every hostile path that contains a disguised dot-segment is refused', () => {
  const traversal = fc
    .tuple(
      hostilePath,
      fc.constantFrom('%2e%2e', '%2E%2E', '.%2e', '%2e.', '..%2f', '..%5c', '..\\'),
      hostilePath,
    )
    .map(([a, dots, b]) => `/${a}/${dots}/${b}`);
  fc.assert(
    fc.property(traversal, (path) => {
      const result = resolveStaticPath(ROOT, path);
      assert.equal(result.kind, 'refuse', JSON.stringify(path));
    }),
    { numRuns: 5_000 },
  );
});
