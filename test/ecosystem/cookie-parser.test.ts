// cookie-parser works unchanged on kitjs: req.cookies, req.signedCookies and req.secret (spec/express-ecosystem.md).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import cookieParser from 'cookie-parser';
import { sign } from 'cookie-signature';
import request from 'supertest';
import { appFlavours, serve } from './support.ts';

const SECRET = 'keyboard cat';

for (const flavour of appFlavours) {
  describe(`cookie-parser on ${flavour.name}`, { skip: flavour.skip }, () => {
    it('parses plain and signed cookies into req.cookies and req.signedCookies', async () => {
      const app = flavour.create();
      app.use(cookieParser(SECRET));
      app.get('/', (req, res) => {
        res.json({ cookies: req.cookies, signedCookies: req.signedCookies, secret: req.secret });
      });
      const url = await serve(app);
      const signed = `s:${sign('tobi', SECRET)}`;
      const got = await request(url)
        .get('/')
        .set(
          'Cookie',
          `plain=hello; session=${encodeURIComponent(signed)}; forged=s%3Atobi.bad; j=j%3A%7B%22a%22%3A1%7D`,
        )
        .expect(200)
        .expect('Content-Type', /json/);
      assert.deepEqual(got.body.cookies, { plain: 'hello', j: { a: 1 } });
      assert.deepEqual(got.body.signedCookies, { session: 'tobi', forged: false });
      assert.equal(got.body.secret, SECRET);
    });

    it('gives {} for both when the request has no Cookie header', async () => {
      const app = flavour.create();
      app.use(cookieParser());
      app.get('/', (req, res) => res.json({ cookies: req.cookies, signedCookies: req.signedCookies }));
      const got = await request(await serve(app))
        .get('/')
        .expect(200);
      assert.deepEqual(got.body, { cookies: {}, signedCookies: {} });
    });

    // Express's res.cookie signs with the req.secret cookie-parser sets: the pair is how apps use it.
    it('reads back a cookie res.cookie signed with the same secret', async () => {
      const app = flavour.create();
      app.use(cookieParser(SECRET));
      app.get('/set', (_req, res) => {
        res.cookie('user', 'tobi', { signed: true });
        res.send('ok');
      });
      app.get('/get', (req, res) => res.json(req.signedCookies));
      const url = await serve(app);
      const set = await request(url).get('/set').expect(200);
      const cookie = set.headers['set-cookie'] as unknown as string[];
      assert.match(cookie[0] ?? '', /^user=s%3Atobi\.[^;]+; Path=\/$/);
      const got = await request(url)
        .get('/get')
        .set('Cookie', (cookie[0] ?? '').split(';')[0] ?? '')
        .expect(200);
      assert.deepEqual(got.body, { user: 'tobi' });
    });
  });
}
