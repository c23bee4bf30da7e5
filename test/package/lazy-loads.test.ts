// Issue 47: importing an entry loads none of kitjs's dependencies; each loads when what needs it is first used
// (pino with the first logger, mime-types with the first type named by extension, comment-parser and tinyglobby
// when setupSwagger runs, ajv with the first JSON Schema route...). What the built files load is read from
// Node itself: require.cache for CommonJS, a module.register() load hook for ES modules. No timing:
// bench/imports.mjs measures what the imports cost. Needs dist/ (`npm run build` first; `npm test` does).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const dist = join(root, 'dist');
const skip = existsSync(join(dist, 'index.js')) ? false : 'dist/ is missing: run npm run build';

/**
 * What each entry may load at import. kitjs/express5's path syntax is path-to-regexp 8 itself, which every
 * route registration calls: loading it later would only move it to the first route.
 */
const AT_IMPORT: Record<string, readonly string[]> = {
  index: [],
  express: [],
  express5: ['path-to-regexp'],
  auth: [],
  db: [],
  docs: [],
  otel: [],
};

// The ES module load hook: every URL node loads goes back to the importing thread.
const HOOKS = `let port;
export function initialize(data) { port = data.port; }
export async function load(url, context, next) { port.postMessage(url); return next(url, context); }`;

/** The packages of node_modules/ a fresh node process has loaded after running `body` (an ES module). */
function packagesLoaded(body: string): string[] {
  const script = `
import { createRequire, register } from 'node:module';
import { MessageChannel } from 'node:worker_threads';
const require = createRequire(import.meta.url);
const urls = [];
const { port1, port2 } = new MessageChannel();
port1.on('message', (url) => urls.push(url));
register('data:text/javascript,' + encodeURIComponent(${JSON.stringify(HOOKS)}), {
  data: { port: port2 }, transferList: [port2] });
${body}
await new Promise((resolve) => setTimeout(resolve, 50));
port1.close();
const files = [...urls.filter((u) => u.startsWith('file:')).map((u) => new URL(u).pathname), ...Object.keys(require.cache)];
const packages = new Set();
for (const file of files) {
  const at = file.lastIndexOf('/node_modules/');
  if (at === -1) continue;
  const [first, second] = file.slice(at + '/node_modules/'.length).split('/');
  packages.add(first.startsWith('@') ? first + '/' + second : first);
}
console.log(JSON.stringify([...packages].sort()));
`;
  const run = spawnSync(process.execPath, ['--input-type=module', '--eval', script], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, LOG_FILE: '', LOG_PRETTY: '', LOG_LEVEL: '' },
    timeout: 60_000,
  });
  assert.equal(run.status, 0, run.stderr);
  return JSON.parse(run.stdout.trim().split('\n').pop() as string) as string[];
}

const esm = (entry: string) => JSON.stringify(pathToFileURL(join(dist, `${entry}.js`)).href);
const cjs = (entry: string) => JSON.stringify(join(dist, `${entry}.cjs`));

describe('importing an entry loads no dependency it does not use yet (issue 47)', { skip }, () => {
  for (const [entry, allowed] of Object.entries(AT_IMPORT)) {
    it(`${entry}: ESM and CommonJS`, () => {
      assert.deepEqual(packagesLoaded(`await import(${esm(entry)});`), allowed, `import of dist/${entry}.js`);
      assert.deepEqual(packagesLoaded(`require(${cjs(entry)});`), allowed, `require of dist/${entry}.cjs`);
    });
  }

  it('pino loads with the first logger: kit() makes one (LOG-011), the exported logger on first use', () => {
    const pinoOf = (list: string[]) => list.filter((name) => name === 'pino');
    assert.deepEqual(pinoOf(packagesLoaded(`const { kit } = await import(${esm('index')}); kit();`)), [
      'pino',
    ]);
    assert.deepEqual(
      pinoOf(packagesLoaded(`const { logger } = await import(${esm('index')}); logger.level;`)),
      ['pino'],
    );
    // A route, its registration and a listen log nothing: pino is still not needed without an app.
    assert.deepEqual(
      pinoOf(
        packagesLoaded(`const { Router } = await import(${esm('index')}); new Router().get('/', () => {});`),
      ),
      [],
    );
  });

  it('setupSwagger finds its files when it runs; mime-types waits for the first request of the stylesheet', () => {
    const loaded = packagesLoaded(`
const { kit, setupSwagger } = await import(${esm('index')});
const app = kit({ logger: { level: 'silent' } });
app.get('/users/:id', (req, res) => res.json({}));
setupSwagger(app, { info: { title: 'T', version: '1' }, baseDir: ${JSON.stringify(join(root, 'test', 'docs'))}, filesPattern: 'nothing-here/*.js' });`);
    assert.ok(loaded.includes('tinyglobby'), `tinyglobby not loaded: ${loaded.join(', ')}`);
    assert.ok(!loaded.includes('mime-types'), `mime-types loaded at setup: ${loaded.join(', ')}`);
  });
});
