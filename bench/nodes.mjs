#!/usr/bin/env node
// Node 20 and Node 26 side by side, from the runs in results/node20/ and results/node26/ (run.mjs --main,
// cold-start.mjs and latency.mjs, each with --node): writes results/nodes.md. It measures nothing itself.
//   node bench/nodes.mjs [--dirs node20,node26]
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { cpuRatio, ratio, stats } from './report.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const { values: opts } = parseArgs({ options: { dirs: { type: 'string', default: 'node20,node26' } } });
const dirs = opts.dirs.split(',');
const read = (dir, file) => {
  const p = path.join(here, 'results', dir, file);
  return fs.existsSync(p) ? JSON.parse(fs.readFileSync(p, 'utf8')) : null;
};
const runs = dirs.map((dir) => ({
  dir,
  main: read(dir, 'results.json'),
  cold: read(dir, 'cold-start.json'),
  latency: read(dir, 'latency.json'),
}));
const nodeOf = (run) => run.main?.meta.serverNode ?? run.main?.meta.node ?? run.cold?.node ?? run.dir;
const fmt = (x, d = 2) => (Number.isFinite(x) ? x.toFixed(d) : '—');
const cell = (r) => (r?.n ? `${fmt(r.median)} (${fmt(r.min)}–${fmt(r.max)})` : '—');
const MODE = { c100: '-c 100', c100p10: '-c 100 -p 10' };

const L = ['# kitjs on Node 20 and Node 26, side by side', ''];
L.push(
  'From the runs in ' +
    runs.map((r) => `[${r.dir}](${r.dir}/results.md) (servers on ${nodeOf(r)})`).join(' and ') +
    ', written by `node bench/nodes.mjs`. Each run interleaves its servers on one Node; the two runs came one after the other on the same machine, whose load (in each file) was not the same, so compare ratios within a run, not req/s across runs.',
  '',
);
for (const r of runs) {
  if (!r.main) continue;
  const m = r.main.meta;
  L.push(
    `- ${r.dir}: \`${m.command}\`, ${m.seconds} s, load average ${m.loadavgBefore.map((x) => x.toFixed(1)).join(' ')} before, ${m.loadavgAfter.map((x) => x.toFixed(1)).join(' ')} after`,
  );
}
L.push('');

L.push(
  '## Server CPU per request',
  '',
  "µs of server CPU per answered request (median of rounds), and the other server's CPU ÷ kitjs's, per round (above 1: kitjs spent less): steadier than req/s on a shared machine. `kitjs/express` is compared with Express 5 running the same app.",
  '',
);
const head = runs.flatMap((r) => [
  `${r.dir} kit() µs`,
  `${r.dir} Fastify/kit()`,
  `${r.dir} kitjs/express µs`,
  `${r.dir} Express 5/kitjs/express`,
]);
L.push(`| workload | mode | ${head.join(' | ')} |`, `|---|---|${head.map(() => '---:').join('|')}|`);
const workloads = Object.keys(runs.find((r) => r.main)?.main.main ?? {});
for (const w of workloads) {
  for (const mode of ['c100', 'c100p10']) {
    const cells = runs.flatMap((r) => {
      const rounds = r.main?.main[w]?.modes?.[mode];
      if (!rounds) return ['—', '—', '—', '—'];
      return [
        fmt(stats(rounds, 'kitjs').cpuUs, 1),
        cell(cpuRatio(rounds, 'kitjs', 'fastify')),
        fmt(stats(rounds, 'kitjs-express').cpuUs, 1),
        cell(cpuRatio(rounds, 'kitjs-express', 'express')),
      ];
    });
    L.push(`| ${w} | \`${MODE[mode]}\` | ${cells.join(' | ')} |`);
  }
}
L.push('');

L.push('## req/s ratios', '', 'kitjs ÷ the other, per round (median, range in brackets).', '');
const rhead = runs.flatMap((r) => [
  `${r.dir} kit()/node:http`,
  `${r.dir} kit()/Fastify`,
  `${r.dir} kitjs/express ÷ Express 5`,
]);
L.push(`| workload | mode | ${rhead.join(' | ')} |`, `|---|---|${rhead.map(() => '---:').join('|')}|`);
for (const w of workloads) {
  for (const mode of ['c100', 'c100p10']) {
    const cells = runs.flatMap((r) => {
      const rounds = r.main?.main[w]?.modes?.[mode];
      if (!rounds) return ['—', '—', '—'];
      return [
        cell(ratio(rounds, 'kitjs', 'node')),
        cell(ratio(rounds, 'kitjs', 'fastify')),
        cell(ratio(rounds, 'kitjs-express', 'express')),
      ];
    });
    L.push(`| ${w} | \`${MODE[mode]}\` | ${cells.join(' | ')} |`);
  }
}
L.push('');

const servers = [...new Set(runs.flatMap((r) => r.cold?.rows.map((x) => x.server) ?? []))];
if (servers.length) {
  L.push(
    '## Cold start, 200 routes',
    '',
    'Spawn to first 200 (median ms, range) and VmRSS then; [cold-start.mjs](../cold-start.mjs).',
    '',
  );
  const chead = runs.flatMap((r) => [`${r.dir} ms`, `${r.dir} ÷ Fastify`, `${r.dir} RSS MB`]);
  L.push(`| server | ${chead.join(' | ')} |`, `|---|${chead.map(() => '---:').join('|')}|`);
  for (const s of servers) {
    const cells = runs.flatMap((r) => {
      const row = r.cold?.rows.find((x) => x.server === s);
      const f = r.cold?.rows.find((x) => x.server === 'fastify');
      if (!row) return ['—', '—', '—'];
      return [
        `${fmt(row.ms, 0)} (${fmt(row.minMs, 0)}–${fmt(row.maxMs, 0)})`,
        f ? fmt(row.ms / f.ms) : '—',
        fmt(row.rssMB, 1),
      ];
    });
    const name = runs.map((r) => r.cold?.rows.find((x) => x.server === s)?.name).find(Boolean) ?? s;
    L.push(`| ${name} | ${cells.join(' | ')} |`);
  }
  L.push('');
}

const lservers = [...new Set(runs.flatMap((r) => r.latency?.rows.map((x) => x.server) ?? []))];
if (lservers.length) {
  L.push(
    '## Latency of `api` at a fixed rate',
    '',
    `autocannon \`-R\` at half of node:http's rate in that run (${runs.map((r) => `${r.dir}: ${r.latency?.rate ?? '—'} req/s`).join(', ')}); ms, medians over rounds; [latency.mjs](../latency.mjs) says how bursty \`-R\` is.`,
    '',
  );
  const lhead = runs.flatMap((r) => [
    `${r.dir} p50`,
    `${r.dir} p99`,
    `${r.dir} p99.9`,
    `${r.dir} p99 ÷ Fastify`,
  ]);
  L.push(`| server | ${lhead.join(' | ')} |`, `|---|${lhead.map(() => '---:').join('|')}|`);
  for (const s of lservers) {
    const cells = runs.flatMap((r) => {
      const row = r.latency?.rows.find((x) => x.server === s);
      const f = r.latency?.rows.find((x) => x.server === 'fastify');
      if (!row) return ['—', '—', '—', '—'];
      return [fmt(row.p50), fmt(row.p99), fmt(row.p999), f ? fmt(row.p99 / f.p99) : '—'];
    });
    const name = runs.map((r) => r.latency?.rows.find((x) => x.server === s)?.name).find(Boolean) ?? s;
    L.push(`| ${name} | ${cells.join(' | ')} |`);
  }
  L.push('');
}

const out = path.join(here, 'results', 'nodes.md');
fs.writeFileSync(out, L.join('\n'));
console.log(`wrote ${path.relative(process.cwd(), out)}`);
