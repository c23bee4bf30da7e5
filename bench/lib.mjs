// Helpers the benchmark scripts share: requests per workload, starting and stopping servers, load, memory.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import jwt from 'jsonwebtoken';
import {
  API_BODY,
  ECHO_BODY,
  JWT_SECRET,
  makeRoutes,
  ROUTER_ROUTES,
  routerRequests,
  TOKEN_CLAIMS,
} from './shared.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));

// Every header helmet can send: compared in `stack`, so that a header one server adds is a difference.
export const SECURITY_HEADER_NAMES = [
  'content-security-policy',
  'cross-origin-embedder-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'strict-transport-security',
  'x-content-type-options',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

export const token = jwt.sign(TOKEN_CLAIMS, JWT_SECRET, { algorithm: 'HS256', expiresIn: '2h' });

/** The requests of a workload: what autocannon sends, and what the answers are checked on. */
export function requestsFor(workload, routes = ROUTER_ROUTES) {
  switch (workload) {
    case 'hello':
      return [{ method: 'GET', path: '/' }];
    case 'json':
      return [{ method: 'GET', path: '/json' }];
    case 'param':
      return [{ method: 'GET', path: '/users/123' }];
    case 'router':
      return routerRequests(makeRoutes(routes)).map(({ method, path }) => ({ method, path }));
    case 'echo':
      return [
        { method: 'POST', path: '/echo', headers: { 'content-type': 'application/json' }, body: ECHO_BODY },
      ];
    case 'stack':
      return [{ method: 'GET', path: '/users/123', headers: { origin: 'https://app.example.com' } }];
    case 'auth':
      return [{ method: 'GET', path: '/me', headers: { authorization: `Bearer ${token}` } }];
    case 'api':
      return [
        { method: 'POST', path: '/users', headers: { 'content-type': 'application/json' }, body: API_BODY },
      ];
  }
  throw new Error(`unknown workload ${workload}`);
}

/** Headers whose values must match across servers, per workload. */
export function comparedHeaders(workload) {
  if (workload === 'stack') return ['content-type', ...SECURITY_HEADER_NAMES, 'access-control-allow-origin'];
  return ['content-type'];
}

// A header value in a canonical form: case and the spaces around `;` and `,` carry no meaning.
export const normalize = (v) =>
  v === undefined
    ? '(absent)'
    : String(v)
        .toLowerCase()
        .replace(/\s*([;,])\s*/g, '$1')
        .trim();

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
export const log = (...a) => console.log(`[${new Date().toISOString().slice(11, 19)}]`, ...a);

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** One HTTP request over a fresh connection: `{ status, headers, body }`. */
export function request(port, { method, path, headers = {}, body }, timeoutMs = 5000) {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path, headers, agent: false }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`timeout on ${method} ${path}`)));
    req.on('error', reject);
    req.end(body);
  });
}

/** Starts a server; resolves once it has answered its first request (that time is its startup time). */
export async function startServer(inst) {
  const port = await freePort();
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    JWT_SECRET,
    ...inst.env,
  };
  const t0 = performance.now();
  // stdout is discarded: request loggers write there (pino's default destination), so logging costs
  // the real serialisation and write(2), with nothing kept.
  const script = path.join(here, 'servers', `${inst.server}.mjs`);
  // inst.node: another Node's binary for the server (run.mjs --node); the driver stays on its own.
  const child = spawn(inst.node ?? process.execPath, [...(inst.nodeArgs ?? []), script, inst.workload], {
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d) => {
    stderr += d;
  });
  let exited = null;
  child.on('exit', (code, signal) => {
    exited = { code, signal };
  });
  const probe = inst.requests[0];
  const deadline = t0 + 20_000;
  for (;;) {
    if (exited)
      throw new Error(`${inst.label} exited (${exited.code ?? exited.signal}) at start:\n${stderr}`);
    if (performance.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${inst.label} did not answer within 20 s:\n${stderr}`);
    }
    try {
      const res = await request(port, probe, 2000);
      if (res.status < 500) break;
    } catch {}
    await sleep(5);
  }
  const startupMs = performance.now() - t0;
  return { ...inst, port, child, pid: child.pid, startupMs, stderr: () => stderr, isAlive: () => !exited };
}

export async function stopServer(srv) {
  if (!srv.isAlive()) return;
  const gone = new Promise((r) => srv.child.once('exit', r));
  srv.child.kill('SIGTERM');
  const timer = setTimeout(() => srv.child.kill('SIGKILL'), 3000);
  await gone;
  clearTimeout(timer);
}

/**
 * The binary of Node `major` for the servers, and its version: this process's own when it is that major,
 * else the one scripts/with-node.mjs fetches from the npm registry into .cache/node-<major>/.
 *   await serverNode('26') // { path: '/…/.cache/node-26/bin/node', version: 'v26.12.1' }
 */
export async function serverNode(major) {
  if (!major || major === process.versions.node.split('.')[0])
    return { path: process.execPath, version: process.version };
  const { nodeBinary } = await import('../scripts/with-node.mjs');
  const bin = nodeBinary(major);
  const { execFileSync } = await import('node:child_process');
  return { path: bin, version: execFileSync(bin, ['--version'], { encoding: 'utf8' }).trim() };
}

export function readStatus(pid) {
  try {
    const text = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (key) => Number(text.match(new RegExp(`${key}:\\s+(\\d+)`))?.[1] ?? 0);
    return { rss: kb('VmRSS') / 1024, hwm: kb('VmHWM') / 1024 };
  } catch {
    return { rss: 0, hwm: 0 };
  }
}

/** Samples VmRSS every 100 ms until stopped; returns the peak in MB. */
export function rssSampler(pid) {
  let peak = readStatus(pid).rss;
  const timer = setInterval(() => {
    peak = Math.max(peak, readStatus(pid).rss);
  }, 100);
  return () => {
    clearInterval(timer);
    return Math.max(peak, readStatus(pid).rss);
  };
}

/**
 * CPU time a process has used, in ms: all its threads (utime + stime, 10 ms ticks) and its main thread
 * alone (schedstat, ns). Server CPU per request is steadier than req/s on a shared machine: other
 * processes slow a server down without making each of its requests cost more.
 */
export function readCpu(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    const mainNs = Number(fs.readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]);
    return { processMs: ticks * 10, mainMs: mainNs / 1e6 };
  } catch {
    return { processMs: Number.NaN, mainMs: Number.NaN };
  }
}

export async function load(srv, mode, duration) {
  const stop = rssSampler(srv.pid);
  const cpu0 = readCpu(srv.pid);
  const r = await autocannon({
    url: `http://127.0.0.1:${srv.port}`,
    connections: mode.connections,
    pipelining: mode.pipelining,
    duration,
    timeout: 10,
    requests: srv.requests,
  });
  const rssPeakMB = stop();
  const cpu1 = readCpu(srv.pid);
  if (!srv.isAlive()) throw new Error(`${srv.label} died under load:\n${srv.stderr()}`);
  return {
    rps: Math.round(r.requests.total / r.duration),
    p50: r.latency.p50,
    p99: r.latency.p99,
    latencyAvg: r.latency.average,
    total: r.requests.total,
    duration: r.duration,
    errors: r.errors,
    timeouts: r.timeouts,
    non2xx: r.non2xx,
    rssPeakMB: Math.round(rssPeakMB * 10) / 10,
    cpuMs: cpu1.processMs - cpu0.processMs,
    cpuMainMs: Math.round((cpu1.mainMs - cpu0.mainMs) * 10) / 10,
    // Server CPU µs per answered request: every thread (GC helpers included), and the main thread alone.
    cpuUsPerReq: Math.round(((cpu1.processMs - cpu0.processMs) * 1000 * 100) / r.requests.total) / 100,
    cpuMainUsPerReq: Math.round(((cpu1.mainMs - cpu0.mainMs) * 1000 * 100) / r.requests.total) / 100,
  };
}
