// REF-020: `npm start`'s first step: builds dist/ only when it is missing or older than what it is built
// from, so a second start answers in moments instead of waiting for a full build.
// Also package.json's `prepare` (issue 35), which npm runs after `npm install` or `npm ci` in a clone, before
// `npm pack` and `npm publish`, in a git dependency's clone (`npm install <git url>`) and in a `file:`
// dependency's folder (test/ecosystem's kitjs): dist/ is not committed, so an unbuilt clone must build to
// be packed or installed, and an up-to-date one should not build again. There, everything this prints
// goes to stderr: `npm pack --json` writes its JSON to the stdout this shares.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildOutputs } from './build-entries.mjs';
import { runNpm } from './run-npm.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// What the build reads: the sources and the files that configure it.
const inputs = [
  'src',
  'scripts/build.mjs',
  'scripts/build-entries.mjs',
  'scripts/finish-build.mjs',
  'tsconfig.json',
  'package.json',
];
// What the build writes, for every entry point and the core they share; the oldest of them decides.
const outputs = buildOutputs(root);

function newestBelow(path) {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (stat === undefined) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestBelow(join(path, entry)));
  return newest;
}

function oldestOutput() {
  let oldest = Number.POSITIVE_INFINITY;
  for (const file of outputs) {
    const stat = statSync(join(root, file), { throwIfNoEntry: false });
    if (stat === undefined) return 0;
    oldest = Math.min(oldest, stat.mtimeMs);
  }
  return oldest;
}

const prepare = process.env.npm_lifecycle_event === 'prepare';
const say = prepare ? console.error : console.log;
const newestInput = Math.max(...inputs.map((input) => newestBelow(join(root, input))));
if (oldestOutput() >= newestInput) {
  say('kitjs: dist/ is up to date, not rebuilding');
} else if (prepare) {
  say('kitjs: building dist/ (missing or older than src/)');
  // package.json's `build`, step by step (`node <script>` joined by &&), with its output on stderr.
  const { scripts } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  for (const step of scripts.build.split('&&').map((command) => command.trim().split(/\s+/))) {
    if (step[0] !== 'node') throw new Error(`build-if-stale: cannot run build step "${step.join(' ')}"`);
    const run = spawnSync(process.execPath, step.slice(1), { cwd: root, stdio: ['ignore', 2, 2] });
    if (run.status !== 0) process.exit(run.status ?? 1);
  }
} else {
  say('kitjs: building dist/ (missing or older than src/)');
  process.exit(runNpm(['run', 'build', '--silent'], { cwd: root }));
}
