// Soak test: one kitjs app under mixed good and hostile traffic for N minutes; RSS and event-loop delay over time.
//
//   npm run soak -- --minutes 10            (default 10; --seconds S for a short run)
//   npm run soak -- --minutes 2 --connections 20 --interval 5
//
// The app runs in a child process (this file with --serve), so the numbers are the server's alone and the load
// generator's own memory never mixes in. The child samples its RSS, heap and event-loop delay
// (perf_hooks.monitorEventLoopDelay) every --interval seconds and sends them over IPC. The parent drives
// autocannon (good and hostile requests over keep-alive connections) and a few raw-socket workers (aborted bodies
// and answers, smuggling shapes, bad chunks, missing Host, oversized headers, pipelining). Everything goes to
// 127.0.0.1 and stops at the deadline. Results: reports/soak-<time>.json and .csv, and a summary on stdout.

import { fork } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { connect } from 'node:net';
import { dirname, join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const RESOLUTION_MS = 10;
const { values: args } = parseArgs({
  options: {
    serve: { type: 'boolean', default: false },
    minutes: { type: 'string', default: '10' },
    seconds: { type: 'string' },
    interval: { type: 'string', default: '5' },
    connections: { type: 'string', default: '20' },
    'raw-workers': { type: 'string', default: '4' },
  },
  strict: true,
});

/** A positive number from an option, or a clear failure naming the option. */
function positive(name, text) {
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0) {
    console.error(`soak: --${name} must be a positive number (got "${text}")`);
    process.exit(2);
  }
  return value;
}

if (args.serve) await serve();
else await drive();

// ---------------------------------------------------------------------------------------------------------------
// The server (child process)

async function serve() {
  const { register } = await import('tsx/esm/api');
  register();
  const { default: kit, json, urlencoded } = await import('../src/index.ts');
  const interval = positive('interval', args.interval) * 1000;

  const app = kit({ requestTimeout: 10_000, headersTimeout: 5_000, keepAliveTimeout: 5_000 });
  let served = 0;
  app.use((_req, _res, next) => {
    served++;
    next();
  });
  app.use('/admin', (_req, res) => res.status(401).send('guarded'));
  app.get('/hello', (_req, res) => res.send('hello'));
  app.get('/users/:id', (req, res) => res.json({ id: req.params.id, query: req.query }));
  app.post('/users', json({ limit: '16kb' }), (req, res) => res.status(201).json({ created: req.body }));
  app.post('/form', urlencoded({ limit: '16kb' }), (req, res) => res.json(req.body));
  app.get('/error', () => {
    throw new Error('soak: a handler failed');
  });
  app.get('/reject', () => Promise.reject(undefined));
  app.post('/read', async (req, res) => {
    let size = 0;
    for await (const chunk of req) size += chunk.length;
    res.send(`read ${size}`);
  });
  app.get('/stream', async (_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/plain' });
    for (let i = 0; i < 20 && !res.destroyed; i++) {
      res.write('x'.repeat(1024));
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    res.end();
  });

  // The histogram records the time between ticks of a RESOLUTION_MS timer, so an idle loop reads RESOLUTION_MS;
  // the samples report the delay beyond it.
  const delay = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  delay.enable();
  const server = app.listen(0, '127.0.0.1', () => {
    process.send?.({ kind: 'ready', port: server.address().port });
  });
  const started = Date.now();
  const sampler = setInterval(() => {
    const memory = process.memoryUsage();
    process.send?.({
      kind: 'sample',
      seconds: Math.round((Date.now() - started) / 100) / 10,
      rssMB: mb(memory.rss),
      heapUsedMB: mb(memory.heapUsed),
      externalMB: mb(memory.external),
      loopP50ms: ms(delay.percentile(50)),
      loopP99ms: ms(delay.percentile(99)),
      loopMaxms: ms(delay.max),
      served,
    });
    delay.reset();
  }, interval);
  process.on('message', async (message) => {
    if (message?.kind !== 'stop') return;
    clearInterval(sampler);
    await app.close({ timeout: 2000 });
    process.exit(0);
  });
  // The parent left without saying stop (killed): do not linger as an orphan.
  process.on('disconnect', () => process.exit(0));
}

function mb(bytes) {
  return Math.round((bytes / 1024 / 1024) * 10) / 10;
}

/** Event-loop delay beyond the sampling tick, in milliseconds. */
function ms(nanoseconds) {
  return Math.max(0, Math.round((nanoseconds / 1e6 - RESOLUTION_MS) * 100) / 100);
}

// ---------------------------------------------------------------------------------------------------------------
// The load (parent process)

async function drive() {
  const seconds =
    args.seconds !== undefined ? positive('seconds', args.seconds) : positive('minutes', args.minutes) * 60;
  const connections = Math.floor(positive('connections', args.connections));
  const rawWorkers = Math.floor(positive('raw-workers', args['raw-workers']));
  const child = fork(fileURLToPath(import.meta.url), ['--serve', '--interval', args.interval], {
    cwd: root,
    // Lines for 500s and aborted requests would flood the terminal; the logger still formats and writes them.
    env: { ...process.env, LOG_FILE: '/dev/null' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const samples = [];
  const port = await new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`the server exited early (code ${code})`)));
    child.on('message', (message) => {
      if (message?.kind === 'ready') resolve(message.port);
      else if (message?.kind === 'sample') {
        samples.push(message);
        const { seconds: t, rssMB, heapUsedMB, loopP99ms, served } = message;
        console.log(
          `soak: ${t}s rss ${rssMB} MB heap ${heapUsedMB} MB loop p99 ${loopP99ms} ms served ${served}`,
        );
      }
    });
  });
  // Never outlive the deadline by much, whatever hangs.
  const hardStop = setTimeout(
    () => {
      console.error('soak: the run did not end 60 s after its deadline; stopping');
      child.kill('SIGKILL');
      process.exit(1);
    },
    (seconds + 60) * 1000,
  );
  hardStop.unref();

  console.log(
    `soak: ${seconds} s against 127.0.0.1:${port}, ${connections} connections + ${rawWorkers} raw workers`,
  );
  const deadline = Date.now() + seconds * 1000;
  const rawCounts = {};
  const [cannon] = await Promise.all([
    runAutocannon(port, seconds, connections),
    ...Array.from({ length: rawWorkers }, (_, i) => rawWorker(port, deadline, i, rawCounts)),
  ]);

  child.send({ kind: 'stop' });
  await new Promise((resolve) => child.once('exit', resolve));
  clearTimeout(hardStop);

  const summary = summarize(samples, cannon, rawCounts, seconds);
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const dir = join(root, 'reports');
  mkdirSync(dir, { recursive: true });
  const base = join(dir, `soak-${stamp}`);
  writeFileSync(`${base}.json`, `${JSON.stringify({ summary, samples }, null, 2)}\n`);
  const columns = [
    'seconds',
    'rssMB',
    'heapUsedMB',
    'externalMB',
    'loopP50ms',
    'loopP99ms',
    'loopMaxms',
    'served',
  ];
  writeFileSync(
    `${base}.csv`,
    `${[columns.join(','), ...samples.map((s) => columns.map((c) => s[c]).join(','))].join('\n')}\n`,
  );
  console.log(JSON.stringify(summary, null, 2));
  console.log(`soak: wrote ${base}.json and ${base}.csv`);
  if (summary.verdict !== 'ok') process.exitCode = 1;
}

/** Good and hostile requests over keep-alive connections, cycled per connection. */
async function runAutocannon(port, seconds, connections) {
  // autocannon is a dependency of bench/ (bench/package.json), not of kitjs itself.
  const autocannon = createRequire(new URL('../bench/package.json', import.meta.url))('autocannon');
  const requests = [
    { method: 'GET', path: '/hello' },
    { method: 'GET', path: '/users/42?tab=posts&tab=likes' },
    {
      method: 'POST',
      path: '/users',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Ada', tags: ['a', 'b'] }),
    },
    {
      method: 'POST',
      path: '/users',
      headers: { 'content-type': 'application/json' },
      body: '{"name": "Ada",',
    },
    {
      method: 'POST',
      path: '/users',
      headers: { 'content-type': 'application/json' },
      body: '{"__proto__": {"admin": true}}',
    },
    {
      method: 'POST',
      path: '/form',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'a=1&b=%zz&__proto__=x',
    },
    { method: 'GET', path: '/users/%zz' },
    { method: 'GET', path: '//admin/../admin/./x' },
    { method: 'GET', path: '/error' },
    { method: 'GET', path: '/reject' },
    { method: 'GET', path: '/stream' },
    { method: 'GET', path: '/nothing/here' },
  ];
  return new Promise((resolve, reject) => {
    autocannon(
      { url: `http://127.0.0.1:${port}`, connections, duration: seconds, requests, timeout: 10 },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
  });
}

/** Raw-socket attacks, one at a time per worker, until the deadline. Each socket is bounded in time. */
async function rawWorker(port, deadline, index, counts) {
  const big = JSON.stringify({ pad: 'a'.repeat(32 * 1024) });
  // Bodies over the limit are sent here rather than through autocannon: the 413 closes the connection, and
  // autocannon's reconnect after it (not the server) then dominated its latency figures.
  const attacks = [
    [
      'oversized body',
      `POST /users HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${big.length}\r\n\r\n${big}`,
    ],
    [
      'oversized chunked body',
      `POST /users HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n${big.length.toString(16)}\r\n${big}\r\n0\r\n\r\n`,
    ],
    [
      'abort mid-body',
      `POST /read HTTP/1.1\r\nHost: x\r\nContent-Length: 100000\r\n\r\n${'a'.repeat(2000)}`,
      20,
    ],
    ['abort mid-response', 'GET /stream HTTP/1.1\r\nHost: x\r\n\r\n', 15],
    [
      'CL+TE',
      'POST /read HTTP/1.1\r\nHost: x\r\nContent-Length: 6\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\nGET /admin HTTP/1.1\r\nHost: x\r\n\r\n',
    ],
    [
      'bad chunk',
      'POST /read HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nhello\r\n0\r\n\r\n',
    ],
    ['no Host', 'GET /hello HTTP/1.1\r\n\r\n'],
    ['oversized header', `GET /hello HTTP/1.1\r\nHost: x\r\nX-Pad: ${'a'.repeat(20_000)}\r\n\r\n`],
    [
      'pipelined',
      'GET /hello HTTP/1.1\r\nHost: x\r\n\r\nGET /users/1 HTTP/1.1\r\nHost: x\r\n\r\nGET /hello HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
    ],
    ['star path', 'GET */admin/x HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'],
    ['partial head, then gone', 'GET /hello HTTP/1.1\r\nHost: x\r\nX-Slow: ', 30],
  ];
  let turn = index;
  while (Date.now() < deadline) {
    const [name, request, abortAfterMs] = attacks[turn++ % attacks.length];
    const outcome = await rawAttack(port, request, abortAfterMs);
    const key = `${name}: ${outcome}`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
}

/** Writes `request`; with `abortAfterMs`, destroys the socket after that long. Resolves with the status line seen. */
function rawAttack(port, request, abortAfterMs) {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    const done = () => {
      clearTimeout(bound);
      const status = /^HTTP\/1\.1 (\d{3})/.exec(received)?.[1];
      resolve(status ? `status ${status}` : 'no answer');
    };
    // Nothing waits longer than 3 s for a socket, whatever the server does.
    const bound = setTimeout(() => socket.destroy(), 3000);
    socket.on('data', (chunk) => {
      received += chunk.toString('latin1');
    });
    socket.on('error', () => {});
    socket.on('close', done);
    socket.on('connect', () => {
      socket.write(request);
      if (abortAfterMs !== undefined) setTimeout(() => socket.destroy(), abortAfterMs);
    });
  });
}

function summarize(samples, cannon, rawCounts, seconds) {
  const rss = samples.map((s) => s.rssMB);
  const heap = samples.map((s) => s.heapUsedMB);
  const p99 = samples.map((s) => s.loopP99ms);
  // Growth judged between the second fifth and the last fifth of the run: the first samples include warm-up.
  const fifth = Math.max(1, Math.floor(samples.length / 5));
  const average = (list) =>
    list.length ? Math.round((list.reduce((a, b) => a + b, 0) / list.length) * 10) / 10 : 0;
  const early = average(rss.slice(fifth, 2 * fifth));
  const late = average(rss.slice(-fifth));
  const statuses = {};
  for (const [code, count] of Object.entries(cannon.statusCodeStats ?? {})) statuses[code] = count.count;
  const summary = {
    seconds,
    samples: samples.length,
    rssMB: { first: rss[0], last: rss.at(-1), max: Math.max(...rss), min: Math.min(...rss), early, late },
    heapUsedMB: { first: heap[0], last: heap.at(-1), max: Math.max(...heap) },
    loopDelayMs: {
      p99Max: Math.max(...p99),
      p99Median: median(p99),
      maxMax: Math.max(...samples.map((s) => s.loopMaxms)),
    },
    served: samples.at(-1)?.served ?? 0,
    autocannon: {
      requests: cannon.requests?.total,
      requestsPerSecond: cannon.requests?.average,
      latencyP99ms: cannon.latency?.p99,
      errors: cannon.errors,
      timeouts: cannon.timeouts,
      non2xx: cannon.non2xx,
      statuses,
    },
    raw: rawCounts,
  };
  // A leak shows as steady growth; 25% between the early and late windows is far beyond noise for this app.
  const problems = [];
  if (samples.length < 2) problems.push('fewer than two samples');
  if (early > 0 && late > early * 1.25) problems.push(`RSS grew from ${early} MB to ${late} MB`);
  if (cannon.timeouts > 0) problems.push(`${cannon.timeouts} autocannon timeouts`);
  summary.verdict = problems.length === 0 ? 'ok' : problems.join('; ');
  return summary;
}

function median(list) {
  if (list.length === 0) return 0;
  const sorted = [...list].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}
