#!/usr/bin/env node
// Cold start, side by side: the time from spawning a server process to its first 200, and its resident memory
// at that moment, for an app of 200 routes (the `router` workload's routes, servers/<name>.mjs router with
// ROUTES=200). Each framework writes the routes its own way: kit() in its own syntax (`:id`), Fastify, Express 5
// and Hono with `:id`; kitjs/express and Express 4 in Express 4's syntax, where every fourth `:id` is
// `:id(\d+)` (ID_PATTERN; Express 5's path-to-regexp 8 refuses that form, so Express 5 has them plain). The
// request is a GET of the last registered route, `/blog/products/123/items/7`, and every server's answer must
// be the same bytes. Rounds are interleaved (the order rotates each round); figures are medians of rounds.
//   node scripts/with-bench-deps.mjs bench/cold-start.mjs [--node 26] [--rounds 9] [--servers a,b] [--out DIR]
// Writes DIR/cold-start.{md,json} (DIR: results/node<major>/ of the servers' Node). No test asserts on it.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { freePort, log, readStatus, request, serverNode, sleep } from './lib.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const SERVERS = ['node', 'fastify', 'express', 'express4', 'hono', 'kitjs', 'kitjs-express'];
const NAMES = {
  node: 'node:http',
  fastify: 'Fastify',
  express: 'Express 5',
  express4: 'Express 4',
  hono: 'Hono',
  kitjs: 'kit()',
  'kitjs-express': 'kitjs/express',
};
// Express 4's syntax with a pattern on every fourth `:id`: the servers whose path syntax takes it.
const PATTERNED = new Set(['express4', 'kitjs-express']);
const PROBE = { method: 'GET', path: '/blog/products/123/items/7' };

const { values: opts } = parseArgs({
  options: {
    node: { type: 'string' },
    rounds: { type: 'string', default: '9' },
    servers: { type: 'string' },
    out: { type: 'string' },
  },
});
const rounds = Number(opts.rounds);
const servers = opts.servers ? opts.servers.split(',') : SERVERS;
for (const s of servers) if (!SERVERS.includes(s)) throw new Error(`unknown server ${s}`);
const nodeBin = await serverNode(opts.node);
const major = nodeBin.version.slice(1).split('.')[0];
const out = path.resolve(opts.out ?? path.join(here, 'results', `node${major}`));

/** One cold start: spawn, poll every 2 ms until a 200, read VmRSS, stop. */
async function coldStart(server) {
  const port = await freePort();
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    ROUTES: '200',
    ID_PATTERN: PATTERNED.has(server) ? '(\\d+)' : '',
  };
  const t0 = performance.now();
  const child = spawn(nodeBin.path, [path.join(here, 'servers', `${server}.mjs`), 'router'], {
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d) => {
    stderr += d;
  });
  let exited = null;
  child.on('exit', (code, signal) => {
    exited = code ?? signal;
  });
  try {
    for (;;) {
      if (exited !== null) throw new Error(`${server} exited (${exited}) at start:\n${stderr}`);
      if (performance.now() - t0 > 20_000) throw new Error(`${server} did not answer 200 within 20 s`);
      const res = await request(port, PROBE, 2000).catch(() => null);
      if (res?.status === 200) {
        const ms = performance.now() - t0;
        return { ms, rssMB: readStatus(child.pid).rss, body: res.body.toString() };
      }
      if (res) throw new Error(`${server} answered ${res.status}: ${res.body}`);
      await sleep(2);
    }
  } finally {
    if (exited === null) {
      const gone = new Promise((r) => child.once('exit', r));
      child.kill('SIGKILL');
      await gone;
    }
  }
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

const loadBefore = fs.readFileSync('/proc/loadavg', 'utf8').trim();
log(`cold start on Node ${nodeBin.version}: ${servers.join(', ')}; ${rounds} rounds`);
const samples = Object.fromEntries(servers.map((s) => [s, []]));
const bodies = {};
// One start each, unmeasured: the first spawn of a binary pays for reading it from disk.
for (const s of servers) bodies[s] = (await coldStart(s)).body;
const reference = bodies.node ?? bodies[servers[0]];
const differ = servers.filter((s) => bodies[s] !== reference);
if (differ.length) {
  console.error(
    `answers differ: ${differ.map((s) => `${s} ${bodies[s]}`).join('; ')} (reference ${reference})`,
  );
  process.exit(1);
}
for (let r = 0; r < rounds; r++) {
  const order = servers.map((_, i) => servers[(i + r) % servers.length]);
  for (const s of order) samples[s].push(await coldStart(s));
  log(
    `round ${r + 1}/${rounds}: ${servers.map((s) => `${s} ${samples[s].at(-1).ms.toFixed(0)} ms`).join(' · ')}`,
  );
}
const loadAfter = fs.readFileSync('/proc/loadavg', 'utf8').trim();

const rows = servers.map((s) => {
  const ms = samples[s].map((x) => x.ms);
  return {
    server: s,
    name: NAMES[s],
    routes:
      s === 'node' ? '200, a hand-written trie' : PATTERNED.has(s) ? '200, 50 of them :id(\\d+)' : '200, :id',
    ms: median(ms),
    minMs: Math.min(...ms),
    maxMs: Math.max(...ms),
    rssMB: median(samples[s].map((x) => x.rssMB)),
  };
});
const fastify = rows.find((r) => r.server === 'fastify');
const fmt = (x, d = 0) => x.toFixed(d);
const lines = [
  `# Cold start (bench/cold-start.mjs), Node ${nodeBin.version}`,
  '',
  `${new Date().toISOString()} · ${os.cpus().length} CPUs (${os.cpus()[0]?.model}) · /proc/loadavg before \`${loadBefore}\`, after \`${loadAfter}\` (other work ran on the machine)`,
  '',
  `Time from spawn to the first 200 of \`GET ${PROBE.path}\` (the last of 200 routes), and VmRSS at that moment; median of ${rounds} interleaved rounds (range in brackets), after one unmeasured start each. Every server answered the same bytes.`,
  '',
  '| server | routes | ms to first 200 | ÷ Fastify | RSS MB |',
  '|---|---|---:|---:|---:|',
  ...rows.map(
    (r) =>
      `| ${r.name} | ${r.routes} | ${fmt(r.ms)} (${fmt(r.minMs)}–${fmt(r.maxMs)}) | ${fastify ? fmt(r.ms / fastify.ms, 2) : '—'} | ${fmt(r.rssMB, 1)} |`,
  ),
  '',
];
fs.mkdirSync(out, { recursive: true });
fs.writeFileSync(path.join(out, 'cold-start.md'), lines.join('\n'));
fs.writeFileSync(
  path.join(out, 'cold-start.json'),
  `${JSON.stringify({ node: nodeBin.version, rounds, loadBefore, loadAfter, rows, samples }, null, 2)}\n`,
);
console.log(lines.join('\n'));
log(`wrote ${path.relative(process.cwd(), path.join(out, 'cold-start.md'))}`);
