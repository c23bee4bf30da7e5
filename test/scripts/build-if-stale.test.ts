// REF-020: `npm start` builds dist/ only when it is missing or older than its sources.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';

const script = fileURLToPath(new URL('../../scripts/build-if-stale.mjs', import.meta.url));
const project = mkdtempSync(join(tmpdir(), 'kit-start-'));
after(() => rmSync(project, { recursive: true, force: true }));

// A project shaped like kitjs whose "build" writes what scripts/build-entries.mjs says the build writes
// (each entry's four files and the shared core's) and counts how often it ran.
mkdirSync(join(project, 'scripts'));
mkdirSync(join(project, 'src'));
copyFileSync(script, join(project, 'scripts', 'build-if-stale.mjs'));
for (const helper of ['run-npm.mjs', 'build-entries.mjs']) {
  copyFileSync(join(dirname(script), helper), join(project, 'scripts', helper));
}
writeFileSync(join(project, 'src', 'index.ts'), 'export {};\n');
writeFileSync(join(project, 'tsconfig.json'), '{}');
writeFileSync(
  join(project, 'make-dist.mjs'),
  `import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { buildOutputs } from './scripts/build-entries.mjs';
for (const file of buildOutputs('.')) {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, '');
}
appendFileSync('builds.txt', 'x');\n`,
);
writeFileSync(
  join(project, 'package.json'),
  JSON.stringify({
    type: 'module',
    exports: { '.': { import: { default: './dist/index.js' } } },
    scripts: { build: 'node make-dist.mjs' },
  }),
);

/** Runs the script as `npm start` would; `viaNpm: false` drops npm_execpath, as a direct `node` run has none. */
function start(viaNpm = true): number {
  const env = { ...process.env };
  if (!viaNpm) delete env.npm_execpath;
  const run = spawnSync(process.execPath, [join(project, 'scripts', 'build-if-stale.mjs')], {
    encoding: 'utf8',
    env,
  });
  assert.equal(run.status, 0, run.stderr);
  try {
    return readFileSync(join(project, 'builds.txt'), 'utf8').length;
  } catch {
    return 0;
  }
}

test('builds when dist/ is missing, not again while it is fresh, again once a source is newer', () => {
  assert.equal(start(), 1, 'first start builds');
  assert.equal(start(), 1, 'second start does not');
  // The outputs made a minute before the source last changed.
  const earlier = new Date(Date.now() - 60_000);
  for (const f of ['index.js', 'index.cjs', 'index.d.ts', 'index.d.cts']) {
    utimesSync(join(project, 'dist', f), earlier, earlier);
  }
  assert.equal(start(), 2, 'a newer source rebuilds');
  assert.equal(start(), 2);
  rmSync(join(project, 'dist', 'index.d.cts'));
  assert.equal(start(), 3, 'a missing output rebuilds');
  rmSync(join(project, 'dist', 'index.d.cts'));
  assert.equal(start(false), 4, 'started by node itself, it finds npm on its own');
  rmSync(join(project, 'dist', 'core.cjs'));
  assert.equal(start(), 5, 'a missing core chunk rebuilds');
  assert.equal(start(), 5);
});
