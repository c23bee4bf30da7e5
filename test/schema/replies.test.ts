/** SCHEMA-007 to SCHEMA-011: reply serializers compiled from each schema flavour, chosen by status, loaded lazily. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Type } from '@sinclair/typebox';
import * as v from 'valibot';
import { z } from 'zod';
import { KitError } from '../../src/errors.ts';
import { replyFor } from '../../src/schema/replies.ts';
import { compileReplies } from '../../src/schema/reply-compile.ts';
import { runChild } from '../db/helpers.js';
import { lazyProbe } from '../support/lazy-probe.ts';

const account = { id: 7, name: 'Ada', passwordHash: 'secret' };

function serializerOf(schema: unknown) {
  const serialize = compileReplies({ 200: schema }, 'test').exact.get(200);
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

  it('falls back to validate-and-strip where Zod cannot describe itself (a transform)', () => {
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

  it('a root array of primitives is JSON.stringify text; an object among them is not written raw', () => {
    const serialize = serializerOf(Type.Array(Type.Integer()));
    assert.equal(serialize([1, 2, 3]), '[1,2,3]');
    const strings = serializerOf(Type.Array(Type.String()));
    assert.ok(!strings(['a', { passwordHash: 'x' }]).includes('passwordHash'));
  });

  it('selects the exact status, then its class (any case), then default, else none', () => {
    const replies = compileReplies(
      { 201: Type.Object({ a: Type.Integer() }), '2XX': Type.Object({ b: Type.Integer() }), default: {} },
      'test',
    );
    const value = { a: 1, b: 2 };
    assert.equal(replyFor(replies, 201)?.(value), '{"a":1}');
    assert.equal(replyFor(replies, 204)?.(value), '{"b":2}');
    assert.equal(replyFor(replies, 500)?.(value), '{"a":1,"b":2}');
    const onlyExact = compileReplies({ 201: {} }, 'test');
    assert.equal(replyFor(onlyExact, 200), undefined);
  });

  it('a JSON Schema fast-json-stringify refuses is a TypeError at compile time', () => {
    assert.throws(() => compileReplies({ 200: { $ref: '#/nowhere' } }, "get('/x')"), TypeError);
  });
});

describe('fast-json-stringify is a lazy dependency', () => {
  it('is loaded by the first JSON Schema reply, not by a Valibot reply or a plain app', () => {
    const script = lazyProbe(
      ['fast-json-stringify'],
      `
const v = await import('valibot');
const app = kit();
app.get('/plain', (req, res) => res.end());
app.get('/valibot', { schema: { response: { 200: v.object({ id: v.number() }) } } }, (req, res) => res.end());
seen.standard = loaded();
app.get('/json', { schema: { response: { 200: { type: 'object' } } } }, (req, res) => res.end());
seen.json = loaded();
console.log(JSON.stringify(seen));
`,
    );
    const child = runChild(script);
    assert.equal(child.status, 0, child.stderr);
    assert.deepEqual(JSON.parse(child.stdout), {
      onImport: [],
      standard: [],
      json: ['fast-json-stringify'],
    });
  });
});
