// Runs Express's own API tests (test/*.js of an Express checkout) with `require('express')` (their `require('..')`)
// resolving to the built kitjs/express (Express 4.21.2's suite) or kitjs/express5 (`--express 5`: Express
// 5.2.1's suite), and prints how many pass. A developer tool, not part of `npm test`: it needs an Express
// checkout, which CI does not have.
//   npm run build && EXPRESS_REPO=/path/to/express node scripts/express-suite.mjs [--express 5] [--verbose] [file.js...]
//   --target PATH   runs the suite on another module instead (a real express, for the baseline)
//
// EXPRESS_REPO is a checkout of expressjs/express at tag 4.21.2 (a bare git directory works too: the tag's
// test/ is read with `git archive`). Its test/ is copied into .cache/express-suite/run/test, next to a
// package.json named express whose main re-exports kitjs's dist/express.cjs: the tests' `require('..')` gets
// kitjs/express itself, with no layer of behaviour in between. The tests' own dependencies (mocha, supertest...,
// the versions Express 4.21.2 pins) are installed once into .cache/express-suite from the npm registry.
// Left out: test/acceptance (Express's example apps) and test/utils.js (unit tests of Express's lib/utils), in
// both suites; Express 5's Route.js, Router.js, app.router.js and res.send.js read `methods` from lib/utils,
// which the run gets as a one-line stand-in (Node's METHODS, lower-cased, as 5.2.1's lib/utils.js has it).
// Express 5's copy runs under the system's temporary directory: send 1.x ignores files under a dotted
// directory such as .cache/.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runNpm } from './run-npm.mjs';

const args = process.argv.slice(2);
/** The value after `--name` in the arguments, removed from them with its flag. */
function option(name) {
  const at = args.indexOf(name);
  if (at === -1) return undefined;
  return args.splice(at, 2)[1];
}
const major = option('--express') ?? '4';
const target = option('--target');
if (major !== '4' && major !== '5') {
  console.error('express-suite: --express is 4 or 5');
  process.exit(2);
}
const TAG = major === '5' ? 'v5.2.1' : '4.21.2';
// Express 4.21.2's devDependencies the API tests load, and the runtime packages they require directly.
const DEPENDENCIES_4 = {
  after: '0.8.2',
  'cookie-parser': '1.4.6',
  methods: '1.1.2',
  mocha: '10.2.0',
  'on-finished': '2.4.1',
  'safe-buffer': '5.2.1',
  supertest: '6.3.0',
  'utils-merge': '1.0.1',
};
// Express 5.2.1's devDependencies the API tests load, and the runtime packages they require directly.
const DEPENDENCIES_5 = {
  after: '0.8.2',
  'cookie-parser': '1.4.7',
  mocha: '10.8.2',
  'on-finished': '2.4.1',
  supertest: '6.3.4',
};
const DEPENDENCIES = major === '5' ? DEPENDENCIES_5 : DEPENDENCIES_4;
// Not API tests of the express package: its examples (test/acceptance) and its private lib/utils.js.
const LEFT_OUT = new Set(['acceptance', 'utils.js']);
// Express 5's Route.js, Router.js, app.router.js and res.send.js read the list of methods from Express's
// private lib/utils.js; the stand-in is what 5.2.1's says: Node's METHODS, lower-cased.
const UTILS_5 = `'use strict';\nexports.methods = require('node:http').METHODS.map((method) => method.toLowerCase());\n`;

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// Express 5's send ignores files under a hidden directory (`.cache/...`), and its res.sendFile tests serve
// the suite's own fixtures: its copy lives in the system's temporary directory, under no dotted name.
const cache = major === '5' ? join(tmpdir(), 'kitjs-express-suite-5') : join(root, '.cache', 'express-suite');
const run = join(cache, 'run');
const verbose = args.includes('--verbose');
const chosen = args.filter((arg) => !arg.startsWith('--'));

const repo = process.env.EXPRESS_REPO;
if (!repo) {
  console.error(`express-suite: set EXPRESS_REPO to a checkout of expressjs/express at tag ${TAG}`);
  process.exit(2);
}
const entry = major === '5' ? 'express5' : 'express';
const built = target ? resolve(target) : join(root, 'dist', `${entry}.cjs`);
if (!existsSync(built)) {
  console.error(`express-suite: ${built} is missing; run \`npm run build\` first`);
  process.exit(2);
}

/** Installs the tests' dependencies into the cache once (again when the pinned versions change). */
function installDependencies() {
  mkdirSync(cache, { recursive: true });
  const manifest = `${JSON.stringify({ name: 'kitjs-express-suite', private: true, dependencies: DEPENDENCIES }, null, 2)}\n`;
  const stamp = join(cache, 'node_modules', '.kitjs-installed');
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === manifest) return;
  writeFileSync(join(cache, 'package.json'), manifest);
  console.log(`express-suite: installing the tests’ dependencies (mocha, supertest...) into ${cache}`);
  const status = runNpm(['install', '--no-audit', '--no-fund', '--no-package-lock', '--loglevel=error'], {
    cwd: cache,
  });
  if (status !== 0) process.exit(status);
  writeFileSync(stamp, manifest);
}

/** The stand-in for Express's package root: its tests, and a package.json whose main is kitjs/express. */
function layOut(source) {
  rmSync(run, { recursive: true, force: true });
  mkdirSync(run, { recursive: true });
  writeFileSync(
    join(run, 'package.json'),
    `${JSON.stringify({ name: 'express', version: TAG.replace(/^v/, ''), private: true, main: 'index.js' }, null, 2)}\n`,
  );
  writeFileSync(join(run, 'index.js'), `module.exports = require(${JSON.stringify(built)});\n`);
  if (major === '5') {
    mkdirSync(join(run, 'lib'));
    writeFileSync(join(run, 'lib', 'utils.js'), UTILS_5);
  }
  const worktree = existsSync(join(source, 'test')) && statSync(join(source, 'test')).isDirectory();
  if (worktree) {
    const version = JSON.parse(readFileSync(join(source, 'package.json'), 'utf8')).version;
    if (version !== TAG.replace(/^v/, ''))
      console.warn(`express-suite: EXPRESS_REPO is express ${version}, not ${TAG}`);
    cpSync(join(source, 'test'), join(run, 'test'), { recursive: true });
  } else {
    // A bare repository (such as a mirror): the tag's test/ through git archive.
    const archive = spawnSync('git', ['--git-dir', source, 'archive', '--format=tar', TAG, 'test'], {
      maxBuffer: 1 << 28,
    });
    if (archive.status !== 0) {
      console.error(`express-suite: ${source} is neither a checkout nor a git directory with tag ${TAG}`);
      console.error(String(archive.stderr));
      process.exit(2);
    }
    const untar = spawnSync('tar', ['-x', '-C', run], { input: archive.stdout });
    if (untar.status !== 0) process.exit(untar.status ?? 1);
  }
  for (const name of LEFT_OUT) rmSync(join(run, 'test', name), { recursive: true, force: true });
}

/** Runs mocha as Express's `npm test` does (test/support/env, --check-leaks), collecting results as JSON. */
function runMocha() {
  const reporter = join(cache, 'collect-reporter.cjs');
  const output = join(cache, 'results.json');
  writeFileSync(reporter, REPORTER);
  rmSync(output, { force: true });
  const files = chosen.length > 0 ? chosen.map((file) => join('test', file)) : ['test/'];
  const mocha = join(cache, 'node_modules', 'mocha', 'bin', 'mocha.js');
  const log = join(cache, 'mocha.log');
  const result = spawnSync(
    process.execPath,
    [
      mocha,
      '--require',
      'test/support/env',
      '--check-leaks',
      '--exit',
      '--timeout',
      '5000',
      '--reporter',
      reporter,
      ...files,
    ],
    {
      cwd: run,
      env: { ...process.env, KITJS_SUITE_RESULTS: output },
      stdio: verbose ? 'inherit' : ['ignore', 'pipe', 'pipe'],
      maxBuffer: 1 << 28,
    },
  );
  if (!verbose) writeFileSync(log, `${result.stdout ?? ''}${result.stderr ?? ''}`);
  if (!existsSync(output)) {
    console.error(`express-suite: mocha ended (status ${result.status}) without results; see ${log}`);
    process.exit(1);
  }
  return JSON.parse(readFileSync(output, 'utf8'));
}

function report({ passed, failures, pending, total }) {
  const byFile = new Map();
  for (const failure of failures) {
    const list = byFile.get(failure.file) ?? [];
    list.push(failure);
    byFile.set(failure.file, list);
  }
  for (const [file, list] of [...byFile].sort(([a], [b]) => a.localeCompare(b))) {
    console.log(`\n${file} (${list.length})`);
    for (const failure of list) {
      const reason = failure.message.split('\n')[0].slice(0, 160);
      console.log(`  ✗ ${failure.title}${reason ? `\n      ${reason}` : ''}`);
    }
  }
  const failed = total - passed - pending;
  const share = total === 0 ? 0 : ((passed / total) * 100).toFixed(1);
  const on = target ? target : `kitjs/${entry}`;
  console.log(`\nexpress-suite: Express ${TAG}'s API tests on ${on}: ${share}% of ${total} pass`);
  console.log(`${passed} passed, ${failed} failed${pending > 0 ? `, ${pending} skipped` : ''}`);
  process.exitCode = failed === 0 ? 0 : 1;
}

// A mocha reporter that writes what passed and what failed (with its file) to KITJS_SUITE_RESULTS. A failing
// hook counts every test under it that did not run as failed, under the hook's title.
const REPORTER = `'use strict';
const { writeFileSync } = require('node:fs');
const { relative } = require('node:path');
module.exports = function CollectReporter(runner) {
  let passed = 0;
  let pending = 0;
  const failures = [];
  const file = (runnable) => relative(process.cwd(), runnable.file || (runnable.parent && runnable.parent.file) || '');
  runner.on('pass', () => { passed++; });
  runner.on('pending', () => { pending++; });
  runner.on('fail', (runnable, err) => {
    failures.push({ file: file(runnable), title: runnable.fullTitle(), message: String((err && err.message) || err) });
  });
  runner.once('end', () => {
    writeFileSync(process.env.KITJS_SUITE_RESULTS, JSON.stringify({ passed, pending, failures, total: runner.total }));
  });
};
`;

installDependencies();
layOut(resolve(repo));
const results = runMocha();
report(results);
