// REF-020: `npm start`'s first step: builds dist/ only when it is missing or older than what it is built
// from, so a second start answers in moments instead of waiting for a full build.
import { readdirSync, statSync } from 'node:fs';
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

const newestInput = Math.max(...inputs.map((input) => newestBelow(join(root, input))));
if (oldestOutput() >= newestInput) {
  console.log('kitjs: dist/ is up to date, not rebuilding');
} else {
  console.log('kitjs: building dist/ (missing or older than src/)');
  process.exit(runNpm(['run', 'build', '--silent'], { cwd: root }));
}
