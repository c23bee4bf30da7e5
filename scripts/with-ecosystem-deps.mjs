// Runs the ecosystem tests (test/ecosystem/*.test.ts: Express middleware run unchanged on kitjs) after making
// sure test/ecosystem's own dependencies are installed. They live in test/ecosystem/package.json so that
// kitjs's own install stays light; `npm ci` runs there when node_modules is missing or older than the lockfile.
//   node scripts/with-ecosystem-deps.mjs [--node-option=value...] [test files...]
// The tests are typechecked against the packages' own typings (test/ecosystem/tsconfig.json) and run with
// node:test; both always run, and the exit status fails when either does.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runNpm } from './run-npm.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const ecosystem = join(root, 'test', 'ecosystem');
const lock = join(ecosystem, 'package-lock.json');
// Written after a successful install: an install is redone when the lockfile is newer than it.
const stamp = join(ecosystem, 'node_modules', '.kitjs-installed');

function installed() {
  return existsSync(stamp) && statSync(stamp).mtimeMs >= statSync(lock).mtimeMs;
}

if (!existsSync(lock)) {
  console.error(
    'ecosystem: test/ecosystem/package-lock.json is missing; restore it (git checkout test/ecosystem/package-lock.json)',
  );
  process.exit(1);
}
if (!installed()) {
  console.log('ecosystem: installing the ecosystem packages (test/ecosystem/package-lock.json)...');
  const status = runNpm(['ci', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: ecosystem });
  if (status !== 0) {
    console.error('ecosystem: npm ci in test/ecosystem failed');
    process.exit(status);
  }
  writeFileSync(stamp, `${readFileSync(lock).length}\n`);
}

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
