/** setupSwagger(app) with nothing else: in a real process where swagger-ui-dist cannot be resolved (DOCS-022, DOCS-028, DOCS-029). */
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { FALLBACK_INFO, packageInfo } from '../../src/batteries/docs/package-info.ts';
import { freshDir, runChild, srcUrl } from '../db/helpers.js';

/** A preload that makes swagger-ui-dist (and its files) unresolvable, as in an app that did not install it. */
function hideSwaggerUi(dir: string): string {
  const file = join(dir, 'hide-swagger-ui.cjs');
  writeFileSync(
    file,
    `const Module = require('node:module');
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  if (request === 'swagger-ui-dist' || request.startsWith('swagger-ui-dist/')) {
    const err = new Error("Cannot find module '" + request + "'");
    err.code = 'MODULE_NOT_FOUND';
    throw err;
  }
  return resolve.call(this, request, ...rest);
};
`,
  );
  return file;
}

test('without swagger-ui-dist, setupSwagger(app) serves the JSON, every route, and a page naming the install', () => {
  const app = freshDir('docs-app');
  writeFileSync(
    join(app, 'package.json'),
    JSON.stringify({ name: 'shop-api', version: '2.3.0', description: 'The shop.' }),
  );
  const child = runChild(
    `import { createRequire } from 'node:module';
     import { once } from 'node:events';
     const { default: kit, setupSwagger } = await import(${JSON.stringify(srcUrl('index.ts'))});
     let hidden = false;
     try { createRequire(import.meta.url).resolve('swagger-ui-dist/absolute-path.js'); } catch { hidden = true; }
     const app = kit();
     app.get('/users/:id', (req, res) => res.json({ id: req.params.id }));
     setupSwagger(app);
     const server = app.listen(0, '127.0.0.1');
     await once(server, 'listening');
     const base = 'http://127.0.0.1:' + server.address().port;
     const json = await fetch(base + '/api-docs/swagger.json');
     const page = await fetch(base + '/api-docs');
     const bundle = await fetch(base + '/api-docs/swagger-ui-bundle.js');
     const out = {
       hidden,
       json: { status: json.status, type: json.headers.get('content-type'), body: await json.json() },
       page: { status: page.status, type: page.headers.get('content-type'), body: await page.text() },
       bundle: bundle.status,
     };
     server.close();
     console.log('RESULT ' + JSON.stringify(out));`,
    { cwd: app, preload: hideSwaggerUi(app) },
  );
  assert.equal(child.status, 0, child.stderr);
  const line = child.stdout.split('\n').find((l) => l.startsWith('RESULT '));
  assert.ok(line, child.stdout);
  const out = JSON.parse(line.slice('RESULT '.length));
  assert.equal(out.hidden, true, 'swagger-ui-dist was still resolvable in the child');
  assert.equal(out.json.status, 200);
  assert.equal(out.json.type, 'application/json; charset=utf-8');
  assert.deepEqual(out.json.body.info, { title: 'shop-api', version: '2.3.0', description: 'The shop.' });
  assert.deepEqual(out.json.body.paths['/users/{id}'].get.parameters, [
    { name: 'id', in: 'path', required: true, deprecated: false, schema: { type: 'string' } },
  ]);
  assert.equal(out.page.status, 200);
  assert.equal(out.page.type, 'text/html; charset=utf-8');
  assert.match(out.page.body, /npm install swagger-ui-dist/);
  assert.match(out.page.body, /href="\/api-docs\/swagger\.json"/);
  assert.doesNotMatch(out.page.body, /<script|<style/);
  assert.equal(out.bundle, 404);
  // The warning names the package and what is still served.
  assert.match(child.stdout, /swagger-ui-dist.*\/api-docs\/swagger\.json is served/);
});

test('packageInfo reads the nearest package.json, stops there, and falls back', () => {
  const top = freshDir('docs-pkg');
  writeFileSync(join(top, 'package.json'), JSON.stringify({ name: 'outer', version: '9.0.0' }));
  const inner = join(top, 'inner');
  mkdirSync(join(inner, 'src'), { recursive: true });
  writeFileSync(join(inner, 'package.json'), JSON.stringify({ private: true }));
  assert.deepEqual(packageInfo(top), { title: 'outer', version: '9.0.0', file: join(top, 'package.json') });
  // The nearest file decides, even when it has no name: a nested package does not borrow its parent's.
  assert.deepEqual(packageInfo(join(inner, 'src')), { ...FALLBACK_INFO, file: join(inner, 'package.json') });
  writeFileSync(join(inner, 'package.json'), '{ not json');
  assert.deepEqual(packageInfo(inner), { ...FALLBACK_INFO, file: join(inner, 'package.json') });
});
