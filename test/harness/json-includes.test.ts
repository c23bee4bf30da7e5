/** Unit tests of `Then the JSON body includes:`'s partial deep equality. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assertIncludes } from '../../step-definitions/support/json-includes.js';

test('extra keys are allowed at any depth', () => {
  assertIncludes({ a: 1, b: { c: 2, d: 3 }, e: 'x' }, { b: { c: 2 } });
  assertIncludes([{ id: 1, name: 'a' }], [{ id: 1 }]);
});

test('missing keys, other values and other array lengths fail with the path', () => {
  assert.throws(() => assertIncludes({ a: {} }, { a: { b: 1 } }), /\$\.a\.b: missing/);
  assert.throws(() => assertIncludes({ a: [1, 2] }, { a: [1] }), /\$\.a: expected an array of 1/);
  assert.throws(() => assertIncludes({ a: '1' }, { a: 1 }), /\$\.a/);
  assert.throws(() => assertIncludes(null, { a: 1 }), /expected an object/);
  assert.throws(() => assertIncludes({ a: null }, { a: {} }), /expected an object/);
});

test('null and scalars compare strictly', () => {
  assertIncludes({ a: null }, { a: null });
  assertIncludes(3, 3);
  assert.throws(() => assertIncludes({ a: undefined }, { a: null }));
});
