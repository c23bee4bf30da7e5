// The packages together, in the order a typical Express app installs them: each still does its part when
// the others wrap the same response (compression, express-session and response-time all wrap writeHead/end).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import compression from 'compression';
import cookieParser from 'cookie-parser';
import cors from 'cors';
import { rateLimit } from 'express-rate-limit';
import session from 'express-session';
import helmet from 'helmet';
import createError from 'http-errors';
import { json } from 'kitjs';
import morgan from 'morgan';
import responseTime from 'response-time';
import request from 'supertest';
import { appFlavours, serve } from './support.ts';

declare module 'express-session' {
  interface SessionData {
    count: number;
  }
}

for (const flavour of appFlavours) {
  describe(`a typical middleware stack on ${flavour.name}`, { skip: flavour.skip }, () => {
    it('helmet, cors, compression, response-time, morgan, rate limit, cookies, session and json together', async () => {
      const lines: string[] = [];
      const app = flavour.create();
      app.use(helmet());
      app.use(cors({ origin: 'http://app.test' }));
      app.use(compression());
      app.use(responseTime());
      app.use(morgan(':method :url :status', { stream: { write: (line: string) => lines.push(line) } }));
      app.use(rateLimit({ windowMs: 60_000, limit: 3, standardHeaders: 'draft-7', legacyHeaders: false }));
      app.use(cookieParser('secret'));
      app.use(session({ secret: 'secret', resave: false, saveUninitialized: false }));
      app.use(json());
      app.post('/items', (req, res) => {
        req.session.count = (req.session.count ?? 0) + 1;
        res.status(201).json({ count: req.session.count, body: req.body, items: 'x'.repeat(2000) });
      });
      app.get('/boom', (_req, _res, next) => next(createError(409, 'already there')));
      const url = await serve(app);

      const first = await request(url)
        .post('/items')
        .set('Origin', 'http://app.test')
        .set('Accept-Encoding', 'gzip')
        .send({ name: 'tobi' })
        .expect(201);
      // supertest decodes the gzip body; the header says it was compressed.
      assert.equal(first.headers['content-encoding'], 'gzip');
      assert.equal(first.body.count, 1);
      assert.deepEqual(first.body.body, { name: 'tobi' });
      assert.equal(first.headers['access-control-allow-origin'], 'http://app.test');
      assert.equal(first.headers['x-content-type-options'], 'nosniff');
      assert.match(first.headers['x-response-time'] ?? '', /^\d+\.\d{3}ms$/);
      assert.match(first.headers.ratelimit ?? '', /^limit=3, remaining=2, reset=\d+$/);
      const cookie = ((first.headers['set-cookie'] as unknown as string[])[0] ?? '').split(';')[0] ?? '';

      const second = await request(url).post('/items').set('Cookie', cookie).send({}).expect(201);
      assert.equal(second.body.count, 2);

      const conflict = await request(url)
        .get('/boom')
        .expect(409, /already there/);
      assert.equal(conflict.headers['x-content-type-options'], 'nosniff');
      await request(url).get('/boom').expect(429);

      assert.deepEqual(lines, [
        'POST /items 201\n',
        'POST /items 201\n',
        'GET /boom 409\n',
        'GET /boom 429\n',
      ]);
    });
  });
}
