/** SCHEMA-001..005: route options with a schema, through a real socket, for Zod, Valibot, TypeBox and plain JSON Schema. */
import assert from 'node:assert/strict';
import type { Server } from 'node:http';
import { after, describe, it } from 'node:test';
import { Type } from '@sinclair/typebox';
import * as v from 'valibot';
import { z } from 'zod';
import { safeMessage } from '../../src/core/schema/issues.ts';
import { isRouteOptions } from '../../src/core/schema/route-options.ts';
import kit, { json, Router } from '../../src/index.ts';

const servers: Server[] = [];
after(() => {
  for (const server of servers) server.close();
});

async function serve(app: ReturnType<typeof kit>): Promise<string> {
  const server = app.listen(0, '127.0.0.1');
  servers.push(server);
  await new Promise((resolve) => server.once('listening', resolve));
  const address = server.address() as { port: number };
  return `http://127.0.0.1:${address.port}`;
}

async function post(url: string, body: unknown): Promise<{ status: number; type: string; json: unknown }> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, type: res.headers.get('content-type') ?? '', json: await res.json() };
}

describe('route schemas', () => {
  it('validates and transforms a body with Zod, answering 400 JSON issues without the value', async () => {
    const app = kit();
    app.use(json());
    const body = z.object({ name: z.string().min(2), age: z.coerce.number().default(7) });
    app.post('/users', { schema: { body } }, (req, res) => res.json(req.body));
    const base = await serve(app);
    assert.deepEqual((await post(`${base}/users`, { name: 'Ada' })).json, { name: 'Ada', age: 7 });
    const bad = await post(`${base}/users`, { name: 'hunter2secret'.slice(0, 1) });
    assert.equal(bad.status, 400);
    assert.match(bad.type, /^application\/json/);
    const answer = bad.json as { code: string; part: string; issues: Array<{ path: unknown[] }> };
    assert.equal(answer.code, 'KIT_ERR_VALIDATION');
    assert.equal(answer.part, 'body');
    assert.deepEqual(answer.issues[0]?.path, ['name']);
  });

  it('awaits an async Standard Schema and never echoes a rejected value (Valibot)', async () => {
    const app = kit();
    app.use(json());
    const body = v.objectAsync({
      token: v.pipeAsync(
        v.string(),
        v.checkAsync(async (value) => value === 'open', 'wrong token'),
      ),
      count: v.number(),
    });
    app.post('/t', { schema: { body } }, (req, res) => res.json(req.body));
    const base = await serve(app);
    assert.deepEqual((await post(`${base}/t`, { token: 'open', count: 1 })).json, {
      token: 'open',
      count: 1,
    });
    const bad = await post(`${base}/t`, { token: 'open', count: 'my-secret-value' });
    assert.equal(bad.status, 400);
    assert.doesNotMatch(JSON.stringify(bad.json), /my-secret-value/);
  });

  it('coerces query and params by JSON Schema (TypeBox), validates headers without changing them', async () => {
    const app = kit();
    const seen: unknown[] = [];
    app.get(
      '/items/:id',
      {
        schema: {
          params: Type.Object({ id: Type.Integer() }),
          query: Type.Object({ page: Type.Integer({ default: 1 }) }),
          headers: Type.Object({ 'x-n': Type.Integer() }),
        },
      },
      (req, res) => {
        seen.push(req.headers['x-n']);
        res.json({ params: req.params, query: req.query });
      },
    );
    const base = await serve(app);
    const ok = await fetch(`${base}/items/3`, { headers: { 'x-n': '5' } });
    assert.deepEqual(await ok.json(), { params: { id: 3 }, query: { page: 1 } });
    assert.deepEqual(seen, ['5']);
    const bad = await fetch(`${base}/items/x`, { headers: { 'x-n': '5' } });
    assert.equal(bad.status, 400);
    assert.deepEqual(await bad.json(), {
      code: 'KIT_ERR_VALIDATION',
      message: 'Invalid request params',
      part: 'params',
      issues: [{ path: ['id'], message: 'must be integer' }],
    });
  });

  it('does not coerce a JSON body, and names a missing property in the path', async () => {
    const app = kit();
    app.use(json());
    const schema = {
      type: 'object',
      required: ['n', 'name'],
      properties: { n: { type: 'integer' }, name: { type: 'string' } },
    };
    app.post('/n', { schema: { body: schema } }, (req, res) => res.json(req.body));
    const base = await serve(app);
    assert.equal((await post(`${base}/n`, { n: '3', name: 'a' })).status, 400);
    const missing = (await post(`${base}/n`, { n: 3 })).json as { issues: Array<{ path: unknown[] }> };
    assert.deepEqual(missing.issues[0]?.path, ['name']);
  });

  it('reaches error middleware and setErrorHandler with the issues', async () => {
    const router = new Router();
    router.get('/q', { schema: { query: z.object({ q: z.string() }) } }, (_req, res) => res.send('ok'));
    const app = kit();
    app.use(router);
    app.setErrorHandler((err, _req, res) => {
      const failed = err as { status: number; issues: unknown[]; part: string };
      res.status(failed.status).json({ seen: failed.part, count: failed.issues.length });
    });
    const base = await serve(app);
    const res = await fetch(`${base}/q`);
    assert.equal(res.status, 400);
    assert.deepEqual(await res.json(), { seen: 'query', count: 1 });
  });

  it('refuses unknown options and schema keys at registration', () => {
    const app = kit();
    const handler = () => {};
    assert.throws(() => app.post('/a', { schema: { bdy: {} } } as never, handler), TypeError);
    assert.throws(() => app.post('/a', { schem: {} } as never, handler), TypeError);
    assert.throws(() => app.post('/a', { schema: { body: 3 } } as never, handler), TypeError);
    assert.throws(() => app.post('/a', { schema: {} } as never), TypeError);
    assert.equal(isRouteOptions(new Router()), false);
    assert.equal(
      isRouteOptions(() => {}),
      false,
    );
    assert.equal(isRouteOptions([]), false);
  });

  it('hides a message that quotes the rejected value', () => {
    assert.equal(safeMessage('Invalid type: Expected number but received "pw"', 'pw'), 'Invalid value');
    assert.equal(safeMessage('Expected >=3 but received 12', 12), 'Invalid value');
    assert.equal(
      safeMessage('Invalid input: expected number, received string', 'a'),
      'Invalid input: expected number, received string',
    );
  });
});
