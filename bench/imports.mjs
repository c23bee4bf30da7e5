#!/usr/bin/env node
// What importing each entry costs (issues 46, 47): for every entry of package.json's exports (kitjs, kitjs/auth,
// kitjs/db...), in ESM (`await import()`) and CommonJS (`require()`), the time the import takes in a fresh
// process, and what it loads: the files of the build (dist/) and of node_modules/, with their bytes; beside
// them, in the same rounds, the competitors' imports (Fastify, Express 5, Hono with its node server) from
// bench/node_modules/ when it is installed.
//   node bench/imports.mjs [--runs 15] [--dist label=DIR ...] [--others fastify,express,hono] [--out DIR]
//   node scripts/with-node.mjs 26 node bench/imports.mjs     the same on Node 26 (every process is that Node)
// `--dist` names the builds to compare (default `dist=dist`, this repository's); another build works when it
// sits where its dependencies resolve (a copy of main's dist/ under .cache/, say). Each run is a new node
// process that imports one entry by its file and prints the milliseconds `import()`/`require()` took (node's
// own start excluded); runs are interleaved over builds, entries and formats, order rotated each round, and
// the figure is the median (range in brackets). What is loaded comes from one more process per entry and
// format: require.cache for CommonJS, and for ESM a module.register() load hook as well (it slows loading,
// so it never runs in a timed process). Writes DIR/imports.{md,json} (DIR: bench/results/node<major>/ of the
// running Node). Needs `npm run build` first. No test asserts on the times; test/package/entry-weight.test.ts holds the bytes to their
// bound from the built files' imports.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
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
    others: { type: 'string', default: 'fastify,express,hono' },
    out: {
      type: 'string',
      default: path.join(here, 'results', `node${process.versions.node.split('.')[0]}`),
    },
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

// The competitors: what an app of each imports to serve HTTP, resolved from bench/node_modules/ (`npm ci
// --prefix bench`) as each format resolves it. Left out, with a line saying so, when that is not installed.
const OTHERS = {
  fastify: { name: 'fastify', modules: ['fastify'] },
  express: { name: 'express (5)', modules: ['express'] },
  hono: { name: 'hono + @hono/node-server', modules: ['hono', '@hono/node-server'] },
};
const requireFromBench = createRequire(path.join(here, 'package.json'));
const others = [];
const missingOthers = [];
for (const key of opts.others ? opts.others.split(',').filter(Boolean) : []) {
  const other = OTHERS[key];
  if (!other) throw new Error(`unknown --others ${key} (known: ${Object.keys(OTHERS).join(', ')})`);
  try {
    others.push({
      ...other,
      key,
      files: {
        esm: other.modules.map((m) => fileURLToPath(import.meta.resolve(m))),
        cjs: other.modules.map((m) => requireFromBench.resolve(m)),
      },
      roots: other.modules.map((m) => path.join(here, 'node_modules', m) + path.sep),
    });
  } catch {
    missingOthers.push(key);
  }
}

for (const { label, dir } of builds) {
  for (const { file } of entries) {
    for (const extension of Object.values(FORMATS)) {
      if (!fs.existsSync(path.join(dir, `${file}${extension}`))) {
        throw new Error(`${label}: ${dir}/${file}${extension} is missing (npm run build first)`);
      }
    }
  }
}

/**
 * The script a timed process runs: the imports, timed, and nothing else. It prints the wall-clock time and
 * the CPU time of the process (every thread) the imports took: on a shared machine the CPU time moves less
 * with the load than the wall-clock time does.
 */
function timedScript(format, files) {
  const start = 'const c0 = process.cpuUsage(); const t0 = performance.now();';
  const end = `const t1 = performance.now(); const c1 = process.cpuUsage(c0);
    console.log(JSON.stringify([t1 - t0, (c1.user + c1.system) / 1000]));`;
  return format === 'esm'
    ? `${start} ${files.map((f) => `await import(${JSON.stringify(pathToFileURL(f).href)});`).join(' ')} ${end}`
    : `${start} ${files.map((f) => `require(${JSON.stringify(f)});`).join(' ')} ${end}`;
}

// The ESM load hook: every URL node loads goes back to the importing thread.
const HOOKS = `let port;
export function initialize(data) { port = data.port; }
export async function load(url, context, next) { port.postMessage(url); return next(url, context); }`;

/** The script of the process that lists what an import loads: file paths, ESM and CommonJS together. */
function loadedScript(format, files) {
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
       ${files.map((f) => `await import(${JSON.stringify(pathToFileURL(f).href)});`).join(' ')}
       await new Promise((resolve) => setTimeout(resolve, 50));
       port1.close();
       ${list}`
    : `const urls = []; const { fileURLToPath } = require('node:url');
       ${files.map((f) => `require(${JSON.stringify(f)});`).join(' ')}
       ${list}`;
}

function node(format, script) {
  const args = format === 'esm' ? ['--input-type=module', '-e', script] : ['-e', script];
  const run = spawnSync(process.execPath, args, { cwd: root, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`node ${args.join(' ')}: ${run.stderr}`);
  return run.stdout.trim().split('\n').pop();
}

const cases = [
  ...builds.flatMap((build) =>
    entries.flatMap((entry) =>
      Object.entries(FORMATS).map(([format, extension]) => ({
        label: build.label,
        name: entry.name,
        format,
        files: [path.join(build.dir, `${entry.file}${extension}`)],
        roots: [`${build.dir}${path.sep}`],
        times: [],
        cpu: [],
      })),
    ),
  ),
  ...others.flatMap((other) =>
    Object.keys(FORMATS).map((format) => ({
      label: 'other',
      name: other.name,
      key: other.key,
      format,
      files: other.files[format],
      roots: other.roots,
      times: [],
      cpu: [],
    })),
  ),
];

/** The package a file of node_modules/ belongs to: `pino`, `@pinojs/redact`. */
function packageOf(file) {
  const [first, second] = file.split(`${path.sep}node_modules${path.sep}`).at(-1).split(path.sep);
  return first.startsWith('@') ? `${first}/${second}` : first;
}

// What each import loads: its own files (the build's, or the competitor's package) and the other packages'.
for (const c of cases) {
  const files = JSON.parse(node(c.format, loadedScript(c.format, c.files)));
  const size = (list) => list.reduce((sum, f) => sum + fs.statSync(f).size, 0);
  const own = files.filter((f) => c.roots.some((r) => f.startsWith(r)));
  const deps = files.filter(
    (f) => f.includes(`${path.sep}node_modules${path.sep}`) && !c.roots.some((r) => f.startsWith(r)),
  );
  c.own = {
    files: own.map((f) => path.relative(path.dirname(c.roots.find((r) => f.startsWith(r))), f)).sort(),
    bytes: size(own),
  };
  c.deps = {
    files: deps.length,
    packages: [...new Set(deps.map(packageOf))].sort(),
    bytes: size(deps),
  };
}

// The times: one process an import, rounds interleaved, order rotated.
const loadAtStart = fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const started = Date.now();
for (let round = 0; round < runs; round++) {
  const order = cases.map((_, index) => cases[(index + round) % cases.length]);
  for (const c of order) {
    const [wall, cpu] = JSON.parse(node(c.format, timedScript(c.format, c.files)));
    c.times.push(wall);
    c.cpu.push(cpu);
  }
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

const loadavg = fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const fastifyOf = (format) => cases.find((c) => c.key === 'fastify' && c.format === format);
const lines = [
  '# Import cost per entry',
  '',
  `\`node bench/imports.mjs --runs ${runs}${(opts.dist ?? []).map((d) => ` --dist ${d}`).join('')}\` on Node ` +
    `${process.version}, ${os.cpus().length} CPUs (${os.cpus()[0]?.model.trim()}), ` +
    `${new Date().toISOString().slice(0, 10)}; ${Math.round((Date.now() - started) / 1000)} s of runs; ` +
    `load average ${loadAtStart} at the start, ${loadavg} at the end.`,
  '',
  'time: what `await import()` (ESM) or `require()` (CommonJS) of the entry took in a fresh process, node',
  'starting excluded; median of the runs, range in brackets. cpu: the CPU time the process spent in those',
  'milliseconds (all its threads; it moves less than the time with the load of a shared machine). own: the',
  "files of the build (a competitor's: of its own package) the import loaded, count and bytes; deps: the",
  "files of the other packages of node_modules/. ÷ Fastify: the median over Fastify's in the same format",
  'and run. Compare the figures of one run only.',
  '',
];
if (missingOthers.length)
  lines.push(`Not measured: ${missingOthers.join(', ')} (not installed: \`npm ci --prefix bench\`).`, '');
for (const format of Object.keys(FORMATS)) {
  lines.push(`## ${format === 'esm' ? 'ESM (`import`)' : 'CommonJS (`require`)'}`, '');
  lines.push('| import | build | time ms | ÷ Fastify | cpu ms | ÷ Fastify | own | deps | total |');
  lines.push('| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  const fastify = fastifyOf(format);
  const spread = (values) => `${ms(median(values))} [${ms(Math.min(...values))}–${ms(Math.max(...values))}]`;
  const ratio = (c, key) => (fastify ? (median(c[key]) / median(fastify[key])).toFixed(2) : '—');
  for (const c of cases.filter((x) => x.format === format)) {
    lines.push(
      `| \`${c.name}\` | ${c.label === 'other' ? '' : c.label} | ${spread(c.times)} | ${ratio(c, 'times')} | ` +
        `${spread(c.cpu)} | ${ratio(c, 'cpu')} | ` +
        `${c.own.files.length} files, ${kb(c.own.bytes)} | ${c.deps.files} files, ${kb(c.deps.bytes)} | ` +
        `${kb(c.own.bytes + c.deps.bytes)} |`,
    );
  }
  lines.push('');
}
for (const build of builds) {
  lines.push(`## What each entry loads of ${build.label} (ESM)`, '');
  for (const entry of entries) {
    const c = cases.find((x) => x.label === build.label && x.name === entry.name && x.format === 'esm');
    lines.push(
      `- \`${entry.name}\`: ${c.own.files.join(', ')}; packages: ${c.deps.packages.join(', ') || 'none'}`,
    );
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
      loadavg: { start: loadAtStart, end: loadavg },
      results: cases.map((c) => ({
        build: c.label,
        entry: c.name,
        format: c.format,
        ms: { median: median(c.times), all: c.times },
        cpuMs: { median: median(c.cpu), all: c.cpu },
        own: c.own,
        deps: c.deps,
      })),
    },
    null,
    2,
  )}\n`,
);
console.log(lines.join('\n'));
