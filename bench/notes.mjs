#!/usr/bin/env node
// The notes workload (issue 47): log in once, then `GET /notes` (the caller's 20 notes, behind a JWT guard,
// answered through a TypeBox reply schema, with an info-level request log to a file), each framework written
// the way its docs lead (bench/notes/servers/). Pinned and gated by bench/pinned.mjs: servers on one CPU,
// autocannon on the other, only on a quiet machine, server CPU per request, the spread over rounds.
//
//   node bench/notes.mjs                        # fastify, express, kitjs, kitjs-sequelize on this Node
//   node bench/notes.mjs --node 26              # the servers on Node 26 (fetched into .cache/ on first use)
//   node bench/notes.mjs --servers fastify,kitjs --server-file ../elsewhere/app.mjs --name held-out
//
// Options: those of bench/pinned.mjs (--rounds 5 --duration 5 --warmup 3 --connections 50 --max-load 0.5
// --wait-quiet 300 …). Results: bench/results/node<N>/notes.md (and .json with every round), unless --out.
// First use installs bench/'s dependencies and bench/notes/'s (two native SQLite drivers: a few minutes).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { ensureInstalled } from '../scripts/sub-package.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
ensureInstalled(here, 'bench', 'the benchmark dependencies');
ensureInstalled(path.join(here, 'notes'), 'bench/notes', "the notes workload's databases and plugins");

const { PINNED_OPTIONS, defaultOut, markdown, pinnedConfig, runPinned, writeResults } = await import(
  './pinned.mjs'
);
const { EXPECTED, JSON_TYPE, NOTES_SERVERS, notesServer, prepareNotes } = await import('./notes/verify.mjs');
const { log } = await import('./lib.mjs');

const REFERENCE = 'fastify';

const { values } = parseArgs({ options: { ...PINNED_OPTIONS, baseline: { type: 'string' } } });
const config = pinnedConfig(values);
const logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kitjs-notes-'));
process.on('exit', () => fs.rmSync(logDir, { recursive: true, force: true }));

const names = config.servers ?? NOTES_SERVERS;
// Each server logs to a file of its own, read back at the end (lines and bytes per request).
const servers = [
  ...names.map((name) => notesServer(name, undefined, logDir)),
  ...config.extra.map(({ name, file }) => notesServer(name, file, logDir)),
];
// --baseline REV: each kitjs server a second time, as <name>@REV, on kitjs built at REV (bench/baseline.mjs,
// cached in bench/.baselines/): the before and after of a change, side by side in the same rounds.
if (values.baseline) {
  const { ensureBaseline } = await import('./baseline.mjs');
  const b = ensureBaseline(values.baseline, log);
  for (const name of names.filter((n) => n.startsWith('kitjs'))) {
    const inst = notesServer(`${name}@${values.baseline}`, notesServer(name, undefined, logDir).file, logDir);
    servers.push({ ...inst, env: { ...inst.env, KITJS_MODULE: b.module } });
  }
}

/** Lines and characters a server's log holds now. */
function logSize(label) {
  const file = path.join(logDir, `${label}.log`);
  const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  return { lines: text ? text.split('\n').length - 1 : 0, chars: text.length, text };
}

const logBefore = {};
let run;
try {
  run = await runPinned({
    config,
    servers,
    prepare: prepareNotes,
    beforeRounds: (started) => {
      for (const srv of started) logBefore[srv.label] = logSize(srv.label);
    },
  });
} catch (err) {
  console.error(err.message);
  process.exit(err.exitCode ?? 2);
}

// What each server wrote to its log over the measured rounds: lines and characters per answered request.
const answered = {};
for (const round of run.rounds) {
  for (const [label, m] of Object.entries(round.results))
    answered[label] = (answered[label] ?? 0) + m.answered;
}
// Buffered loggers (kitjs's stdout sink, sonic-boom) flush within 100 ms; the servers are stopped by now.
const logNotes = run.servers.map((s) => {
  const before = logBefore[s.label] ?? { lines: 0, chars: 0 };
  const after = logSize(s.label);
  const lines = after.lines - before.lines;
  const sample = after.text.split('\n').find((l) => l.includes('/notes') && l.includes('"level":30')) ?? '';
  return {
    label: s.label,
    linesPerReq: answered[s.label] ? lines / answered[s.label] : 0,
    charsPerLine: lines ? (after.chars - before.chars) / lines : 0,
    sample: sample.slice(0, 600),
  };
});

const has = (label) => run.servers.some((s) => s.label === label);
const notes = [
  'Each server: bench/notes/servers/<name>.mjs (or the --server-file given), cwd its folder, `NODE_ENV=production`, ' +
    '`JWT_SECRET`, `LOG_FILE` (a temp file of its own). Before measuring, each answered `POST /login`, refused ' +
    "`GET /notes` without a token and with a forged one (401), and answered the seed's 20 notes as the same bytes " +
    `(${EXPECTED.length}) with \`Content-Type: ${JSON_TYPE}\`.`,
  `What each server said it runs on: ${run.servers.map((s) => `${s.label}: "${s.banner || '(nothing printed)'}"`).join('; ')}.`,
  `Request log over the rounds, lines per request and characters a line: ${logNotes.map((l) => `${l.label} ${l.linesPerReq.toFixed(2)} × ${Math.round(l.charsPerLine)}`).join(', ')}.`,
];
if (!has(REFERENCE)) notes.push(`${REFERENCE} was not run: ratios are to the first server.`);
const { text, rows } = markdown({
  title: 'notes: GET /notes behind a JWT guard, 20 rows from SQLite, reply schema, request log to a file',
  intro:
    "Issue 47's workload: each framework the way its docs lead (kitjs: SQLiteManager's SQL methods, authMiddleware, " +
    'route `schema.response`, requestLogger with `LOG_FILE`; kitjs-sequelize: the same app on `db.sequelize` models; ' +
    'Fastify 5: better-sqlite3 prepared statements, @fastify/jwt, `schema.response`, `logger: { level, file }`; ' +
    'Express 5: Sequelize on sqlite3, jsonwebtoken, pino-http to `pino.destination(file)`). The goal: kitjs ≥ 0.9× ' +
    "Fastify's req/s.",
  run,
  reference: has(REFERENCE) ? REFERENCE : run.servers[0].label,
  command: `node bench/notes.mjs ${process.argv.slice(2).join(' ')}`.trim(),
  notes,
});
const file = writeResults(config.out ?? defaultOut(run.node), 'notes', text, { ...run, logNotes });
console.log(`\n${text}`);
for (const r of rows) {
  if (Number.isFinite(r.rpsRatio))
    console.log(
      `${r.label}: ${r.rpsRatio.toFixed(2)}× ${REFERENCE} req/s, ${r.cpuRatio.toFixed(2)}× its CPU/req`,
    );
}
console.log(`written: ${path.relative(process.cwd(), file)}`);
