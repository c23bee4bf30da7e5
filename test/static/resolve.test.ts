import assert from 'node:assert/strict';
import { test } from 'node:test';
import { resolveStaticPath, type StaticResolution } from '../../src/batteries/middleware/static/resolve.js';

const ROOT = '/srv/site';

function kindOf(result: StaticResolution): string {
  return result.kind === 'refuse' ? `refuse ${result.status}` : result.kind;
}

test('ordinary paths become candidates inside root', () => {
  const result = resolveStaticPath(ROOT, '/css/site.css');
  assert.equal(result.kind, 'candidate');
  if (result.kind !== 'candidate') return;
  assert.equal(result.absolute, '/srv/site/css/site.css');
  assert.equal(result.sendPath, '/css/site.css');
  assert.deepEqual(result.segments, ['css', 'site.css']);
  assert.equal(result.trailingSlash, false);
  assert.equal(result.dotfile, false);
});

test('percent-encoding is decoded once and re-encoded for send', () => {
  const result = resolveStaticPath(ROOT, '/caf%C3%A9.txt');
  assert.equal(result.kind === 'candidate' && result.absolute, '/srv/site/caf\u00e9.txt');
  const spaced = resolveStaticPath(ROOT, '/hello%20world.txt');
  assert.equal(spaced.kind === 'candidate' && spaced.sendPath, '/hello%20world.txt');
  // %2525 is a literal "%25" in the name, not a second round of decoding.
  const twice = resolveStaticPath(ROOT, '/a%2525b');
  assert.equal(twice.kind === 'candidate' && twice.absolute, '/srv/site/a%25b');
});

test('root and directories keep their trailing slash', () => {
  const rootDir = resolveStaticPath(ROOT, '/');
  assert.equal(rootDir.kind === 'candidate' && rootDir.sendPath, '/');
  assert.equal(rootDir.kind === 'candidate' && rootDir.trailingSlash, true);
  const nested = resolveStaticPath(ROOT, '/nested/');
  assert.equal(nested.kind === 'candidate' && nested.sendPath, '/nested/');
  assert.equal(nested.kind === 'candidate' && nested.absolute, '/srv/site/nested');
});

test('empty segments collapse', () => {
  const result = resolveStaticPath(ROOT, '//css///site.css');
  assert.equal(result.kind === 'candidate' && result.absolute, '/srv/site/css/site.css');
});

test('dotfiles are flagged, in any segment', () => {
  for (const path of ['/.secret', '/.private/notes.txt', '/a/.git/config', '/%2esecret']) {
    const result = resolveStaticPath(ROOT, path);
    assert.equal(result.kind === 'candidate' && result.dotfile, true, path);
  }
  const plain = resolveStaticPath(ROOT, '/a.b/c..d');
  assert.equal(plain.kind === 'candidate' && plain.dotfile, false);
});

test('malformed encoding, NUL bytes and lone surrogates are refused with 400', () => {
  for (const path of [
    '/%',
    '/%zz',
    '/a%2',
    '/%ff',
    '/%C3',
    '/%ED%A0%80',
    '/a%00b',
    '/a\0b',
    '/\ud800',
    'relative',
    '',
  ]) {
    assert.equal(kindOf(resolveStaticPath(ROOT, path)), 'refuse 400', JSON.stringify(path));
  }
});

test('disguised dot-segments are refused with 403', () => {
  for (const path of [
    '/..',
    '/.',
    '/%2e%2e/etc/passwd',
    '/%2E%2E/etc/passwd',
    '/.%2e/x',
    '/css/%2e%2e%2f%2e%2e%2fetc/passwd',
    '/..%2fetc%2fpasswd',
    '/..%5cwindows',
    '/..\\..\\etc\\passwd',
    '/a\\..\\b',
    '/%2e',
    '/x/%2e%2f',
  ]) {
    assert.equal(kindOf(resolveStaticPath(ROOT, path)), 'refuse 403', path);
  }
});

test('a separator inside a segment is a miss, not a file', () => {
  for (const path of ['/css%2fsite.css', '/css%2Fsite.css', '/css%5csite.css', '/css\\site.css', '/a/b%2f']) {
    assert.equal(kindOf(resolveStaticPath(ROOT, path)), 'miss', path);
  }
});

test('a later refusal wins over an earlier miss', () => {
  assert.equal(kindOf(resolveStaticPath(ROOT, '/a%2fb/%2e%2e/x')), 'refuse 403');
  assert.equal(kindOf(resolveStaticPath(ROOT, '/a%2fb/%zz')), 'refuse 400');
});
