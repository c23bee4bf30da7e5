import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

// These run the built package the way users get it (`npm run build` first; `npm test` does).
const root = fileURLToPath(new URL('../..', import.meta.url));
const built = existsSync(new URL('../../dist/index.js', import.meta.url));

function run(args: string[]): { stdout: string; status: number | null; stderr: string } {
  const result = spawnSync(process.execPath, args, { cwd: root, encoding: 'utf8' });
  return { stdout: result.stdout.trim(), status: result.status, stderr: result.stderr };
}

const names = [
  'Router',
  'json',
  'urlencoded',
  'customParser',
  'cors',
  'security',
  'serveStatic',
  'requestLogger',
  'logger',
  'hashPassword',
  'comparePassword',
  'MAX_PASSWORD_BYTES',
  'generateToken',
  'verifyToken',
  'authMiddleware',
  'SQLiteManager',
  'mongodbManager',
  'setupSwagger',
];

describe('the built package', { skip: built ? false : 'dist/ is missing: run npm run build' }, () => {
  it('imports from ESM with kit as the default export and every named export', () => {
    const script = `import kit, * as all from 'kitjs';
      const missing = ${JSON.stringify(names)}.filter((n) => !(n in all));
      console.log(JSON.stringify({ kit: typeof kit, app: typeof kit().listen, missing }));`;
    const out = run(['--input-type=module', '-e', script]);
    assert.equal(out.status, 0, out.stderr);
    assert.deepEqual(JSON.parse(out.stdout), { kit: 'function', app: 'function', missing: [] });
  });

  it('requires from CommonJS with the same surface', () => {
    const script = `const k = require('kitjs');
      const missing = ${JSON.stringify(names)}.filter((n) => !(n in k));
      console.log(JSON.stringify({ kit: typeof k.default, same: k.default === k.kit, missing }));`;
    const out = run(['-e', script]);
    assert.equal(out.status, 0, out.stderr);
    assert.deepEqual(JSON.parse(out.stdout), { kit: 'function', same: true, missing: [] });
  });

  it('is the kit function itself from CommonJS, as with Express', () => {
    const script = `const kit = require('kitjs'); const app = kit(); app.use(kit.json());
      console.log(JSON.stringify({ kit: typeof kit, app: typeof app.listen, json: typeof require('kitjs').json,
        router: typeof new kit.Router().get, same: kit.default === kit && kit.kit === kit }));`;
    const out = run(['-e', script]);
    assert.equal(out.status, 0, out.stderr);
    assert.deepEqual(JSON.parse(out.stdout), {
      kit: 'function',
      app: 'function',
      json: 'function',
      router: 'function',
      same: true,
    });
  });

  it('kitjs/express is the express function itself, from CommonJS and ESM', () => {
    const members = `['json', 'urlencoded', 'raw', 'text', 'static', 'Router', 'Route', 'query', 'application', 'request', 'response']`;
    const check = `const missing = ${members}.filter((n) => !(n in e));
      console.log(JSON.stringify({ e: typeof e, missing, etag: e().get('etag'), router: typeof e.Router().get }));`;
    const expected = { e: 'function', missing: [], etag: 'weak', router: 'function' };
    const cjs = run(['-e', `const e = require('kitjs/express'); ${check}`]);
    assert.equal(cjs.status, 0, cjs.stderr);
    assert.deepEqual(JSON.parse(cjs.stdout), expected);
    const esm = run(['--input-type=module', '-e', `import e from 'kitjs/express'; ${check}`]);
    assert.equal(esm.status, 0, esm.stderr);
    assert.deepEqual(JSON.parse(esm.stdout), expected);
  });

  // Issue 34: an entry per job. Each subpath's exports are the root's own objects (one core), so a manager
  // or middleware from 'kitjs/db' is the one 'kitjs' gives; a subpath has no default export.
  const subpaths = {
    auth: [
      'authMiddleware',
      'comparePassword',
      'generateToken',
      'hashPassword',
      'MAX_PASSWORD_BYTES',
      'verifyToken',
    ],
    db: ['mongodbManager', 'PostgreSQLManager', 'SequelizeManager', 'sequelizeManager', 'SQLiteManager'],
    docs: ['setupSwagger'],
  };
  const sameAsRoot = `const report = {};
    for (const [name, members] of Object.entries(${JSON.stringify(subpaths)})) {
      const sub = subs[name];
      report[name] = { exports: Object.keys(sub).filter((key) => key !== '__esModule').sort(),
        same: members.every((member) => sub[member] === root[member] && sub[member] !== undefined) };
    }
    console.log(JSON.stringify(report));`;
  const subpathsExpected = Object.fromEntries(
    Object.entries(subpaths).map(([name, members]) => [name, { exports: [...members].sort(), same: true }]),
  );

  it("kitjs/auth, kitjs/db and kitjs/docs export the root's own members (ESM)", () => {
    const script = `import * as root from 'kitjs'; import * as auth from 'kitjs/auth';
      import * as db from 'kitjs/db'; import * as docs from 'kitjs/docs';
      const subs = { auth, db, docs }; ${sameAsRoot}`;
    const out = run(['--input-type=module', '-e', script]);
    assert.equal(out.status, 0, out.stderr);
    assert.deepEqual(JSON.parse(out.stdout), subpathsExpected);
  });

  it("kitjs/auth, kitjs/db and kitjs/docs export the root's own members (CommonJS)", () => {
    const script = `const root = require('kitjs');
      const subs = { auth: require('kitjs/auth'), db: require('kitjs/db'), docs: require('kitjs/docs') };
      ${sameAsRoot}`;
    const out = run(['-e', script]);
    assert.equal(out.status, 0, out.stderr);
    assert.deepEqual(JSON.parse(out.stdout), subpathsExpected);
  });

  it('loads none of the optional peers on import', () => {
    const script = `require('kitjs');
      const peers = Object.keys(require.cache).filter((f) => /node_modules\\/(bcrypt|sequelize|sqlite3|mongoose|pino-pretty)\\//.test(f));
      console.log(JSON.stringify(peers));`;
    const out = run(['-e', script]);
    assert.equal(out.status, 0, out.stderr);
    assert.deepEqual(JSON.parse(out.stdout), []);
  });

  // send, qs, yaml and jsonwebtoken are loaded by the feature that needs them (src/base/optional-package.ts);
  // vary and accepts by the response members that use them (src/core/response/), none of them here (send
  // itself loads fresh); cookie, cookie-signature and content-disposition by res.cookie and res.download (XFILE);
  // a route whose path needs a regex loads nothing: its verdict comes from its shape (XROUTE-002).
  const lazyCheck = `const loaded = () => ['send', 'qs', 'yaml', 'jsonwebtoken', 'vary', 'accepts', 'cookie',
      'cookie-signature', 'content-disposition', 'recheck'].filter((m) =>
      Object.keys(require.cache).some((f) => f.includes('/node_modules/' + m + '/')));
    const seen = { onImport: loaded() };
    k.serveStatic('.'); seen.serveStatic = loaded();
    k.urlencoded(); seen.urlencoded = loaded();
    process.env.JWT_SECRET = 'x'.repeat(32);
    const token = k.generateToken({ id: 1 }); seen.token = loaded();
    seen.verified = k.verifyToken(token)?.id;
    k.kit().get('/plain/:id', () => {}); seen.plainRoute = loaded();
    k.kit().get('/:id(\\\\d+)', () => {}); seen.regexRoute = loaded();
    console.log(JSON.stringify(seen));`;
  const lazyExpected = {
    onImport: [],
    serveStatic: ['send'],
    urlencoded: ['send', 'qs'],
    token: ['send', 'qs', 'jsonwebtoken'],
    verified: 1,
    plainRoute: ['send', 'qs', 'jsonwebtoken'],
    regexRoute: ['send', 'qs', 'jsonwebtoken'],
  };

  it('loads send, qs and jsonwebtoken only when a feature needs them (CommonJS)', () => {
    const out = run(['-e', `const k = require('kitjs'); ${lazyCheck}`]);
    assert.equal(out.status, 0, out.stderr);
    assert.deepEqual(JSON.parse(out.stdout), lazyExpected);
  });

  it('loads send, qs and jsonwebtoken only when a feature needs them (ESM)', () => {
    const script = `import * as k from 'kitjs'; import { createRequire } from 'node:module';
      const require = createRequire(import.meta.url); ${lazyCheck}`;
    const out = run(['--input-type=module', '-e', script]);
    assert.equal(out.status, 0, out.stderr);
    assert.deepEqual(JSON.parse(out.stdout), lazyExpected);
  });
});
