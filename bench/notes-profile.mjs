#!/usr/bin/env node
// Where a notes request spends its time: one notes server under `node --cpu-prof` (pinned as bench/notes.mjs
// pins), loaded with `GET /notes`, then a summary of the samples: self time by package (kitjs's functions by
// source file, through dist/'s source maps), the top functions, and the inclusive time of each package.
//
//   node bench/notes-profile.mjs                       # kitjs, 10 s at -c 50, Node of this process
//   node bench/notes-profile.mjs kitjs-sequelize --node 26 --seconds 10
//   node bench/notes-profile.mjs --server-file ../app.mjs --name mine
//
// Writes bench/results/notes-profile.md (--md elsewhere); the .cpuprofile goes to bench/results/profiles/
// (git-ignored: open it in Chrome DevTools or speedscope). Options of bench/pinned.mjs that apply:
// --connections, --max-load, --wait-quiet, --server-cpu, --loader-cpu, --allow-unpinned, --node.
import fs from 'node:fs';
import { findSourceMap, SourceMap } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { ensureInstalled } from '../scripts/sub-package.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
ensureInstalled(here, 'bench', 'the benchmark dependencies');
ensureInstalled(path.join(here, 'notes'), 'bench/notes', "the notes workload's databases and plugins");

const pinned = await import('./pinned.mjs');
const { log } = await import('./lib.mjs');
const { notesServer, prepareNotes } = await import('./notes/verify.mjs');

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    ...pinned.PINNED_OPTIONS,
    seconds: { type: 'string', default: '10' },
    top: { type: 'string', default: '25' },
    md: { type: 'string', default: path.join(here, 'results', 'notes-profile.md') },
    // The kitjs servers on kitjs built at REV (bench/baseline.mjs), e.g. a branch not merged yet.
    baseline: { type: 'string' },
  },
});
const config = pinned.pinnedConfig(values);
const extra = config.extra[0];
const label = extra?.name ?? positionals[0] ?? 'kitjs';
const profDir = path.join(here, 'results', 'profiles');
fs.mkdirSync(profDir, { recursive: true });
const profName = `notes-${label}.cpuprofile`;
fs.rmSync(path.join(profDir, profName), { force: true });

const logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kitjs-notes-profile-'));
process.on('exit', () => fs.rmSync(logDir, { recursive: true, force: true }));

const plan = pinned.pinPlan(config);
if (!plan.pinned && !config.allowUnpinned) {
  console.error(`cannot pin (${plan.why}); pass --allow-unpinned to profile anyway`);
  process.exit(3);
}
let kitjsModule;
if (values.baseline) {
  const { ensureBaseline } = await import('./baseline.mjs');
  kitjsModule = ensureBaseline(values.baseline, log).module;
}
const node = await (await import('./lib.mjs')).serverNode(config.node);
let quiet;
try {
  quiet = await pinned.waitForQuiet({ maxLoad: config.maxLoad, waitS: config.waitQuiet });
} catch (err) {
  console.error(err.message);
  process.exit(err.exitCode ?? 2);
}
if (plan.pinned) pinned.pinProcess(process.pid, plan.loaderCpu);

const inst = notesServer(label, extra?.file, logDir);
const srv = await pinned.startPinned({
  ...inst,
  env: kitjsModule ? { ...inst.env, KITJS_MODULE: kitjsModule } : inst.env,
  node: node.path,
  cpu: plan.pinned ? plan.serverCpu : undefined,
  nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profDir}`, `--cpu-prof-name=${profName}`],
});
let res;
let window;
try {
  await prepareNotes(srv);
  const mode = { connections: config.connections, pipelining: config.pipelining };
  await pinned.measure(srv, { ...mode, duration: 2 });
  // V8 stamps samples with the monotonic clock hrtime reads, in µs: the window keeps the measured load only
  // (start-up, seeding, login and warm-up left out).
  window = [Number(process.hrtime.bigint() / 1000n)];
  res = await pinned.measure(srv, { ...mode, duration: Number(values.seconds) });
  window.push(Number(process.hrtime.bigint() / 1000n));
} finally {
  await pinned.stopPinned(srv);
}
const loadAtEnd = pinned.loadAverage();
log(`${label}: ${res.rps} req/s under the profiler, ${res.cpuUsPerReq} µs CPU/req`);
const file = path.join(profDir, profName);
for (let i = 0; i < 50 && !fs.existsSync(file); i++) await new Promise((r) => setTimeout(r, 100));
if (!fs.existsSync(file)) throw new Error(`no profile written to ${file}`);
const profile = JSON.parse(fs.readFileSync(file, 'utf8'));

// --- attributing samples ----------------------------------------------------------------------------------
const kitRoot = path.resolve(here, '..');
const sourceMaps = new Map();
/** kitjs's source file (src/…) for a position in dist/, through the build's source map; else the dist file. */
function kitSource(file, line, column) {
  if (!sourceMaps.has(file)) {
    let map = null;
    try {
      map = findSourceMap(file) ?? new SourceMap(JSON.parse(fs.readFileSync(`${file}.map`, 'utf8')));
    } catch {}
    sourceMaps.set(file, map);
  }
  const map = sourceMaps.get(file);
  const entry = map?.findEntry(line, column);
  if (!entry?.originalSource) return `dist/${path.basename(file)}`;
  const src = entry.originalSource.replace(/^.*?\/src\//, 'src/');
  return src.startsWith('src/') ? src : `dist/${path.basename(file)}`;
}

/** The group of a frame: kitjs, a package, node's internals, the app, or one of V8's pseudo-frames. */
function frameInfo(frame) {
  const url = frame.url.replace(/^file:\/\//, '');
  const name = frame.functionName || '(anonymous)';
  if (!url) {
    if (/^\((garbage collector|idle|program|root)\)$/.test(name)) return { group: name, where: '' };
    return { group: null, where: '(native)' }; // charged to the caller's group below
  }
  if (url.startsWith('node:')) return { group: 'node (internals)', where: url };
  const real = url.includes('/node_modules/kitjs/') ? fs.realpathSync(url) : url;
  // kitjs's dist/, or a build of another revision (--baseline: bench/.baselines/<hash>/dist/).
  if (real.startsWith(path.join(kitRoot, 'dist')) || /\/\.baselines\/[^/]+\/dist\//.test(real)) {
    return { group: 'kitjs', where: kitSource(real, frame.lineNumber, frame.columnNumber) };
  }
  const pkg = real.match(/.*node_modules\/((?:@[^/]+\/)?[^/]+)/)?.[1];
  if (pkg) return { group: pkg, where: `${pkg}/${path.basename(real)}` };
  return { group: 'app (the server file)', where: path.relative(here, real) };
}

const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const infoOf = new Map();
function info(id) {
  if (infoOf.has(id)) return infoOf.get(id);
  const n = byId.get(id);
  const own = frameInfo(n.callFrame);
  let group = own.group;
  // A native frame (JSON.stringify, a write, a driver's C++) counts for the JS that called it.
  if (group === null) {
    const up = parent.get(id);
    group = up === undefined ? '(native)' : info(up).group;
  }
  const result = {
    group,
    fn: `${n.callFrame.functionName || '(anonymous)'}${own.where ? ` ${own.where}` : ''}`,
  };
  infoOf.set(id, result);
  return result;
}

const selfMs = new Map();
let at = profile.startTime;
profile.samples.forEach((id, i) => {
  at += profile.timeDeltas[i] ?? 0;
  if (at < window[0] || at > window[1]) return;
  selfMs.set(id, (selfMs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
});
const bump = (map, key, ms) => map.set(key, (map.get(key) ?? 0) + ms);
const groupSelf = new Map();
const groupIncl = new Map();
const fnSelf = new Map();
const kitFileSelf = new Map();
const internalsByCaller = new Map();
let total = 0;
let idle = 0;
for (const [id, ms] of selfMs) {
  total += ms;
  const i = info(id);
  if (i.group === '(idle)') idle += ms;
  bump(groupSelf, i.group, ms);
  bump(fnSelf, `${i.fn}  [${i.group}]`, ms);
  if (i.group === 'kitjs') {
    const where = frameInfo(byId.get(id).callFrame).where || '(native, called from kitjs)';
    bump(kitFileSelf, where.split(' ')[0], ms);
  }
  // Node's internals (a write, an Hmac, a stack trace) are told apart by the package code that called them.
  if (i.group === 'node (internals)') {
    let cur = parent.get(id);
    while (cur !== undefined && ['node (internals)', '(root)'].includes(info(cur).group))
      cur = parent.get(cur);
    const caller = cur === undefined ? '(no package frame)' : `${info(cur).fn}  [${info(cur).group}]`;
    bump(internalsByCaller, `${i.fn.split(' ')[0]} ← ${caller}`, ms);
  }
  const seen = new Set();
  for (let cur = id; cur !== undefined; cur = parent.get(cur)) {
    const g = info(cur).group;
    if (seen.has(g)) continue;
    seen.add(g);
    bump(groupIncl, g, ms);
  }
}

const requests = res.answered;
const busy = total - idle;
const usPerReq = (ms) => (ms * 1000) / requests;
const pct = (ms) => `${((ms / busy) * 100).toFixed(1)}%`;
const top = Number(values.top);
const sorted = (map) => [...map].filter(([k]) => !k.includes('(idle)')).sort((a, b) => b[1] - a[1]);

const out = [
  `# Where a notes request spends its time: ${label}`,
  '',
  `\`node bench/notes-profile.mjs ${process.argv.slice(2).join(' ')}\`: ${label} (${path.relative(path.join(here, '..'), srv.file)}` +
    `${values.baseline ? `, on kitjs built at ${values.baseline}` : ''}; it said "${srv.banner()}") on ` +
    `Node ${node.version} under \`--cpu-prof\`, ${plan.pinned ? `pinned to CPU ${plan.serverCpu} (autocannon on ${plan.loaderCpu})` : 'not pinned'}, ` +
    `\`GET /notes\` at \`-c ${config.connections}\` for 2 s of warm-up and ${values.seconds} s; ${res.rps} req/s and ` +
    `${res.cpuUsPerReq} µs of server CPU per request while profiled (the profiler costs some). Load average ` +
    `${quiet.load ? `${quiet.load.one.toFixed(2)}` : 'n/a'} at the start, ${loadAtEnd ? loadAtEnd.one.toFixed(2) : 'n/a'} at the end; ` +
    `others' CPU ${res.othersCpuPct}% of one CPU during the measured window (max-load gate ${config.maxLoad}).`,
  '',
  `The samples of the measured ${values.seconds} s only (start-up, seeding, login and warm-up left out): ` +
    `${busy.toFixed(0)} ms busy (idle left out) over ${requests} requests: ${usPerReq(busy).toFixed(1)} µs a ` +
    "request on the main thread. A native frame (JSON.stringify, a write(2), a driver's C++) is charged to the " +
    'package whose JavaScript called it; `(program)` is V8 and Node work outside JavaScript (the HTTP parser, ' +
    "libuv callbacks), `(garbage collector)` the main thread's share of collection.",
  '',
  '## By package',
  '',
  '| package | self ms | self % | self µs/req | inclusive % |',
  '|---|---:|---:|---:|---:|',
  ...sorted(groupSelf).map(
    ([g, ms]) =>
      `| ${g} | ${ms.toFixed(0)} | ${pct(ms)} | ${usPerReq(ms).toFixed(1)} | ${pct(groupIncl.get(g) ?? 0)} |`,
  ),
  '',
  '## kitjs by source file (self time)',
  '',
  '| file | self ms | self % | µs/req |',
  '|---|---:|---:|---:|',
  ...sorted(kitFileSelf).map(
    ([f, ms]) => `| ${f} | ${ms.toFixed(0)} | ${pct(ms)} | ${usPerReq(ms).toFixed(2)} |`,
  ),
  '',
  "## Node's internals, by the package function that called them",
  '',
  '| internal function ← first package frame above it | self ms | self % |',
  '|---|---:|---:|',
  ...sorted(internalsByCaller)
    .slice(0, 15)
    .map(([k, ms]) => `| \`${k.replace(/\|/g, '\\|')}\` | ${ms.toFixed(0)} | ${pct(ms)} |`),
  '',
  `## Top ${top} functions (self time)`,
  '',
  '| function | self ms | self % |',
  '|---|---:|---:|',
  ...sorted(fnSelf)
    .slice(0, top)
    .map(([k, ms]) => `| \`${k.replace(/\|/g, '\\|')}\` | ${ms.toFixed(0)} | ${pct(ms)} |`),
  '',
];
const text = out.join('\n');
fs.mkdirSync(path.dirname(values.md), { recursive: true });
fs.writeFileSync(values.md, text);
console.log(text);
console.log(
  `written: ${path.relative(process.cwd(), values.md)}; profile: ${path.relative(process.cwd(), file)}`,
);
