// http-errors works unchanged on kitjs: createError(...) passed to next gives its status and message (spec/express-ecosystem.md).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import createError from 'http-errors';
import request from 'supertest';
import { appFlavours, serve } from './support.ts';

for (const flavour of appFlavours) {
  describe(`http-errors on ${flavour.name}`, { skip: flavour.skip }, () => {
    it('answers createError(404, message) with 404 and the message, by the default error handler', async () => {
      const app = flavour.create();
      app.get('/videos/:id', (_req, _res, next) => next(createError(404, 'This video does not exist!')));
      app.get('/teapot', () => {
        throw new createError.ImATeapot();
      });
      app.get('/auth', (_req, _res, next) =>
        next(createError(401, 'Please log in', { headers: { 'WWW-Authenticate': 'Basic realm="kit"' } })),
      );
      const url = await serve(app);
      // The body's shape is the default handler's (text/plain on kit(), a page under Express); the message is in it.
      await request(url)
        .get('/videos/1')
        .expect(404, /This video does not exist!/);
      await request(url)
        .get('/teapot')
        .expect(418, /I(?:'|&#39;)m a Teapot/); // an HTML page escapes the apostrophe
      // A 5xx error's message is not exposed: only the status text goes out (under kitjs/express, whose page
      // shows the stack to a loopback client outside production as Express 4's does, once `env` says so).
      const quiet = flavour.create();
      quiet.set('env', 'production');
      quiet.get('/secret', (_req, _res, next) => next(createError(500, 'database password is hunter2')));
      const secret = await request(await serve(quiet))
        .get('/secret')
        .expect(500, /Internal Server Error/);
      assert.doesNotMatch(secret.text, /hunter2/);
      const auth = await request(url)
        .get('/auth')
        .expect(401, /Please log in/);
      assert.equal(auth.headers['www-authenticate'], 'Basic realm="kit"');
    });

    it('reaches error middleware with status, expose and message, as its README uses them', async () => {
      const app = flavour.create();
      app.use((req, _res, next) => {
        if (!(req.headers['x-user'] ?? '')) return next(createError(401, 'Please login to view this page.'));
        next();
      });
      app.get('/', (_req, res) => res.send('welcome'));
      app.use((err, _req, res, next) => {
        if (!createError.isHttpError(err)) return next(err);
        res.status(err.status).json({ message: err.message, expose: err.expose, name: err.name });
      });
      const url = await serve(app);
      await request(url).get('/').set('X-User', 'tobi').expect(200, 'welcome');
      await request(url)
        .get('/')
        .expect(401, { message: 'Please login to view this page.', expose: true, name: 'UnauthorizedError' });
    });
  });
}
