#!/usr/bin/env node
// Memory soak: each server serves a mixed load (hello, json, param, router, echo, auth from one app) at a
// fixed rate for several minutes while its RSS is sampled; a leak shows as a rising line after warm-up.
//
//   node bench/soak.mjs [--seconds 600] [--rate 3000] [--servers kitjs,fastify] [--interval 5]
// Writes bench/results/soak.json, soak.md and soak.svg.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { log, readStatus, requestsFor, startServer, stopServer } from './lib.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '600' },
    rate: { type: 'string', default: '3000' },
    servers: { type: 'string', default: 'kitjs,fastify' },
    interval: { type: 'string', default: '5' },
    out: { type: 'string', default: path.join(here, 'results') },
  },
});
const seconds = Number(values.seconds);
const rate = Number(values.rate);
const names = values.servers.split(',');
const COLORS = { kitjs: '#2b8a3e', fastify: '#1f77b4', express: '#7f7f00', node: '#888', hono: '#e8590c' };

const requests = ['hello', 'json', 'param', 'router', 'echo', 'auth'].flatMap((w) =>
  w === 'router' ? requestsFor(w).slice(0, 10) : requestsFor(w),
);
const servers = [];
for (const server of names)
  servers.push(await startServer({ label: server, server, workload: 'mixed', requests, env: {} }));
log(`soak: ${names.join(', ')} at ${rate} req/s each for ${seconds}s, ${requests.length} request kinds`);

const t0 = performance.now();
const series = Object.fromEntries(names.map((n) => [n, []]));
const sample = () => {
  const t = Math.round((performance.now() - t0) / 1000);
  for (const s of servers) series[s.label].push([t, Math.round(readStatus(s.pid).rss * 10) / 10]);
};
sample();
const timer = setInterval(sample, Number(values.interval) * 1000);
const runs = await Promise.all(
  servers.map((s) =>
    autocannon({
      url: `http://127.0.0.1:${s.port}`,
      connections: 20,
      overallRate: rate,
      duration: seconds,
      requests,
      timeout: 10,
    }),
  ),
);
clearInterval(timer);
sample();
for (const s of servers) await stopServer(s);

/** Least-squares slope (MB per minute) over the samples after the first 20% (warm-up). */
function slope(points) {
  const pts = points.slice(Math.floor(points.length * 0.2));
  const n = pts.length;
  const mx = pts.reduce((a, p) => a + p[0], 0) / n;
  const my = pts.reduce((a, p) => a + p[1], 0) / n;
  const num = pts.reduce((a, p) => a + (p[0] - mx) * (p[1] - my), 0);
  const den = pts.reduce((a, p) => a + (p[0] - mx) ** 2, 0);
  return den ? (num / den) * 60 : 0;
}

const summary = servers.map((s, i) => {
  const pts = series[s.label];
  const r = runs[i];
  return {
    server: s.label,
    requests: r.requests.total,
    errors: r.errors + r.non2xx,
    rssStartMB: pts[1]?.[1] ?? pts[0][1],
    rssEndMB: pts.at(-1)[1],
    rssMaxMB: Math.max(...pts.map((p) => p[1])),
    slopeMBPerMin: Math.round(slope(pts) * 100) / 100,
  };
});
fs.mkdirSync(values.out, { recursive: true });
fs.writeFileSync(
  path.join(values.out, 'soak.json'),
  `${JSON.stringify({ date: new Date().toISOString(), node: process.version, seconds, rate, requests, summary, series }, null, 2)}\n`,
);

// A hand-written line chart of RSS over time.
const W = 560;
const H = 240;
const L = 60;
const T = 36;
const maxY = Math.max(...Object.values(series).flatMap((p) => p.map((x) => x[1]))) * 1.1;
const x = (t) => L + (t / seconds) * W;
const y = (v) => T + H - (v / maxY) * H;
const svg = [
  `<svg xmlns="http://www.w3.org/2000/svg" width="${L + W + 30}" height="${T + H + 60}" font-family="sans-serif" font-size="11">`,
  '<rect width="100%" height="100%" fill="#fff"/>',
  `<text x="${L}" y="18" font-size="14" font-weight="bold">RSS (MB) under a mixed load of ${rate} req/s</text>`,
];
for (let i = 0; i <= 4; i++) {
  const v = (maxY * i) / 4;
  svg.push(
    `<line x1="${L}" x2="${L + W}" y1="${y(v)}" y2="${y(v)}" stroke="#eee"/>`,
    `<text x="${L - 6}" y="${y(v) + 4}" text-anchor="end">${v.toFixed(0)}</text>`,
  );
}
for (let i = 0; i <= 5; i++) {
  const t = (seconds * i) / 5;
  svg.push(`<text x="${x(t)}" y="${T + H + 16}" text-anchor="middle">${Math.round(t)}s</text>`);
}
names.forEach((n, i) => {
  svg.push(
    `<polyline fill="none" stroke="${COLORS[n] ?? '#000'}" stroke-width="2" points="${series[n].map(([t, v]) => `${x(t)},${y(v)}`).join(' ')}"/>`,
    `<rect x="${L + i * 110}" y="${T + H + 30}" width="12" height="12" fill="${COLORS[n] ?? '#000'}"/>`,
    `<text x="${L + i * 110 + 16}" y="${T + H + 40}">${n}</text>`,
  );
});
svg.push('</svg>');
fs.writeFileSync(path.join(values.out, 'soak.svg'), svg.join('\n'));

const md = [
  '# Memory soak',
  '',
  `${new Date().toISOString()} · Node ${process.version} · \`node bench/soak.mjs ${process.argv.slice(2).join(' ')}\` · mixed load (${requests.length} kinds of request) at ${rate} req/s per server for ${seconds}s`,
  '',
  '![soak](soak.svg)',
  '',
  '| server | requests | errors | RSS after warm-up MB | RSS at end MB | max MB | slope after warm-up MB/min |',
  '|---|---:|---:|---:|---:|---:|---:|',
  ...summary.map(
    (s) =>
      `| ${s.server} | ${s.requests.toLocaleString('en-US')} | ${s.errors} | ${s.rssStartMB} | ${s.rssEndMB} | ${s.rssMaxMB} | ${s.slopeMBPerMin} |`,
  ),
  '',
];
fs.writeFileSync(path.join(values.out, 'soak.md'), md.join('\n'));
console.log(md.join('\n'));
