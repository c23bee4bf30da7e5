/** Steps of the database area: a MongoDB URI or a PostgreSQL database for the app, and fresh processes that probe what loads. */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { After, Given, Then } from '@cucumber/cucumber';
import { mongoUri } from './support/mongo.js';
import { scenarioDatabase } from './support/postgres.js';
import { unwrapModuleSource } from './support/unwrap-module.js';
import { type KitWorld, requireFromRepo } from './support/world.js';

/** The World as the app code sees it in these scenarios: `world.mongoUri`, `world.postgresUrl` after the Givens below. */
type DbWorld = KitWorld & { mongoUri?: string; postgresUrl?: string };

const tsxLoader = pathToFileURL(requireFromRepo.resolve('tsx')).href;

/** Runs an ES module snippet in a fresh Node (tsx loaded, in case the implementation is TypeScript). */
function runFresh(code: string, preload?: string): { status: number | null; stdout: string; stderr: string } {
  const args = ['--import', tsxLoader];
  // After tsx's hooks, so the preload sees every module request.
  if (preload !== undefined) args.push('--import', pathToFileURL(preload).href);
  args.push('--input-type=module', '--eval', code);
  const run = spawnSync(process.execPath, args, {
    env: { ...process.env, LOG_FILE: '', LOG_PRETTY: '' },
    encoding: 'utf8',
    timeout: 30_000,
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

Given('a MongoDB database for the app as world.mongoUri', async function (this: DbWorld) {
  // The @mongodb Before hook has already skipped the scenario when no server is available.
  this.mongoUri = await mongoUri();
});

Given('a PostgreSQL database for the app as world.postgresUrl', async function (this: DbWorld) {
  // The @postgres Before hook has already skipped the scenario when there is no server.
  this.postgresUrl = await scenarioDatabase('db');
});

Then(
  'importing the implementation in a fresh process loads none of {string}',
  async function (this: KitWorld, list: string) {
    const packages = list.split(',').map((name) => name.trim());
    const { location } = await this.implementation();
    const child = runFresh(
      `import { createRequire } from 'node:module';
       ${unwrapModuleSource}
       const impl = unwrapModule(await import(${JSON.stringify(location.url)}));
       if (typeof impl.kit !== 'function') throw new Error('no kit factory exported');
       const require = createRequire(import.meta.url);
       const names = Object.keys(require.cache).map((f) => /[\\\\/]node_modules[\\\\/]((?:@[^\\\\/]+[\\\\/])?[^\\\\/]+)[\\\\/]/.exec(f)?.[1]);
       console.log(JSON.stringify([...new Set(names.filter(Boolean))]));`,
    );
    assert.equal(child.status, 0, child.stderr);
    const loaded = JSON.parse(child.stdout.trim()) as string[];
    assert.deepEqual(
      packages.filter((name) => loaded.includes(name)),
      [],
      'importing the implementation loaded these optional packages',
    );
  },
);

Then(
  'in a fresh process, this code loads none of {string}:',
  async function (this: KitWorld, list: string, code: string) {
    const packages = list.split(',').map((name) => name.trim());
    const { location } = await this.implementation();
    const child = runFresh(
      `import { createRequire } from 'node:module';
       ${unwrapModuleSource}
       const { SQLiteManager, PostgreSQLManager, mongodbManager } = unwrapModule(await import(${JSON.stringify(location.url)})).exports;
       await (async () => { ${code} })();
       const require = createRequire(import.meta.url);
       const names = Object.keys(require.cache).map((f) => /[\\/]node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)[\\/]/.exec(f)?.[1]);
       console.log(JSON.stringify([...new Set(names.filter(Boolean))]));`,
    );
    assert.equal(child.status, 0, child.stderr);
    const loaded = JSON.parse(child.stdout.trim().split('\n').pop() ?? '[]') as string[];
    assert.deepEqual(
      packages.filter((name) => loaded.includes(name)),
      [],
      'the code loaded these packages',
    );
  },
);

Then(
  'in a process where the package {string} cannot be found, this code throws KIT_ERR_PEER_MISSING naming it:',
  async function (this: KitWorld, pkg: string, code: string) {
    const { location } = await this.implementation();
    const preload = join(await this.makeTmpDir(), 'hide-peer.cjs');
    writeFileSync(
      preload,
      `const Module = require('node:module');
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  if (request === ${JSON.stringify(pkg)} || request.startsWith(${JSON.stringify(`${pkg}/`)})) {
    const err = new Error("Cannot find module '" + request + "'");
    err.code = 'MODULE_NOT_FOUND';
    throw err;
  }
  return resolve.call(this, request, ...rest);
};
`,
    );
    const child = runFresh(
      `${unwrapModuleSource}
       const { SQLiteManager, PostgreSQLManager, mongodbManager } = unwrapModule(await import(${JSON.stringify(location.url)})).exports;
       try {
         await (async () => { ${code} })();
         console.log(JSON.stringify({ threw: false }));
       } catch (err) {
         console.log(JSON.stringify({ threw: true, code: err?.code, message: String(err?.message) }));
       }`,
      preload,
    );
    assert.equal(child.status, 0, child.stderr);
    const outcome = JSON.parse(child.stdout.trim().split('\n').pop() ?? '{}') as {
      threw: boolean;
      code?: string;
      message?: string;
    };
    assert.equal(outcome.threw, true, 'the code ran without the package and did not fail');
    assert.equal(outcome.code, 'KIT_ERR_PEER_MISSING');
    assert.ok(outcome.message?.includes(`"${pkg}"`), `the message names "${pkg}": ${outcome.message}`);
    assert.ok(outcome.message?.includes(`npm install ${pkg}`), `the message gives the install command`);
  },
);

// The shared manager outlives the scenario's app; a connection left open would keep cucumber running.
After({ tags: '@mongodb' }, async function (this: KitWorld) {
  const manager = (await this.implementation()).exports.mongodbManager as
    | { disconnect?: () => Promise<void> }
    | undefined;
  await manager?.disconnect?.();
});
