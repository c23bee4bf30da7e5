/** src/core/response/file-path.ts: every path res.sendFile is given resolves inside root, or is refused. */
import assert from 'node:assert/strict';
import { isAbsolute, relative } from 'node:path';
import { test } from 'node:test';
import { type FilePathResolution, resolveFilePath } from '../../src/core/response/file-path.js';

const ROOT = '/srv/files';

function kindOf(result: FilePathResolution): string {
  return result.kind === 'refuse' ? `refuse ${result.status}` : result.kind;
}

test('a relative path below root becomes an absolute file and its encoded form for send', () => {
  const result = resolveFilePath('docs/My File%.txt', ROOT);
  assert.deepEqual(result, {
    kind: 'file',
    absolute: '/srv/files/docs/My File%.txt',
    sendPath: '/srv/files/docs/My%20File%25.txt',
    dotfile: false,
  });
});

test('an absolute path given with root is taken below root', () => {
  const result = resolveFilePath('/etc/passwd', ROOT);
  assert.equal(result.kind === 'file' && result.absolute, '/srv/files/etc/passwd');
});

test('empty and . segments are skipped', () => {
  const result = resolveFilePath('./a//./b.txt', ROOT);
  assert.equal(result.kind === 'file' && result.absolute, '/srv/files/a/b.txt');
});

test('a .. segment anywhere is refused with 403, whichever separator', () => {
  for (const path of ['../x', 'a/../b', 'a/..', '..\\x', 'a\\..\\..\\b', '/srv/files/../etc/passwd']) {
    assert.equal(kindOf(resolveFilePath(path, ROOT)), 'refuse 403', path);
    if (path.startsWith('/')) assert.equal(kindOf(resolveFilePath(path, undefined)), 'refuse 403', path);
  }
});

test('NUL bytes and lone surrogates are refused with 400', () => {
  assert.equal(kindOf(resolveFilePath('a\0.txt', ROOT)), 'refuse 400');
  assert.equal(kindOf(resolveFilePath('/a/\0', undefined)), 'refuse 400');
  assert.equal(kindOf(resolveFilePath('a\uD800.txt', ROOT)), 'refuse 400');
});

test('percent signs are literal: send decodes the encoded form back to the same name', () => {
  const result = resolveFilePath('%2e%2e%2fpasswd', ROOT);
  assert.equal(result.kind, 'file');
  if (result.kind !== 'file') return;
  assert.equal(result.absolute, '/srv/files/%2e%2e%2fpasswd');
  assert.equal(decodeURIComponent(result.sendPath), result.absolute);
});

test('dotfiles: below root only with a root, anywhere without one', () => {
  const below = resolveFilePath('.env', '/srv/.hidden-root');
  assert.equal(below.kind === 'file' && below.dotfile, true);
  const rootDots = resolveFilePath('app.txt', '/home/me/.config');
  assert.equal(rootDots.kind === 'file' && rootDots.dotfile, false);
  const absolute = resolveFilePath('/home/me/.config/app.txt', undefined);
  assert.equal(absolute.kind === 'file' && absolute.dotfile, true);
});

test('a relative path without root is refused (the caller throws before this)', () => {
  assert.equal(kindOf(resolveFilePath('a.txt', undefined)), 'refuse 400');
});

test('whatever the string, a file result is inside root', () => {
  const alphabet = ['a', '.', '..', '/', '\\', '%2e', '%2f', ' ', 'é', '\0', '~'];
  let seed = 7;
  const next = (): number => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed;
  };
  for (let i = 0; i < 5000; i++) {
    let path = '';
    const length = next() % 12;
    for (let j = 0; j < length; j++) path += alphabet[next() % alphabet.length];
    const result = resolveFilePath(path, ROOT);
    if (result.kind !== 'file') continue;
    const inside = relative(ROOT, result.absolute);
    assert.ok(
      inside !== '..' && !inside.startsWith('../') && !isAbsolute(inside),
      `${JSON.stringify(path)} left root`,
    );
    assert.equal(decodeURIComponent(result.sendPath), result.absolute);
  }
});
