// Server-sent events side by side (spec/sse.md): kitjs's sse() on kit() and on kitjs/express5, a careful
// hand-written node:http stream, Fastify with @fastify/sse, and Hono's streamSSE. Each server runs the same
// routes (servers/sse-shared.mjs); the driver measures
//   - throughput: C clients at once, each reading N events (about 130 bytes each) as fast as the server sends
//     them: events per second, and the server's CPU per 1000 events;
//   - idle streams: K streams opened, each past its first event, then idle: the server's memory per stream
//     (heap + external after a full GC, and RSS), from /mem before and after;
//   - slow readers: S clients that read nothing of a 50 000-event stream: the server's memory after the
//     buffers filled, against the same server idle (backpressure keeps it flat; without it, it grows by the
//     whole stream).
//   node scripts/with-bench-deps.mjs bench/sse.mjs [--servers sse-kitjs,sse-node] [--rounds 3] [--clients 100]
//     [--events 1000] [--idle 1000] [--slow 10] [--node 26] [--out bench/results/sse-node<N>]
// `--node N` runs the servers on Node N (fetched once by scripts/with-node.mjs), the driver on this one.
// Build first (`npm run build`): the kitjs servers import the built package by name.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { log, readCpu, readStatus, serverNode, sleep, startServer, stopServer } from './lib.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(`--${name}`);
  return at === -1 ? fallback : args[at + 1];
};
const SERVERS = {
  'sse-kitjs': { label: 'kitjs sse() on kit()', server: 'sse-kitjs' },
  'sse-kitjs-express5': {
    label: 'kitjs sse() on kitjs/express5',
    server: 'sse-kitjs',
    env: { SSE_FLAVOUR: 'express5' },
  },
  'sse-node': { label: 'node:http, by hand', server: 'sse-node' },
  'sse-fastify': { label: 'fastify + @fastify/sse', server: 'sse-fastify' },
  'sse-hono': { label: 'hono streamSSE', server: 'sse-hono' },
};
const chosen = option('servers', Object.keys(SERVERS).join(',')).split(',');
const ROUNDS = Number(option('rounds', 3));
const CLIENTS = Number(option('clients', 100));
const EVENTS = Number(option('events', 1000));
const IDLE = Number(option('idle', 1000));
const SLOW = Number(option('slow', 10));
const SLOW_EVENTS = 50_000;
const binary = await serverNode(option('node', undefined));
const major = binary.version.slice(1).split('.')[0];
const out = path.resolve(option('out', path.join(here, 'results', `sse-node${major}`)));

/**
 * One stream: resolves with the events counted (blank-line ends: data events, and comments, of which a run
 * this short has none) once the server ends it; `ready` resolves at the first event; `close()` leaves.
 */
function stream(port, pathname, { paused = false } = {}) {
  let req;
  let readyResolve;
  const ready = new Promise((resolve) => {
    readyResolve = resolve;
  });
  const done = new Promise((resolve, reject) => {
    req = http.get(
      { host: '127.0.0.1', port, path: pathname, agent: false, headers: { accept: 'text/event-stream' } },
      (res) => {
        if (res.statusCode !== 200) reject(new Error(`${pathname}: status ${res.statusCode}`));
        if (paused) {
          res.pause();
          readyResolve();
          res.on('close', () => resolve(0));
          return;
        }
        let events = 0;
        let lastNewline = false;
        res.on('data', (chunk) => {
          for (let i = 0; i < chunk.length; i++) {
            if (chunk[i] !== 10) {
              lastNewline = false;
              continue;
            }
            if (lastNewline) events++;
            lastNewline = true;
          }
          if (events > 0) readyResolve();
        });
        res.on('end', () => resolve(events));
        res.on('error', () => resolve(events));
        res.on('close', () => resolve(events));
      },
    );
    req.on('error', reject);
  });
  return { ready, done, close: () => req.destroy() };
}

function getJson(port, pathname) {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: pathname, agent: false }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          body += chunk;
        });
        res.on('end', () => resolve(JSON.parse(body)));
      })
      .on('error', reject);
  });
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const heapOf = (mem) => mem.heapUsed + mem.external;

async function throughput(srv) {
  const rounds = [];
  for (let round = 0; round < ROUNDS; round++) {
    const cpu0 = readCpu(srv.pid);
    const t0 = performance.now();
    const counts = await Promise.all(
      Array.from({ length: CLIENTS }, () => stream(srv.port, `/stream?n=${EVENTS}`).done),
    );
    const seconds = (performance.now() - t0) / 1000;
    const cpu1 = readCpu(srv.pid);
    const short = counts.filter((count) => count < EVENTS).length;
    if (short > 0) throw new Error(`${srv.label}: ${short} clients got fewer than ${EVENTS} events`);
    const events = CLIENTS * EVENTS;
    rounds.push({
      eventsPerSec: events / seconds,
      cpuMsPer1k: ((cpu1.processMs - cpu0.processMs) / events) * 1000,
    });
  }
  return {
    eventsPerSec: Math.round(median(rounds.map((r) => r.eventsPerSec))),
    cpuMsPer1k: Number(median(rounds.map((r) => r.cpuMsPer1k)).toFixed(2)),
  };
}

async function idle(srv) {
  const before = await getJson(srv.port, '/mem');
  const rssBefore = readStatus(srv.pid).rss;
  const streams = [];
  for (let i = 0; i < IDLE; i += 100) {
    const batch = Array.from({ length: Math.min(100, IDLE - i) }, () => stream(srv.port, '/idle'));
    await Promise.all(batch.map((s) => s.ready));
    streams.push(...batch);
  }
  await sleep(200);
  const after = await getJson(srv.port, '/mem');
  const rssAfter = readStatus(srv.pid).rss;
  for (const s of streams) s.close();
  await sleep(300);
  return {
    heapKBPerStream: Number(((heapOf(after) - heapOf(before)) / IDLE / 1024).toFixed(2)),
    rssKBPerStream: Number((((rssAfter - rssBefore) * 1024) / IDLE).toFixed(1)),
  };
}

async function slowReaders(srv) {
  const before = await getJson(srv.port, '/mem');
  const streams = Array.from({ length: SLOW }, () =>
    stream(srv.port, `/stream?n=${SLOW_EVENTS}`, { paused: true }),
  );
  await Promise.all(streams.map((s) => s.ready));
  // The socket buffers fill within milliseconds; two seconds is for a server that keeps buffering.
  await sleep(2000);
  const after = await getJson(srv.port, '/mem');
  for (const s of streams) s.close();
  await sleep(300);
  return { heapMBGrowth: Number(((heapOf(after) - heapOf(before)) / 1024 / 1024).toFixed(1)) };
}

const results = [];
for (const name of chosen) {
  const spec = SERVERS[name];
  if (!spec) throw new Error(`unknown server ${name}; one of ${Object.keys(SERVERS).join(', ')}`);
  const srv = await startServer({
    ...spec,
    workload: 'sse',
    node: binary.path,
    nodeArgs: ['--expose-gc'],
    requests: [{ method: 'GET', path: '/mem' }],
  });
  try {
    log(`${spec.label}: warm-up`);
    await Promise.all(Array.from({ length: 20 }, () => stream(srv.port, '/stream?n=200').done));
    const rate = await throughput(srv);
    log(`${spec.label}: ${rate.eventsPerSec} events/s, ${rate.cpuMsPer1k} ms CPU per 1000 events`);
    const memory = await idle(srv);
    log(`${spec.label}: ${memory.heapKBPerStream} KB heap, ${memory.rssKBPerStream} KB RSS per idle stream`);
    const slow = await slowReaders(srv);
    log(`${spec.label}: ${slow.heapMBGrowth} MB heap growth with ${SLOW} readers that read nothing`);
    results.push({ server: name, label: spec.label, ...rate, ...memory, ...slow });
  } finally {
    await stopServer(srv);
  }
}

const settings = {
  node: binary.version,
  rounds: ROUNDS,
  clients: CLIENTS,
  events: EVENTS,
  idle: IDLE,
  slow: SLOW,
  slowEvents: SLOW_EVENTS,
};
const lines = [
  `# Server-sent events (bench/sse.mjs)`,
  '',
  `Servers on Node ${binary.version}, ${new Date().toISOString().slice(0, 10)}; ${CLIENTS} clients × ${EVENTS} events, median of ${ROUNDS} rounds; ` +
    `${IDLE} idle streams; ${SLOW} clients reading nothing of ${SLOW_EVENTS} events.`,
  '',
  '| server | events/s | CPU ms / 1000 events | heap KB / idle stream | RSS KB / idle stream | heap growth, slow readers (MB) |',
  '| --- | ---: | ---: | ---: | ---: | ---: |',
  ...results.map(
    (r) =>
      `| ${r.label} | ${r.eventsPerSec} | ${r.cpuMsPer1k} | ${r.heapKBPerStream} | ${r.rssKBPerStream} | ${r.heapMBGrowth} |`,
  ),
  '',
];
fs.mkdirSync(out, { recursive: true });
fs.writeFileSync(path.join(out, 'results.json'), `${JSON.stringify({ settings, results }, null, 2)}\n`);
fs.writeFileSync(path.join(out, 'results.md'), lines.join('\n'));
console.log(lines.join('\n'));
