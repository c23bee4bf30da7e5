// The test gate's tools (cucumber, biome, publint, attw, fast-check, supertest, mongodb-memory-server and
// the others test-tools/package.json lists) are not kitjs's devDependencies: `npm install` of kitjs installs
// only what the build and `npm start` need (REF-020). This script installs them on first use, from
// test-tools/package-lock.json, and links each one into the root's node_modules, so that step-definitions/,
// test/ and scripts/ import them by name, tsc finds their types, and kitjs's lookup of an optional peer
// from the working directory finds the test copies. It then runs the command it was given, if any, with
// test-tools/node_modules/.bin last on PATH.
//   node scripts/with-test-tools.mjs [command [args...]]
// An install is redone when test-tools/package-lock.json is newer than the last one; the links are checked
// on every run (an `npm install` or `npm ci` of the root removes them, and they come back here).
import { spawnSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, readFileSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import { delimiter, dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureInstalled } from './sub-package.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const tools = join(root, 'test-tools');

function fail(message, status = 1) {
  console.error(`test-tools: ${message}`);
  process.exit(status);
}

const readJson = (path) => JSON.parse(readFileSync(path, 'utf8'));

ensureInstalled(tools, 'test-tools', 'the test tools');

// A name in both manifests would be linked over the root's own copy: refuse it.
const rootManifest = readJson(join(root, 'package.json'));
const rootNames = new Set(Object.keys({ ...rootManifest.dependencies, ...rootManifest.devDependencies }));
const names = Object.keys(readJson(join(tools, 'package.json')).dependencies ?? {});
const both = names.filter((name) => rootNames.has(name));
if (both.length > 0) {
  fail(`${both.join(', ')} in both package.json and test-tools/package.json: keep each in one of them`);
}

/** Makes node_modules/<name> a link to test-tools/node_modules/<name>, unless it already is one. */
function link(name) {
  const target = join(tools, 'node_modules', name);
  const path = join(root, 'node_modules', name);
  const stat = lstatSync(path, { throwIfNoEntry: false });
  if (stat?.isSymbolicLink() && existsSync(path) && realpathSync(path) === realpathSync(target)) return;
  // Left from an install before the tool moved here (npm install removes it too), or a broken link.
  if (stat) rmSync(path, { recursive: true, force: true });
  mkdirSync(dirname(path), { recursive: true });
  // A junction on Windows needs no privilege and an absolute target; elsewhere the link is relative.
  const windows = process.platform === 'win32';
  symlinkSync(windows ? target : relative(dirname(path), target), path, 'junction');
}
for (const name of names) link(name);

const [command, ...args] = process.argv.slice(2);
if (command) {
  const bin = join(tools, 'node_modules', '.bin');
  // Last on PATH: the root's own bins (tsc above all: attw brings a TypeScript of its own) come first.
  const env = { ...process.env, PATH: `${process.env.PATH ?? ''}${delimiter}${bin}` };
  const run = spawnSync(command, args, {
    cwd: process.cwd(),
    stdio: 'inherit',
    env,
    // npm's bins on Windows are .cmd files, which Node starts only through a shell.
    shell: process.platform === 'win32',
  });
  if (run.error) fail(`could not run ${command}: ${run.error.message}`);
  process.exit(run.status ?? 1);
}
