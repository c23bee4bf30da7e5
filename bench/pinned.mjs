#!/usr/bin/env node
// Pinned runs: each server on one CPU and the load generator on another (taskset), started only on a quiet
// machine (the 1-minute load average at or below --max-load, waited for up to --wait-quiet seconds, else
// refused), with each server's CPU time per answered request (utime + stime from /proc/<pid>/stat over the
// measured window), the CPU other processes took meanwhile, and the spread over interleaved rounds.
// bench/notes.mjs runs the notes workload through it; run by itself it measures a workload of bench/servers/:
//
//   node scripts/with-bench-deps.mjs bench/pinned.mjs --workload api --servers node,fastify,kitjs
//   node bench/pinned.mjs --workload api --servers fastify,kitjs --server-file ../my-app.mjs --name mine
//
// Options (notes.mjs takes the same): --rounds N (5), --duration S (5), --warmup S (3), --connections N (50),
// --pipelining N (1), --max-load L (0.5), --wait-quiet S (300), --server-cpu C (0), --loader-cpu C (1),
// --allow-unpinned, --node N, --out DIR, --servers a,b, --server-file PATH --name LABEL (repeatable).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { freePort, log, normalize, readCpu, request, serverNode, sleep } from './lib.mjs';
import { JWT_SECRET } from './shared.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The options every pinned harness takes, for node:util's parseArgs. */
export const PINNED_OPTIONS = {
  rounds: { type: 'string', default: '5' },
  duration: { type: 'string', default: '5' },
  warmup: { type: 'string', default: '3' },
  connections: { type: 'string', default: '50' },
  pipelining: { type: 'string', default: '1' },
  'max-load': { type: 'string', default: '0.5' },
  'wait-quiet': { type: 'string', default: '300' },
  'server-cpu': { type: 'string', default: '0' },
  'loader-cpu': { type: 'string', default: '1' },
  'allow-unpinned': { type: 'boolean', default: false },
  node: { type: 'string' },
  out: { type: 'string' },
  servers: { type: 'string' },
  'server-file': { type: 'string', multiple: true, default: [] },
  name: { type: 'string', multiple: true, default: [] },
};

/** The parsed options as numbers and lists: `{ rounds, duration, …, extra: [{ name, file }] }`. */
export function pinnedConfig(values) {
  const number = (key) => {
    const n = Number(values[key]);
    if (!Number.isFinite(n) || n < 0) throw new Error(`--${key} must be a number (got ${values[key]})`);
    return n;
  };
  const files = values['server-file'];
  const names = values.name;
  if (names.length > files.length) throw new Error('--name without a --server-file before it');
  return {
    rounds: number('rounds'),
    duration: number('duration'),
    warmup: number('warmup'),
    connections: number('connections'),
    pipelining: number('pipelining'),
    maxLoad: number('max-load'),
    waitQuiet: number('wait-quiet'),
    serverCpu: values['server-cpu'],
    loaderCpu: values['loader-cpu'],
    allowUnpinned: values['allow-unpinned'],
    node: values.node,
    out: values.out,
    servers: values.servers?.split(',').filter(Boolean),
    extra: files.map((file, i) => ({
      name: names[i] ?? path.basename(file, path.extname(file)),
      file: path.resolve(file),
    })),
  };
}

/** /proc/loadavg's 1, 5 and 15 minute averages, or null where there is no /proc (not Linux). */
export function loadAverage() {
  try {
    const [one, five, fifteen] = fs.readFileSync('/proc/loadavg', 'utf8').split(' ').map(Number);
    return { one, five, fifteen };
  } catch {
    return null;
  }
}

const showLoad = (l) => (l ? `${l.one.toFixed(2)} ${l.five.toFixed(2)} ${l.fifteen.toFixed(2)}` : 'n/a');

/**
 * Waits until the 1-minute load average is at or below `maxLoad`, polling every 5 s for up to `waitS`
 * seconds; throws (the harness refuses to measure) when it is still above then. Returns what it read.
 */
export async function waitForQuiet({ maxLoad, waitS }) {
  const start = Date.now();
  let l = loadAverage();
  if (!l) {
    log('no /proc/loadavg here: cannot tell whether the machine is quiet; going on');
    return { load: null, waitedS: 0 };
  }
  if (l.one > maxLoad)
    log(`load average ${showLoad(l)} is above --max-load ${maxLoad}; waiting up to ${waitS} s`);
  while (l.one > maxLoad) {
    if ((Date.now() - start) / 1000 >= waitS) {
      const err = new Error(
        `refusing to measure: the 1-minute load average is ${l.one.toFixed(2)}, above --max-load ${maxLoad}, ` +
          `after waiting ${Math.round((Date.now() - start) / 1000)} s (--wait-quiet ${waitS}). ` +
          'Something else is running; stop it, or pass a higher --max-load and say so beside the figures.',
      );
      err.exitCode = 3;
      throw err;
    }
    await sleep(5000);
    l = loadAverage();
  }
  const waitedS = Math.round((Date.now() - start) / 1000);
  log(`load average ${showLoad(l)} (≤ ${maxLoad})${waitedS ? ` after waiting ${waitedS} s` : ''}: measuring`);
  return { load: l, waitedS };
}

/** The CPUs this process may run on (sched_getaffinity, as `taskset -p` prints it), or null. */
function allowedCpus(pid = process.pid) {
  try {
    const text = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    return text.match(/Cpus_allowed_list:\s*(\S+)/)?.[1] ?? null;
  } catch {
    return null;
  }
}

/** Expands a CPU list such as `0-2,5` into [0, 1, 2, 5]. */
function expandCpuList(list) {
  const cpus = [];
  for (const part of list.split(',')) {
    const [a, b = a] = part.split('-').map(Number);
    for (let c = a; c <= b; c++) cpus.push(c);
  }
  return cpus;
}

/**
 * How this machine can pin: `{ pinned: true, serverCpu, loaderCpu, how }` when taskset exists and both CPUs
 * are ours, else `{ pinned: false, why }`. Linux's sched_setaffinity (what taskset calls) is the only means
 * used: no cgroup cpusets, no isolcpus, so other processes may still be scheduled on either CPU (the
 * "others' CPU" column shows when they were).
 */
export function pinPlan({ serverCpu, loaderCpu }) {
  if (process.platform !== 'linux') return { pinned: false, why: `${process.platform} has no taskset` };
  const probe = spawnSync('taskset', ['--version'], { encoding: 'utf8' });
  if (probe.error) return { pinned: false, why: 'taskset (util-linux) is not installed' };
  const allowed = allowedCpus();
  const cpus = allowed ? expandCpuList(allowed) : [];
  if (cpus.length < 2)
    return { pinned: false, why: `only CPU(s) ${allowed ?? '?'} are available to this process` };
  for (const c of [serverCpu, loaderCpu]) {
    if (!cpus.includes(Number(c))) return { pinned: false, why: `CPU ${c} is not among ${allowed}` };
  }
  if (serverCpu === loaderCpu)
    return { pinned: false, why: '--server-cpu and --loader-cpu are the same CPU' };
  return {
    pinned: true,
    serverCpu,
    loaderCpu,
    how: `taskset: servers on CPU ${serverCpu}, load generator (this process, all threads) on CPU ${loaderCpu}, of ${allowed}`,
  };
}

/** Pins every thread of `pid` to `cpu` (taskset -a -p -c); throws when taskset fails. */
export function pinProcess(pid, cpu) {
  const run = spawnSync('taskset', ['-a', '-p', '-c', String(cpu), String(pid)], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`taskset -a -p -c ${cpu} ${pid} failed: ${run.stderr || run.error}`);
  return allowedCpus(pid);
}

/** The machine-wide busy CPU ticks (USER_HZ) of /proc/stat's first line, and steal alone. */
function systemTicks() {
  try {
    const line = fs.readFileSync('/proc/stat', 'utf8').split('\n', 1)[0];
    const [user, nice, system, , , irq, softirq, steal] = line.split(/\s+/).slice(1).map(Number);
    return { busy: user + nice + system + irq + softirq + (steal || 0), steal: steal || 0 };
  } catch {
    return { busy: Number.NaN, steal: Number.NaN };
  }
}

/** This process's CPU ticks (utime + stime). */
function selfTicks() {
  const cpu = readCpu(process.pid);
  return cpu.processMs / 10;
}

/**
 * Starts one server: `node <file> [...args]` under `taskset -c <cpu>` (when pinned), PORT and the env given,
 * cwd the file's folder unless `cwd` says otherwise; resolves when `probe` answers below 500.
 *   await startPinned({ label: 'fastify', file: '/…/servers/fastify.mjs', args: ['api'], probe, cpu: '0' })
 */
export async function startPinned(inst) {
  const port = await freePort();
  const env = { ...process.env, NODE_ENV: 'production', PORT: String(port), JWT_SECRET, ...inst.env };
  const node = inst.node ?? process.execPath;
  const argv = [...(inst.nodeArgs ?? []), inst.file, ...(inst.args ?? [])];
  // taskset execs node in place: the pid spawn gives is the server's own.
  const [cmd, cmdArgs] =
    inst.cpu === undefined ? [node, argv] : ['taskset', ['-c', String(inst.cpu), node, ...argv]];
  const t0 = performance.now();
  const child = spawn(cmd, cmdArgs, {
    env,
    cwd: inst.cwd ?? path.dirname(inst.file),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // The first line a server prints (its "listening on" line) is kept for the report; the rest is dropped.
  let banner = '';
  child.stdout.on('data', (d) => {
    if (banner.length < 2000) banner += d;
  });
  let stderr = '';
  child.stderr.on('data', (d) => {
    stderr += d;
  });
  let exited = null;
  child.on('exit', (code, signal) => {
    exited = { code, signal };
  });
  const deadline = t0 + (inst.startTimeoutMs ?? 30_000);
  for (;;) {
    if (exited) {
      const err = new Error(`${inst.label} exited (${exited.code ?? exited.signal}) at start:\n${stderr}`);
      err.exitStatus = exited.code;
      throw err;
    }
    if (performance.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${inst.label} did not answer within ${deadline - t0} ms:\n${stderr}`);
    }
    try {
      const res = await request(port, inst.probe, 2000);
      if (res.status < 500) break;
    } catch {}
    await sleep(10);
  }
  return {
    ...inst,
    port,
    child,
    pid: child.pid,
    startupMs: Math.round(performance.now() - t0),
    cpus: allowedCpus(child.pid),
    stderr: () => stderr,
    banner: () => banner.split('\n', 1)[0].trim(),
    isAlive: () => !exited,
  };
}

export async function stopPinned(srv) {
  if (!srv.isAlive()) return;
  const gone = new Promise((r) => srv.child.once('exit', r));
  srv.child.kill('SIGTERM');
  const timer = setTimeout(() => srv.child.kill('SIGKILL'), 3000);
  await gone;
  clearTimeout(timer);
}

/**
 * One measured window: autocannon (in this process) against `srv` with its `requests`, and around it the
 * server's CPU ticks, this process's, the machine's and the load average. Server CPU per request is the
 * server's utime + stime over the window divided by the requests answered (2xx); "others" is the machine's
 * busy time less the server's and this process's, in per cent of one CPU.
 */
export async function measure(srv, { connections, pipelining, duration }) {
  const load0 = loadAverage();
  const sys0 = systemTicks();
  const self0 = selfTicks();
  const cpu0 = readCpu(srv.pid);
  const r = await autocannon({
    url: `http://127.0.0.1:${srv.port}`,
    connections,
    pipelining,
    duration,
    timeout: 10,
    requests: srv.requests,
  });
  const cpu1 = readCpu(srv.pid);
  const self1 = selfTicks();
  const sys1 = systemTicks();
  const load1 = loadAverage();
  if (!srv.isAlive()) throw new Error(`${srv.label} died under load:\n${srv.stderr()}`);
  const answered = r['2xx'];
  const serverTicks = (cpu1.processMs - cpu0.processMs) / 10;
  const others = sys1.busy - sys0.busy - serverTicks - (self1 - self0);
  return {
    rps: Math.round(answered / r.duration),
    answered,
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
    p50: r.latency.p50,
    p99: r.latency.p99,
    duration: r.duration,
    cpuUsPerReq: round2((serverTicks * 10_000) / answered),
    cpuMainUsPerReq: round2(((cpu1.mainMs - cpu0.mainMs) * 1000) / answered),
    serverCpuPct: round2(serverTicks / r.duration),
    loaderCpuPct: round2((self1 - self0) / r.duration),
    othersCpuPct: round2(Math.max(0, others) / r.duration),
    stealPct: round2((sys1.steal - sys0.steal) / r.duration),
    loadBefore: load0,
    loadAfter: load1,
  };
}

const round2 = (x) => Math.round(x * 100) / 100;
export const median = (xs) => {
  const s = xs.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (s.length === 0) return Number.NaN;
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const range = (xs) => {
  const s = xs.filter((x) => Number.isFinite(x));
  return s.length ? [Math.min(...s), Math.max(...s)] : [Number.NaN, Number.NaN];
};
const rotate = (list, k) => list.map((_, i) => list[(i + k) % list.length]);

/**
 * The run every pinned harness shares: gate on the load average, pin this process, start every server on the
 * server CPU, let `prepare(srv)` set its `requests` (and check its answers: throw to fail the run), warm each
 * up, then `rounds` interleaved rounds (order rotated) of `duration` seconds each. Returns every round's
 * figures and the conditions of the run; `beforeRounds(servers)` is called once the warm-up is over. A server whose start fails with `skipStatus` (its exit code) is
 * reported as not run, with its stderr, instead of failing the run.
 */
export async function runPinned({ config, servers, prepare, beforeRounds, skipStatus = 3 }) {
  const plan = pinPlan(config);
  if (!plan.pinned) {
    if (!config.allowUnpinned) {
      const err = new Error(`cannot pin (${plan.why}); pass --allow-unpinned to measure anyway, unpinned`);
      err.exitCode = 3;
      throw err;
    }
    log(`NOT PINNED: ${plan.why} (--allow-unpinned)`);
  }
  const node = await serverNode(config.node);
  const quiet = await waitForQuiet({ maxLoad: config.maxLoad, waitS: config.waitQuiet });
  const loaderCpus = plan.pinned ? pinProcess(process.pid, plan.loaderCpu) : allowedCpus();
  if (plan.pinned) log(plan.how);
  const started = [];
  const skipped = [];
  try {
    for (const inst of servers) {
      try {
        const srv = await startPinned({
          ...inst,
          node: node.path,
          cpu: plan.pinned ? plan.serverCpu : undefined,
        });
        started.push(srv);
      } catch (err) {
        if (err.exitStatus === skipStatus) {
          log(`${inst.label}: not run: ${err.message.split('\n').slice(1).join(' ').trim()}`);
          skipped.push({ label: inst.label, why: err.message.split('\n').slice(1).join(' ').trim() });
          continue;
        }
        throw err;
      }
    }
    for (const srv of started) await prepare(srv);
    const mode = { connections: config.connections, pipelining: config.pipelining };
    if (config.warmup > 0) {
      log(`verified; warming up ${config.warmup} s each`);
      for (const srv of started) await measure(srv, { ...mode, duration: config.warmup });
    }
    await beforeRounds?.(started);
    const rounds = [];
    for (let r = 0; r < config.rounds; r++) {
      const round = { index: r + 1, loadBefore: loadAverage(), results: {} };
      for (const srv of rotate(started, r)) {
        const m = await measure(srv, { ...mode, duration: config.duration });
        round.results[srv.label] = m;
        log(
          `round ${r + 1}/${config.rounds} ${srv.label.padEnd(16)} ${String(m.rps).padStart(6)} req/s  ` +
            `${m.cpuUsPerReq.toFixed(1).padStart(6)} µs CPU/req  server ${m.serverCpuPct}% loader ${m.loaderCpuPct}% ` +
            `others ${m.othersCpuPct}%${m.non2xx || m.errors ? `  non-2xx ${m.non2xx} errors ${m.errors}` : ''}`,
        );
      }
      round.loadAfter = loadAverage();
      rounds.push(round);
    }
    return {
      node: node.version,
      driverNode: process.version,
      plan,
      loaderCpus,
      quiet,
      loadAtEnd: loadAverage(),
      machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, kernel: os.release() },
      servers: started.map((s) => ({
        label: s.label,
        file: s.file,
        cpus: s.cpus,
        startupMs: s.startupMs,
        banner: s.banner(),
      })),
      skipped,
      rounds,
      config,
      started,
    };
  } finally {
    for (const srv of started) await stopPinned(srv);
  }
}

/** Per server: medians and ranges over rounds, and its ratios to `reference` (medians of per-round ratios). */
export function summarize(run, reference) {
  const labels = run.servers.map((s) => s.label);
  const rows = labels.map((label) => {
    const per = run.rounds.map((r) => r.results[label]).filter(Boolean);
    const pick = (k) => per.map((m) => m[k]);
    const ratio = (k) =>
      run.rounds
        .map((r) => (r.results[reference] ? r.results[label][k] / r.results[reference][k] : Number.NaN))
        .filter((x) => Number.isFinite(x));
    return {
      label,
      rps: median(pick('rps')),
      rpsRange: range(pick('rps')),
      cpu: median(pick('cpuUsPerReq')),
      cpuRange: range(pick('cpuUsPerReq')),
      cpuMain: median(pick('cpuMainUsPerReq')),
      p50: median(pick('p50')),
      p99: median(pick('p99')),
      serverCpuPct: median(pick('serverCpuPct')),
      othersMax: Math.max(...pick('othersCpuPct')),
      non2xx: pick('non2xx').reduce((a, b) => a + b, 0),
      errors: pick('errors').reduce((a, b) => a + b, 0),
      rpsRatio: labels.includes(reference) ? median(ratio('rps')) : Number.NaN,
      rpsRatioRange: range(ratio('rps')),
      cpuRatio: labels.includes(reference) ? median(ratio('cpuUsPerReq')) : Number.NaN,
      cpuRatioRange: range(ratio('cpuUsPerReq')),
    };
  });
  return rows;
}

const f = (x, d = 0) => (Number.isFinite(x) ? x.toFixed(d) : '–');
const fr = ([a, b], d = 0) => (Number.isFinite(a) ? `${f(a, d)}–${f(b, d)}` : '–');

/** The markdown of a run: conditions (pinning, load averages, others' CPU), the summary table, every round. */
export function markdown({ title, intro = '', run, reference, command, notes = [] }) {
  const rows = summarize(run, reference);
  const c = run.config;
  const out = [`# ${title}`, ''];
  if (intro) out.push(intro, '');
  out.push(
    `Servers on Node ${run.node} (driver and autocannon on ${run.driverNode}); ${os.cpus().length} CPUs ` +
      `(${run.machine.model}), Linux ${run.machine.kernel}; ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC.`,
    '',
    `- Pinning: ${run.plan.pinned ? `${run.plan.how}; each server's Cpus_allowed_list: ${run.servers.map((s) => `${s.label} ${s.cpus}`).join(', ')}; this process ${run.loaderCpus}` : `**not pinned**: ${run.plan.why}`}.`,
    `- Quiet gate: 1-min load average ≤ ${c.maxLoad} (waited up to ${c.waitQuiet} s): ${run.quiet.load ? showLoad(run.quiet.load) : 'n/a'} at the start${run.quiet.waitedS ? ` after ${run.quiet.waitedS} s of waiting` : ''}, ${showLoad(run.loadAtEnd)} at the end (1, 5, 15 min; the run's own load raises them).`,
    `- Load: autocannon \`-c ${c.connections}${c.pipelining > 1 ? ` -p ${c.pipelining}` : ''}\`, ${c.warmup} s warm-up per server, then ${c.rounds} interleaved rounds of ${c.duration} s per server (order rotated each round).`,
    "- CPU/req: the server process's utime + stime (/proc/<pid>/stat, all threads) over the window ÷ 2xx answers; main: its main thread alone (schedstat). Others: CPU the rest of the machine used meanwhile (/proc/stat less the server and the load generator), % of one CPU.",
  );
  if (command) out.push(`- Command: \`${command}\``);
  for (const n of notes) out.push(`- ${n}`);
  for (const s of run.skipped) out.push(`- **${s.label} not run**: ${s.why}`);
  out.push(
    '',
    `| server | req/s (median) | range | × ${reference} req/s [range] | CPU µs/req | range | × ${reference} CPU [range] | main µs/req | p50 / p99 ms | server CPU % | others' CPU % (max) | non-2xx / errors |`,
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  );
  for (const r of rows) {
    out.push(
      `| ${r.label} | ${f(r.rps)} | ${fr(r.rpsRange)} | ${f(r.rpsRatio, 2)} [${fr(r.rpsRatioRange, 2)}] | ${f(r.cpu, 1)} | ${fr(r.cpuRange, 1)} | ${f(r.cpuRatio, 2)} [${fr(r.cpuRatioRange, 2)}] | ${f(r.cpuMain, 1)} | ${f(r.p50)} / ${f(r.p99)} | ${f(r.serverCpuPct)} | ${f(r.othersMax)} | ${r.non2xx} / ${r.errors} |`,
    );
  }
  out.push(
    '',
    '### Every round',
    '',
    '| round | load avg before → after | server | req/s | CPU µs/req | others % | steal % |',
    '|---:|---|---|---:|---:|---:|---:|',
  );
  for (const round of run.rounds) {
    for (const [label, m] of Object.entries(round.results)) {
      out.push(
        `| ${round.index} | ${showLoad(m.loadBefore)} → ${showLoad(m.loadAfter)} | ${label} | ${m.rps} | ${f(m.cpuUsPerReq, 1)} | ${f(m.othersCpuPct)} | ${f(m.stealPct)} |`,
      );
    }
  }
  out.push('');
  return { text: out.join('\n'), rows };
}

/** Writes `<out>/<name>.md` and `<name>.json` (every round); returns the markdown path. */
export function writeResults(outDir, name, text, run) {
  fs.mkdirSync(outDir, { recursive: true });
  const md = path.join(outDir, `${name}.md`);
  fs.writeFileSync(md, text);
  const { started: _started, ...data } = run;
  fs.writeFileSync(path.join(outDir, `${name}.json`), `${JSON.stringify(data, null, 2)}\n`);
  return md;
}

/** The default results folder for a run on Node `major`: bench/results/node<major>/. */
export function defaultOut(nodeVersion) {
  return path.join(here, 'results', `node${nodeVersion.replace(/^v/, '').split('.')[0]}`);
}

// --- run by itself: a workload of bench/servers/ -------------------------------------------------------
async function main() {
  const { requestsFor, comparedHeaders } = await import('./lib.mjs');
  const { values } = parseArgs({
    options: { ...PINNED_OPTIONS, workload: { type: 'string', default: 'api' } },
  });
  const config = pinnedConfig(values);
  const workload = values.workload;
  const names = config.servers ?? ['node', 'fastify', 'kitjs'];
  const requests = requestsFor(workload);
  const servers = [
    ...names.map((name) => ({
      label: name,
      file: path.join(here, 'servers', `${name}.mjs`),
      args: [workload],
    })),
    ...config.extra.map(({ name, file }) => ({ label: name, file, args: [workload] })),
  ].map((s) => ({ ...s, probe: requests[0], env: {} }));
  // The first server's answers are the reference, as node:http's are in run.mjs.
  let reference;
  const run = await runPinned({
    config,
    servers,
    prepare: async (srv) => {
      srv.requests = requests;
      const answers = [];
      for (const req of requests) answers.push(await request(srv.port, req));
      const seen = answers.map((a) => ({
        status: a.status,
        body: a.body.toString('base64'),
        headers: comparedHeaders(workload).map((h) => `${h}: ${normalize(a.headers[h])}`),
      }));
      if (!reference) {
        reference = { label: srv.label, seen };
        return;
      }
      if (JSON.stringify(seen) !== JSON.stringify(reference.seen)) {
        throw new Error(
          `${srv.label} answers ${workload} differently from ${reference.label}; not measuring`,
        );
      }
    },
  });
  const ref = names.includes('fastify') ? 'fastify' : run.servers[0].label;
  const { text } = markdown({
    title: `${workload}, pinned`,
    run,
    reference: ref,
    command: `node bench/pinned.mjs ${process.argv.slice(2).join(' ')}`,
  });
  const file = writeResults(config.out ?? defaultOut(run.node), `${workload}-pinned`, text, run);
  console.log(`\n${text}\nwritten: ${path.relative(process.cwd(), file)}`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((err) => {
    console.error(err.message);
    process.exit(err.exitCode ?? 2);
  });
}
