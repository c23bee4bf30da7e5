import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DEFAULT_LIMIT, parseLimit } from '../../src/batteries/middleware/body/limit.js';

test('the default limit is 1mb in binary units', () => {
  assert.equal(parseLimit(undefined, 'json'), 1048576);
  assert.equal(DEFAULT_LIMIT, 1048576);
});

test('size strings use binary units and ignore case and spaces before the unit', () => {
  assert.equal(parseLimit('100kb', 'json'), 102400);
  assert.equal(parseLimit('1mb', 'json'), 1048576);
  assert.equal(parseLimit('5MB', 'json'), 5 * 1048576);
  assert.equal(parseLimit('1.5 kb', 'json'), 1536);
  assert.equal(parseLimit('10b', 'json'), 10);
  assert.equal(parseLimit('42', 'json'), 42);
  assert.equal(parseLimit('1gb', 'json'), 1024 ** 3);
});

test('a byte count is taken as it is', () => {
  assert.equal(parseLimit(0, 'json'), 0);
  assert.equal(parseLimit(2048, 'urlencoded'), 2048);
});

test('anything else throws a TypeError naming the factory and the option', () => {
  for (const bad of [
    'lots',
    '',
    '1 megabyte',
    '-1kb',
    'kb',
    '1e3',
    -1,
    1.5,
    Number.NaN,
    Infinity,
    null,
    true,
    {},
  ]) {
    assert.throws(
      () => parseLimit(bad, 'urlencoded'),
      (err: unknown) => err instanceof TypeError && /urlencoded\(\): option "limit"/.test(err.message),
      `limit ${String(bad)}`,
    );
  }
});

test('the bytes package’s larger units are taken too', () => {
  assert.equal(parseLimit('1tb', 'raw'), 1024 ** 4);
  assert.equal(parseLimit('2PB', 'text'), 2 * 1024 ** 5);
});
