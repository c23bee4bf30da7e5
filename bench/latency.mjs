#!/usr/bin/env node
// Latency at a fixed rate, side by side: every server of the `api` workload (POST /users, 1 KB in, 4 KB out,
// both schema-checked) loaded by autocannon at one overall rate (`-R`), about half of what node:http answered
// flat out in this same run, and each server's p50, p99 and p99.9 compared. Servers are verified (the same
// bytes as node:http's), warmed up, then loaded in interleaved rounds (order rotated each round); each figure is
// the median over rounds. Latencies are the raw response times autocannon measures (its 'response' events, in
// µs), not its histogram, which keeps whole milliseconds and, at a fixed rate, adds coordinated-omission
// estimates computed from a 1 ms interval.
//
// autocannon's `-R` is a quota per connection per second: each connection sends back to back until it has
// sent its share of the second, then waits for the next second. Arrivals come in bursts, not evenly spaced,
// so these latencies include the queue of a burst; they compare servers under the same pattern of load.
//   node scripts/with-bench-deps.mjs bench/latency.mjs [--node 26] [--rounds 3] [--duration 5] [--rate N]
//        [--connections 100] [--servers a,b] [--out DIR]
// Writes DIR/latency.{md,json} (DIR: results/node<major>/ of the servers' Node). No test asserts on it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { load, log, request, requestsFor, serverNode, startServer, stopServer } from './lib.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const SERVERS = ['node', 'fastify', 'express', 'hono', 'kitjs', 'kitjs-express'];
const NAMES = {
  node: 'node:http',
  fastify: 'Fastify',
  express: 'Express 5',
  hono: 'Hono',
  kitjs: 'kit()',
  'kitjs-express': 'kitjs/express',
};

const { values: opts } = parseArgs({
  options: {
    node: { type: 'string' },
    rounds: { type: 'string', default: '3' },
    duration: { type: 'string', default: '5' },
    rate: { type: 'string' },
    connections: { type: 'string', default: '100' },
    servers: { type: 'string' },
    out: { type: 'string' },
  },
});
const rounds = Number(opts.rounds);
const duration = Number(opts.duration);
const connections = Number(opts.connections);
const servers = opts.servers ? opts.servers.split(',') : SERVERS;
for (const s of servers) if (!SERVERS.includes(s)) throw new Error(`unknown server ${s}`);
if (!servers.includes('node') && !opts.rate) throw new Error('without node in --servers, give --rate');
const nodeBin = await serverNode(opts.node);
const major = nodeBin.version.slice(1).split('.')[0];
const out = path.resolve(opts.out ?? path.join(here, 'results', `node${major}`));

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
const median = (xs) => {
  const s = xs.filter(Number.isFinite).sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

/** One fixed-rate run against one server: percentiles of the raw response times (ms), and the rate reached. */
async function fixedRate(srv, rate) {
  const times = [];
  const instance = autocannon({
    url: `http://127.0.0.1:${srv.port}`,
    connections,
    overallRate: rate,
    duration,
    timeout: 10,
    requests: srv.requests,
  });
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    if (statusCode < 300) times.push(responseTime);
  });
  const r = await instance;
  if (!srv.isAlive()) throw new Error(`${srv.label} died under load:\n${srv.stderr()}`);
  times.sort((a, b) => a - b);
  return {
    p50: quantile(times, 0.5),
    p99: quantile(times, 0.99),
    p999: quantile(times, 0.999),
    max: times.at(-1),
    answered: times.length,
    rps: Math.round(r.requests.total / r.duration),
    errors: r.errors + r.timeouts + r.non2xx,
    autocannonP99: r.latency.p99,
  };
}

const started = [];
const loadBefore = fs.readFileSync('/proc/loadavg', 'utf8').trim();
const requests = requestsFor('api');
try {
  log(`latency on Node ${nodeBin.version}: api, ${servers.join(', ')}`);
  for (const label of servers) {
    started.push(
      await startServer({
        label,
        server: label,
        workload: 'api',
        requests,
        node: nodeBin.path,
        env: label === 'kitjs' ? { KITJS_MODULE: '', API_SCHEMA: '' } : {},
      }),
    );
  }
  const answers = [];
  for (const srv of started) answers.push(await request(srv.port, requests[0]));
  const differ = started.filter(
    (_, i) => answers[i].status !== answers[0].status || !answers[i].body.equals(answers[0].body),
  );
  if (differ.length)
    throw new Error(`answers differ from ${started[0].label}'s: ${differ.map((s) => s.label)}`);
  const mode = { connections, pipelining: 1 };
  for (const srv of started) await load(srv, mode, 2);
  let rate = Number(opts.rate ?? 0);
  let calibration = null;
  if (!rate) {
    // Flat out, twice, the better taken: the machine is shared and a dip would set the rate too low.
    const node = started.find((s) => s.label === 'node');
    const runs = [await load(node, mode, 3), await load(node, mode, 3)];
    calibration = Math.max(...runs.map((r) => r.rps));
    rate = Math.round(calibration / 2);
    log(`node:http flat out: ${runs.map((r) => r.rps).join(', ')} req/s; fixed rate ${rate} req/s`);
  }
  const samples = Object.fromEntries(started.map((s) => [s.label, []]));
  for (let r = 0; r < rounds; r++) {
    const order = started.map((_, i) => started[(i + r) % started.length]);
    for (const srv of order) samples[srv.label].push(await fixedRate(srv, rate));
    log(
      `round ${r + 1}/${rounds}: ${started
        .map((s) => {
          const x = samples[s.label].at(-1);
          return `${s.label} p50 ${x.p50.toFixed(2)} p99 ${x.p99.toFixed(2)} ms (${x.rps}/s)`;
        })
        .join(' · ')}`,
    );
  }
  const loadAfter = fs.readFileSync('/proc/loadavg', 'utf8').trim();
  const rows = started.map((s) => {
    const xs = samples[s.label];
    const pick = (k) => median(xs.map((x) => x[k]));
    return {
      server: s.label,
      name: NAMES[s.label],
      p50: pick('p50'),
      p99: pick('p99'),
      p999: pick('p999'),
      rps: pick('rps'),
      errors: xs.reduce((n, x) => n + x.errors, 0),
      p99s: xs.map((x) => x.p99),
    };
  });
  const fastify = rows.find((r) => r.server === 'fastify');
  const f = (x) => x.toFixed(2);
  const lines = [
    `# Latency at a fixed rate (bench/latency.mjs), Node ${nodeBin.version}`,
    '',
    `${new Date().toISOString()} · ${os.cpus().length} CPUs (${os.cpus()[0]?.model}), autocannon in the driver on the same CPUs · /proc/loadavg before \`${loadBefore}\`, after \`${loadAfter}\` (other work ran on the machine)`,
    '',
    `\`api\` (POST /users, schema-checked 1 KB in, 4 KB out) at \`-R ${rate}\` overall${calibration ? ` (half of node:http's ${calibration} req/s flat out in this run)` : ''}, \`-c ${connections}\`, ${duration} s a server a round, ${rounds} interleaved rounds after a 2 s warm-up; each figure is the median over rounds of that round's percentile of raw response times (ms). autocannon's \`-R\` gives each connection a quota a second, sent back to back: bursts, so the figures include a burst's queue.`,
    '',
    `| server | p50 ms | p99 ms | p99.9 ms | p99 ÷ Fastify's | p99 per round | req/s reached | errors |`,
    '|---|---:|---:|---:|---:|---|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.name} | ${f(r.p50)} | ${f(r.p99)} | ${f(r.p999)} | ${fastify ? f(r.p99 / fastify.p99) : '—'} | ${r.p99s.map(f).join(', ')} | ${r.rps} | ${r.errors} |`,
    ),
    '',
  ];
  fs.mkdirSync(out, { recursive: true });
  fs.writeFileSync(path.join(out, 'latency.md'), lines.join('\n'));
  fs.writeFileSync(
    path.join(out, 'latency.json'),
    `${JSON.stringify({ node: nodeBin.version, rate, calibration, connections, duration, rounds, loadBefore, loadAfter, rows, samples }, null, 2)}\n`,
  );
  console.log(lines.join('\n'));
  log(`wrote ${path.relative(process.cwd(), path.join(out, 'latency.md'))}`);
} catch (error) {
  console.error(`\nlatency: ${error.stack ?? error}`);
  process.exitCode = 2;
} finally {
  for (const srv of started) await stopServer(srv);
}
