// Unit tests of file discovery: the glob is resolved from the base directory and never enters node_modules.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import {
  DEFAULT_FILES_PATTERN,
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
