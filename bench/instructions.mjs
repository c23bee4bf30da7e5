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
//
// The servers are bench/servers/<name>.mjs: node, fastify, express (Express 5), express4, hono, kitjs,
// kitjs-express, kitjs-express5. With --baseline, each kitjs server listed (kit(), kitjs/express,
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
import { freePort, log, request, requestsFor, sleep } from './lib.mjs';
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
  },
});
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

/** Whole-program instructions of one callgrind dump file (its `summary:` line). */
function dumpTotal(file) {
  const line = fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .find((text) => text.startsWith('summary:'));
  if (line === undefined) throw new Error(`no summary in ${file}`);
  return Number(line.split(/\s+/)[1]);
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
      process.execPath,
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
    return dumpTotal(file) / measured;
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
        `${workload} round ${round}/${rounds}: ${instance.label} ${Math.round(perRequest)} instructions/request`,
      );
    }
  }
}

const baselined = values.baseline ? servers.filter(isKitjs) : [];
const lines = [
  '# Instructions per request (callgrind)',
  '',
  `${measured} requests after ${warmup} of warm-up, ${rounds} round(s), median; node ${process.version},` +
    ` V8 --single-threaded. Fewer is better; a ratio below 1 means fewer instructions than the server it is compared with.`,
  '',
  `| workload | ${instances.map((i) => i.label).join(' | ')} | ${instances
    .slice(1)
    .map((i) => `${i.label} / ${instances[0].label}`)
    .join(' | ')}${baselined.map((server) => ` | ${server} / ${server}@${values.baseline}`).join('')} |`,
  `|${'---|'.repeat(instances.length * 2 + baselined.length)}`,
];
for (const [workload, byLabel] of Object.entries(results)) {
  const medians = instances.map((i) => median(byLabel[i.label]));
  const cells = medians.map((m) => String(Math.round(m)));
  const ratios = medians.slice(1).map((m) => (m / medians[0]).toFixed(3));
  const own = baselined.map((server) =>
    (median(byLabel[server]) / median(byLabel[`${server}@${values.baseline}`])).toFixed(3),
  );
  lines.push(`| ${workload} | ${[...cells, ...ratios, ...own].join(' | ')} |`);
}
fs.mkdirSync(values.out, { recursive: true });
fs.writeFileSync(path.join(values.out, 'instructions.md'), `${lines.join('\n')}\n`);
fs.writeFileSync(path.join(values.out, 'instructions.json'), `${JSON.stringify(results, null, 2)}\n`);
console.log(lines.join('\n'));
log(`wrote ${path.relative(process.cwd(), path.join(values.out, 'instructions.md'))}`);
