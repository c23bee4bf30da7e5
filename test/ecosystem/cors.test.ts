// cors works unchanged on kitjs: preflights and origin headers as its README shows (spec/express-ecosystem.md).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import cors from 'cors';
import request from 'supertest';
import { appFlavours, serve } from './support.ts';

for (const flavour of appFlavours) {
  describe(`cors on ${flavour.name}`, { skip: flavour.skip }, () => {
    it('allows every origin by default, and answers a preflight with 204 and the allowed methods', async () => {
      const app = flavour.create();
      app.use(cors());
      app.get('/products/:id', (req, res) =>
        res.json({ msg: `This is CORS-enabled for all origins! ${req.params.id}` }),
      );
      const url = await serve(app);
      const got = await request(url).get('/products/7').set('Origin', 'http://a.test').expect(200);
      assert.equal(got.headers['access-control-allow-origin'], '*');
      assert.deepEqual(got.body, { msg: 'This is CORS-enabled for all origins! 7' });
      const preflight = await request(url)
        .options('/products/7')
        .set('Origin', 'http://a.test')
        .set('Access-Control-Request-Method', 'PUT')
        .set('Access-Control-Request-Headers', 'X-Custom')
        .expect(204);
      assert.equal(preflight.headers['access-control-allow-origin'], '*');
      assert.equal(preflight.headers['access-control-allow-methods'], 'GET,HEAD,PUT,PATCH,POST,DELETE');
      assert.equal(preflight.headers['access-control-allow-headers'], 'X-Custom');
      assert.equal(preflight.headers['content-length'], '0');
      assert.match(String(preflight.headers.vary), /Access-Control-Request-Headers/);
    });

    it('reflects only the configured origin, with Vary: Origin and credentials', async () => {
      const app = flavour.create();
      const options = { origin: 'http://example.com', credentials: true, optionsSuccessStatus: 200 };
      app.options('/items', cors(options));
      app.get('/items', cors(options), (_req, res) => res.json([]));
      const url = await serve(app);
      const got = await request(url).get('/items').set('Origin', 'http://example.com').expect(200, []);
      assert.equal(got.headers['access-control-allow-origin'], 'http://example.com');
      assert.equal(got.headers['access-control-allow-credentials'], 'true');
      assert.match(String(got.headers.vary), /Origin/);
      const preflight = await request(url)
        .options('/items')
        .set('Origin', 'http://example.com')
        .set('Access-Control-Request-Method', 'DELETE')
        .expect(200);
      assert.equal(preflight.headers['access-control-allow-origin'], 'http://example.com');
    });

    it('decides per request with an origin function', async () => {
      const allow = new Set(['http://good.test']);
      const app = flavour.create();
      app.use(cors({ origin: (origin, callback) => callback(null, allow.has(origin ?? '')) }));
      app.get('/', (_req, res) => res.send('ok'));
      const url = await serve(app);
      const good = await request(url).get('/').set('Origin', 'http://good.test').expect(200);
      assert.equal(good.headers['access-control-allow-origin'], 'http://good.test');
      const bad = await request(url).get('/').set('Origin', 'http://evil.test').expect(200);
      assert.equal(bad.headers['access-control-allow-origin'], undefined);
    });
  });
}
