// Integration tests of setupSwagger over a real socket on 127.0.0.1: both endpoints, assets, options, drift.
import assert from 'node:assert/strict';
import { get, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import SwaggerParser from '@apidevtools/swagger-parser';
import { logger } from '../../src/base/logger.ts';
import { setupSwagger } from '../../src/batteries/docs/setup-swagger.ts';
import { kit } from '../../src/core/app.ts';
import type { KitApp, KitRequest, KitResponse } from '../../src/core/types.ts';

const fixture = 'features/fixtures/docs/users.js';
const baseDir = new URL('../../', import.meta.url).pathname;
let app: KitApp;
let origin = '';
let docs: ReturnType<typeof setupSwagger>;

before(async () => {
  // The drift warnings this app triggers on purpose would only clutter the test output.
  logger.level = 'silent';
  app = kit();
  docs = setupSwagger(app, {
    info: { title: 'Users <API>', version: '2.0.0' },
    filesPattern: fixture,
    baseDir,
  });
  app.get('/users', (_req: KitRequest, res: KitResponse) => res.json([]));
  app.get('/users/:id', (_req: KitRequest, res: KitResponse) => res.json({}));
  app.post('/undocumented', (_req: KitRequest, res: KitResponse) => res.json({}));
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
after(() => app.close());

/**
 * A GET through node:http, headers as given: fetch() adds `Cache-Control: no-cache` to any request carrying
 * If-None-Match (the Fetch standard), which asks the server to send the whole file again.
 */
function plainGet(path: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: IncomingHttpHeaders; length: number }>((resolve, reject) => {
    get(`${origin}${path}`, { headers }, (res) => {
      let length = 0;
      res.on('data', (chunk: Buffer) => {
        length += chunk.length;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, length }));
    }).on('error', reject);
  });
}

test('GET /api-docs/swagger.json serves the complete, valid document', async () => {
  const res = await fetch(`${origin}/api-docs/swagger.json`);
  assert.equal(res.status, 200);
  assert.equal(res.headers.get('content-type'), 'application/json; charset=utf-8');
  const body = await res.json();
  assert.deepEqual(body, JSON.parse(JSON.stringify(docs.document)));
  assert.equal(body.info.title, 'Users <API>');
  await SwaggerParser.validate(body);
});

test('GET /api-docs and /api-docs/ serve a page with no inline script or style', async () => {
  for (const path of ['/api-docs', '/api-docs/']) {
    const res = await fetch(`${origin}${path}`);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'text/html; charset=utf-8');
    const html = await res.text();
    assert.match(html, /<script src="\/api-docs\/swagger-initializer\.js"/);
    assert.match(html, /<title>Users &#60;API&#62;<\/title>/);
    // Every script has a src and there is no <style> element or style attribute.
    assert.equal((html.match(/<script(?![^>]*\bsrc=)/g) ?? []).length, 0);
    assert.doesNotMatch(html, /<style|style=/);
  }
});

test('the initializer is a file pointing at the JSON', async () => {
  const res = await fetch(`${origin}/api-docs/swagger-initializer.js`);
  assert.equal(res.status, 200);
  assert.equal(res.headers.get('content-type'), 'text/javascript; charset=utf-8');
  assert.match(await res.text(), /url: "\/api-docs\/swagger\.json"/);
});

test('assets come from swagger-ui-dist with types, cache headers and ETags', async () => {
  const css = await fetch(`${origin}/api-docs/swagger-ui.css`);
  assert.equal(css.status, 200);
  assert.equal(css.headers.get('content-type'), 'text/css; charset=utf-8');
  assert.equal(css.headers.get('cache-control'), 'public, max-age=86400');
  assert.ok((await css.text()).includes('.swagger-ui'));
  assert.ok(css.headers.get('etag'));
  const png = await fetch(`${origin}/api-docs/favicon-32x32.png`);
  assert.equal(png.headers.get('content-type'), 'image/png');
  assert.equal(Number(png.headers.get('content-length')), (await png.arrayBuffer()).byteLength);
  const js = await fetch(`${origin}/api-docs/swagger-ui-bundle.js`, { method: 'HEAD' });
  assert.equal(js.status, 200);
  assert.equal(js.headers.get('content-type'), 'text/javascript; charset=utf-8');
});

test('assets revalidate to 304 on a matching If-None-Match, and not under Cache-Control: no-cache', async () => {
  // The rewritten stylesheet is in memory (etag + fresh); the bundle's files go through send.
  for (const path of ['/api-docs/swagger-ui.css', '/api-docs/swagger-ui-standalone-preset.js']) {
    const first = await plainGet(path, {});
    const etag = first.headers.etag;
    assert.ok(etag, path);
    for (const ifNoneMatch of [etag, `"other", ${etag}`, '*']) {
      const again = await plainGet(path, { 'if-none-match': ifNoneMatch });
      assert.equal(again.status, 304, `${path} with ${ifNoneMatch}`);
      assert.equal(again.length, 0);
      assert.equal(again.headers.etag, etag);
      assert.equal(again.headers['cache-control'], 'public, max-age=86400');
      // RFC 9110, 15.4.5: a 304 repeats the validators and caching headers, not the representation's type.
      assert.equal(again.headers['content-type'], undefined);
    }
    assert.equal((await plainGet(path, { 'if-none-match': '"other"' })).status, 200, path);
    const reload = await plainGet(path, { 'if-none-match': etag, 'cache-control': 'no-cache' });
    assert.equal(reload.status, 200, path);
    assert.equal(reload.length, first.length);
  }
});

test('files outside the asset list are not served', async () => {
  for (const path of ['/api-docs/package.json', '/api-docs/index.js', '/api-docs/%2e%2e/package.json']) {
    const res = await fetch(`${origin}${path}`);
    assert.equal(res.status, 404, path);
  }
});

test('drift() compares the document with the live routes', () => {
  const report = docs.drift();
  assert.deepEqual(report.undocumentedRoutes, [{ method: 'POST', path: '/undocumented' }]);
  assert.ok(report.unmatchedOperations.some((r) => r.method === 'POST' && r.path === '/register'));
  assert.ok(
    !report.unmatchedOperations.some(
      (r) => r.path === '/users' || (r.path === '/users/:id' && r.method === 'GET'),
    ),
  );
});

test('bad options throw a TypeError at once, naming the option', () => {
  const fresh = kit();
  const cases: Array<[unknown, RegExp]> = [
    [null, /options must be an object/],
    ['x', /options must be an object/],
    [{ info: 'x' }, /options\.info must be an object/],
    [{ info: { title: '', version: '1' } }, /info\.title/],
    [{ info: { title: 'x', version: 1 } }, /info\.version/],
    [{ info: { description: 3 } }, /info\.description/],
    [{ info: { title: 'x', version: '1' }, filesPattern: 42 }, /filesPattern/],
    [{ info: { title: 'x', version: '1' }, servers: [{}] }, /servers/],
    [{ info: { title: 'x', version: '1' }, path: 'docs' }, /path/],
  ];
  for (const [options, message] of cases) {
    assert.throws(
      () => setupSwagger(fresh, options as never),
      (err: Error) => err instanceof TypeError && message.test(err.message),
    );
  }
  assert.throws(() => setupSwagger({} as never, { info: { title: 'x', version: '1' } }), TypeError);
});

test('servers and a custom path are honoured', async () => {
  const other = kit();
  const setup = setupSwagger(other, {
    info: { title: 'x', version: '1' },
    filesPattern: fixture,
    baseDir,
    servers: [{ url: 'http://localhost:3000', description: 'local' }],
    path: '/docs',
  });
  assert.deepEqual(setup.document.servers, [{ url: 'http://localhost:3000', description: 'local' }]);
  const server = other.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  assert.equal((await fetch(`${url}/docs/swagger.json`)).status, 200);
  assert.match(await (await fetch(`${url}/docs/swagger-initializer.js`)).text(), /"\/docs\/swagger\.json"/);
  await other.close();
});
