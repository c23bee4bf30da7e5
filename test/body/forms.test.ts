import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { KitError } from '../../src/base/errors.js';
import { type BodyDialect, KITJS_DIALECT } from '../../src/batteries/middleware/body/errors.js';
import { parseFlatForm } from '../../src/batteries/middleware/body/flat-form.js';
import {
  countParameters,
  PARAMETER_LIMIT,
  parseUrlencoded,
} from '../../src/batteries/middleware/body/urlencoded.js';

test('the flat parser keeps brackets in names and collects repeated names', () => {
  assert.deepEqual(parseFlatForm('name=Ada+Lovelace&a[b]=1&t=x&t=y&t=z&empty=&bare', 'utf8'), {
    name: 'Ada Lovelace',
    'a[b]': '1',
    t: ['x', 'y', 'z'],
    empty: '',
    bare: '',
  });
});

test('the flat parser decodes UTF-8 and ISO-8859-1 escapes and keeps malformed ones', () => {
  assert.deepEqual(parseFlatForm('n=%C3%A9t%C3%A9', 'utf8'), { n: 'été' });
  assert.deepEqual(parseFlatForm('n=%E9t%E9', 'latin1'), { n: 'été' });
  assert.deepEqual(parseFlatForm('n=100%&m=%zz', 'utf8'), { n: '100%', m: '%zz' });
});

test('the flat parser drops names Object.prototype has', () => {
  const form = parseFlatForm('__proto__=x&constructor=y&toString=z&hasOwnProperty=w&ok=1', 'utf8');
  assert.deepEqual(Object.keys(form), ['ok']);
  assert.equal(Object.getPrototypeOf(form), Object.prototype);
  assert.equal(typeof form.toString, 'function');
});

test('extended parsing nests, and stops nesting at depth 5', () => {
  assert.deepEqual(parseUrlencoded('user[name]=ada&user[tags][]=a&user[tags][]=b', 'utf8', true), {
    user: { name: 'ada', tags: ['a', 'b'] },
  });
  const deep = parseUrlencoded('a[b][c][d][e][f][g][h]=1', 'utf8', true) as Record<string, unknown>;
  assert.deepEqual(deep, { a: { b: { c: { d: { e: { f: { '[g][h]': '1' } } } } } } });
});

test('extended parsing turns big indices into keys instead of sparse arrays', () => {
  assert.deepEqual(parseUrlencoded('a[1000000]=x', 'utf8', true), { a: { 1000000: 'x' } });
});

test('extended parsing decodes ISO-8859-1 when asked', () => {
  assert.deepEqual(parseUrlencoded('n=%E9', 'latin1', true), { n: 'é' });
});

test('more than 1000 parameters is a 413 KitError, exactly 1000 is fine', () => {
  const pairs = (n: number): string => Array.from({ length: n }, (_, i) => `k${i}=v`).join('&');
  assert.equal(countParameters(pairs(PARAMETER_LIMIT)), 1000);
  assert.equal(Object.keys(parseUrlencoded(pairs(1000), 'utf8', true) as object).length, 1000);
  for (const extended of [true, false]) {
    assert.throws(
      () => parseUrlencoded(pairs(1001), 'utf8', extended),
      (err: unknown) =>
        err instanceof KitError && err.code === 'KIT_ERR_BODY_TOO_MANY_PARAMETERS' && err.status === 413,
    );
  }
});

// Every object reachable from a parsed form is a plain object or an array, owns every key it lists,
// and no parse leaves anything behind on Object.prototype.
function assertClean(value: unknown): void {
  if (value === null || typeof value !== 'object') return;
  const proto = Object.getPrototypeOf(value);
  assert.ok(proto === Object.prototype || proto === Array.prototype, 'plain object or array');
  for (const key of Object.keys(value)) {
    assert.ok(!(key in Object.prototype), `key ${key} names an Object.prototype member`);
    assertClean((value as Record<string, unknown>)[key]);
  }
}

const nameParts = fc.constantFrom(
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  '[__proto__]',
  '[constructor]',
  '[prototype]',
  '[]',
  '[0]',
  '.',
  '%5B__proto__%5D',
  '__pro__proto__to__',
  'a',
  'polluted',
);
const formText = fc
  .array(
    fc.tuple(
      fc.array(fc.oneof(nameParts, fc.string({ maxLength: 4 })), { maxLength: 5 }),
      fc.string({ maxLength: 5 }),
    ),
    { maxLength: 8 },
  )
  .map((pairs) => pairs.map(([parts, value]) => `${parts.join('')}=${value}`).join('&'));

test('property: no form text yields an inherited or prototype key, or pollutes Object.prototype', () => {
  fc.assert(
    fc.property(
      formText,
      fc.boolean(),
      fc.constantFrom('utf8' as const, 'latin1' as const),
      (text, extended, enc) => {
        const result = parseUrlencoded(text, enc, extended);
        assertClean(result);
        assert.equal(({} as Record<string, unknown>).polluted, undefined);
        assert.equal(Object.getPrototypeOf({}), Object.prototype);
      },
    ),
    { numRuns: 2000 },
  );
});

test('parseUrlencoded takes a parameter limit and a depth', () => {
  const form = { extended: true, parameterLimit: 2, depth: 0 };
  assert.deepEqual(parseUrlencoded('a[b]=1&c=2', 'utf8', form), { 'a[b]': '1', c: '2' });
  assert.throws(
    () => parseUrlencoded('a=1&b=2&c=3', 'utf8', form),
    (err: unknown) => (err as { status?: number }).status === 413,
  );
  const unlimited = { extended: false, parameterLimit: Number.POSITIVE_INFINITY, depth: 5 };
  const many = Array.from({ length: 2000 }, (_, i) => `k${i}=v`).join('&');
  assert.equal(Object.keys(parseUrlencoded(many, 'utf8', unlimited) as object).length, 2000);
});

test("EXP-010, X5-008: a dialect with a strict depth refuses a deeper form with body-parser's 400", () => {
  const strict: BodyDialect = { emptyObject: true, messages: 'body-parser', depth: 'strict' };
  const form = { extended: true, parameterLimit: 1000, depth: 2 };
  assert.deepEqual(parseUrlencoded('a[b][c]=1&d=2', 'utf8', form, strict), { a: { b: { c: '1' } }, d: '2' });
  for (const text of ['a[b][c][d]=1', 'x=1&a[b][c][d]=1', 'a[b][c][]=1']) {
    assert.throws(
      () => parseUrlencoded(text, 'utf8', form, strict),
      (err: unknown) =>
        err instanceof KitError &&
        err.code === 'KIT_ERR_BODY_TOO_DEEP' &&
        err.status === 400 &&
        err.expose === true &&
        (err as { type?: string }).type === 'querystring.parse.rangeError' &&
        err.message === 'The input exceeded the depth',
      text,
    );
  }
  // kitjs's own dialect keeps the deeper brackets in the key (BODY-013, BODY-028).
  assert.deepEqual(parseUrlencoded('a[b][c][d]=1', 'utf8', form, KITJS_DIALECT), {
    a: { b: { c: { '[d]': '1' } } },
  });
  // The simple parser has no depth to exceed.
  assert.deepEqual(parseUrlencoded('a[b][c][d]=1', 'utf8', { ...form, extended: false }, strict), {
    'a[b][c][d]': '1',
  });
});
