#!/usr/bin/env node
// What importing each entry costs (issue 46): for every entry of package.json's exports (kitjs, kitjs/auth,
// kitjs/db...), in ESM (`await import()`) and CommonJS (`require()`), the time the import takes in a fresh
// process, and what it loads: the files of the build (dist/) and of node_modules/, with their bytes.
//   node bench/imports.mjs [--runs 15] [--dist label=DIR ...] [--out DIR]
// `--dist` names the builds to compare (default `dist=dist`, this repository's); another build works when it
// sits where its dependencies resolve (a copy of main's dist/ under .cache/, say). Each run is a new node
// process that imports one entry by its file and prints the milliseconds `import()`/`require()` took (node's
// own start excluded); runs are interleaved over builds, entries and formats, order rotated each round, and
// the figure is the median (range in brackets). What is loaded comes from one more process per entry and
// format: require.cache for CommonJS, and for ESM a module.register() load hook as well (it slows loading,
// so it never runs in a timed process). Writes DIR/imports.{md,json} (DIR: bench/results/). Needs `npm run
// build` first. No test asserts on the times; test/package/entry-weight.test.ts holds the bytes to their
// bound from the built files' imports.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.join(here, '..');

const { values: opts } = parseArgs({
  options: {
    runs: { type: 'string', default: '15' },
    dist: { type: 'string', multiple: true },
    out: { type: 'string', default: path.join(here, 'results') },
  },
});
const runs = Number(opts.runs);
const builds = (opts.dist ?? ['dist=dist']).map((pair) => {
  const [label, dir] = pair.includes('=') ? pair.split('=') : [pair, pair];
  return { label, dir: path.resolve(root, dir) };
});

// The entries, read from package.json's exports as the build reads them (scripts/build-entries.mjs).
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
const entries = Object.entries(pkg.exports)
  .map(([subpath, target]) => [subpath, /^\.\/dist\/([\w-]+)\.js$/.exec(target?.import?.default ?? '')?.[1]])
  .filter(([, file]) => file)
  .map(([subpath, file]) => ({ name: subpath === '.' ? 'kitjs' : `kitjs/${subpath.slice(2)}`, file }));
const FORMATS = { esm: '.js', cjs: '.cjs' };

for (const { label, dir } of builds) {
  for (const { file } of entries) {
    for (const extension of Object.values(FORMATS)) {
      if (!fs.existsSync(path.join(dir, `${file}${extension}`))) {
        throw new Error(`${label}: ${dir}/${file}${extension} is missing (npm run build first)`);
      }
    }
  }
}

/** The script a timed process runs: the import, timed, and nothing else. */
function timedScript(format, file) {
  return format === 'esm'
    ? `const t0 = performance.now(); await import(${JSON.stringify(pathToFileURL(file).href)});
       console.log(performance.now() - t0);`
    : `const t0 = performance.now(); require(${JSON.stringify(file)}); console.log(performance.now() - t0);`;
}

// The ESM load hook: every URL node loads goes back to the importing thread.
const HOOKS = `let port;
export function initialize(data) { port = data.port; }
export async function load(url, context, next) { port.postMessage(url); return next(url, context); }`;

/** The script of the process that lists what an import loads: file paths, ESM and CommonJS together. */
function loadedScript(format, file) {
  const list = `const cached = Object.keys(require.cache);
    console.log(JSON.stringify([...new Set([...urls.filter((u) => u.startsWith('file:'))
      .map((u) => fileURLToPath(u)), ...cached])]));`;
  return format === 'esm'
    ? `import { createRequire, register } from 'node:module';
       import { fileURLToPath } from 'node:url';
       import { MessageChannel } from 'node:worker_threads';
       const require = createRequire(import.meta.url);
       const urls = [];
       const { port1, port2 } = new MessageChannel();
       port1.on('message', (url) => urls.push(url));
       register('data:text/javascript,' + encodeURIComponent(${JSON.stringify(HOOKS)}), {
         data: { port: port2 }, transferList: [port2] });
       await import(${JSON.stringify(pathToFileURL(file).href)});
       await new Promise((resolve) => setTimeout(resolve, 50));
       port1.close();
       ${list}`
    : `const urls = []; const { fileURLToPath } = require('node:url');
       require(${JSON.stringify(file)});
       ${list}`;
}

function node(format, script) {
  const args = format === 'esm' ? ['--input-type=module', '-e', script] : ['-e', script];
  const run = spawnSync(process.execPath, args, { cwd: root, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`node ${args.join(' ')}: ${run.stderr}`);
  return run.stdout.trim().split('\n').pop();
}

const cases = builds.flatMap((build) =>
  entries.flatMap((entry) =>
    Object.entries(FORMATS).map(([format, extension]) => ({
      build,
      entry,
      format,
      file: path.join(build.dir, `${entry.file}${extension}`),
      times: [],
    })),
  ),
);

// What each import loads.
for (const c of cases) {
  const files = JSON.parse(node(c.format, loadedScript(c.format, c.file)));
  const size = (list) => list.reduce((sum, f) => sum + fs.statSync(f).size, 0);
  const own = files.filter((f) => f.startsWith(`${c.build.dir}${path.sep}`));
  const deps = files.filter((f) => f.includes(`${path.sep}node_modules${path.sep}`));
  c.dist = { files: own.map((f) => path.relative(c.build.dir, f)).sort(), bytes: size(own) };
  c.deps = { files: deps.length, bytes: size(deps) };
}

// The times: one process an import, rounds interleaved, order rotated.
const started = Date.now();
for (let round = 0; round < runs; round++) {
  const order = cases.map((_, index) => cases[(index + round) % cases.length]);
  for (const c of order) c.times.push(Number(node(c.format, timedScript(c.format, c.file))));
  process.stdout.write(`\rround ${round + 1}/${runs}`);
}
process.stdout.write('\n');

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value) => value.toFixed(1);

const lines = [
  '# Import cost per entry',
  '',
  `\`node bench/imports.mjs --runs ${runs}${(opts.dist ?? []).map((d) => ` --dist ${d}`).join('')}\` on Node ` +
    `${process.version}, ${os.cpus().length} CPUs (${os.cpus()[0]?.model.trim()}), ` +
    `${new Date().toISOString().slice(0, 10)}; ${Math.round((Date.now() - started) / 1000)} s of runs.`,
  '',
  'Time: what `await import()` (ESM) or `require()` (CommonJS) of the entry took in a fresh process, node',
  "starting excluded; median of the runs, range in brackets. dist: the build's files the import loaded",
  '(count and bytes); deps: the files of node_modules/ it loaded. Shared machine: compare the times of one',
  'run only.',
  '',
];
for (const format of Object.keys(FORMATS)) {
  lines.push(`## ${format === 'esm' ? 'ESM (`import`)' : 'CommonJS (`require`)'}`, '');
  lines.push(
    `| entry | ${builds.map((b) => `${b.label}: time ms | ${b.label}: dist | ${b.label}: deps`).join(' | ')} |`,
  );
  lines.push(`| --- | ${builds.map(() => '---: | ---: | ---:').join(' | ')} |`);
  for (const entry of entries) {
    const row = builds.map((build) => {
      const c = cases.find((x) => x.build === build && x.entry === entry && x.format === format);
      return (
        `${ms(median(c.times))} [${ms(Math.min(...c.times))}–${ms(Math.max(...c.times))}] | ` +
        `${c.dist.files.length} files, ${kb(c.dist.bytes)} | ${c.deps.files} files, ${kb(c.deps.bytes)}`
      );
    });
    lines.push(`| \`${entry.name}\` | ${row.join(' | ')} |`);
  }
  lines.push('');
}
for (const build of builds) {
  lines.push(`## What each entry loads of ${build.label} (ESM)`, '');
  for (const entry of entries) {
    const c = cases.find((x) => x.build === build && x.entry === entry && x.format === 'esm');
    lines.push(`- \`${entry.name}\`: ${c.dist.files.join(', ')}`);
  }
  lines.push('');
}

fs.mkdirSync(opts.out, { recursive: true });
fs.writeFileSync(path.join(opts.out, 'imports.md'), lines.join('\n'));
fs.writeFileSync(
  path.join(opts.out, 'imports.json'),
  `${JSON.stringify(
    {
      node: process.version,
      runs,
      results: cases.map((c) => ({
        build: c.build.label,
        entry: c.entry.name,
        format: c.format,
        ms: { median: median(c.times), all: c.times },
        dist: c.dist,
        deps: c.deps,
      })),
    },
    null,
    2,
  )}\n`,
);
console.log(lines.join('\n'));
