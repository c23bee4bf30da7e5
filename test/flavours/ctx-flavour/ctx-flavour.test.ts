/**
 * A third flavour needs no core change (issue 46): the test-only ctx flavour (`(ctx) => value` handlers,
 * JSON pages, its own classes) driven through a real server on 127.0.0.1, port 0.
 */
import assert from 'node:assert/strict';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, describe, it } from 'node:test';
import { types } from 'node:util';
import { HttpError } from '../../../src/base/http-error.ts';
import kit, { json } from '../../../src/index.ts';
import { CtxApp } from './app.ts';
import ctx, { type Ctx } from './index.ts';

/** Registrars as the ctx flavour calls them (the core's types know `(req, res, next)` handlers only). */
type Loose = Record<string, (...args: unknown[]) => unknown>;

const servers: Server[] = [];
after(() => {
  for (const server of servers) server.close();
});

/** Serves `app` on 127.0.0.1, port 0, and sends one request: status, headers and body. */
async function send(
  app: { listen(port: number, host: string): Server },
  path: string,
  init?: RequestInit,
): Promise<{ status: number; type: string | null; etag: string | null; body: string }> {
  const server = app.listen(0, '127.0.0.1');
  servers.push(server);
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  const response = await fetch(`http://127.0.0.1:${port}${path}`, init);
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    etag: response.headers.get('etag'),
    body: await response.text(),
  };
}

describe('the ctx flavour, plugged in by its module', () => {
  it("a route's (ctx) => value handler answers its value as JSON, params and query read from ctx", async () => {
    const app = ctx();
    (app as unknown as Loose).get('/users/:id', (c: Ctx) => ({ id: c.params.id, q: c.query.q }));
    const answer = await send(app, '/users/7?q=x');
    assert.equal(answer.status, 200);
    assert.match(answer.type ?? '', /^application\/json/);
    assert.deepEqual(JSON.parse(answer.body), { id: '7', q: 'x' });
    // Its default, set by its App class: strong ETags (kit()'s apps make none).
    assert.match(answer.etag ?? '', /^"/);
  });

  it('an async value with a status; undefined passes on to the next handler', async () => {
    const app = ctx();
    app.use(json());
    (app as unknown as Loose).post(
      '/items',
      () => undefined,
      async (c: Ctx) => {
        c.status(201);
        return { made: (c.body as { name: string }).name };
      },
    );
    const answer = await send(app, '/items', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name":"pen"}',
    });
    assert.equal(answer.status, 201);
    assert.deepEqual(JSON.parse(answer.body), { made: 'pen' });
  });

  it("its pages are its own JSON: a 404, an HttpError's status and message, a 500 that shows nothing", async () => {
    const app = ctx({ logger: { level: 'silent' } });
    (app as unknown as Loose).get('/teapot', () => {
      throw new HttpError(418, 'short and stout');
    });
    (app as unknown as Loose).get('/broken', async () => {
      throw new Error('database password is hunter2');
    });
    const missing = await send(app, '/nowhere');
    assert.equal(missing.status, 404);
    assert.deepEqual(JSON.parse(missing.body), { error: 'not found', path: '/nowhere' });
    const teapot = await send(app, '/teapot');
    assert.equal(teapot.status, 418);
    assert.deepEqual(JSON.parse(teapot.body), { error: 'short and stout' });
    const broken = await send(app, '/broken');
    assert.equal(broken.status, 500);
    assert.deepEqual(JSON.parse(broken.body), { error: 'Internal Server Error' });
  });

  it('its Router class takes ctx handlers too; the core mounts it as any router; use() keeps (req, res, next)', async () => {
    const app = ctx();
    const users = new ctx.Router();
    (users as unknown as Loose).get('/:id', (c: Ctx) => ({ user: c.params.id, via: c.req.flavour }));
    app.use((_req: unknown, res: { setHeader(name: string, value: string): void }, next: () => void) => {
      res.setHeader('x-seen', 'yes');
      next();
    });
    app.use('/users', users);
    const answer = await send(app, '/users/ada');
    assert.deepEqual(JSON.parse(answer.body), { user: 'ada', via: 'ctx' });
  });

  it('its apps are functions of its class, no Proxy; its application, request and response reach its apps only', async () => {
    const app = ctx();
    assert.equal(typeof app, 'function');
    assert.equal(types.isProxy(app), false);
    assert.ok(app instanceof CtxApp);
    assert.ok(Object.getOwnPropertyNames(app).length <= 10);
    const application = ctx.application as unknown as Record<string, unknown>;
    const request = ctx.request as unknown as Record<string, unknown>;
    application.describe = () => 'a ctx app';
    request.shout = function shout(this: { path: string }) {
      return this.path.toUpperCase();
    };
    try {
      assert.equal((app as unknown as Loose).describe?.(), 'a ctx app');
      assert.equal((kit() as unknown as Loose).describe, undefined);
      (app as unknown as Loose).get('/loud', (c: Ctx) => (c.req as unknown as Loose).shout?.());
      assert.deepEqual(JSON.parse((await send(app, '/loud')).body), '/LOUD');
      const plain = kit();
      plain.get('/loud', (req, res) => res.json(typeof (req as unknown as Loose).shout));
      assert.deepEqual(JSON.parse((await send(plain, '/loud')).body), 'undefined');
    } finally {
      delete application.describe;
      delete request.shout;
    }
  });
});
