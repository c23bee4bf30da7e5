// The package ships what its source maps name: a stack trace mapped by `--enable-source-maps` (or a
// debugger) points at files that exist in node_modules/kitjs, never at a path the package lacks.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The files `npm pack` puts in the tarball, as paths relative to the package root. */
function packedFiles(): Set<string> {
  // --ignore-scripts: the list, not a build (npm test builds before this runs).
  const out = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
    cwd: root,
    encoding: 'utf8',
  });
  const [report] = JSON.parse(out) as Array<{ files: Array<{ path: string }> }>;
  return new Set((report?.files ?? []).map((file) => file.path));
}

test('every source a shipped source map names is shipped too, and no test file is', () => {
  const packed = packedFiles();
  const maps = [...packed].filter((path) => path.startsWith('dist/') && path.endsWith('.map'));
  assert.ok(maps.length > 0, 'the package ships source maps');
  const missing = new Set<string>();
  for (const map of maps) {
    const { sources } = JSON.parse(readFileSync(join(root, map), 'utf8')) as { sources: string[] };
    for (const source of sources) {
      const path = relative(root, resolve(root, dirname(map), source));
      if (!packed.has(path)) missing.add(`${path} (named by ${map})`);
    }
  }
  assert.deepEqual([...missing], []);
  const tests = [...packed].filter((path) => path.endsWith('.test.ts'));
  assert.deepEqual(tests, []);
  // The unit tests that sit beside pure pieces in src/ stay out of the package, if there are any.
  const besideSources = readdirSync(join(root, 'src'), { recursive: true }).filter((name) =>
    String(name).endsWith('.test.ts'),
  );
  for (const name of besideSources) assert.ok(!packed.has(join('src', String(name))));
});

test('under --enable-source-maps, a route the build refuses names the application file that registered it', () => {
  // The mapped frames of dist/ read as src/ files: those are kitjs's own too, never "where it was registered".
  const app = join(root, 'test', 'package', 'fixtures', 'refused-route.mjs');
  const out = execFileSync(process.execPath, ['--enable-source-maps', app], { cwd: root, encoding: 'utf8' });
  assert.match(out, /route path "\/a\/\*\/b" \(\S*test\/package\/fixtures\/refused-route\.mjs:\d+\)/);
});
