// express-rate-limit works unchanged on kitjs: 429 after the limit, with its RateLimit headers (spec/express-ecosystem.md).
import assert from 'node:assert/strict';
import { describe, it, type TestContext } from 'node:test';
import { rateLimit } from 'express-rate-limit';
import request from 'supertest';
import { appFlavours, serve } from './support.ts';

/** express-rate-limit reports what it finds wrong with the app (req.ip, trust proxy...) on console.error. */
function watchValidation(t: TestContext) {
  const error = t.mock.method(console, 'error', () => {});
  const warn = t.mock.method(console, 'warn', () => {});
  return () =>
    [...error.mock.calls, ...warn.mock.calls].map((call) => call.arguments.map(String).join(' ')).join('\n');
}

for (const flavour of appFlavours) {
  describe(`express-rate-limit on ${flavour.name}`, { skip: flavour.skip }, () => {
    it('answers 429 after the limit, with draft-8 RateLimit and RateLimit-Policy headers', async (t) => {
      const complaints = watchValidation(t);
      const app = flavour.create();
      app.use(rateLimit({ windowMs: 60_000, limit: 2, standardHeaders: 'draft-8', legacyHeaders: false }));
      app.get('/', (_req, res) => res.send('ok'));
      const url = await serve(app);
      const first = await request(url).get('/').expect(200, 'ok');
      // pk: the partition key, a hash of the client's key (req.ip).
      assert.match(first.headers['ratelimit-policy'] ?? '', /^"2-in-1min"; q=2; w=60; pk=:[A-Za-z0-9+/=]+:$/);
      assert.match(first.headers.ratelimit ?? '', /^"2-in-1min"; r=1; t=\d+$/);
      await request(url).get('/').expect(200);
      const limited = await request(url).get('/').expect(429);
      assert.equal(limited.text, 'Too many requests, please try again later.');
      assert.match(limited.headers.ratelimit ?? '', /^"2-in-1min"; r=0; t=\d+$/);
      assert.match(limited.headers['retry-after'] ?? '', /^\d+$/);
      assert.equal(complaints(), '', 'express-rate-limit found nothing wrong with the app');
    });

    it('sends the legacy X-RateLimit-* headers and a custom JSON message', async (t) => {
      const complaints = watchValidation(t);
      const app = flavour.create();
      app.use(
        '/api',
        rateLimit({ windowMs: 60_000, limit: 1, legacyHeaders: true, message: { error: 'slow down' } }),
      );
      app.get('/api/x', (_req, res) => res.json({ ok: true }));
      const url = await serve(app);
      const ok = await request(url).get('/api/x').expect(200);
      assert.equal(ok.headers['x-ratelimit-limit'], '1');
      assert.equal(ok.headers['x-ratelimit-remaining'], '0');
      const limited = await request(url)
        .get('/api/x')
        .expect(429)
        .expect('Content-Type', /application\/json/);
      assert.deepEqual(limited.body, { error: 'slow down' });
      assert.equal(complaints(), '', 'express-rate-limit found nothing wrong with the app');
    });

    it("warns, as with Express, when X-Forwarded-For arrives and 'trust proxy' is off", async (t) => {
      const complaints = watchValidation(t);
      const app = flavour.create();
      app.use(rateLimit({ windowMs: 60_000, limit: 5 }));
      app.get('/', (_req, res) => res.send('ok'));
      await request(await serve(app))
        .get('/')
        .set('X-Forwarded-For', '203.0.113.9')
        .expect(200);
      assert.match(complaints(), /ERR_ERL_UNEXPECTED_X_FORWARDED_FOR/);
    });

    // Behind a proxy, its README's advice: app.set('trust proxy', 1), so that req.ip is the client's.
    it("counts each client apart behind a proxy with app.set('trust proxy', 1)", async (t) => {
      const complaints = watchValidation(t);
      const app = flavour.create();
      app.set('trust proxy', 1);
      app.use(rateLimit({ windowMs: 60_000, limit: 1 }));
      app.get('/', (req, res) => res.send(req.ip));
      const url = await serve(app);
      await request(url).get('/').set('X-Forwarded-For', '203.0.113.1').expect(200, '203.0.113.1');
      await request(url).get('/').set('X-Forwarded-For', '203.0.113.1').expect(429);
      await request(url).get('/').set('X-Forwarded-For', '203.0.113.2').expect(200, '203.0.113.2');
      assert.equal(complaints(), '', 'express-rate-limit found nothing wrong with the app');
    });
  });
}
