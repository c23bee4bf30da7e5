// serve-favicon works unchanged on kitjs: /favicon.ico with its type, ETag, caching and 304 (spec/express-ecosystem.md).
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import favicon from 'serve-favicon';
import request from 'supertest';
import { appFlavours, serve } from './support.ts';

// A 1x1 icon: the ICONDIR header, one entry, and a tiny payload; serve-favicon only reads the bytes.
const ICON = Buffer.concat([
  Buffer.from([0, 0, 1, 0, 1, 0, 1, 1, 0, 0, 1, 0, 32, 0, 4, 0, 0, 0, 22, 0, 0, 0]),
  Buffer.from([0xff, 0x00, 0x00, 0xff]),
]);
const dir = mkdtempSync(join(tmpdir(), 'kitjs-favicon-'));
const iconPath = join(dir, 'favicon.ico');
writeFileSync(iconPath, ICON);
after(() => rmSync(dir, { recursive: true, force: true }));

for (const flavour of appFlavours) {
  describe(`serve-favicon on ${flavour.name}`, { skip: flavour.skip }, () => {
    async function app() {
      const app = flavour.create();
      app.use(favicon(iconPath));
      app.get('/', (_req, res) => res.send('home'));
      return serve(app);
    }

    it('serves /favicon.ico with image/x-icon, an ETag and a year of caching', async () => {
      const url = await app();
      const got = await request(url).get('/favicon.ico').buffer(true).expect(200);
      assert.equal(got.headers['content-type'], 'image/x-icon');
      assert.match(got.headers.etag ?? '', /^"[^"]+"$/);
      assert.equal(got.headers['cache-control'], 'public, max-age=31536000');
      assert.equal(got.headers['content-length'], String(ICON.length));
      assert.deepEqual(Buffer.from(got.body as Buffer), ICON);
      await request(url).get('/').expect(200, 'home');
    });

    it('answers 304 to a request with its ETag, and 405 with Allow to other methods', async () => {
      const url = await app();
      const { headers } = await request(url).get('/favicon.ico').expect(200);
      const etag = headers.etag as string;
      await request(url).get('/favicon.ico').set('If-None-Match', etag).expect(304, '');
      const refused = await request(url).post('/favicon.ico').expect(405);
      assert.equal(refused.headers.allow, 'GET, HEAD, OPTIONS');
      await request(url).options('/favicon.ico').expect(200);
    });
  });
}
