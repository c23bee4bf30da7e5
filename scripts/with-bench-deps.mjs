// Runs a benchmark or soak script after making sure bench/'s own dependencies (the competitors and the load
// generator) are installed. They live in bench/package.json so that `npm install` of kitjs stays light
// (REF-020).
//   node scripts/with-bench-deps.mjs <script> [args...]
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runNpm } from './run-npm.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bench = join(root, 'bench');
const lock = join(bench, 'package-lock.json');
// Written after a successful install: an install is redone when the lockfile is newer than it.
const stamp = join(bench, 'node_modules', '.kitjs-installed');

function installed() {
  return existsSync(stamp) && statSync(stamp).mtimeMs >= statSync(lock).mtimeMs;
}

if (!existsSync(lock)) {
  console.error(
    'bench: bench/package-lock.json is missing; restore it (git checkout bench/package-lock.json)',
  );
  process.exit(1);
}
if (!installed()) {
  console.log('bench: installing the benchmark dependencies (bench/package-lock.json)...');
  const status = runNpm(['ci', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: bench });
  if (status !== 0) {
    console.error('bench: npm ci in bench/ failed');
    process.exit(status);
  }
  writeFileSync(stamp, `${readFileSync(lock).length}\n`);
}

const [script, ...args] = process.argv.slice(2);
if (!script) {
  console.error('usage: node scripts/with-bench-deps.mjs <script> [args...]');
  process.exit(2);
}
const run = spawnSync(process.execPath, [join(root, script), ...args], { stdio: 'inherit' });
process.exit(run.status ?? 1);
