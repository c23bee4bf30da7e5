/** SCHEMA-011: the large-array projection writes fast-json-stringify's text, never an undeclared field. */
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { KitError } from '../../src/errors.ts';
import { compileReplies } from '../../src/schema/reply-compile.ts';
import { replyProjection } from '../../src/schema/reply-projection.ts';

const fastJson = createRequire(import.meta.url)('fast-json-stringify') as (
  schema: object,
) => (value: unknown) => string;

const address = {
  type: 'object',
  properties: { city: { type: 'string' }, zip: { type: 'string', minLength: 1 } },
  required: ['city'],
  additionalProperties: false,
};
// `name` required, `id` not: fjs writes required properties first, so `name` before `id`.
const user = {
  type: 'object',
  title: 'User',
  properties: {
    id: { type: 'integer', minimum: 0 },
    name: { type: 'string', format: 'email' },
    score: { type: 'number' },
    admin: { type: 'boolean', default: false },
    '2': { type: 'string' },
    address,
    tags: { type: 'array', items: { type: 'string' } },
    visits: { type: 'array', items: address },
  },
  required: ['name'],
};
const users = { type: 'array', items: user };

function writerOf(schema: object) {
  const projection = replyProjection(schema);
  assert.ok(projection, 'a projection');
  return projection.write;
}

const values: unknown[] = [
  [],
  [{ name: 'Ada', admin: true }],
  [
    {
      id: 7,
      name: 'Ada "the first" \\ \u2028 \ud800 é',
      score: -0,
      admin: false,
      '2': 'two',
      address: { city: 'Paris', zip: '75001', secret: 's' },
      tags: ['a', ''],
      visits: [
        { city: 'Rome', passwordHash: 'h' },
        { zip: 'z', city: 'Oslo' },
      ],
      passwordHash: 'h',
    },
    { name: 'Bo', score: Number.POSITIVE_INFINITY, admin: true, tags: [], visits: [], token: { deep: 1 } },
    { name: 'Cy', score: 1e21, id: 2 ** 40, admin: true, address: { city: 'x'.repeat(6000) } },
  ],
];

/** Every object key in a parsed JSON value, at any depth. */
function keysOf(value: unknown): string[] {
  if (typeof value !== 'object' || value === null) return [];
  if (Array.isArray(value)) return value.flatMap(keysOf);
  return Object.entries(value).flatMap(([key, item]) => [key, ...keysOf(item)]);
}

describe('reply projection', () => {
  it('writes the same text as fast-json-stringify, without the undeclared fields, at every level', () => {
    const write = writerOf(users);
    const fast = fastJson(users);
    for (const value of values) {
      const text = write(value);
      assert.equal(text, fast(value));
      assert.ok(!/passwordHash|secret|token/.test(text ?? ''));
    }
    const integers = { type: 'array', items: { type: 'integer' } };
    assert.equal(writerOf(integers)([1, -0, 2 ** 53]), fastJson(integers)([1, -0, 2 ** 53]));
  });

  it('refuses a value not exactly as declared, which fast-json-stringify then writes or refuses', () => {
    const write = writerOf(users);
    const refused: unknown[] = [
      { id: 1 }, // name is required
      { name: 1 }, // a number where a string is declared (fjs coerces)
      { name: null },
      { name: new Date(0) },
      { name: 'a', score: Number.NaN },
      { name: 'a', id: 1.5 },
      { name: 'a', address: 'Paris' },
      { name: 'a', address: { city: 'x', name: 'Ada' } }, // a key declared on users, not on addresses
      { name: 'a', address: { zip: 'z' } },
      { name: 'a', tags: [1] },
      { name: 'a', tags: Object.assign(['a'], { toJSON: () => ['leak'] }) },
      { name: 'a', toJSON: () => ({ passwordHash: 'h' }) },
      { name: 'a', admin: undefined }, // its default is fjs's to write
      ['a'],
      null,
    ];
    for (const item of refused) assert.equal(write([item]), undefined, JSON.stringify(item));
    assert.equal(write({ 0: { name: 'a' }, length: 1 }), undefined);
    assert.equal(write(new Array(2)), undefined); // holes
  });

  it('is not compiled for a schema it does not understand', () => {
    const item = { type: 'object', properties: { a: { type: 'string' } } };
    const unsupported: object[] = [
      { type: 'object', properties: { a: { type: 'string' } } }, // a root object
      { type: 'string' },
      { type: 'array' },
      { type: 'array', items: [{ type: 'string' }] },
      { type: 'array', items: item, additionalItems: true },
      { type: 'array', items: { anyOf: [{ type: 'string' }, { type: 'integer' }] } },
      { type: 'array', items: { oneOf: [item] } },
      { type: 'array', items: { allOf: [item] } },
      { type: 'array', items: { $ref: '#/definitions/item' }, definitions: { item } },
      { type: 'array', items: { ...item, additionalProperties: true } },
      { type: 'array', items: { ...item, additionalProperties: { type: 'string' } } },
      { type: 'array', items: { ...item, patternProperties: { '^x': { type: 'string' } } } },
      // biome's noThenProperty: a schema's `then` is no promise's
      {
        type: 'array',
        items: {
          ...item,
          ...Object.fromEntries([
            ['if', item],
            ['then', item],
          ]),
        },
      },
      { type: 'array', items: { type: 'string', nullable: true } },
      { type: 'array', items: { type: ['string', 'null'] } },
      { type: 'array', items: { type: 'string', format: 'date-time' } },
      { type: 'array', items: { type: 'string', const: 'a' } },
      { type: 'array', items: { type: 'object', properties: { a: {} } } },
      { type: 'array', items: { type: 'object', properties: JSON.parse('{"__proto__":{"type":"string"}}') } },
      {
        // no single key order fits both objects: a, b here and b, a under `c`
        type: 'array',
        items: {
          type: 'object',
          properties: {
            a: { type: 'string' },
            b: { type: 'string' },
            c: { type: 'object', properties: { b: { type: 'string' }, a: { type: 'string' } } },
          },
        },
      },
    ];
    for (const schema of unsupported)
      assert.equal(replyProjection(schema), undefined, JSON.stringify(schema));
  });

  it('through compileReplies: a large array is stripped; a coerced or refused item takes fjs', () => {
    const listed = {
      type: 'array',
      items: {
        type: 'object',
        properties: { id: { type: 'integer' }, name: { type: 'string' } },
        required: ['name'],
      },
    };
    const serialize = compileReplies({ 200: listed }, 'test').exact.get(200);
    assert.ok(serialize);
    const many = Array.from({ length: 20_000 }, (_, i) => ({ id: i, name: `u${i}`, passwordHash: 'h' }));
    assert.ok(writerOf(listed)(many) !== undefined, 'the projection takes it');
    const text = serialize(many);
    assert.equal(text, fastJson(listed)(many));
    assert.ok(!text.includes('passwordHash'));
    const coerced = [...many, { id: 1, name: 42, passwordHash: 'h' }];
    assert.equal(serialize(coerced), fastJson(listed)(coerced));
    assert.throws(
      () => serialize([...many, { id: 1, passwordHash: 'h' }]),
      (err: unknown) =>
        err instanceof KitError && err.code === 'KIT_ERR_REPLY_MISMATCH' && err.status === 500,
    );
    const strings = compileReplies({ 200: { type: 'array', items: { type: 'string' } } }, 'test').exact.get(
      200,
    );
    const mixed = [...Array.from({ length: 500 }, String), 7, { passwordHash: 'h' }];
    assert.equal(strings?.(mixed), fastJson({ type: 'array', items: { type: 'string' } })(mixed));
  });

  it('never writes an undeclared key, and writes what fjs writes whenever it writes (property-based)', () => {
    // Without the default of `admin`, which would send every item lacking it to fjs.
    const schema = {
      type: 'array',
      items: { ...user, properties: { ...user.properties, admin: { type: 'boolean' } } },
    };
    const write = writerOf(schema);
    const fast = fastJson(schema);
    let written = 0;
    const extra = fc.dictionary(
      fc.string({ minLength: 1 }).map((key) => `x_${key}`),
      fc.jsonValue(),
      { maxKeys: 3 },
    );
    const anything = fc.oneof(fc.string(), fc.integer(), fc.double(), fc.boolean(), fc.constant(null), extra);
    // Mostly the declared type, so that most arrays are written; now and then anything else.
    const mostly = <T>(good: fc.Arbitrary<T>) =>
      fc.oneof({ arbitrary: good, weight: 30 }, { arbitrary: anything, weight: 1 });
    const place = fc
      .tuple(
        fc.record({ city: mostly(fc.string()), zip: mostly(fc.string()) }, { requiredKeys: ['city'] }),
        extra,
      )
      .map(([declared, undeclared]) => ({ ...undeclared, ...declared }));
    const item = fc
      .tuple(
        fc.record(
          {
            id: mostly(fc.integer()),
            name: mostly(fc.string()),
            score: mostly(fc.double({ noNaN: true })),
            admin: mostly(fc.boolean()),
            address: mostly(place),
            tags: mostly(fc.array(mostly(fc.string()), { maxLength: 3 })),
            visits: mostly(fc.array(place, { maxLength: 2 })),
          },
          { requiredKeys: ['name'] },
        ),
        extra,
      )
      .map(([declared, undeclared]) => ({ ...undeclared, ...declared }));
    fc.assert(
      fc.property(fc.array(item, { maxLength: 4 }), (value) => {
        const text = write(value);
        if (text === undefined) return;
        if (value.length > 0) written++;
        assert.equal(text, fast(value));
        assert.ok(!keysOf(JSON.parse(text)).some((key) => key.startsWith('x_')), text);
      }),
      { seed: 20261126, numRuns: 500 },
    );
    assert.ok(written > 50, `only ${written} non-empty arrays were written`);
  });
});
