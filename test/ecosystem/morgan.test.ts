// morgan works unchanged on kitjs: one log line per request with method, url, status and length (spec/express-ecosystem.md).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import morgan from 'morgan';
import request from 'supertest';
import { appFlavours, serve } from './support.ts';

/** A stream morgan writes to, resolving each line as it arrives. */
function capture() {
  const lines: string[] = [];
  let wake: (() => void) | undefined;
  const stream = {
    write(line: string) {
      lines.push(line);
      wake?.();
    },
  };
  const next = async (): Promise<string> => {
    while (lines.length === 0) await new Promise<void>((resolve) => (wake = resolve));
    return lines.shift() as string;
  };
  return { stream, next };
}

for (const flavour of appFlavours) {
  describe(`morgan on ${flavour.name}`, { skip: flavour.skip }, () => {
    it("logs 'tiny' lines: method, original url, status, Content-Length, time", async () => {
      const log = capture();
      const app = flavour.create();
      app.use(morgan('tiny', { stream: log.stream }));
      app.get('/hello', (_req, res) => res.send('hello'));
      const url = await serve(app);
      await request(url).get('/hello?x=1').expect(200, 'hello');
      assert.match(await log.next(), /^GET \/hello\?x=1 200 5 - \d+\.\d{3} ms\n$/);
      await request(url).get('/missing').expect(404);
      // The 404 body is the default handler's, whose length differs between kit() and kitjs/express.
      assert.match(await log.next(), /^GET \/missing 404 \d+ - \d+\.\d{3} ms\n$/);
    });

    it("logs 'combined' lines with the remote address and the user agent", async () => {
      const log = capture();
      const app = flavour.create();
      app.use(morgan('combined', { stream: log.stream }));
      app.post('/items', (_req, res) => res.status(201).json({ ok: true }));
      const url = await serve(app);
      await request(url)
        .post('/items')
        .set('User-Agent', 'eco-test')
        .set('Referer', 'http://x.test/')
        .expect(201);
      assert.match(
        await log.next(),
        /^127\.0\.0\.1 - - \[[^\]]+\] "POST \/items HTTP\/1\.1" 201 11 "http:\/\/x\.test\/" "eco-test"\n$/,
      );
    });

    it('sees the url a mounted router was reached by, not the stripped one', async () => {
      const log = capture();
      const app = flavour.create();
      const api = flavour.create();
      api.use(morgan(':method :url :status', { stream: log.stream }));
      api.get('/users', (_req, res) => res.json([]));
      app.use('/api', api);
      const url = await serve(app);
      await request(url).get('/api/users').expect(200);
      assert.equal(await log.next(), 'GET /api/users 200\n');
    });
  });
}
