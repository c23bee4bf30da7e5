import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MAX_AGE_CAP_MS, parseMaxAge } from '../src/base/cache-max-age.js';

test('numbers are milliseconds, floored', () => {
  assert.equal(parseMaxAge(0), 0);
  assert.equal(parseMaxAge(5000), 5000);
  assert.equal(parseMaxAge(1500.9), 1500);
});

test('duration strings in the ms style', () => {
  assert.equal(parseMaxAge('1d'), 86_400_000);
  assert.equal(parseMaxAge('2h'), 7_200_000);
  assert.equal(parseMaxAge('30m'), 1_800_000);
  assert.equal(parseMaxAge('10s'), 10_000);
  assert.equal(parseMaxAge('250ms'), 250);
  assert.equal(parseMaxAge('1w'), 604_800_000);
  assert.equal(parseMaxAge('2 days'), 172_800_000);
  assert.equal(parseMaxAge('1.5h'), 5_400_000);
  assert.equal(parseMaxAge('1D'), 86_400_000);
  assert.equal(parseMaxAge('1000'), 1000);
});

test('values beyond a year are capped at a year', () => {
  assert.equal(parseMaxAge('5y'), MAX_AGE_CAP_MS);
  assert.equal(parseMaxAge(Number.MAX_SAFE_INTEGER), MAX_AGE_CAP_MS);
});

test('anything else is undefined', () => {
  for (const bad of [
    -1,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    '',
    'soon',
    '1 fortnight',
    '-1d',
    '1dd',
    'd',
    'constructor',
    '1constructor',
    '1__proto__',
    null,
    true,
    {},
    ['1d'],
  ]) {
    assert.equal(parseMaxAge(bad), undefined, `for ${String(bad)}`);
  }
});
