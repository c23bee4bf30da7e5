// Runs the ecosystem tests (test/ecosystem/*.test.ts: Express middleware run unchanged on kitjs) after making
// sure test/ecosystem's own dependencies are installed. They live in test/ecosystem/package.json so that
// kitjs's own install stays light; `npm ci` runs there when node_modules is missing or older than the lockfile.
//   node scripts/with-ecosystem-deps.mjs [--node-option=value...] [test files...]
// The tests are typechecked against the packages' own typings (test/ecosystem/tsconfig.json) and run with
// node:test; both always run, and the exit status fails when either does.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureInstalled } from './sub-package.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const ecosystem = join(root, 'test', 'ecosystem');
ensureInstalled(ecosystem, 'ecosystem', 'the ecosystem packages');

const args = process.argv.slice(2);
const options = args.filter((arg) => arg.startsWith('-'));
const chosen = args.filter((arg) => !arg.startsWith('-')).map((arg) => relative(root, resolve(arg)));
const files =
  chosen.length > 0
    ? chosen
    : readdirSync(ecosystem)
        .filter((name) => name.endsWith('.test.ts'))
        .sort()
        .map((name) => join('test', 'ecosystem', name));

// The typings check: Express middleware typed with @types/express must be usable on kitjs's app as written.
const tsc = createRequire(join(root, 'package.json')).resolve('typescript/bin/tsc');
console.log('ecosystem: typechecking test/ecosystem against the packages’ typings...');
const typecheck = spawnSync(process.execPath, [tsc, '--noEmit', '-p', join(ecosystem, 'tsconfig.json')], {
  cwd: root,
  stdio: 'inherit',
});
if (typecheck.status !== 0) console.error('ecosystem: the typings check failed (the tests still run)');

const run = spawnSync(
  process.execPath,
  ['--import', 'tsx', '--test', '--test-reporter=spec', ...options, ...files],
  { cwd: root, stdio: 'inherit' },
);
process.exit(run.status !== 0 ? (run.status ?? 1) : (typecheck.status ?? 1));
