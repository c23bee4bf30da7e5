// Runs a benchmark or soak script after making sure bench/'s own dependencies (the competitors and the load
// generator) are installed. They live in bench/package.json so that `npm install` of kitjs stays light
// (REF-020).
//   node scripts/with-bench-deps.mjs <script> [args...]
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureInstalled } from './sub-package.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bench = join(root, 'bench');
ensureInstalled(bench, 'bench', 'the benchmark dependencies');

const [script, ...args] = process.argv.slice(2);
if (!script) {
  console.error('usage: node scripts/with-bench-deps.mjs <script> [args...]');
  process.exit(2);
}
const run = spawnSync(process.execPath, [join(root, script), ...args], { stdio: 'inherit' });
process.exit(run.status ?? 1);
