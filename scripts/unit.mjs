// Runs every *.test.ts under test/ (and beside the sources in src/) with node:test; Node 20 takes no globs.
// `node scripts/unit.mjs [--node-option=value...] [paths...]`: paths narrow the run to the files under them.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// test/ecosystem needs its own install (its packages are not kitjs's dependencies) and is typechecked
// against their typings first: `npm run test:ecosystem` (scripts/with-ecosystem-deps.mjs) runs it, never this.
const OWN_RUNNER = [join('test', 'ecosystem')];

/**
 * The *.test.ts files under `dir`, walked by hand so that node_modules folders are never entered: a
 * recursive readdir lists them first, and test/ecosystem/node_modules/kitjs links back to this repo, a loop.
 */
function testsUnder(dir) {
  const found = [];
  const walk = (relativeDir) => {
    let entries;
    try {
      entries = readdirSync(join(root, relativeDir), { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const path = join(relativeDir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && !OWN_RUNNER.includes(path)) walk(path);
      } else if (entry.name.endsWith('.test.ts')) found.push(path);
    }
  };
  walk(dir);
  return found;
}

const args = process.argv.slice(2);
const options = args.filter((arg) => arg.startsWith('-'));
const filters = args.filter((arg) => !arg.startsWith('-')).map((arg) => resolve(arg));
const files = [...testsUnder('test'), ...testsUnder('src')]
  .filter((file) => {
    const absolute = join(root, file);
    return filters.length === 0 || filters.some((f) => absolute === f || absolute.startsWith(f + sep));
  })
  .sort();
if (files.length === 0) {
  const ecosystem = join(root, 'test', 'ecosystem');
  const asked = filters.some((f) => f === ecosystem || f.startsWith(ecosystem + sep));
  console.log(
    asked ? 'unit: test/ecosystem runs with npm run test:ecosystem' : 'unit: no *.test.ts files found',
  );
  process.exit(0);
}
// The whole run's counts also go to <reports>/unit.tap (KIT_REPORTS_DIR, as for the features), whose closing
// `# tests N`, `# pass N`... lines scripts/gate-on-node.mjs reads for the line of the Node that ran them.
const reports = process.env.KIT_REPORTS_DIR ? resolve(process.env.KIT_REPORTS_DIR) : join(root, 'reports');
const tap =
  filters.length === 0
    ? ['--test-reporter=tap', `--test-reporter-destination=${join(reports, 'unit.tap')}`]
    : [];
if (tap.length > 0) mkdirSync(reports, { recursive: true });
const run = spawnSync(
  process.execPath,
  [
    '--import',
    'tsx',
    '--import',
    './test/support/property-seed.mjs',
    '--test',
    '--test-reporter=spec',
    '--test-reporter-destination=stdout',
    ...tap,
    ...options,
    ...files.map((f) => relative(root, join(root, f))),
  ],
  { cwd: root, stdio: 'inherit' },
);
process.exit(run.status ?? 1);
