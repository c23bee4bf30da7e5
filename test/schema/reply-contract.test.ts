/**
 * SCHEMA-010, SCHEMA-011: one reply contract for every schema library and every path (the fast writer, the
 * snapshot with ajv, a Standard Schema's validate): only the named fields, each value read once, a misfit
 * a KIT_ERR_REPLY_MISMATCH.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Type } from '@sinclair/typebox';
import type { Ajv } from 'ajv';
import { type } from 'arktype';
import fc from 'fast-check';
import * as v from 'valibot';
import { z } from 'zod';
import { KitError } from '../../src/base/errors.ts';
import { SchemaCompilers } from '../../src/core/schema/compilers.ts';
import { compileReplies } from '../../src/core/schema/reply-compile.ts';
import { compileSnapshot, ReplyMisfit } from '../../src/core/schema/reply-snapshot.ts';
import { compileWriter } from '../../src/core/schema/reply-writer.ts';

const compilers = new SchemaCompilers();

function serializerOf(schema: unknown, using = compilers) {
  const serialize = compileReplies({ 200: schema }, 'test', using).exact.get(200);
  assert.ok(serialize);
  return serialize;
}

function mismatch(err: unknown): boolean {
  return err instanceof KitError && err.code === 'KIT_ERR_REPLY_MISMATCH' && err.status === 500;
}

const account = {
  id: 7,
  email: 'ada@example.com',
  passwordHash: '$2b$10$secret',
  profile: { name: 'Ada', passwordHash: '$2b$10$secret' },
};

/** Every object flavour of every library, with a nested object of the same flavour. */
const flavours: Record<string, unknown> = {
  'Zod object': z.object({ id: z.number(), email: z.string(), profile: z.object({ name: z.string() }) }),
  'Zod strictObject': z.strictObject({
    id: z.number(),
    email: z.string(),
    profile: z.strictObject({ name: z.string() }),
  }),
  'Zod looseObject': z.looseObject({
    id: z.number(),
    email: z.string(),
    profile: z.looseObject({ name: z.string() }),
  }),
  'Zod passthrough': z
    .object({ id: z.number(), email: z.string(), profile: z.object({ name: z.string() }).passthrough() })
    .passthrough(),
  'Zod with a transform': z
    .object({ id: z.number(), email: z.string(), profile: z.looseObject({ name: z.string() }) })
    .transform((user) => user),
  'Valibot object': v.object({ id: v.number(), email: v.string(), profile: v.object({ name: v.string() }) }),
  'Valibot looseObject': v.looseObject({
    id: v.number(),
    email: v.string(),
    profile: v.looseObject({ name: v.string() }),
  }),
  'Valibot strictObject': v.strictObject({
    id: v.number(),
    email: v.string(),
    profile: v.strictObject({ name: v.string() }),
  }),
  'ArkType (undeclared keys ignored)': type({ id: 'number', email: 'string', profile: { name: 'string' } }),
  'ArkType (undeclared keys deleted)': type({
    '+': 'delete',
    id: 'number',
    email: 'string',
    profile: { '+': 'delete', name: 'string' },
  }),
  'TypeBox additionalProperties: true': Type.Object(
    {
      id: Type.Integer(),
      email: Type.String(),
      profile: Type.Object({ name: Type.String() }, { additionalProperties: true }),
    },
    { additionalProperties: true },
  ),
  'TypeBox additionalProperties: false': Type.Object(
    {
      id: Type.Integer(),
      email: Type.String(),
      profile: Type.Object({ name: Type.String() }, { additionalProperties: false }),
    },
    { additionalProperties: false },
  ),
  'JSON Schema, additionalProperties: {}': {
    type: 'object',
    properties: {
      id: { type: 'integer' },
      email: { type: 'string' },
      profile: { type: 'object', properties: { name: { type: 'string' } }, additionalProperties: {} },
    },
    additionalProperties: {},
  },
};

describe('one reply contract', () => {
  for (const [name, schema] of Object.entries(flavours)) {
    it(`${name}: writes only the named fields, at every depth`, () => {
      const text = serializerOf(schema)(account);
      assert.deepEqual(JSON.parse(text), { id: 7, email: 'ada@example.com', profile: { name: 'Ada' } });
      assert.ok(!text.includes('passwordHash'), text);
    });
  }

  it('a wrong-typed reply is a 500 with and without a transform, and with a JSON Schema', () => {
    const wrong = { id: '12', email: 'not-an-email' };
    for (const schema of [
      z.object({ id: z.number(), email: z.email() }),
      z.object({ id: z.number(), email: z.email() }).transform((user) => user),
      v.object({ id: v.number(), email: v.pipe(v.string(), v.email()) }),
      type({ id: 'number', email: 'string.email' }),
      Type.Object({ id: Type.Integer(), email: Type.String() }),
    ]) {
      assert.throws(() => serializerOf(schema)(wrong), mismatch);
    }
  });

  it("a Zod schema's refinements and formats are checked (Zod's own validate decides)", () => {
    const serialize = serializerOf(z.object({ email: z.email() }));
    assert.throws(() => serialize({ email: 'not-an-email' }), mismatch);
    assert.equal(serialize({ email: 'ada@example.com' }), '{"email":"ada@example.com"}');
  });

  it('a misfit names the path and why, never the value; a throwing getter is one too', () => {
    const secretive = {
      id: 1,
      get email(): string {
        throw new Error('the getter leaked $2b$10$secret');
      },
    };
    for (const schema of [
      Type.Object({ id: Type.Integer(), email: Type.String() }),
      z.object({ id: z.number(), email: z.string() }),
    ]) {
      assert.throws(
        () => serializerOf(schema)(secretive),
        (err: unknown) =>
          mismatch(err) && /at email/.test((err as Error).message) && !/secret/.test((err as Error).message),
      );
    }
    assert.throws(
      () => serializerOf(Type.Object({ a: Type.Object({ b: Type.Integer() }) }))({ a: { b: 'x' } }),
      (err: unknown) => mismatch(err) && (err as Error).message.includes('at a.b (is not integer)'),
    );
  });

  it('an object with toJSON is written as what toJSON gives (a Date as its ISO text)', () => {
    const at = new Date(Date.UTC(2026, 10, 28));
    const record = { toJSON: () => ({ id: 3, passwordHash: 'h' }) };
    for (const schema of [
      Type.Object({ at: Type.String(), user: Type.Object({ id: Type.Integer() }) }),
      z.object({ at: z.string(), user: z.object({ id: z.number() }) }),
    ]) {
      assert.equal(
        serializerOf(schema)({ at, user: record }),
        `{"at":"${at.toISOString()}","user":{"id":3}}`,
      );
    }
  });

  it('an object schema that names no property is a map: its keys are data, kept', () => {
    const counts = { apples: 3, pears: 4 };
    for (const schema of [
      { type: 'object', additionalProperties: { type: 'integer' } },
      { type: 'object' },
      z.record(z.string(), z.number()),
      Type.Record(Type.String(), Type.Integer()),
    ]) {
      assert.deepEqual(JSON.parse(serializerOf(schema)(counts)), counts);
    }
    assert.throws(
      () => serializerOf({ type: 'object', additionalProperties: { type: 'integer' } })({ a: 'x' }),
      mismatch,
    );
  });

  it('a union writes the first alternative the value fits, with only its fields', () => {
    const Shape = Type.Union([
      Type.Object({ kind: Type.Literal('circle'), radius: Type.Number() }),
      Type.Object({ kind: Type.Literal('square'), side: Type.Number() }),
    ]);
    const serialize = serializerOf(Shape);
    assert.equal(
      serialize({ kind: 'square', side: 2, radius: 'x', secret: 1 }),
      '{"kind":"square","side":2}',
    );
    assert.throws(() => serialize({ kind: 'triangle' }), mismatch);
    const zod = serializerOf(
      z.discriminatedUnion('kind', [
        z.object({ kind: z.literal('circle'), radius: z.number() }),
        z.object({ kind: z.literal('square'), side: z.number() }),
      ]),
    );
    assert.equal(zod({ kind: 'circle', radius: 1, secret: 1 }), '{"kind":"circle","radius":1}');
  });

  it('a recursive schema ($ref to $defs) is followed at every depth', () => {
    interface Node {
      name: string;
      children: Node[];
    }
    const Tree: z.ZodType<Node> = z.object({
      name: z.string(),
      get children() {
        return z.array(Tree);
      },
    });
    const tree = { name: 'a', secret: 1, children: [{ name: 'b', secret: 2, children: [] }] };
    assert.equal(serializerOf(Tree)(tree), '{"name":"a","children":[{"name":"b","children":[]}]}');
  });

  it('a missing property with a default is written with it; JSON cannot write a BigInt: a 500', () => {
    const serialize = serializerOf(
      Type.Object({ id: Type.Integer(), role: Type.String({ default: 'user' }) }),
    );
    assert.equal(serialize({ id: 1 }), '{"id":1,"role":"user"}');
    assert.throws(() => serializerOf({ type: 'object', properties: { x: {} } })({ x: 10n }), mismatch);
  });

  it("keywords the snapshot does not check go to the app's ajv (oneOf, formats with a plugin)", () => {
    const oneOf = serializerOf({ oneOf: [{ type: 'integer' }, { type: 'number', minimum: 0 }] });
    assert.throws(() => oneOf(3), mismatch); // both alternatives fit: not exactly one
    assert.equal(oneOf(-1), '-1');
  });
});

describe('each value is read once', () => {
  /** A Proxy over `target` that counts the reads of each key (toJSON, which JSON.stringify reads too, apart). */
  function counted<T extends object>(target: T, reads: Map<PropertyKey, number>): T {
    return new Proxy(target, {
      get(object, key, receiver) {
        reads.set(key, (reads.get(key) ?? 0) + 1);
        return Reflect.get(object, key, receiver);
      },
    });
  }

  const paths: Record<string, unknown> = {
    'the fast writer (TypeBox)': Type.Object({ id: Type.Integer(), tags: Type.Array(Type.String()) }),
    'the snapshot and ajv (oneOf)': {
      type: 'object',
      properties: {
        id: { oneOf: [{ type: 'integer' }, { type: 'string' }] },
        tags: { type: 'array', items: { type: 'string' } },
      },
    },
    "the snapshot and Zod's validate": z.object({ id: z.number(), tags: z.array(z.string()) }),
    "the snapshot and Valibot's validate": v.object({ id: v.number(), tags: v.array(v.string()) }),
    "the snapshot and ArkType's validate": type({ id: 'number', tags: 'string[]' }),
  };
  for (const [name, schema] of Object.entries(paths)) {
    it(`${name}: every declared property once, the undeclared never`, () => {
      const reads = new Map<PropertyKey, number>();
      const tagReads = new Map<PropertyKey, number>();
      const value = counted({ id: 1, tags: counted(['a', 'b'], tagReads), passwordHash: 'h' }, reads);
      assert.equal(serializerOf(schema)(value), '{"id":1,"tags":["a","b"]}');
      assert.equal(reads.get('id'), 1);
      assert.equal(reads.get('tags'), 1);
      assert.equal(reads.get('passwordHash'), undefined);
      assert.equal(tagReads.get('0'), 1);
      assert.equal(tagReads.get('1'), 1);
    });
  }

  it('getters that answer differently on a second read cannot put a field or a type through (10,000 items)', () => {
    const Item = Type.Object({
      id: Type.Integer(),
      name: Type.String(),
      owner: Type.Object({ name: Type.String() }),
    });
    let reads = 0;
    const items = Array.from({ length: 10_000 }, (_, index) => ({
      get id(): unknown {
        reads++;
        return reads > 10_000 ? 'not a number' : index;
      },
      name: 'n',
      get owner(): unknown {
        return reads > 10_000 ? { name: 'o', passwordHash: 'h' } : { name: 'o' };
      },
    }));
    for (const schema of [
      Type.Array(Item),
      z.array(z.object({ id: z.number(), name: z.string(), owner: z.object({ name: z.string() }) })),
    ]) {
      reads = 0;
      const text = serializerOf(schema)(items);
      assert.equal(reads, 10_000);
      assert.equal(JSON.parse(text).length, 10_000);
      assert.ok(!text.includes('passwordHash') && !text.includes('not a number'));
    }
  });
});

/** Every key of every object in a JSON value. */
function keysOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(keysOf);
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, inner]) => [key, ...keysOf(inner)]);
}

describe('the fast writer, the snapshot and ajv agree', () => {
  const address = {
    type: 'object',
    properties: { city: { type: 'string', minLength: 1 }, zip: { type: 'string', maxLength: 5 } },
    required: ['city'],
  };
  const schema = {
    type: 'array',
    items: {
      type: 'object',
      properties: {
        id: { type: 'integer', minimum: 0 },
        name: { type: 'string' },
        score: { type: 'number' },
        admin: { type: 'boolean' },
        role: { enum: ['user', 'admin'] },
        address,
        nick: { type: ['string', 'null'] },
        tags: { type: 'array', items: { type: 'string' }, maxItems: 3 },
        visits: { type: 'array', items: address },
      },
      required: ['name'],
      additionalProperties: false,
    },
  };

  it('on any value: the same text or both a misfit, valid by ajv, with no undeclared key (property-based)', () => {
    const writer = compileWriter(schema, compilers);
    assert.ok(writer, 'the schema is one the fast writer covers');
    const snapshot = compileSnapshot(schema, 'check', compilers);
    assert.equal(snapshot.needsFullCheck, false);
    const ajv = compilers.compile('reply', schema);
    const outcome = (write: () => string): string | ReplyMisfit => {
      try {
        return write();
      } catch (err) {
        if (err instanceof ReplyMisfit) return err;
        throw err;
      }
    };
    const extra = fc.dictionary(
      fc.string({ minLength: 1 }).map((key) => `x_${key}`),
      fc.jsonValue(),
      { maxKeys: 2 },
    );
    const anything = fc.oneof(fc.string(), fc.integer(), fc.double(), fc.boolean(), fc.constant(null), extra);
    const mostly = <T>(good: fc.Arbitrary<T>) =>
      fc.oneof({ arbitrary: good, weight: 20 }, { arbitrary: anything, weight: 1 });
    const withExtra = <T extends object>(declared: fc.Arbitrary<T>) =>
      fc.tuple(declared, extra).map(([known, unknown]) => ({ ...unknown, ...known }));
    const place = withExtra(
      fc.record({ city: mostly(fc.string()), zip: mostly(fc.string()) }, { requiredKeys: [] }),
    );
    const item = withExtra(
      fc.record(
        {
          id: mostly(fc.integer({ min: -2 })),
          name: mostly(fc.string()),
          score: mostly(fc.double({ noNaN: true, noDefaultInfinity: true })),
          admin: mostly(fc.boolean()),
          role: mostly(fc.constantFrom('user', 'admin')),
          address: mostly(place),
          nick: mostly(fc.option(fc.string())),
          tags: mostly(fc.array(mostly(fc.string()), { maxLength: 4 })),
          visits: mostly(fc.array(place, { maxLength: 2 })),
        },
        { requiredKeys: [] },
      ),
    );
    let written = 0;
    fc.assert(
      fc.property(fc.array(item, { maxLength: 4 }), (value) => {
        const fast = outcome(() => writer(value));
        const general = outcome(() => JSON.stringify(snapshot.take(value)));
        if (typeof fast === 'string') {
          written++;
          assert.equal(fast, general);
          assert.ok(ajv(JSON.parse(fast)), JSON.stringify(ajv.errors));
          assert.ok(!keysOf(JSON.parse(fast)).some((key) => key.startsWith('x_')), fast);
        } else {
          assert.ok(general instanceof ReplyMisfit, 'both refuse');
          assert.deepEqual(fast.path, general.path);
        }
      }),
      { numRuns: Number(process.env.PROPERTY_RUNS ?? 400) },
    );
    assert.ok(written > 50, `only ${written} values were written`);
  });
});

describe('per-app schema compilers', () => {
  const even = (ajv: Ajv) =>
    ajv.addKeyword({
      keyword: 'even',
      type: 'number',
      validate: (_: unknown, data: number) => data % 2 === 0,
    });

  it("one app's ajv plugins and keywords reach only that app", () => {
    const schema = { type: 'object', properties: { n: { type: 'integer', even: true } } };
    const own = serializerOf(schema, new SchemaCompilers({ plugins: [even] }));
    const other = serializerOf(schema, new SchemaCompilers());
    assert.throws(() => own({ n: 3 }), mismatch);
    assert.equal(other({ n: 3 }), '{"n":3}');
  });

  it('the same $id schema compiles in two apps; two different ones in one app are refused at once', () => {
    const User = Type.Object({ id: Type.Integer() }, { $id: 'User' });
    const first = new SchemaCompilers();
    const second = new SchemaCompilers();
    first.compile('reply', User);
    second.compile('reply', User);
    second.compile('reply', Type.Object({ id: Type.String() }, { $id: 'Account' }));
    first.compile('reply', Type.Object({ id: Type.String() }, { $id: 'Account' }));
    assert.throws(() => first.compile('reply', Type.Object({ name: Type.String() }, { $id: 'User' })));
  });

  it('refuses options that are not an object, and plugins that are not an array', () => {
    assert.throws(() => new SchemaCompilers(null as never), TypeError);
    assert.throws(() => new SchemaCompilers({ plugins: even as never }), TypeError);
  });
});
