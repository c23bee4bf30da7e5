#!/usr/bin/env node
// The SQLite drivers and kitjs's two SQLite APIs on issue 47's query: the 20 notes of one owner, `WHERE
// ownerId = ? ORDER BY id LIMIT 20`, from 2,000 notes of 50 owners in memory. Each line is microseconds per
// query, awaited one after the other (and, for the asynchronous sqlite3, also 10 in flight, as concurrent
// requests would be). The drivers raw (a statement prepared once), kitjs's `db.all` on each driver (the
// built dist/, so `npm run build` first), and Sequelize's `findAll({ raw: true })` through the manager on
// each driver (sqlite3 is the old documented path). A driver this Node cannot load is reported and left out.
//   node bench/sqlite-drivers.mjs [--n 20000] [--rounds 3]
// Microbenchmarks on a shared machine: run it several times and read the ranges, not one figure.
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(path.join(root, 'package.json'));
const { values: opts } = parseArgs({
  options: { n: { type: 'string', default: '20000' }, rounds: { type: 'string', default: '3' } },
});
const N = Number(opts.n);
const ROUNDS = Number(opts.rounds);
const { SQLiteManager } = await import(path.join(root, 'dist', 'db.js'));
const { DataTypes } = require('sequelize');

const SQL = 'SELECT id, ownerId, text, createdAt FROM notes WHERE ownerId = ? ORDER BY id LIMIT 20';
const SCHEMA = `CREATE TABLE notes (id INTEGER PRIMARY KEY AUTOINCREMENT, ownerId INTEGER NOT NULL,
  text TEXT NOT NULL, createdAt TEXT NOT NULL); CREATE INDEX notes_owner ON notes (ownerId);
  INSERT INTO notes (ownerId, text, createdAt) VALUES ${Array.from(
    { length: 2000 },
    (_, i) =>
      `(${i % 50}, 'note number ${i}, a line of text as a user would write it', '2026-12-08T00:00:00.000Z')`,
  ).join(',')};`;

function tryLoad(load) {
  try {
    return load();
  } catch (err) {
    return { error: String(err.message).split('\n')[0] };
  }
}

/** Microseconds per call of `query(i)`, one awaited after the other, after a warm-up. */
async function sequential(query, n = N) {
  for (let i = 0; i < 2000; i++) await query(i);
  const start = process.hrtime.bigint();
  for (let i = 0; i < n; i++) await query(i);
  return Number(process.hrtime.bigint() - start) / n / 1000;
}

/** Microseconds per call with `inFlight` calls waiting at once. */
async function concurrent(query, inFlight = 10, n = N) {
  await sequential(query, 2000);
  let next = 0;
  const start = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next < n) await query(next++);
    }),
  );
  return Number(process.hrtime.bigint() - start) / n / 1000;
}

const cases = [];
const skipped = [];
const add = (name, run) => cases.push({ name, run });

// The drivers alone.
const nodeSqlite = tryLoad(() => process.getBuiltinModule?.('node:sqlite') ?? { error: 'not in this Node' });
if (nodeSqlite.DatabaseSync) {
  const db = new nodeSqlite.DatabaseSync(':memory:');
  db.exec(SCHEMA);
  const stmt = db.prepare(SQL);
  add('node:sqlite, prepared .all()', () => sequential((i) => stmt.all(i % 50)));
} else skipped.push(`node:sqlite: ${nodeSqlite.error}`);
const Better = tryLoad(() => {
  const module = require('better-sqlite3');
  new module(':memory:').close();
  return module;
});
if (typeof Better === 'function') {
  const db = new Better(':memory:');
  db.exec(SCHEMA);
  const stmt = db.prepare(SQL);
  add('better-sqlite3, prepared .all()', () => sequential((i) => stmt.all(i % 50)));
} else skipped.push(`better-sqlite3: ${Better.error}`);
const sqlite3 = tryLoad(() => require('sqlite3'));
if (sqlite3.Database) {
  const db = new sqlite3.Database(':memory:');
  await new Promise((done, fail) => db.exec(SCHEMA, (err) => (err ? fail(err) : done())));
  const stmt = db.prepare(SQL);
  const all = (owner) =>
    new Promise((done, fail) => stmt.all([owner], (err, rows) => (err ? fail(err) : done(rows))));
  add('sqlite3, prepared Statement#all', () => sequential((i) => all(i % 50)));
  add('sqlite3, prepared Statement#all, 10 in flight', () => concurrent((i) => all(i % 50)));
} else skipped.push(`sqlite3: ${sqlite3.error}`);

// kitjs: the direct API and Sequelize through the manager, on each driver it can load.
for (const driver of ['node:sqlite', 'better-sqlite3', 'sqlite3']) {
  let db;
  try {
    db = new SQLiteManager(':memory:', { driver });
  } catch (err) {
    skipped.push(`kitjs on ${driver}: ${String(err.message).split('\n')[0]}`);
    continue;
  }
  await db.connect();
  await db.exec(SCHEMA);
  const Note = db.sequelize.define(
    'Note',
    { ownerId: DataTypes.INTEGER, text: DataTypes.STRING, createdAt: DataTypes.STRING },
    { tableName: 'notes', timestamps: false },
  );
  const rows = await db.all(SQL, [1]);
  if (rows.length !== 20) throw new Error(`db.all on ${driver} answered ${rows.length} rows`);
  add(`kitjs db.all on ${driver}`, () => sequential((i) => db.all(SQL, [i % 50])));
  if (driver === 'sqlite3')
    add(`kitjs db.all on ${driver}, 10 in flight`, () => concurrent((i) => db.all(SQL, [i % 50])));
  const find = (i) =>
    Note.findAll({ raw: true, where: { ownerId: i % 50 }, order: [['id', 'ASC']], limit: 20 });
  add(`Sequelize findAll({ raw: true }) on ${driver}`, () => sequential(find, N / 10));
}

console.log(`Node ${process.version}, ${N} queries a case (Sequelize ${N / 10}), ${ROUNDS} rounds`);
for (const line of skipped) console.log(`  skipped ${line}`);
const results = new Map(cases.map(({ name }) => [name, []]));
for (let round = 0; round < ROUNDS; round++) {
  for (const { name, run } of cases) results.get(name).push(await run());
}
const width = Math.max(...cases.map(({ name }) => name.length));
for (const [name, figures] of results) {
  const sorted = [...figures].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)];
  console.log(
    `  ${name.padEnd(width)}  ${median.toFixed(1).padStart(7)} µs/query  (${sorted[0].toFixed(1)}–${sorted.at(-1).toFixed(1)})  ${Math.round(1e6 / median)} q/s`,
  );
}
