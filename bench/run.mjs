#!/usr/bin/env node
// Benchmark driver: starts every server as a child process on 127.0.0.1, checks they answer alike,
// then loads them with autocannon (in this process, never in a server's) round-robin over several rounds.
//
//   node bench/run.mjs                 main matrix + router scaling series + stack ablation
//   node bench/run.mjs --quick         one round, 2 s a server, `-c 100` only, main matrix (CI)
//   node bench/run.mjs --scaling       only the router scaling series
//   node bench/run.mjs --ablation      only the stack ablation
//   options: --rounds N --duration S --warmup S --servers a,b --workloads a,b --modes c100,c100p10
//            --out DIR --allow-mismatch --baseline REV (adds kitjs built at git revision REV to the main matrix)
//            --node 26 (the servers run on Node 26, fetched by scripts/with-node.mjs; results in results/node26/)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { ensureBaseline } from './baseline.mjs';
import {
  comparedHeaders,
  load,
  log,
  normalize,
  readStatus,
  request,
  requestsFor,
  serverNode,
  startServer,
  stopServer,
} from './lib.mjs';
import { summaryLines, writeReports } from './report.mjs';
import { STACK_PARTS, WORKLOADS } from './shared.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const SERVERS = [
  'node',
  'fastify',
  'express',
  'hono',
  'kitjs',
  'kitjs-express',
  'kitjs-express5',
  'kitjs-zod',
];
// --quick (CI) checks kit()'s ratios to the anchors; the Express flavours are measured by a full run.
const QUICK_SERVERS = SERVERS.filter((s) => s !== 'kitjs-express' && s !== 'kitjs-express5');
// Servers that are another configuration of a server file, and the only workloads they take part in:
// `kitjs-zod` is servers/kitjs.mjs with Zod schemas in `api` (plain `kitjs` uses TypeBox's JSON Schema there).
const VARIANTS = { 'kitjs-zod': { server: 'kitjs', env: { API_SCHEMA: 'zod' }, workloads: ['api'] } };
// --quick (CI) leaves `api` out unless asked for by --workloads: it adds its servers (and Zod and TypeBox) to a
// run that must stay about two minutes; `--main --workloads api` measures it.
const QUICK_WORKLOADS = WORKLOADS.filter((w) => w !== 'api');
const MODES = {
  c100: { label: '-c 100', connections: 100, pipelining: 1 },
  c100p10: { label: '-c 100 -p 10', connections: 100, pipelining: 10 },
};
const SCALING_POINTS = [1, 10, 100, 1000, 10000];
// Headers that say nothing about the answer; every other header difference is reported (not fatal).
const TRANSPORT_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

const { values: opts } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    main: { type: 'boolean', default: false },
    scaling: { type: 'boolean', default: false },
    ablation: { type: 'boolean', default: false },
    rounds: { type: 'string' },
    duration: { type: 'string' },
    warmup: { type: 'string' },
    servers: { type: 'string' },
    workloads: { type: 'string' },
    modes: { type: 'string' },
    out: { type: 'string' },
    'allow-mismatch': { type: 'boolean', default: false },
    baseline: { type: 'string' },
    node: { type: 'string' },
  },
});

const quick = opts.quick;
const sections = opts.main || opts.scaling || opts.ablation;
const config = {
  rounds: Number(opts.rounds ?? (quick ? 1 : 4)),
  duration: Number(opts.duration ?? (quick ? 2 : 1.5)),
  warmup: Number(opts.warmup ?? (quick ? 0.5 : 1)),
  servers: opts.servers ? opts.servers.split(',') : quick ? QUICK_SERVERS : SERVERS,
  workloads: opts.workloads ? opts.workloads.split(',') : quick ? QUICK_WORKLOADS : WORKLOADS,
  modes: opts.modes ? opts.modes.split(',') : quick ? ['c100'] : ['c100', 'c100p10'],
  main: quick || !sections || opts.main,
  scaling: !quick && (!sections || opts.scaling),
  ablation: !quick && (!sections || opts.ablation),
  // A comparison with another build is a run of its own: by default it does not overwrite results/.
  out: path.resolve(
    opts.out ??
      path.join(
        here,
        'results',
        quick
          ? 'quick'
          : opts.baseline
            ? `baseline-${opts.baseline.replace(/[^\w.-]/g, '_')}`
            : opts.node
              ? `node${opts.node}`
              : '',
      ),
  ),
  baseline: opts.baseline ?? null,
  node: opts.node ?? null,
};
if (config.node !== null && !/^\d+$/.test(config.node))
  throw new Error(`--node takes a major version: ${config.node}`);
// The servers' Node: --node's major (fetched from the npm registry when it is not this one), else this one.
const serversNode = await serverNode(config.node);
for (const s of config.servers) if (!SERVERS.includes(s)) throw new Error(`unknown server ${s}`);
for (const w of config.workloads) if (!WORKLOADS.includes(w)) throw new Error(`unknown workload ${w}`);
for (const m of config.modes) if (!MODES[m]) throw new Error(`unknown mode ${m}`);

/**
 * Checks that every instance of a group answers every sample request like the group's reference:
 * same status, same body bytes, same values of the compared headers. Returns the problems found.
 */
async function verify(group, servers) {
  const problems = [];
  const notes = [];
  const [ref, ...others] = servers;
  for (const req of ref.requests) {
    const answers = [];
    for (const srv of servers) answers.push(await request(srv.port, req));
    const a = answers[0];
    if (a.status >= 300) problems.push(`${ref.label}: ${req.method} ${req.path} answered ${a.status}`);
    others.forEach((srv, i) => {
      const b = answers[i + 1];
      const where = `${group}: ${req.method} ${req.path}: ${srv.label} vs ${ref.label}`;
      if (a.status !== b.status) problems.push(`${where}: status ${b.status} ≠ ${a.status}`);
      if (!a.body.equals(b.body))
        problems.push(
          `${where}: body ${JSON.stringify(b.body.toString())} ≠ ${JSON.stringify(a.body.toString())}`,
        );
      for (const h of comparedHeaders(ref.workload)) {
        if (normalize(a.headers[h]) !== normalize(b.headers[h]))
          problems.push(
            `${where}: header ${h}: ${JSON.stringify(b.headers[h])} ≠ ${JSON.stringify(a.headers[h])}`,
          );
      }
      const names = (x) => Object.keys(x.headers).filter((n) => !TRANSPORT_HEADERS.has(n));
      const extra = names(b).filter((n) => !(n in a.headers));
      const missing = names(a).filter((n) => !(n in b.headers));
      if (b.headers['transfer-encoding']) extra.push('transfer-encoding (chunked body)');
      if (extra.length || missing.length)
        notes.push(
          `${srv.label}: ${extra.length ? `adds ${extra.join(', ')}` : ''}${extra.length && missing.length ? '; ' : ''}${missing.length ? `lacks ${missing.join(', ')}` : ''}`,
        );
    });
  }
  return { problems, notes: [...new Set(notes)] };
}

const rotate = (list, k) => list.map((_, i) => list[(i + k) % list.length]);

/**
 * Runs one block: starts its instances, verifies each verify-group, warms every instance up, then
 * loads them round-robin (the order rotates each round) for every mode and round.
 */
async function runBlock(name, instances, modes) {
  log(`== ${name}: starting ${instances.length} servers`);
  const servers = [];
  try {
    for (const inst of instances) {
      // One retry: a shared machine can have node_modules half-installed for a moment.
      const withNode = { ...inst, node: serversNode.path };
      servers.push(
        await startServer(withNode).catch(async (err) => {
          log(`   ${inst.label} failed to start, retrying in 5 s: ${String(err.message).split('\n')[0]}`);
          await new Promise((r) => setTimeout(r, 5000));
          return startServer(withNode);
        }),
      );
    }
    const block = {
      startupMs: Object.fromEntries(servers.map((s) => [s.label, Math.round(s.startupMs)])),
      verify: {},
      modes: {},
      hwmMB: {},
    };
    let mismatch = false;
    const groups = new Map();
    for (const s of servers) groups.set(s.group, [...(groups.get(s.group) ?? []), s]);
    for (const [group, members] of groups) {
      const v = await verify(group, members);
      block.verify[group] = v;
      for (const n of v.notes) log(`   note: ${group}: ${n}`);
      if (v.problems.length) {
        mismatch = true;
        console.error(`\n!!! ANSWERS DIFFER in ${group}:\n  ${v.problems.join('\n  ')}\n`);
      }
    }
    if (mismatch) {
      failures.push(`answers differ in ${name}`);
      if (!opts['allow-mismatch']) {
        log(`   skipping the measurements of ${name} (answers differ; --allow-mismatch measures anyway)`);
        return block;
      }
    }
    log(`   verified; warming up ${config.warmup}s each`);
    for (const srv of servers) await load(srv, MODES[modes.at(-1)], config.warmup);
    for (const m of modes) {
      const rounds = [];
      for (let r = 0; r < config.rounds; r++) {
        const round = {};
        for (const srv of rotate(servers, r)) {
          const res = await load(srv, MODES[m], config.duration);
          if (res.non2xx > 0)
            failures.push(`${srv.label} answered ${res.non2xx} non-2xx under load in ${name}`);
          round[srv.label] = res;
        }
        rounds.push(round);
        log(
          `   ${MODES[m].label} round ${r + 1}/${config.rounds}: ${servers.map((s) => `${s.label} ${round[s.label].rps}`).join(' · ')}`,
        );
      }
      block.modes[m] = rounds;
    }
    for (const srv of servers) block.hwmMB[srv.label] = Math.round(readStatus(srv.pid).hwm * 10) / 10;
    return block;
  } finally {
    for (const srv of servers) {
      const err = srv.stderr().trim();
      if (err) log(`   stderr of ${srv.label}: ${err.slice(0, 500)}`);
      await stopServer(srv);
    }
  }
}

const failures = [];
const results = {
  meta: {
    date: new Date().toISOString(),
    node: process.version,
    serverNode: serversNode.version,
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model,
    platform: `${os.platform()} ${os.release()}`,
    command: `node bench/run.mjs ${process.argv.slice(2).join(' ')}`.trim(),
    loadavgBefore: os.loadavg(),
    versions: Object.fromEntries(
      [
        'fastify',
        'express',
        'hono',
        '@hono/node-server',
        'autocannon',
        'helmet',
        '@fastify/helmet',
        'zod',
        '@sinclair/typebox',
      ].map((p) => [
        p,
        JSON.parse(fs.readFileSync(path.join(here, 'node_modules', p, 'package.json'), 'utf8')).version,
      ]),
    ),
    config: { ...config, out: path.relative(path.join(here, '..'), config.out) || '.' },
  },
  main: {},
  scaling: null,
  ablation: null,
};

const started = performance.now();
try {
  // The same kitjs server file, importing another commit's build: it joins every main block (right after
  // kitjs, so that the two run back to back), is verified like every server and interleaved in every round.
  let baseline = null;
  if (config.baseline && config.main) {
    const b = ensureBaseline(config.baseline, log);
    baseline = { label: `kitjs@${config.baseline}`, module: b.module };
    results.meta.baseline = {
      label: baseline.label,
      rev: config.baseline,
      hash: b.hash,
      subject: b.subject,
      builtAt: b.builtAt,
      buildSeconds: b.buildSeconds,
      builtThisRun: b.built,
    };
    log(`baseline ${baseline.label}: ${b.hash} "${b.subject}"${b.built ? '' : ' (cached build)'}`);
  }
  if (config.baseline && !config.main) log('note: --baseline only joins the main matrix (--main)');
  if (config.main) {
    for (const workload of config.workloads) {
      const requests = requestsFor(workload);
      const instances = config.servers
        .filter((label) => VARIANTS[label]?.workloads.includes(workload) ?? true)
        .map((label) => {
          const server = VARIANTS[label]?.server ?? label;
          return {
            label,
            server,
            workload,
            group: workload,
            requests,
            // Empty: a KITJS_MODULE or API_SCHEMA left in the caller's environment must not swap the current
            // build or the schemas out.
            env: {
              ...(server.startsWith('kitjs') ? { KITJS_MODULE: '', API_SCHEMA: '' } : {}),
              ...VARIANTS[label]?.env,
            },
          };
        });
      if (!instances.length) {
        log(`== ${workload}: none of the servers asked for takes part; skipped`);
        continue;
      }
      if (baseline) {
        const at = instances.findIndex((i) => i.server === 'kitjs') + 1 || instances.length;
        instances.splice(at, 0, {
          label: baseline.label,
          server: 'kitjs',
          workload,
          group: workload,
          requests,
          env: { KITJS_MODULE: baseline.module, API_SCHEMA: '' },
        });
      }
      results.main[workload] = await runBlock(workload, instances, config.modes);
    }
  }
  if (config.scaling) {
    const servers = ['kitjs', 'fastify'].filter((s) => config.servers.includes(s));
    const instances = SCALING_POINTS.flatMap((n) =>
      servers.map((server) => ({
        label: `${server}@${n}`,
        server,
        workload: 'router',
        group: `router ${n} routes`,
        requests: requestsFor('router', n),
        env: { ROUTES: String(n) },
      })),
    );
    results.scaling = {
      points: SCALING_POINTS,
      servers,
      ...(await runBlock('scaling', instances, ['c100p10'])),
    };
  }
  if (config.ablation) {
    const servers = ['kitjs', 'fastify', 'express'].filter((s) => config.servers.includes(s));
    const variants = ['full', ...STACK_PARTS.map((p) => `-${p}`)];
    const instances = variants.flatMap((v) =>
      servers.map((server) => ({
        label: `${server}${v === 'full' ? '' : v}`,
        server,
        workload: 'stack',
        group: `stack ${v}`,
        requests: requestsFor('stack'),
        env: { ABLATE: v === 'full' ? '' : v.slice(1) },
      })),
    );
    results.ablation = { variants, servers, ...(await runBlock('ablation', instances, ['c100p10'])) };
  }
} catch (err) {
  console.error(`\nthe harness broke: ${err.stack ?? err}`);
  process.exitCode = 2;
}

results.meta.loadavgAfter = os.loadavg();
results.meta.seconds = Math.round((performance.now() - started) / 1000);
results.failures = failures;
fs.mkdirSync(config.out, { recursive: true });
const written = writeReports(results, config.out);
for (const line of summaryLines(results)) console.log(line);
log(`wrote ${written.map((f) => path.relative(process.cwd(), f)).join(', ')} in ${results.meta.seconds}s`);
if (failures.length) {
  console.error(`\nFAILED:\n  ${failures.join('\n  ')}`);
  process.exitCode ||= 1;
}
