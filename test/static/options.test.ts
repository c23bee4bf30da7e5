import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import { test } from 'node:test';
import { staticSettings } from '../../src/batteries/middleware/static/options.js';

test('defaults follow the seed table', () => {
  assert.deepEqual(staticSettings('public', undefined), {
    root: resolve('public'),
    maxAgeMs: 0,
    index: ['index.html'],
    dotfiles: 'ignore',
    etag: true,
    lastModified: true,
    acceptRanges: true,
    cacheControl: true,
    immutable: false,
    extensions: [],
    fallthrough: true,
    redirect: true,
    setHeaders: undefined,
  });
});

test('given values are kept', () => {
  const settings = staticSettings('/srv/www', {
    maxAge: '1d',
    index: 'default.htm',
    dotfiles: 'deny',
    etag: false,
    lastModified: false,
  });
  assert.equal(settings.root, '/srv/www');
  assert.equal(settings.maxAgeMs, 86_400_000);
  assert.deepEqual(settings.index, ['default.htm']);
  assert.equal(settings.dotfiles, 'deny');
  assert.equal(settings.etag, false);
  assert.equal(settings.lastModified, false);
  assert.equal(staticSettings('x', { index: false }).index, false);
  assert.equal(staticSettings('x', { index: [] }).index, false);
  assert.deepEqual(staticSettings('x', { index: ['a.htm', 'b.html'] }).index, ['a.htm', 'b.html']);
});

test('serve-static options are settled', () => {
  const hook = (): void => {};
  const settings = staticSettings('x', {
    acceptRanges: false,
    cacheControl: false,
    immutable: true,
    extensions: ['html', 'htm'],
    fallthrough: false,
    redirect: false,
    setHeaders: hook,
  });
  assert.equal(settings.acceptRanges, false);
  assert.equal(settings.cacheControl, false);
  assert.equal(settings.immutable, true);
  assert.deepEqual(settings.extensions, ['html', 'htm']);
  assert.equal(settings.fallthrough, false);
  assert.equal(settings.redirect, false);
  assert.equal(settings.setHeaders, hook);
});

function throwsNaming(fn: () => unknown, name: RegExp): void {
  assert.throws(fn, (err: unknown) => err instanceof TypeError && name.test(err.message));
}

test('a bad root throws a TypeError naming root', () => {
  for (const root of [undefined, '', 42, 'a\0b', null]) {
    throwsNaming(() => staticSettings(root, undefined), /root/);
  }
});

test('each bad option throws a TypeError naming it', () => {
  throwsNaming(() => staticSettings('x', 'fast'), /options/);
  throwsNaming(() => staticSettings('x', null), /options/);
  throwsNaming(() => staticSettings('x', { maxAge: -5 }), /maxAge/);
  throwsNaming(() => staticSettings('x', { maxAge: 'forever' }), /maxAge/);
  throwsNaming(() => staticSettings('x', { index: true }), /index/);
  throwsNaming(() => staticSettings('x', { index: '' }), /index/);
  throwsNaming(() => staticSettings('x', { index: '../secret.html' }), /index/);
  throwsNaming(() => staticSettings('x', { index: 'a\\b' }), /index/);
  throwsNaming(() => staticSettings('x', { dotfiles: 'hide' }), /dotfiles/);
  throwsNaming(() => staticSettings('x', { etag: 'yes' }), /etag/);
  throwsNaming(() => staticSettings('x', { lastModified: 1 }), /lastModified/);
  throwsNaming(() => staticSettings('x', { maxage: 1000 }), /maxage/);
  throwsNaming(() => staticSettings('x', { extensions: ['a/b'] }), /extensions/);
  throwsNaming(() => staticSettings('x', { extensions: ['.html'] }), /extensions/);
  throwsNaming(() => staticSettings('x', { extensions: 'html' }), /extensions/);
  throwsNaming(() => staticSettings('x', { index: ['a.html', '..'] }), /index/);
  throwsNaming(() => staticSettings('x', { fallthrough: 'no' }), /fallthrough/);
  throwsNaming(() => staticSettings('x', { setHeaders: {} }), /setHeaders/);
});
