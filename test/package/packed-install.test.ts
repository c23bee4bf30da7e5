/**
 * What `npm install kitjs` gives a user: the packed package (`npm pack`, as published) installed into an
 * empty project. It must stay light (at most 25 MB on disk) and run no install script: nothing in the tree
 * may have a preinstall, install or postinstall script (issue 26). One install serves every assertion; it
 * fetches kitjs's dependencies from the registry (about half a minute).
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const built = existsSync(join(root, 'dist', 'index.js'));
const MOST_BYTES = 25 * 1024 * 1024;

function npm(args: string[], cwd: string): string {
  const run = spawnSync('npm', args, { cwd, encoding: 'utf8', shell: process.platform === 'win32' });
  assert.equal(run.status, 0, `npm ${args.join(' ')}: ${run.stderr}`);
  return run.stdout;
}

/** Bytes on disk under `dir` (allocated blocks where the platform reports them), each file counted once. */
function diskBytes(dir: string, seen = new Set<string>()): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    const stat = lstatSync(path, { bigint: false });
    const id = `${stat.dev}:${stat.ino}`;
    if (seen.has(id)) continue;
    seen.add(id);
    total += Number.isFinite(stat.blocks) ? stat.blocks * 512 : stat.size;
    if (entry.isDirectory()) total += diskBytes(path, seen);
  }
  return total;
}

describe('npm install of the packed kitjs into an empty project', {
  skip: built ? false : 'dist/ is missing: run npm run build',
  timeout: 240_000,
}, () => {
  let dir = '';
  let project = '';

  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'kitjs-packed-'));
    const tarball = npm(['pack', '--silent', '--pack-destination', dir], root).trim().split('\n').pop();
    project = join(dir, 'app');
    mkdirSync(project);
    writeFileSync(join(project, 'package.json'), '{ "name": "app", "private": true }\n');
    // --ignore-scripts: this test must never run a script it is there to find (npm query reads manifests).
    npm(['install', '--ignore-scripts', '--no-audit', '--no-fund', join(dir, String(tarball))], project);
  });

  after(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it(`takes at most ${MOST_BYTES / 1024 / 1024} MB on disk`, () => {
    const bytes = diskBytes(join(project, 'node_modules'));
    assert.ok(bytes <= MOST_BYTES, `node_modules holds ${(bytes / 1024 / 1024).toFixed(1)} MB`);
  });

  for (const script of ['preinstall', 'install', 'postinstall']) {
    it(`has no package with a ${script} script`, () => {
      const found = JSON.parse(npm(['query', `:attr(scripts, [${script}])`], project)) as Array<{
        name: string;
      }>;
      assert.deepEqual(
        found.map((pkg) => pkg.name),
        [],
      );
    });
  }

  it('registers Express route forms with no checker loaded, bounding a hostile one, and serves the docs without swagger-ui-dist', () => {
    const script = `const kit = require('kitjs');
      const app = require('kitjs/express')();
      const seen = {};
      app.get('/flights/:from-:to', () => {});
      process.on('warning', (w) => { seen.warning = w.code; });
      try { app.get(/^\\/(a+)+$/, () => {}); seen.hostile = 'accepted'; } catch (err) { seen.hostile = err.message; }
      seen.engine = Object.keys(require.cache).filter((f) => /recheck/.test(f)).map((f) => f.slice(f.indexOf('node_modules')));
      try { kit.setupSwagger(app, { info: { title: 't', version: '1' }, filesPattern: 'nothing-here/*.js' }); seen.docs = 'mounted'; }
      catch (err) { seen.docs = err.code + ' ' + err.message; }
      setImmediate(() => console.log(JSON.stringify(seen)));`;
    const run = spawnSync(process.execPath, ['-e', script], { cwd: project, encoding: 'utf8' });
    assert.equal(run.status, 0, run.stderr);
    // The last line: setupSwagger's warning about the missing swagger-ui-dist may come before it (DOCS-022).
    const last =
      run.stdout
        .trim()
        .split('\n')
        .filter((line) => line.startsWith('{"hostile"'))
        .pop() ?? '';
    const seen = JSON.parse(last) as { hostile: string; warning: string; engine: string[]; docs: string };
    // XROUTE-016, XROUTE-017: registered, bounded, and a warning says so; no checker package in the install.
    assert.equal(seen.hostile, 'accepted');
    assert.equal(seen.warning, 'KIT_ROUTE_REGEX_BOUNDED');
    assert.deepEqual(seen.engine, []);
    // DOCS-022: without swagger-ui-dist the JSON is still served, so setupSwagger mounts rather than throws.
    assert.equal(seen.docs, 'mounted');
  });
});
