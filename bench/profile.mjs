#!/usr/bin/env node
// CPU profile of one server under load: `node --cpu-prof` on the server, autocannon from here, then a
// summary of where the time went (self time by function, and inclusive time of kitjs's own functions).
//
//   node bench/profile.mjs [server=kitjs] [workload=param] [--seconds 5] [--mode c100p10] [--top 30]
// The .cpuprofile is kept under bench/results/profiles/ (open it in Chrome DevTools or speedscope).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { load, log, requestsFor, startServer, stopServer } from './lib.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    seconds: { type: 'string', default: '5' },
    mode: { type: 'string', default: 'c100p10' },
    top: { type: 'string', default: '30' },
    out: { type: 'string', default: path.join(here, 'results', 'profiles') },
  },
});
const [server = 'kitjs', workload = 'param'] = positionals;
const mode =
  values.mode === 'c100' ? { connections: 100, pipelining: 1 } : { connections: 100, pipelining: 10 };
const dir = path.resolve(values.out);
fs.mkdirSync(dir, { recursive: true });
const name = `${server}-${workload}`;

const before = new Set(fs.readdirSync(dir));
const srv = await startServer({
  label: server,
  server,
  workload,
  requests: requestsFor(workload),
  env: {},
  nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${dir}`, `--cpu-prof-name=${name}.cpuprofile`],
});
const warm = await load(srv, mode, 1); // warm-up, profiled too but short
const res = await load(srv, mode, Number(values.seconds));
const requests = warm.total + res.total;
await stopServer(srv);
log(`${server} ${workload}: ${res.rps} req/s under the profiler (p99 ${res.p99} ms)`);
const file = path.join(dir, `${name}.cpuprofile`);
if (!fs.existsSync(file)) throw new Error(`no profile written (files before: ${[...before].join(', ')})`);

/** Self and inclusive milliseconds per function (name + file:line), from a V8 .cpuprofile. */
function summarize(profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const dt = new Map();
  profile.samples.forEach((id, i) => {
    dt.set(id, (dt.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const key = (n) => {
    const f = n.callFrame;
    const url = f.url.replace(/^file:\/\//, '');
    if (!url) return f.functionName || '(anonymous)';
    const pkg = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)?.[1];
    const where = pkg
      ? `${pkg}:${path.basename(url)}`
      : `${path.basename(path.dirname(url))}/${path.basename(url)}`;
    return `${f.functionName || '(anonymous)'} ${where}:${f.lineNumber + 1}`;
  };
  const self = new Map();
  const incl = new Map();
  let total = 0;
  for (const [id, ms] of dt) {
    total += ms;
    const n = byId.get(id);
    self.set(key(n), (self.get(key(n)) ?? 0) + ms);
    // Inclusive: credit each distinct function on the stack once.
    const seen = new Set();
    for (let cur = id; cur !== undefined; cur = parent.get(cur)) {
      const k = key(byId.get(cur));
      if (seen.has(k)) continue;
      seen.add(k);
      incl.set(k, (incl.get(k) ?? 0) + ms);
    }
  }
  return { self, incl, total };
}

const { self, incl, total } = summarize(JSON.parse(fs.readFileSync(file, 'utf8')));
const top = Number(values.top);
const line = ([k, ms]) =>
  `${((ms / total) * 100).toFixed(1).padStart(5)}%  ${ms.toFixed(0).padStart(6)} ms  ${k}`;
const idle = (k) => /^\((idle|program|garbage collector)\)/.test(k);
const out = [
  `# ${name}: ${res.rps} req/s (${mode.pipelining > 1 ? '-c 100 -p 10' : '-c 100'}), ${total.toFixed(0)} ms sampled over ${requests} requests (${((total * 1000) / requests).toFixed(1)} µs/req incl. idle)`,
  '',
  `## self time, top ${top}`,
  ...[...self]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(line),
  '',
  '## inclusive time of functions in the framework under test (dist/ or the framework package)',
  ...[...incl]
    .filter(
      ([k]) =>
        !idle(k) && (server === 'kitjs' ? / dist\/(?:index|core)\.js:/.test(k) : k.includes(` ${server}:`)),
    )
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(line),
  '',
];
fs.writeFileSync(path.join(dir, `${name}.txt`), out.join('\n'));
console.log(out.join('\n'));
