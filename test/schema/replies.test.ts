/** SCHEMA-007 to SCHEMA-011: reply serializers compiled from each schema flavour, chosen by status, loaded lazily. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Type } from '@sinclair/typebox';
import * as v from 'valibot';
import { z } from 'zod';
import { KitError } from '../../src/base/errors.ts';
import { SchemaCompilers } from '../../src/core/schema/compilers.ts';
import { leaveReplies, type ReplyCarrier, replyFor } from '../../src/core/schema/replies.ts';
import { compileReplies } from '../../src/core/schema/reply-compile.ts';
import { runChild } from '../db/helpers.js';
import { lazyProbe } from '../support/lazy-probe.ts';

const account = { id: 7, name: 'Ada', passwordHash: 'secret' };

function serializerOf(schema: unknown) {
  const serialize = compileReplies({ 200: schema }, 'test', new SchemaCompilers()).exact.get(200);
  assert.ok(serialize);
  return serialize;
}

describe('reply serializers', () => {
  it('strips an undeclared field with Zod (via its JSON Schema), Valibot (validate) and TypeBox', () => {
    for (const schema of [
      z.object({ id: z.number(), name: z.string() }),
      v.object({ id: v.number(), name: v.string() }),
      Type.Object({ id: Type.Integer(), name: Type.String() }),
    ]) {
      assert.equal(serializerOf(schema)(account), '{"id":7,"name":"Ada"}');
    }
  });

  it("a Zod transform's output is what goes out, from a snapshot of the declared input", () => {
    const schema = z.object({ id: z.number(), name: z.string().transform((name) => name.toUpperCase()) });
    assert.equal(serializerOf(schema)(account), '{"id":7,"name":"ADA"}');
  });

  it('a mismatch is a KIT_ERR_REPLY_MISMATCH 500 that names paths, never values', () => {
    for (const schema of [
      Type.Object({ id: Type.Integer(), email: Type.String() }),
      v.object({ id: v.number(), email: v.string() }),
    ]) {
      assert.throws(
        () => serializerOf(schema)(account),
        (err: unknown) =>
          err instanceof KitError &&
          err.code === 'KIT_ERR_REPLY_MISMATCH' &&
          err.status === 500 &&
          err.message.includes('email') &&
          !err.message.includes('secret'),
      );
    }
  });

  it('an async Standard Schema is refused with KIT_ERR_REPLY_ASYNC', () => {
    const serialize = serializerOf(v.objectAsync({ id: v.number() }));
    assert.throws(
      () => serialize({ id: 1 }),
      (err: unknown) => (err as KitError).code === 'KIT_ERR_REPLY_ASYNC',
    );
  });

  it('a root array of primitives is JSON.stringify text; an object among them is a mismatch', () => {
    const serialize = serializerOf(Type.Array(Type.Integer()));
    assert.equal(serialize([1, 2, 3]), '[1,2,3]');
    const strings = serializerOf(Type.Array(Type.String()));
    assert.throws(
      () => strings(['a', { passwordHash: 'x' }]),
      (err: unknown) => (err as KitError).code === 'KIT_ERR_REPLY_MISMATCH',
    );
    assert.equal(strings(['a', new Date(0)]), '["a","1970-01-01T00:00:00.000Z"]');
  });

  it('selects the exact status, then its class (any case), then default, else none', () => {
    const replies = compileReplies(
      { 201: Type.Object({ a: Type.Integer() }), '2XX': Type.Object({ b: Type.Integer() }), default: {} },
      'test',
      new SchemaCompilers(),
    );
    const value = { a: 1, b: 2 };
    assert.equal(replyFor(replies, 201)?.(value), '{"a":1}');
    assert.equal(replyFor(replies, 204)?.(value), '{"b":2}');
    assert.equal(replyFor(replies, 500)?.(value), '{"a":1,"b":2}');
    const onlyExact = compileReplies({ 201: {} }, 'test', new SchemaCompilers());
    assert.equal(replyFor(onlyExact, 200), undefined);
  });

  it('a failing route keeps only its error serializers: 400 and up, their classes, default for those', () => {
    const replies = compileReplies(
      { 200: Type.Object({ a: Type.Integer() }), '4xx': Type.Object({ error: Type.String() }), default: {} },
      'test',
      new SchemaCompilers(),
    );
    const res: ReplyCarrier = { kitReplies: replies };
    leaveReplies(res, true);
    const failure = res.kitReplies;
    assert.ok(failure);
    assert.equal(replyFor(failure, 200), undefined);
    assert.equal(replyFor(failure, 302), undefined);
    assert.equal(replyFor(failure, 404)?.({ error: 'gone', stack: 'x' }), '{"error":"gone"}');
    assert.equal(replyFor(failure, 500)?.({ error: 'x' }), '{"error":"x"}');
    leaveReplies(res, true);
    assert.equal(res.kitReplies, failure);
    leaveReplies(res, false);
    assert.equal(res.kitReplies, undefined);
    const successOnly = compileReplies(
      { 200: Type.Object({ a: Type.Integer() }) },
      'test',
      new SchemaCompilers(),
    );
    const other: ReplyCarrier = { kitReplies: successOnly };
    leaveReplies(other, true);
    assert.equal(other.kitReplies, undefined);
  });

  it('a JSON Schema whose $ref does not resolve is a TypeError at compile time', () => {
    assert.throws(
      () => compileReplies({ 200: { $ref: '#/nowhere' } }, "get('/x')", new SchemaCompilers()),
      TypeError,
    );
  });

  it('a Standard Schema that cannot describe its fields is refused at compile time, naming why', () => {
    const opaque = {
      '~standard': { version: 1, vendor: 'opaque', validate: (value: unknown) => ({ value }) },
    };
    assert.throws(
      () => compileReplies({ 200: opaque }, "get('/x')", new SchemaCompilers()),
      (err: unknown) =>
        err instanceof TypeError && /opaque/.test(err.message) && /jsonSchema/.test(err.message),
    );
  });
});

describe('ajv stays unloaded for replies that do not need it', () => {
  it('is loaded by a reply schema with a keyword only ajv checks, not by a Valibot or plain JSON Schema reply', () => {
    const script = lazyProbe(
      ['ajv'],
      `
const v = await import('valibot');
const app = kit();
app.get('/plain', (req, res) => res.end());
app.get('/valibot', { schema: { response: { 200: v.object({ id: v.number() }) } } }, (req, res) => res.end());
seen.standard = loaded();
app.get('/json', { schema: { response: { 200: { type: 'object', properties: { id: { type: 'integer' } } } } } }, (req, res) => res.end());
seen.json = loaded();
app.get('/oneof', { schema: { response: { 200: { oneOf: [{ type: 'integer' }, { type: 'string' }] } } } }, (req, res) => res.end());
seen.oneOf = loaded();
console.log(JSON.stringify(seen));
`,
    );
    const child = runChild(script);
    assert.equal(child.status, 0, child.stderr);
    assert.deepEqual(JSON.parse(child.stdout), { onImport: [], standard: [], json: [], oneOf: ['ajv'] });
  });
});
