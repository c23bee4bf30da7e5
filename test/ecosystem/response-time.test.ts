// response-time works unchanged on kitjs: an X-Response-Time header on every response (spec/express-ecosystem.md).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import responseTime from 'response-time';
import request from 'supertest';
import { appFlavours, serve } from './support.ts';

for (const flavour of appFlavours) {
  describe(`response-time on ${flavour.name}`, { skip: flavour.skip }, () => {
    it('adds X-Response-Time to res.send, res.json, 404 and streamed responses', async () => {
      const app = flavour.create();
      app.use(responseTime());
      app.get('/send', (_req, res) => res.send('hello'));
      app.get('/json', (_req, res) => res.json({ ok: true }));
      app.get('/stream', (_req, res) => {
        res.write('a');
        res.end('b');
      });
      const url = await serve(app);
      for (const path of ['/send', '/json', '/stream', '/missing']) {
        const got = await request(url).get(path);
        assert.match(got.headers['x-response-time'] ?? '', /^\d+\.\d{3}ms$/, path);
      }
      assert.equal((await request(url).get('/send')).text, 'hello');
    });

    it('takes its options (digits, header, suffix) and a callback form', async () => {
      const seen: string[] = [];
      const app = flavour.create();
      app.use(responseTime({ digits: 0, header: 'X-Time', suffix: false }));
      app.use(
        responseTime((req, _res, time) => {
          assert.equal(typeof time, 'number');
          seen.push(`${req.method} ${req.url}`);
        }),
      );
      app.get('/', (_req, res) => res.send('ok'));
      const got = await request(await serve(app))
        .get('/')
        .expect(200, 'ok');
      assert.match(got.headers['x-time'] ?? '', /^\d+$/);
      assert.equal(got.headers['x-response-time'], undefined);
      assert.deepEqual(seen, ['GET /']);
    });
  });
}
