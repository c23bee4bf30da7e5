#!/usr/bin/env node
// Instructions per request, counted by valgrind's callgrind: a measure of a server's own work that does not
// move with the machine's load, for when req/s ratios swing too far to read (a shared 2-core VM). Each
// server runs under callgrind with V8 on one thread (--single-threaded: no background compiler or GC
// threads whose share varies); autocannon warms it up, the counters are dumped, a fixed number of requests
// follows, and that second dump's total divided by the requests is the figure. Servers run one at a time,
// each round in the same order, and the report gives medians and ratios.
//
//   npm run build && node bench/instructions.mjs [--baseline 3b929f8] [--servers node,kitjs]
//        [--workloads hello,param,echo] [--requests 10000] [--warmup 10000] [--rounds 2] [--out DIR]
//        [--node 26]
//
// The servers are bench/servers/<name>.mjs: node, fastify, express (Express 5), express4, hono, kitjs,
// kitjs-express, kitjs-express5. With --node, the servers run on that major version of Node (fetched by
// scripts/with-node.mjs, as bench/run.mjs does). With --baseline, each kitjs server listed (kit(), kitjs/express,
// kitjs/express5) runs a second time on kitjs built at that revision, labelled `<server>@<rev>`.
//
// Needs valgrind (Debian's package); it is slow (about a minute a server a round), so it is a developer tool,
// not part of `npm test`.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { ensureBaseline } from './baseline.mjs';
import { freePort, log, request, requestsFor, serverNode, sleep } from './lib.mjs';
import { JWT_SECRET } from './shared.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const { values } = parseArgs({
  options: {
    baseline: { type: 'string' },
    servers: { type: 'string', default: 'node,kitjs' },
    workloads: { type: 'string', default: 'hello,param,echo' },
    requests: { type: 'string', default: '10000' },
    warmup: { type: 'string', default: '10000' },
    rounds: { type: 'string', default: '2' },
    out: { type: 'string', default: path.join(here, 'results', 'instructions') },
    node: { type: 'string' },
  },
});
if (values.node !== undefined && !/^\d+$/.test(values.node))
  throw new Error(`--node takes a major version: ${values.node}`);
// The servers' Node: --node's major (fetched from the npm registry when it is not this one), else this one.
const serversNode = await serverNode(values.node);
const measured = Number(values.requests);
const warmup = Number(values.warmup);
const rounds = Number(values.rounds);

try {
  execFileSync('valgrind', ['--version'], { stdio: 'ignore' });
} catch {
  throw new Error('valgrind is not installed (Debian: apt-get install valgrind)');
}

// Empty: a KITJS_MODULE left in the caller's environment must not swap the current build out.
const servers = values.servers.split(',');
const instances = servers.map((server) => ({ label: server, server, env: { KITJS_MODULE: '' } }));
const isKitjs = (server) => server === 'kitjs' || server.startsWith('kitjs-');
if (values.baseline) {
  const built = ensureBaseline(values.baseline, log);
  for (const server of servers.filter(isKitjs)) {
    instances.push({
      label: `${server}@${values.baseline}`,
      server,
      env: { KITJS_MODULE: built.module },
    });
  }
}

/**
 * Sends `amount` requests of the workload, 10 connections of 10 pipelined, and checks none failed; with
 * `tolerant` (the warm-up) a connection reset is let go: a cold server under callgrind on a loaded machine
 * can be slow enough for Node's own connection timers to reset a connection (Express 5's, seen), and only the
 * measured requests must all be answered.
 */
async function send(port, requests, amount, tolerant = false) {
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: 10,
    pipelining: 10,
    amount,
    // A cold server under callgrind, on a loaded machine, can take minutes over its first hundred requests
    // (Express 5 has): a slow answer is not a failure here, only a missing one.
    timeout: 600,
    requests,
  });
  if ((result.errors && !tolerant) || result.timeouts || result.non2xx) {
    throw new Error(`errors ${result.errors}, timeouts ${result.timeouts}, non-2xx ${result.non2xx}`);
  }
}

// V8's garbage collector and its optimizing compilers, by the names of their C++ functions. Whether a major
// collection or a compilation falls inside the measured requests moves a count by tens of per cent from one
// run to the next (seen: a mark-compact worth 60 000 instructions a request, 48 000 of TurboFan after 20 000
// requests of warm-up), so the report gives the count without them too: the work of the requests themselves,
// which changes only when the code does. Allocation still shows there (the scavenges it causes do not).
const GC_FUNCTION =
  /v8::internal::(?:[\w:<>]*(?:Scaveng|MarkCompact|Marking|Evacuat|Sweep|RememberedSet|LiveObject|PointersUpdating|MinorMarkSweep|IterateObjectCache|RecordMigratedSlot|GCTracer)|Heap::)|heap::base::|cppgc::/;
const COMPILER_FUNCTION = /v8::internal::(?:compiler|maglev)::/;

/**
 * Whole-program instructions of one callgrind dump file (its `summary:` line), and those the functions of V8's
 * garbage collector and optimizing compilers ran themselves (their self cost: the cost lines of a function
 * other than the one after each `calls=` line, which is the callee's inclusive cost).
 */
function dumpCosts(file) {
  const names = new Map();
  let total;
  let background = 0;
  let inBackground = false;
  let afterCall = false;
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    const first = line.charCodeAt(0);
    if ((first >= 48 && first <= 57) || first === 43 || first === 45 || first === 42) {
      // A cost line: position, then instructions.
      if (afterCall) afterCall = false;
      else if (inBackground) background += Number(line.split(' ')[1]) || 0;
    } else if (line.startsWith('fn=')) {
      const name = functionName(line.slice(3), names);
      inBackground = GC_FUNCTION.test(name) || COMPILER_FUNCTION.test(name);
    } else if (line.startsWith('cfn=')) functionName(line.slice(4), names);
    else if (line.startsWith('calls=')) afterCall = true;
    else if (line.startsWith('summary:')) total = Number(line.split(/\s+/)[1]);
  }
  if (total === undefined) throw new Error(`no summary in ${file}`);
  return { total, steady: total - background };
}

/** A function's name from `(id) name` (its first mention) or `(id)` (later ones), as callgrind compresses them. */
function functionName(spec, names) {
  const found = /^\((\d+)\)(?: (.*))?$/.exec(spec);
  if (found === null) return spec;
  if (found[2] !== undefined) names.set(found[1], found[2]);
  return names.get(found[1]) ?? '';
}

/** One server under callgrind: warm-up, dump, `measured` requests, dump; instructions per request. */
async function countOne(instance, workload) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kit-callgrind-'));
  const port = await freePort();
  const script = path.join(here, 'servers', `${instance.server}.mjs`);
  const child = spawn(
    'valgrind',
    [
      '--tool=callgrind',
      // V8 writes and patches machine code at run time.
      '--smc-check=all-non-file',
      `--callgrind-out-file=${path.join(dir, 'out.%p')}`,
      serversNode.path,
      '--single-threaded',
      script,
      workload,
    ],
    {
      env: { ...process.env, NODE_ENV: 'production', PORT: String(port), JWT_SECRET, ...instance.env },
      stdio: ['ignore', 'ignore', 'ignore'],
    },
  );
  try {
    const requests = requestsFor(workload);
    // Starting under callgrind takes a minute on an idle machine, several on a loaded one.
    const deadline = Date.now() + 600_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${instance.label} exited at start`);
      if (Date.now() > deadline) throw new Error(`${instance.label} did not answer within 600 s`);
      const answer = await request(port, requests[0], 5000).catch(() => undefined);
      if (answer !== undefined && answer.status < 500) break;
      await sleep(200);
    }
    await send(port, requests, warmup, true);
    execFileSync('callgrind_control', ['--dump', String(child.pid)], { stdio: 'ignore' });
    // Dumps are numbered from 1, and each holds what ran since the one before: the dump after the attempt
    // that lost nothing holds the measured requests only. A lost connection (kitjs's 15 s headersTimeout
    // can fire on a pipelined request waiting in a server slowed down by callgrind and a loaded machine)
    // spoils an attempt: the next one measures again.
    let dump = 2;
    for (let attempt = 1; ; attempt++) {
      try {
        await send(port, requests, measured);
        break;
      } catch (err) {
        if (attempt === 3) throw err;
        log(`${instance.label} ${workload}: ${err.message}; measuring again`);
        execFileSync('callgrind_control', ['--dump', String(child.pid)], { stdio: 'ignore' });
        dump += 1;
      }
    }
    execFileSync('callgrind_control', ['--dump', String(child.pid)], { stdio: 'ignore' });
    const file = path.join(dir, `out.${child.pid}.${dump}`);
    for (let waited = 0; !fs.existsSync(file) && waited < 100; waited++) await sleep(100);
    const costs = dumpCosts(file);
    return { total: costs.total / measured, steady: costs.steady / measured };
  } finally {
    child.kill('SIGKILL');
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const median = (list) => {
  const sorted = [...list].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

const results = {};
for (const workload of values.workloads.split(',')) {
  results[workload] = Object.fromEntries(instances.map((instance) => [instance.label, []]));
  for (let round = 1; round <= rounds; round++) {
    for (const instance of instances) {
      const perRequest = await countOne(instance, workload);
      results[workload][instance.label].push(perRequest);
      log(
        `${workload} round ${round}/${rounds}: ${instance.label} ${Math.round(perRequest.total)} instructions/request` +
          ` (${Math.round(perRequest.steady)} without GC and optimizing compilers)`,
      );
    }
  }
}

const baselined = values.baseline ? servers.filter(isKitjs) : [];

/** The table of one measure (`total` or `steady`): medians per server, ratios to the first, and to the baselines. */
function table(measure) {
  const rows = [
    `| workload | ${instances.map((i) => i.label).join(' | ')} | ${instances
      .slice(1)
      .map((i) => `${i.label} / ${instances[0].label}`)
      .join(' | ')}${baselined.map((server) => ` | ${server} / ${server}@${values.baseline}`).join('')} |`,
    `|${'---|'.repeat(instances.length * 2 + baselined.length)}`,
  ];
  const of = (list) => median(list.map((counts) => counts[measure]));
  for (const [workload, byLabel] of Object.entries(results)) {
    const medians = instances.map((i) => of(byLabel[i.label]));
    const cells = medians.map((m) => String(Math.round(m)));
    const ratios = medians.slice(1).map((m) => (m / medians[0]).toFixed(3));
    const own = baselined.map((server) =>
      (of(byLabel[server]) / of(byLabel[`${server}@${values.baseline}`])).toFixed(3),
    );
    rows.push(`| ${workload} | ${[...cells, ...ratios, ...own].join(' | ')} |`);
  }
  return rows;
}

const lines = [
  '# Instructions per request (callgrind)',
  '',
  `${measured} requests after ${warmup} of warm-up, ${rounds} round(s), median; node ${serversNode.version},` +
    ` V8 --single-threaded. Fewer is better; a ratio below 1 means fewer instructions than the server it is compared with.`,
  '',
  '## All instructions',
  '',
  ...table('total'),
  '',
  "## Without V8's garbage collector and optimizing compilers",
  '',
  'The same runs, less what the functions of the collector and of TurboFan and Maglev ran: whether a major',
  'collection or a compilation falls among the measured requests swings the totals above by tens of per cent.',
  '',
  ...table('steady'),
];
fs.mkdirSync(values.out, { recursive: true });
fs.writeFileSync(path.join(values.out, 'instructions.md'), `${lines.join('\n')}\n`);
fs.writeFileSync(path.join(values.out, 'instructions.json'), `${JSON.stringify(results, null, 2)}\n`);
console.log(lines.join('\n'));
log(`wrote ${path.relative(process.cwd(), path.join(values.out, 'instructions.md'))}`);
