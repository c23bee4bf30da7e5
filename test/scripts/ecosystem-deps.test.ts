// The Express middleware the ecosystem tests run (test/ecosystem) are its own dependencies, not kitjs's.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { test } from 'node:test';

type Manifest = {
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  scripts?: Record<string, string>;
  packages?: Record<string, unknown>;
};
const read = (path: string): Manifest => JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8'));
const PACKAGES = [
  'compression',
  'cookie-parser',
  'cors',
  'express-rate-limit',
  'express-session',
  'express-validator',
  'helmet',
  'http-errors',
  'method-override',
  'morgan',
  'multer',
  'passport',
  'passport-local',
  'response-time',
  'serve-favicon',
];

test('npm install of kitjs installs none of the ecosystem packages; test/ecosystem declares each', () => {
  const root = read('../../package.json');
  const rootNames = Object.keys({ ...root.dependencies, ...root.devDependencies });
  assert.deepEqual(
    PACKAGES.filter((name) => rootNames.includes(name)),
    [],
  );
  // supertest too, so that the ecosystem tests need nothing of the root's test tools but tsx and typescript.
  const ecosystem = read('../ecosystem/package.json');
  assert.deepEqual(
    [...PACKAGES, 'supertest'].filter((name) => ecosystem.dependencies?.[name] === undefined),
    [],
  );
});

test('each ecosystem package has its test file, and npm test runs them after the unit tests', () => {
  const files = readdirSync(new URL('../ecosystem/', import.meta.url)).filter((name) =>
    name.endsWith('.test.ts'),
  );
  // passport-local is tested with passport, in passport.test.ts.
  const expected = [...PACKAGES.filter((name) => name !== 'passport-local'), 'supertest'].map(
    (name) => `${name}.test.ts`,
  );
  // Beside them, typical-stack.test.ts runs several of them on one app.
  assert.deepEqual(files.sort(), [...expected, 'typical-stack.test.ts'].sort());
  const scripts = read('../../package.json').scripts ?? {};
  assert.equal(scripts['test:ecosystem'], 'node scripts/with-ecosystem-deps.mjs');
  assert.match(scripts.test ?? '', /npm run test:unit && npm run test:ecosystem &&/);
});

test('Express itself is not installed for the ecosystem tests: the middleware runs on kitjs alone', () => {
  const lock = read('../ecosystem/package-lock.json');
  const installed = Object.keys(lock.packages ?? {});
  assert.ok(installed.includes('node_modules/cookie-parser'), 'the lockfile lists the installed packages');
  assert.deepEqual(
    installed.filter((path) => /(^|\/)node_modules\/express$/.test(path)),
    [],
  );
});
