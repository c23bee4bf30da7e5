// compression works unchanged on kitjs: gzip for bodies above its threshold, identity below (spec/express-ecosystem.md);
// a server-sent events stream (spec/sse.md, SSE-002) says `Cache-Control: no-transform`, so compression passes it
// through as written: no gzip, and every event reaches the client when it is sent, not when a buffer fills.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { gunzipSync } from 'node:zlib';
import compression from 'compression';
import { serveStatic } from 'kitjs';
import { sse } from 'kitjs/sse';
import { appFlavours, serve } from './support.ts';

const BIG = 'kitjs '.repeat(2000);
const publicDir = mkdtempSync(join(tmpdir(), 'kitjs-compression-'));
writeFileSync(join(publicDir, 'big.txt'), BIG);
after(() => rmSync(publicDir, { recursive: true, force: true }));

/** A GET that keeps the raw (still compressed) body, so the test decodes it itself. */
function rawGet(url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>(
    (resolve, reject) => {
      httpRequest(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on('error', reject);
      })
        .on('error', reject)
        .end();
    },
  );
}

for (const flavour of appFlavours) {
  describe(`compression on ${flavour.name}`, { skip: flavour.skip }, () => {
    function app() {
      const app = flavour.create();
      app.use(compression());
      app.get('/big', (_req, res) => res.send(BIG));
      app.get('/json', (_req, res) => res.json({ items: Array.from({ length: 300 }, (_, i) => ({ i })) }));
      app.get('/small', (_req, res) => res.send('tiny'));
      app.use('/static', serveStatic(publicDir));
      app.get('/stream', (_req, res) => {
        res.setHeader('Content-Type', 'text/plain');
        res.write(BIG.slice(0, 6000));
        res.end(BIG.slice(6000));
      });
      return app;
    }

    for (const path of ['/big', '/json', '/stream', '/static/big.txt']) {
      it(`gzips ${path}, and the decoded body is the one the handler sent`, async () => {
        const url = await serve(app());
        const plain = await rawGet(`${url}${path}`, {});
        const zipped = await rawGet(`${url}${path}`, { 'Accept-Encoding': 'gzip' });
        assert.equal(zipped.status, 200);
        assert.equal(zipped.headers['content-encoding'], 'gzip');
        assert.match(String(zipped.headers.vary), /Accept-Encoding/i);
        assert.ok(zipped.body.length < plain.body.length, 'the gzipped body is smaller');
        assert.equal(gunzipSync(zipped.body).toString(), plain.body.toString());
        if (path === '/big') assert.equal(plain.body.toString(), BIG);
        assert.equal(plain.headers['content-encoding'], undefined);
      });
    }

    it('leaves a body under the 1 kB threshold alone, with its Content-Length', async () => {
      const url = await serve(app());
      const got = await rawGet(`${url}/small`, { 'Accept-Encoding': 'gzip' });
      assert.equal(got.headers['content-encoding'], undefined);
      assert.equal(got.headers['content-length'], '4');
      assert.equal(got.body.toString(), 'tiny');
    });
  });
}

for (const flavour of appFlavours) {
  describe(`compression before sse() on ${flavour.name}`, { skip: flavour.skip }, () => {
    it('leaves the stream uncompressed and unbuffered: the second event waits for the client to see the first', async () => {
      let seenFirst: () => void = () => {};
      const clientSawFirst = new Promise<void>((resolve) => {
        seenFirst = resolve;
      });
      const app = flavour.create();
      app.use(compression({ threshold: 0 }));
      app.get(
        '/events',
        sse({ heartbeat: false }, async (stream) => {
          await stream.send({ data: 'first' });
          await clientSawFirst;
          await stream.send({ data: 'second' });
        }),
      );
      const url = await serve(app);
      const answer = await new Promise<{ encoding: unknown; cache: unknown; text: string }>(
        (resolve, reject) => {
          httpRequest(`${url}/events`, { headers: { 'Accept-Encoding': 'gzip' } }, (res) => {
            res.setEncoding('utf8');
            let text = '';
            res.on('data', (chunk: string) => {
              text += chunk;
              if (text.includes('data: first\n\n')) seenFirst();
            });
            res.on('end', () =>
              resolve({
                encoding: res.headers['content-encoding'],
                cache: res.headers['cache-control'],
                text,
              }),
            );
            res.on('error', reject);
          })
            .on('error', reject)
            .end();
        },
      );
      assert.equal(answer.encoding, undefined);
      assert.equal(answer.cache, 'no-cache, no-transform');
      assert.equal(answer.text, 'data: first\n\ndata: second\n\n');
    });
  });
}
