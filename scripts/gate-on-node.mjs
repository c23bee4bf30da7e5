// The suites the CI runs on each Node it tests (.ci/run), and one line of counts per Node. `npm test` runs
// everything on the machine's Node (the floor of `engines`); this script runs the unit tests and the features
// again on the Node that runs it, with their reports in .cache/ci/node-<major>/ so that reports/ (which the site
// reads) and the committed status (spec/status/kitjs.ndjson) are left as `npm test` made them.
//   node scripts/with-node.mjs 26 node scripts/gate-on-node.mjs   runs both on Node 26, prints its line
//   node scripts/gate-on-node.mjs --from-reports                  the line of the run `npm test` did on this Node
//                                                                 (reports/unit.tap and reports/features.json)
//   node scripts/gate-on-node.mjs --summary                       one line per Node recorded in .cache/ci/
// Counts come from the runners' own summaries: node:test's closing `ℹ tests N` lines and features.mjs's
// `totals` in features.json. Exit status 1 when a suite failed or its counts cannot be found.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, '.cache', 'ci');
const major = process.versions.node.split('.')[0];

const { values: opts } = parseArgs({
  options: {
    'from-reports': { type: 'boolean', default: false },
    summary: { type: 'boolean', default: false },
  },
});

/** node:test's closing summary (`ℹ tests 1089`, `ℹ pass 1062`...), the last one in `text`, or null. */
export function unitCounts(text) {
  const counts = {};
  for (const name of ['tests', 'pass', 'fail', 'cancelled', 'skipped', 'todo']) {
    const all = [...text.matchAll(new RegExp(`^ℹ ${name} (\\d+)\\s*$`, 'gm'))];
    if (all.length === 0) return null;
    counts[name] = Number(all.at(-1)[1]);
  }
  return counts;
}

/** The totals of a features.json report (`{ passed, failed, skipped }`), or null when it is missing. */
function featureCounts(file) {
  if (!existsSync(file)) return null;
  return JSON.parse(readFileSync(file, 'utf8')).totals ?? null;
}

/** The line of one Node: `Node 26.12.1: unit 1089 tests, 1062 pass, 0 fail, 27 skipped; features ...`. */
function line(record) {
  const { unit: u, features: f } = record;
  const unit = u
    ? `unit ${u.tests} tests, ${u.pass} pass, ${u.fail} fail, ${u.skipped} skipped${u.cancelled ? `, ${u.cancelled} cancelled` : ''}${u.todo ? `, ${u.todo} todo` : ''}`
    : 'unit: no counts found';
  const features = f
    ? `features ${f.passed} passed, ${f.failed} failed, ${f.skipped} skipped`
    : 'features: no counts found';
  const minutes = record.seconds
    ? ` (${Object.entries(record.seconds)
        .map(([k, s]) => `${k} ${(s / 60).toFixed(1)} min`)
        .join(', ')})`
    : '';
  return `Node ${record.node}: ${unit}; ${features}${minutes}`;
}

const passed = (record) =>
  record.unit !== null &&
  record.unit.fail === 0 &&
  record.unit.cancelled === 0 &&
  record.features !== null &&
  record.features.failed === 0 &&
  record.exitCodes.every((code) => code === 0);

function save(record) {
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, `node-${major}.json`), `${JSON.stringify(record, null, 2)}\n`);
  console.log(line(record));
  process.exit(passed(record) ? 0 : 1);
}

/** Runs a command with its output shown and kept; resolves to { code, text, seconds }. */
function run(args, env) {
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn(process.execPath, args, {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let text = '';
    child.stdout.on('data', (chunk) => {
      text += chunk;
      process.stdout.write(chunk);
    });
    child.stderr.on('data', (chunk) => process.stderr.write(chunk));
    child.on('close', (code, signal) =>
      resolve({ code: code ?? (signal ? 1 : 0), text, seconds: (performance.now() - started) / 1000 }),
    );
  });
}

if (opts.summary) {
  const records = existsSync(out)
    ? readdirSync(out)
        .filter((name) => /^node-\d+\.json$/.test(name))
        .map((name) => JSON.parse(readFileSync(join(out, name), 'utf8')))
        .sort((a, b) => Number(a.node.split('.')[0]) - Number(b.node.split('.')[0]))
    : [];
  if (records.length === 0) {
    console.error(`gate-on-node: no counts in ${relative(process.cwd(), out)}`);
    process.exit(1);
  }
  for (const record of records) console.log(line(record));
  process.exit(records.every(passed) ? 0 : 1);
}

if (opts['from-reports']) {
  // scripts/unit.mjs writes node:test's TAP to reports/unit.tap: its closing `# tests N`, `# pass N`... lines.
  const tap = join(root, 'reports', 'unit.tap');
  const text = existsSync(tap) ? readFileSync(tap, 'utf8').replace(/^# (\w+) (\d+)\s*$/gm, 'ℹ $1 $2') : '';
  save({
    node: process.versions.node,
    unit: unitCounts(text),
    features: featureCounts(join(root, 'reports', 'features.json')),
    exitCodes: [],
  });
}
const reports = join(out, `node-${major}`);
// A report left from an earlier run must not stand in for one this run failed to write.
rmSync(reports, { recursive: true, force: true });
const tools = join(root, 'scripts', 'with-test-tools.mjs');
console.log(`gate-on-node: unit tests on Node ${process.versions.node}`);
const unit = await run([tools, process.execPath, join(root, 'scripts', 'unit.mjs')]);
console.log(
  `gate-on-node: features on Node ${process.versions.node} (reports in ${relative(root, reports)}/)`,
);
const features = await run([tools, process.execPath, join(root, 'scripts', 'features.mjs')], {
  KIT_REPORTS_DIR: reports,
  KIT_REPORT: '',
});
save({
  node: process.versions.node,
  unit: unitCounts(unit.text),
  features: featureCounts(join(reports, 'features.json')),
  exitCodes: [unit.code, features.code],
  seconds: { unit: Math.round(unit.seconds), features: Math.round(features.seconds) },
});
