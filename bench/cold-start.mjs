#!/usr/bin/env node
// Cold start, side by side: the time from spawning a server process to its first 200, and its resident memory
// at that moment, for an app of 200 routes (the `router` workload's routes, servers/<name>.mjs router with
// ROUTES=200). Each framework writes the routes its own way: kit() in its own syntax (`:id`), Fastify, Express 5
// and Hono with `:id`; kitjs/express and Express 4 in Express 4's syntax, where every fourth `:id` is
// `:id(\d+)` (ID_PATTERN; Express 5's path-to-regexp 8 refuses that form, so Express 5 has them plain). The
// request is a GET of the last registered route, `/blog/products/123/items/7`, and every server's answer must
// be the same bytes. Beside them, a real app (issue 47): the reference app (reference-app/), its TypeScript built
// to JavaScript as a user's build would (`reference`), and run as `npm start` runs it, through tsx
// (`reference-tsx`), against the same service on Fastify (servers/fastify-reference.mjs), each asked `GET /healthz`.
// Rounds are interleaved (the order rotates each round); figures are medians of rounds. Each start's CPU time
// (every thread of the process, up to the first 200) is read from /proc beside its wall-clock time: it moves
// less with the machine's load.
//   node scripts/with-bench-deps.mjs bench/cold-start.mjs [--node 26] [--rounds 9] [--servers a,b] [--apps a,b|none] [--out DIR]
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

const root = path.join(here, '..');
// The reference app built: each .ts of reference-app/ compiled to .js beside a copy of it (setupSwagger reads
// the annotated routes.ts and health.ts, as under tsx), in a folder of this repository so that its
// `import 'kitjs'` finds the built dist/ through the package's own name, as `npm start` does.
const BUILT_REFERENCE = path.join(root, '.cache', 'bench-reference-app');
const APPS = {
  reference: { name: 'kitjs reference app, built', args: () => [path.join(BUILT_REFERENCE, 'server.js')] },
  'reference-tsx': {
    name: 'kitjs reference app, tsx (npm start)',
    args: () => ['--import', 'tsx', path.join(root, 'reference-app', 'server.ts')],
  },
  'fastify-reference': {
    name: 'the same service on Fastify',
    args: () => [path.join(here, 'servers', 'fastify-reference.mjs')],
  },
};
const APP_PROBE = { method: 'GET', path: '/healthz' };
// A fixed secret: NODE_ENV=production makes the reference app refuse to start without one.
const APP_SECRET = 'b'.repeat(64);

const { values: opts } = parseArgs({
  options: {
    node: { type: 'string' },
    rounds: { type: 'string', default: '9' },
    servers: { type: 'string' },
    apps: { type: 'string' },
    out: { type: 'string' },
  },
});
const rounds = Number(opts.rounds);
const servers = opts.servers ? opts.servers.split(',') : SERVERS;
for (const s of servers) if (!SERVERS.includes(s)) throw new Error(`unknown server ${s}`);
const apps = opts.apps === 'none' ? [] : opts.apps ? opts.apps.split(',') : Object.keys(APPS);
for (const a of apps) if (!APPS[a]) throw new Error(`unknown app ${a}`);
const nodeBin = await serverNode(opts.node);
const major = nodeBin.version.slice(1).split('.')[0];
const out = path.resolve(opts.out ?? path.join(here, 'results', `node${major}`));

/** The CPU time a process has had, in milliseconds: every thread's, from /proc/<pid>/task/<tid>/schedstat. */
function cpuMsOf(pid) {
  let ns = 0;
  for (const task of fs.readdirSync(`/proc/${pid}/task`)) {
    try {
      ns += Number(fs.readFileSync(`/proc/${pid}/task/${task}/schedstat`, 'utf8').split(' ')[0]);
    } catch {
      // A thread that ended between the listing and the read.
    }
  }
  return ns / 1e6;
}

/** Compiles reference-app/ into BUILT_REFERENCE (esbuild, one file at a time, as tsc would emit it). */
async function buildReference() {
  const { transform } = await import('esbuild');
  const source = path.join(root, 'reference-app');
  fs.rmSync(BUILT_REFERENCE, { recursive: true, force: true });
  for (const file of fs.readdirSync(source, { recursive: true })) {
    if (!file.endsWith('.ts')) continue;
    const from = path.join(source, file);
    const to = path.join(BUILT_REFERENCE, file);
    fs.mkdirSync(path.dirname(to), { recursive: true });
    const { code } = await transform(fs.readFileSync(from, 'utf8'), {
      loader: 'ts',
      format: 'esm',
      target: 'node20',
    });
    fs.writeFileSync(to.replace(/\.ts$/, '.js'), code);
    fs.copyFileSync(from, to);
  }
}

/** One cold start: spawn, poll every 2 ms until a 200, read VmRSS and the CPU time, stop. */
async function coldStart(server) {
  const port = await freePort();
  const app = APPS[server];
  const env = app
    ? {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        JWT_SECRET: APP_SECRET,
      }
    : {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        ROUTES: '200',
        ID_PATTERN: PATTERNED.has(server) ? '(\\d+)' : '',
      };
  const probe = app ? APP_PROBE : PROBE;
  const t0 = performance.now();
  const child = spawn(
    nodeBin.path,
    app ? app.args() : [path.join(here, 'servers', `${server}.mjs`), 'router'],
    { cwd: root, env, stdio: ['ignore', 'ignore', 'pipe'] },
  );
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
      const res = await request(port, probe, 2000).catch(() => null);
      if (res?.status === 200) {
        const ms = performance.now() - t0;
        const cpuMs = cpuMsOf(child.pid);
        return { ms, cpuMs, rssMB: readStatus(child.pid).rss, body: res.body.toString() };
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

if (apps.includes('reference')) await buildReference();
const everyone = [...servers, ...apps];
const loadBefore = fs.readFileSync('/proc/loadavg', 'utf8').trim();
log(`cold start on Node ${nodeBin.version}: ${everyone.join(', ')}; ${rounds} rounds`);
const samples = Object.fromEntries(everyone.map((s) => [s, []]));
const bodies = {};
// One start each, unmeasured: the first spawn of a binary pays for reading it from disk.
for (const s of everyone) bodies[s] = (await coldStart(s)).body;
/** The members of `group` whose answer is not the first's (`node`'s for the servers). */
function differing(group, first) {
  const expected = bodies[first];
  return group.filter((s) => bodies[s] !== expected).map((s) => `${s} ${bodies[s]} (${first} ${expected})`);
}
const differ = [
  ...differing(servers, servers.includes('node') ? 'node' : servers[0]),
  ...differing(apps, apps[0]),
];
if (differ.length) {
  console.error(`answers differ: ${differ.join('; ')}`);
  process.exit(1);
}
for (let r = 0; r < rounds; r++) {
  const order = everyone.map((_, i) => everyone[(i + r) % everyone.length]);
  for (const s of order) samples[s].push(await coldStart(s));
  log(
    `round ${r + 1}/${rounds}: ${everyone.map((s) => `${s} ${samples[s].at(-1).ms.toFixed(0)} ms`).join(' · ')}`,
  );
}
const loadAfter = fs.readFileSync('/proc/loadavg', 'utf8').trim();

const rowOf = (s) => {
  const ms = samples[s].map((x) => x.ms);
  const cpu = samples[s].map((x) => x.cpuMs);
  return {
    server: s,
    name: NAMES[s] ?? APPS[s].name,
    routes:
      s === 'node' ? '200, a hand-written trie' : PATTERNED.has(s) ? '200, 50 of them :id(\\d+)' : '200, :id',
    ms: median(ms),
    minMs: Math.min(...ms),
    maxMs: Math.max(...ms),
    cpuMs: median(cpu),
    minCpuMs: Math.min(...cpu),
    maxCpuMs: Math.max(...cpu),
    rssMB: median(samples[s].map((x) => x.rssMB)),
  };
};
const rows = servers.map(rowOf);
const appRows = apps.map(rowOf);
const fmt = (x, d = 0) => x.toFixed(d);
/** A table's rows, each with its times over those of `base` (Fastify's row of the same table). */
const tableRows = (list, base, first) =>
  list.map((r) => {
    const over = (key) => (base ? fmt(r[key] / base[key], 2) : '—');
    return (
      `| ${r.name} | ${first(r)} | ${fmt(r.ms)} (${fmt(r.minMs)}–${fmt(r.maxMs)}) | ${over('ms')} | ` +
      `${fmt(r.cpuMs)} (${fmt(r.minCpuMs)}–${fmt(r.maxCpuMs)}) | ${over('cpuMs')} | ${fmt(r.rssMB, 1)} |`
    );
  });
const lines = [
  `# Cold start (bench/cold-start.mjs), Node ${nodeBin.version}`,
  '',
  `${new Date().toISOString()} · ${os.cpus().length} CPUs (${os.cpus()[0]?.model}) · /proc/loadavg before \`${loadBefore}\`, after \`${loadAfter}\` (other work ran on the machine)`,
  '',
  `Time from spawn to the first 200, the CPU time the process had used by then (all its threads), and VmRSS at that moment; median of ${rounds} interleaved rounds (range in brackets), after one unmeasured start each. The CPU time moves less than the time with the load of a shared machine.`,
  '',
];
if (rows.length) {
  lines.push(
    `## 200 routes`,
    '',
    `\`GET ${PROBE.path}\`, the last of 200 routes. Every server answered the same bytes.`,
    '',
    '| server | routes | ms to first 200 | ÷ Fastify | CPU ms | ÷ Fastify | RSS MB |',
    '|---|---|---:|---:|---:|---:|---:|',
    ...tableRows(
      rows,
      rows.find((r) => r.server === 'fastify'),
      (r) => r.routes,
    ),
    '',
  );
}
if (appRows.length) {
  lines.push(
    '## A real app: the reference app',
    '',
    `\`GET ${APP_PROBE.path}\` of reference-app/ (SQLite in memory, its docs built at start, \`NODE_ENV=production\`), built to JavaScript or run through tsx as \`npm start\` does, and of the same service on Fastify (servers/fastify-reference.mjs, which leaves out the docs). Each answered the same bytes.`,
    '',
    '| app | how | ms to first 200 | ÷ Fastify | CPU ms | ÷ Fastify | RSS MB |',
    '|---|---|---:|---:|---:|---:|---:|',
    ...tableRows(
      appRows,
      appRows.find((r) => r.server === 'fastify-reference'),
      (r) =>
        r.server === 'reference-tsx'
          ? '`node --import tsx reference-app/server.ts`'
          : r.server === 'reference'
            ? '`node server.js` (esbuild)'
            : '`node servers/fastify-reference.mjs`',
    ),
    '',
  );
}
fs.mkdirSync(out, { recursive: true });
fs.writeFileSync(path.join(out, 'cold-start.md'), lines.join('\n'));
fs.writeFileSync(
  path.join(out, 'cold-start.json'),
  `${JSON.stringify({ node: nodeBin.version, rounds, loadBefore, loadAfter, rows, appRows, samples }, null, 2)}\n`,
);
console.log(lines.join('\n'));
log(`wrote ${path.relative(process.cwd(), path.join(out, 'cold-start.md'))}`);
