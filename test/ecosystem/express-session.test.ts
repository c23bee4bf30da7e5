// express-session works unchanged on kitjs: a session survives across requests with its cookie (spec/express-ecosystem.md).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import session from 'express-session';
import request from 'supertest';
import { appFlavours, serve } from './support.ts';

// The declaration merging express-session's typings ask for.
declare module 'express-session' {
  interface SessionData {
    views: number;
  }
}

function sessionCookie(headers: Record<string, unknown>): string {
  const cookies = headers['set-cookie'] as string[] | undefined;
  assert.ok(cookies && cookies.length === 1, 'one Set-Cookie header');
  const cookie = cookies[0] as string;
  assert.match(cookie, /^connect\.sid=s%3A[^;]+; Path=\/; HttpOnly$/);
  return cookie.split(';')[0] as string;
}

for (const flavour of appFlavours) {
  describe(`express-session on ${flavour.name}`, { skip: flavour.skip }, () => {
    it('keeps a counter in the session across two requests that send its cookie', async () => {
      const app = flavour.create();
      app.use(session({ secret: 'keyboard cat', resave: false, saveUninitialized: true }));
      app.get('/views', (req, res) => {
        req.session.views = (req.session.views ?? 0) + 1;
        res.json({ views: req.session.views });
      });
      const url = await serve(app);
      const first = await request(url).get('/views').expect(200);
      assert.deepEqual(first.body, { views: 1 });
      const cookie = sessionCookie(first.headers);
      const second = await request(url).get('/views').set('Cookie', cookie).expect(200);
      assert.deepEqual(second.body, { views: 2 });
      // Without the cookie a request starts a new session.
      const other = await request(url).get('/views').expect(200);
      assert.deepEqual(other.body, { views: 1 });
    });

    it('forgets the session once it is destroyed', async () => {
      const app = flavour.create();
      app.use(session({ secret: 'keyboard cat', resave: false, saveUninitialized: false }));
      app.get('/views', (req, res) => {
        req.session.views = (req.session.views ?? 0) + 1;
        res.json({ views: req.session.views });
      });
      app.post('/logout', (req, res, next) => {
        req.session.destroy((err) => (err ? next(err) : res.sendStatus(204)));
      });
      const url = await serve(app);
      const cookie = sessionCookie((await request(url).get('/views').expect(200)).headers);
      await request(url).get('/views').set('Cookie', cookie).expect(200, { views: 2 });
      await request(url).post('/logout').set('Cookie', cookie).expect(204);
      await request(url).get('/views').set('Cookie', cookie).expect(200, { views: 1 });
    });

    // Its README's production setup: a secure cookie behind a TLS-terminating proxy.
    it("sets a Secure cookie behind a proxy with app.set('trust proxy', 1) and X-Forwarded-Proto: https", async () => {
      const app = flavour.create();
      app.set('trust proxy', 1);
      app.use(
        session({ secret: 'keyboard cat', resave: false, saveUninitialized: true, cookie: { secure: true } }),
      );
      app.get('/', (req, res) => {
        req.session.views = 1;
        res.send('ok');
      });
      const url = await serve(app);
      const secure = await request(url).get('/').set('X-Forwarded-Proto', 'https').expect(200, 'ok');
      const cookies = secure.headers['set-cookie'] as unknown as string[] | undefined;
      assert.match(cookies?.[0] ?? '', /^connect\.sid=s%3A[^;]+; Path=\/; HttpOnly; Secure$/);
      // Over plain HTTP the secure cookie is not sent at all.
      const plain = await request(url).get('/').expect(200, 'ok');
      assert.equal(plain.headers['set-cookie'], undefined);
    });
  });
}
