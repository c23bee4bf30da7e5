/** Unit tests of how the suite finds the implementation under test (KIT_IMPL) and reads its profile. */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import {
  loadProfile,
  locateFlavourEntry,
  locateImplementation,
  repoRoot,
} from '../../step-definitions/support/impl.js';

const dir = mkdtempSync(join(tmpdir(), 'kit-impl-test-'));
after(() => rmSync(dir, { recursive: true, force: true }));

test('the default is this repo’s src/index.ts', () => {
  const saved = process.env.KIT_IMPL;
  delete process.env.KIT_IMPL;
  try {
    assert.equal(locateImplementation().file, join(repoRoot, 'src', 'index.ts'));
  } finally {
    if (saved !== undefined) process.env.KIT_IMPL = saved;
  }
});

test('a file path, relative to the cwd or absolute', () => {
  writeFileSync(join(dir, 'impl.mjs'), 'export default function kit() {}');
  assert.equal(locateImplementation('impl.mjs', dir).file, join(dir, 'impl.mjs'));
  assert.equal(locateImplementation(join(dir, 'impl.mjs')).dir, undefined);
});

test('a directory: package.json exports, then main, then an index file', () => {
  const withExports = join(dir, 'with-exports');
  mkdirSync(join(withExports, 'dist'), { recursive: true });
  writeFileSync(
    join(withExports, 'package.json'),
    JSON.stringify({
      exports: { '.': { types: './x.d.ts', import: './dist/index.js', require: './dist/index.cjs' } },
    }),
  );
  assert.equal(locateImplementation(withExports).file, join(withExports, 'dist', 'index.js'));
  const plain = join(dir, 'plain');
  mkdirSync(plain);
  writeFileSync(join(plain, 'index.js'), '');
  const found = locateImplementation(plain);
  assert.equal(found.file, join(plain, 'index.js'));
  assert.equal(found.dir, plain);
  const empty = join(dir, 'empty');
  mkdirSync(empty);
  assert.throws(() => locateImplementation(empty), /no package.json entry or index file/);
});

test('a package name resolves through node_modules; a missing path is an error', () => {
  assert.match(locateImplementation('pino', repoRoot).file ?? '', /node_modules[\\/]pino[\\/]/);
  assert.throws(() => locateImplementation('./nowhere.js', dir), /does not exist/);
});

test('the profile: beside the module, in the directory, or KIT_IMPL_PROFILE; reasons must be strings', () => {
  const pkg = join(dir, 'profiled');
  mkdirSync(pkg);
  writeFileSync(join(pkg, 'index.js'), '');
  const location = locateImplementation(pkg);
  assert.deepEqual(loadProfile(location), {
    name: undefined,
    file: undefined,
    lacks: {},
    knownFailures: {},
    flavours: {},
  });
  writeFileSync(join(pkg, 'kit-conformance.json'), JSON.stringify({ name: 'p', lacks: { mongodb: 'none' } }));
  const profile = loadProfile(location);
  assert.equal(profile.name, 'p');
  assert.deepEqual(profile.lacks, { mongodb: 'none' });
  assert.deepEqual(profile.knownFailures, {});
  writeFileSync(join(dir, 'other.json'), JSON.stringify({ knownFailures: { 'ROUTE-001': 7 } }));
  process.env.KIT_IMPL_PROFILE = join(dir, 'other.json');
  try {
    assert.throws(() => loadProfile(location), /"knownFailures" must be an object/);
    process.env.KIT_IMPL_PROFILE = join(dir, 'missing.json');
    assert.throws(() => loadProfile(location), /KIT_IMPL_PROFILE: .* does not exist/);
  } finally {
    delete process.env.KIT_IMPL_PROFILE;
  }
});

test('the Express-shaped entry: the path in the profile, a package export ./express, or express beside the module', () => {
  const noExpress = {
    name: undefined,
    file: undefined,
    lacks: {},
    knownFailures: {},
    flavours: {},
  };
  const src = locateImplementation(join(repoRoot, 'src', 'index.ts'));
  assert.equal(
    locateFlavourEntry(src, noExpress, 'express'),
    pathToFileURL(join(repoRoot, 'src', 'express.ts')).href,
  );
  const pkg = join(dir, 'express-pkg');
  mkdirSync(join(pkg, 'dist'), { recursive: true });
  writeFileSync(join(pkg, 'dist', 'index.js'), '');
  writeFileSync(join(pkg, 'dist', 'flavour.js'), '');
  writeFileSync(
    join(pkg, 'package.json'),
    JSON.stringify({ exports: { '.': './dist/index.js', './express': { import: './dist/flavour.js' } } }),
  );
  const location = locateImplementation(pkg);
  assert.equal(
    locateFlavourEntry(location, noExpress, 'express'),
    pathToFileURL(join(pkg, 'dist', 'flavour.js')).href,
  );
  const lone = join(dir, 'lone.mjs');
  writeFileSync(lone, 'export default function kit() {}');
  assert.equal(locateFlavourEntry(locateImplementation(lone), noExpress, 'express'), undefined);
  const declared = { ...noExpress, flavours: { express: join(dir, 'declared.js') } };
  assert.equal(
    locateFlavourEntry(location, declared, 'express'),
    pathToFileURL(join(dir, 'declared.js')).href,
  );
  // The Express 5 entry (X5-001): the same places, named express5.
  assert.equal(locateFlavourEntry(location, declared, 'express5'), undefined);
  writeFileSync(join(pkg, 'dist', 'five.js'), '');
  writeFileSync(
    join(pkg, 'package.json'),
    JSON.stringify({ exports: { '.': './dist/index.js', './express5': { import: './dist/five.js' } } }),
  );
  assert.equal(
    locateFlavourEntry(location, noExpress, 'express5'),
    pathToFileURL(join(pkg, 'dist', 'five.js')).href,
  );
  const declared5 = { ...noExpress, flavours: { express5: join(dir, 'five.js') } };
  assert.equal(locateFlavourEntry(location, declared5, 'express5'), pathToFileURL(join(dir, 'five.js')).href);
  const beside = join(dir, 'beside');
  mkdirSync(beside);
  writeFileSync(join(beside, 'index.mjs'), 'export default function kit() {}');
  writeFileSync(join(beside, 'express5.mjs'), '');
  assert.equal(
    locateFlavourEntry(locateImplementation(join(beside, 'index.mjs')), noExpress, 'express5'),
    pathToFileURL(join(beside, 'express5.mjs')).href,
  );
});

test('any flavour by name: the profile declares it under "flavours" (express and express5 are short for two)', () => {
  const pkg = join(dir, 'flavoured');
  mkdirSync(pkg);
  writeFileSync(join(pkg, 'index.js'), '');
  writeFileSync(
    join(pkg, 'kit-conformance.json'),
    JSON.stringify({ express5: './five.js', flavours: { ctx: './flavours/ctx.js' } }),
  );
  const location = locateImplementation(pkg);
  const profile = loadProfile(location);
  assert.deepEqual(profile.flavours, {
    ctx: join(pkg, 'flavours', 'ctx.js'),
    express5: join(pkg, 'five.js'),
  });
  assert.equal(
    locateFlavourEntry(location, profile, 'ctx'),
    pathToFileURL(join(pkg, 'flavours', 'ctx.js')).href,
  );
  assert.equal(locateFlavourEntry(location, profile, 'other'), undefined);
  writeFileSync(join(pkg, 'kit-conformance.json'), JSON.stringify({ flavours: { ctx: 3 } }));
  assert.throws(() => loadProfile(location), /"flavours" must be an object/);
});
