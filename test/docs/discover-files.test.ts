// Unit tests of file discovery: the glob is resolved from the base directory and never enters node_modules.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import {
  DEFAULT_FILES_PATTERN,
  defaultFilesPattern,
  emptyPatterns,
  findAnnotatedFiles,
  readSources,
} from '../../src/batteries/docs/discover-files.ts';
import type { DocsWarning } from '../../src/batteries/docs/types.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'kit-docs-'));
after(() => rmSync(dir, { recursive: true, force: true }));
for (const file of [
  'a.js',
  'routes/b.js',
  'routes/c.ts',
  'node_modules/pkg/d.js',
  'deep/node_modules/e.js',
  'server.mjs',
  'routes/f.cts',
  'routes/g.mts',
  'types/h.d.ts',
  'dist/i.js',
  'sub/build/j.js',
  'coverage/k.js',
  'notes.txt',
]) {
  mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  writeFileSync(path.join(dir, file), '/** GET /x */');
}

test('the default pattern finds every JS and TS module kind, never node_modules, declarations or build output', () => {
  const found = findAnnotatedFiles(DEFAULT_FILES_PATTERN, dir).map((f) => path.relative(dir, f));
  assert.deepEqual(
    found,
    ['a.js', 'routes/b.js', 'routes/c.ts', 'routes/f.cts', 'routes/g.mts', 'server.mjs'].map((f) =>
      path.join(...f.split('/')),
    ),
  );
});

test('a pattern naming .ts files finds them; several patterns and ../ patterns work', () => {
  assert.deepEqual(
    findAnnotatedFiles('routes/*.ts', dir).map((f) => path.basename(f)),
    ['c.ts'],
  );
  assert.equal(findAnnotatedFiles(['a.js', 'routes/*.ts'], dir).length, 2);
  assert.deepEqual(
    findAnnotatedFiles('../a.js', path.join(dir, 'routes')).map((f) => path.relative(dir, f)),
    ['a.js'],
  );
});

test('an explicit node_modules pattern still finds nothing there', () => {
  assert.deepEqual(findAnnotatedFiles('node_modules/**/*.js', dir), []);
});

test('an unreadable file becomes a warning', () => {
  const warnings: DocsWarning[] = [];
  const sources = readSources([path.join(dir, 'a.js'), path.join(dir, 'missing.js')], dir, warnings);
  assert.equal(sources.length, 1);
  assert.equal(sources[0]!.file, 'a.js');
  assert.equal(warnings.length, 1);
  assert.equal(warnings[0]!.file, 'missing.js');
});

test('an app run from a build folder below baseDir reads that folder’s JavaScript (DOCS-021)', () => {
  const app = path.join(dir, 'app');
  for (const file of ['dist/server.js', 'dist/routes/users.cjs', 'dist/types.d.ts', 'src/server.ts']) {
    mkdirSync(path.dirname(path.join(app, file)), { recursive: true });
    writeFileSync(path.join(app, file), '/** GET /x */');
  }
  const fromDist = defaultFilesPattern(app, path.join(app, 'dist', 'server.js'));
  assert.deepEqual(fromDist, ['./dist/**/*.{js,mjs,cjs}']);
  assert.deepEqual(
    findAnnotatedFiles(fromDist, app).map((f) => path.relative(app, f)),
    [path.join('dist', 'routes', 'users.cjs'), path.join('dist', 'server.js')],
  );
  // Run from the build folder itself, or from its sources, or by something in node_modules.
  assert.deepEqual(defaultFilesPattern(path.join(app, 'dist'), path.join(app, 'dist', 'server.js')), [
    './**/*.{js,mjs,cjs}',
  ]);
  assert.equal(defaultFilesPattern(app, path.join(app, 'src', 'server.ts')), DEFAULT_FILES_PATTERN);
  assert.equal(
    defaultFilesPattern(dir, path.join(dir, 'node_modules', 'pkg', 'd.js')),
    DEFAULT_FILES_PATTERN,
  );
  assert.equal(defaultFilesPattern(app, path.join(app, 'dist', 'missing.js')), DEFAULT_FILES_PATTERN);
  assert.equal(defaultFilesPattern(app, undefined), DEFAULT_FILES_PATTERN);
  // A build folder above baseDir (a checkout under /srv/build/) is not the app's.
  assert.deepEqual(defaultFilesPattern(path.join(dir, 'sub'), path.join(dir, 'sub', 'build', 'j.js')), [
    './build/**/*.{js,mjs,cjs}',
  ]);
  assert.equal(
    defaultFilesPattern(path.join(dir, 'sub', 'build', 'app'), path.join(dir, 'sub', 'build', 'j.js')),
    DEFAULT_FILES_PATTERN,
  );
});

test('each positive pattern that finds no file is named; ! patterns are not', () => {
  const found = findAnnotatedFiles(['a.js', 'missing/*.js', '!routes/*.js'], dir);
  assert.deepEqual(emptyPatterns(['a.js', 'missing/*.js', '!routes/*.js'], dir, found), ['missing/*.js']);
  assert.deepEqual(emptyPatterns('a.js', dir, findAnnotatedFiles('a.js', dir)), []);
  assert.deepEqual(emptyPatterns(['none/*.js', '!x'], dir, []), ['none/*.js']);
});
