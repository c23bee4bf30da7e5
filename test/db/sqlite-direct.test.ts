/** SQLITE-011 to SQLITE-015: the direct API (all, get, run, exec) and the shared connection, one case list run on every installed driver. */
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, it, type TestContext } from 'node:test';
import { DataTypes, QueryTypes } from 'sequelize';
import { KitError } from '../../src/base/errors.js';
import { HttpError } from '../../src/base/http-error.js';
import { SQLiteManager } from '../../src/batteries/db/sqlite-manager.js';
import { freshDir, runChild, srcUrl } from './helpers.js';
import { SQLITE_DRIVER_NAMES, sqliteDriverUnavailable } from './sqlite-available.js';

const opened: SQLiteManager[] = [];
after(async () => {
  for (const db of opened) await db.close();
});

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    (value) => assert.fail(`resolved with ${JSON.stringify(value)}`),
    (err: unknown) => err,
  );
}

const NOTES = `
  CREATE TABLE owners (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
  CREATE TABLE notes (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    ownerId INTEGER NOT NULL REFERENCES owners (id),
    slug TEXT UNIQUE,
    text TEXT NOT NULL,
    stars INTEGER CHECK (stars >= 0),
    body BLOB
  );
  INSERT INTO owners (id, name) VALUES (1, 'ada'), (2, 'grace');
`;

for (const driver of SQLITE_DRIVER_NAMES) {
  const reason = sqliteDriverUnavailable(driver);

  describe(`SQLiteManager's direct API on ${driver}`, { skip: reason ?? false }, () => {
    function manager(
      path = ':memory:',
      options: { busyTimeoutMs?: number; statementCacheSize?: number } = {},
    ) {
      const db = new SQLiteManager(path, { driver, ...options });
      opened.push(db);
      return db;
    }

    async function notes(path?: string) {
      const db = manager(path);
      await db.connect();
      await db.exec(NOTES);
      return db;
    }

    it('reports the driver it runs on', () => {
      assert.equal(manager().driver, driver);
    });

    it('runs, reads and answers plain row objects, the first row, or undefined (SQLITE-012)', async () => {
      const db = await notes();
      const first = await db.run('INSERT INTO notes (ownerId, text) VALUES (?, ?)', [1, 'one']);
      assert.deepEqual(first, { changes: 1, lastInsertRowid: 1 });
      for (let i = 2; i <= 25; i++)
        await db.run('INSERT INTO notes (ownerId, text) VALUES (?, ?)', [i % 2 ? 1 : 2, `n${i}`]);
      const rows = await db.all<{ id: number; text: string }>(
        'SELECT id, text FROM notes WHERE ownerId = ? ORDER BY id LIMIT 20',
        [1],
      );
      assert.equal(rows.length, 13);
      assert.deepEqual(rows[0], { id: 1, text: 'one' });
      assert.equal(Object.getPrototypeOf(rows[0]), Object.prototype, 'a plain object');
      assert.deepEqual(await db.get('SELECT id, text FROM notes WHERE id = ?', [3]), { id: 3, text: 'n3' });
      assert.equal(await db.get('SELECT id FROM notes WHERE id = ?', [999]), undefined);
      assert.deepEqual(await db.all('SELECT id FROM notes WHERE id = ?', [999]), []);
      const updated = await db.run('UPDATE notes SET text = ? WHERE ownerId = ?', ['x', 2]);
      assert.equal(updated.changes, 12);
      // all() of a statement that returns no rows runs it and answers [], on every driver.
      assert.deepEqual(await db.all('DELETE FROM notes WHERE id = ?', [25]), []);
      assert.equal((await db.get<{ n: number }>('SELECT count(*) AS n FROM notes'))?.n, 24);
    });

    it('opens the database on the first query, without connect()', async () => {
      const db = manager();
      assert.deepEqual(await db.all('SELECT 1 AS one'), [{ one: 1 }]);
    });

    it('binds named values by their bare name, whatever the prefix; a missing one is NULL, an extra one ignored', async () => {
      const db = manager();
      const row = await db.get('SELECT :a AS a, @b AS b, $c AS c, :missing AS missing', {
        a: 1,
        b: 'two',
        c: 3n,
        extra: 'ignored',
      });
      assert.deepEqual(row, { a: 1, b: 'two', c: 3, missing: null });
      // Only own properties are read: an inherited name is not a value.
      assert.deepEqual(await db.get('SELECT :constructor AS v, :toString AS w', {}), { v: null, w: null });
      // Text that looks like a parameter inside quotes or comments is not one.
      assert.deepEqual(await db.get("SELECT ':a' AS quoted, :a AS real -- :b", { a: 'x' }), {
        quoted: ':a',
        real: 'x',
      });
    });

    it('stores booleans as 1 and 0, undefined as NULL, bytes as a BLOB, and takes one value for one ?', async () => {
      const db = manager();
      const row = await db.get('SELECT ? AS yes, ? AS no, ? AS absent, ? AS big', [
        true,
        false,
        undefined,
        2n ** 40n,
      ]);
      assert.deepEqual(row, { yes: 1, no: 0, absent: null, big: 2 ** 40 });
      assert.deepEqual(await db.get('SELECT ? AS only', 'one value'), { only: 'one value' });
      const bytes = await db.get<{ b: Uint8Array }>('SELECT ? AS b', [Buffer.from([0, 1, 255])]);
      assert.deepEqual([...(bytes?.b ?? [])], [0, 1, 255]);
    });

    it('treats a bound value as data, never as SQL', async () => {
      const db = await notes();
      await db.run('INSERT INTO notes (ownerId, text) VALUES (?, ?)', [1, 'kept']);
      const hostile = "x' OR '1'='1";
      assert.deepEqual(await db.all('SELECT text FROM notes WHERE text = ?', [hostile]), []);
      await db.run('UPDATE notes SET text = ? WHERE id = 1', ["'); DROP TABLE notes; --"]);
      assert.deepEqual(await db.all('SELECT text FROM notes'), [{ text: "'); DROP TABLE notes; --" }]);
    });

    it('refuses a value it cannot store with a 400 KitError, before any SQL runs (SQLITE-013)', async () => {
      const db = await notes();
      const values: [string, unknown][] = [
        ['an object', JSON.parse('{"$ne":null}')],
        ['a list', ['a']],
        ['a function', () => 'x'],
        ['a symbol', Symbol('x')],
        ['a Date', new Date()],
      ];
      for (const [label, value] of values) {
        for (const params of [[1, value], { owner: 1, text: value }]) {
          const sql = Array.isArray(params)
            ? 'INSERT INTO notes (ownerId, text) VALUES (?, ?)'
            : 'INSERT INTO notes (ownerId, text) VALUES (:owner, :text)';
          const err = await rejection(db.run(sql, params as never));
          assert.ok(err instanceof HttpError, `${label}: ${String(err)}`);
          assert.equal((err as KitError).code, 'KIT_ERR_DB_VALIDATION', label);
          assert.equal(err.status, 400, label);
          assert.equal(err.expose, true, label);
          assert.match(err.message, Array.isArray(params) ? /parameter 2/ : /"text"/, label);
        }
      }
      assert.deepEqual(await db.all('SELECT * FROM notes'), [], 'nothing was written');
      await db.run('INSERT INTO notes (ownerId, text) VALUES (?, ?)', [1, 'after the refusals']);
      assert.equal((await db.all('SELECT * FROM notes')).length, 1);
    });

    it("answers a refused row with the model API's codes: 409 unique, 409 reference, 400 NOT NULL and CHECK", async () => {
      const db = await notes();
      await db.run('INSERT INTO notes (ownerId, slug, text) VALUES (?, ?, ?)', [1, 'taken', 'first']);
      const cases: [string, () => Promise<unknown>, string, number, RegExp][] = [
        [
          'a duplicate',
          () => db.run('INSERT INTO notes (ownerId, slug, text) VALUES (?, ?, ?)', [1, 'taken', 'again']),
          'KIT_ERR_DB_UNIQUE',
          409,
          /^A record with this "slug" already exists$/,
        ],
        [
          'no such owner',
          () => db.run('INSERT INTO notes (ownerId, text) VALUES (?, ?)', [99, 'orphan']),
          'KIT_ERR_DB_REFERENCE',
          409,
          /refers to a record that does not exist/,
        ],
        [
          'a NULL for NOT NULL',
          () => db.run('INSERT INTO notes (ownerId, text) VALUES (?, ?)', [1, null]),
          'KIT_ERR_DB_VALIDATION',
          400,
          /"text" cannot be null/,
        ],
        [
          'a CHECK',
          () => db.run('INSERT INTO notes (ownerId, text, stars) VALUES (?, ?, ?)', [1, 'x', -1]),
          'KIT_ERR_DB_VALIDATION',
          400,
          /CHECK constraint/,
        ],
        [
          'a text for an INTEGER PRIMARY KEY',
          () => db.run('INSERT INTO owners (id, name) VALUES (?, ?)', ['abc', 'x']),
          'KIT_ERR_DB_VALIDATION',
          400,
          /not of its column's type/,
        ],
      ];
      for (const [label, call, code, status, message] of cases) {
        const err = await rejection(call());
        assert.ok(err instanceof KitError, `${label}: ${String(err)}`);
        assert.equal(err.code, code, label);
        assert.equal(err.status, status, label);
        assert.match(err.message, message, label);
        assert.doesNotMatch(err.message, /notes|SQLITE/, `${label}: no table, no driver words`);
        assert.match(String((err.cause as { code?: string }).code), /^SQLITE_(CONSTRAINT|MISMATCH)$/, label);
      }
      const duplicate = await rejection(
        db.run('INSERT INTO notes (ownerId, slug, text) VALUES (?, ?, ?)', [1, 'taken', 'x']),
      );
      assert.equal(db.isUniqueViolation(duplicate), true);
      assert.equal(await db.get<{ n: number }>('SELECT count(*) AS n FROM notes').then((row) => row?.n), 1);
    });

    it("keeps the driver's error, as sqlite3 words it, for a fault of the SQL itself (a 500)", async () => {
      const db = await notes();
      for (const sql of ['SELECT * FROM missing', 'SELEC nonsense']) {
        const err = await rejection(db.all(sql));
        assert.ok(!(err instanceof HttpError), String(err));
        assert.equal((err as { code?: string }).code, 'SQLITE_ERROR');
        assert.match((err as Error).message, /^SQLITE_ERROR: /);
      }
      await assert.rejects(db.exec('CREATE TABLE notes (x)'), { code: 'SQLITE_ERROR' });
      await assert.rejects(db.all(''), { name: 'TypeError', code: 'KIT_ERR_SETUP_DB_OPTIONS' });
    });

    it('keeps at most statementCacheSize statements and still runs the ones it let go', async () => {
      const db = manager(':memory:', { statementCacheSize: 2 });
      for (let round = 0; round < 3; round++) {
        for (const n of [1, 2, 3, 4])
          assert.deepEqual(await db.get(`SELECT ${n} AS n, ? AS v`, [round]), { n, v: round });
      }
      assert.throws(() => new SQLiteManager(':memory:', { driver, statementCacheSize: 0 }), {
        code: 'KIT_ERR_SETUP_DB_OPTIONS',
      });
    });

    it('answers many calls in flight on one statement, each with its own values', async () => {
      const db = await notes();
      for (let i = 0; i < 40; i++)
        await db.run('INSERT INTO notes (ownerId, text) VALUES (?, ?)', [1 + (i % 2), `t${i}`]);
      const sql = 'SELECT id, ownerId FROM notes WHERE ownerId = ? AND id > ? ORDER BY id LIMIT 5';
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, i) => db.all<{ id: number; ownerId: number }>(sql, [1 + (i % 2), i])),
      );
      answers.forEach((rows, i) => {
        assert.equal(rows.length, 5);
        assert.ok(
          rows.every((row) => row.ownerId === 1 + (i % 2) && row.id > i),
          `call ${i}`,
        );
      });
    });

    // node:sqlite on Node 22 (22.23 checked) answers the old column count once after ALTER TABLE, its own
    // rows too; Node 24 and 26 do not.
    const staleColumns =
      driver === 'node:sqlite' && process.versions.node.startsWith('22.')
        ? `node:sqlite on Node ${process.version} answers a statement's old columns once after ALTER TABLE`
        : false;
    it('sees a column added after a SELECT * was prepared', { skip: staleColumns }, async () => {
      const db = manager();
      await db.exec('CREATE TABLE t (a INTEGER); INSERT INTO t VALUES (1)');
      assert.deepEqual(await db.all('SELECT * FROM t'), [{ a: 1 }]);
      await db.exec('ALTER TABLE t ADD COLUMN b TEXT');
      assert.deepEqual(await db.all('SELECT * FROM t'), [{ a: 1, b: null }]);
      await db.exec('ALTER TABLE t RENAME COLUMN a TO c');
      assert.deepEqual(await db.get('SELECT * FROM t'), { c: 1, b: null });
    });

    it('rejects every call after close() with KIT_ERR_DB_NOT_CONNECTED, and close() twice is fine', async () => {
      const db = manager();
      await db.all('SELECT 1');
      await db.close();
      await db.close();
      for (const call of [
        db.all('SELECT 1'),
        db.get('SELECT 1'),
        db.run('SELECT 1'),
        db.exec('SELECT 1'),
        db.connect(),
      ]) {
        await assert.rejects(call, { code: 'KIT_ERR_DB_NOT_CONNECTED', status: 500 });
      }
    });

    it('is one database with db.sequelize: rows written by either are read by the other (SQLITE-015)', async () => {
      const db = manager();
      const Note = db.sequelize.define(
        'Note',
        { text: DataTypes.STRING },
        { tableName: 'notes', timestamps: false },
      );
      await db.connect();
      await db.sequelize.sync();
      await db.run('INSERT INTO notes (text) VALUES (?)', ['from db.run']);
      assert.deepEqual(await Note.findAll({ raw: true, attributes: ['text'] }), [{ text: 'from db.run' }]);
      await Note.create({ text: 'from a model' });
      assert.deepEqual(await db.all('SELECT text FROM notes ORDER BY id'), [
        { text: 'from db.run' },
        { text: 'from a model' },
      ]);
      await db.sequelize.transaction(async (transaction) => {
        await Note.create({ text: 'in a transaction' }, { transaction });
      });
      assert.equal((await db.get<{ n: number }>('SELECT count(*) AS n FROM notes'))?.n, 3);
      const [raw] = await db.sequelize.query('SELECT count(*) AS n FROM notes', { type: QueryTypes.SELECT });
      assert.deepEqual(raw, { n: 3 });
      // A model's duplicate and the direct API's are the same KitError.
      await db.exec('CREATE UNIQUE INDEX notes_text ON notes (text)');
      await assert.rejects(Note.create({ text: 'from db.run' }), { code: 'KIT_ERR_DB_UNIQUE', status: 409 });
    });

    it('shares a file with Sequelize, whose transactions have their own connection: a write waits for their commit', async (t: TestContext) => {
      const file = join(freshDir(`shared-${driver.replace(':', '-')}`), 'notes.sqlite');
      const db = manager(file, { busyTimeoutMs: 5000 });
      const Note = db.sequelize.define(
        'Note',
        { text: DataTypes.STRING },
        { tableName: 'notes', timestamps: false },
      );
      await db.sequelize.sync();
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let inside: () => void = () => {};
      const started = new Promise<void>((resolve) => {
        inside = resolve;
      });
      const transaction = db.sequelize.transaction(async (tx) => {
        await Note.create({ text: 'in the transaction' }, { transaction: tx });
        inside();
        await held;
      });
      await started;
      // The transaction holds the write lock: this write waits for it, and the event loop runs meanwhile (a
      // wait inside a synchronous call would have settled the promise, failed, before any timer ran).
      const write = db.run('INSERT INTO notes (text) VALUES (?)', ['after the commit']);
      let settled = false;
      write.then(
        () => {
          settled = true;
        },
        () => {
          settled = true;
        },
      );
      await new Promise((resolve) => setImmediate(resolve));
      await new Promise((resolve) => setTimeout(resolve, 20));
      assert.equal(settled, false, 'the write waits for the commit');
      release();
      await transaction;
      await write;
      assert.deepEqual(await db.all('SELECT text FROM notes ORDER BY id'), [
        { text: 'in the transaction' },
        { text: 'after the commit' },
      ]);
      t.diagnostic(`driver ${driver}`);
    });

    it("is DB-001's 503 past busyTimeoutMs while another connection holds the lock, without blocking the event loop (SQLITE-014)", async () => {
      const file = join(freshDir(`busy-${driver.replace(':', '-')}`), 'busy.sqlite');
      const db = manager(file, { busyTimeoutMs: 150 });
      const other = manager(file);
      await db.exec('CREATE TABLE t (x INTEGER)');
      await other.exec('BEGIN EXCLUSIVE');
      let ticked = false;
      setImmediate(() => {
        ticked = true;
      });
      const err = await rejection(db.all('SELECT * FROM t'));
      assert.equal(ticked, true, 'the wait let the event loop run');
      assert.ok(err instanceof KitError, String(err));
      assert.equal(err.code, 'KIT_ERR_DB_UNAVAILABLE');
      assert.equal(err.status, 503);
      assert.deepEqual(err.headers, { 'Retry-After': '2' });
      assert.equal((err.cause as { code?: string }).code, 'SQLITE_BUSY');
      await assert.rejects(db.run('INSERT INTO t VALUES (1)'), { code: 'KIT_ERR_DB_UNAVAILABLE' });
      await assert.rejects(db.exec('INSERT INTO t VALUES (1)'), { code: 'KIT_ERR_DB_UNAVAILABLE' });
      await other.exec('COMMIT');
      await db.run('INSERT INTO t VALUES (?)', [1]);
      assert.deepEqual(await db.all('SELECT x FROM t'), [{ x: 1 }]);
    });

    it("a model call meeting the lock waits the same way, then after Sequelize's retries is the 503", async () => {
      const file = join(freshDir(`model-busy-${driver.replace(':', '-')}`), 'busy.sqlite');
      const db = manager(file, { busyTimeoutMs: 20 });
      const other = manager(file);
      const Note = db.sequelize.define(
        'Note',
        { text: DataTypes.STRING },
        { tableName: 'notes', timestamps: false },
      );
      await db.sequelize.sync();
      await other.exec('BEGIN EXCLUSIVE');
      let ticked = false;
      setImmediate(() => {
        ticked = true;
      });
      const err = await rejection(Note.create({ text: 'waits' }));
      assert.equal(ticked, true, 'the wait let the event loop run');
      assert.equal((err as KitError).code, 'KIT_ERR_DB_UNAVAILABLE', String(err));
      assert.equal((err as KitError).status, 503);
      await other.exec('COMMIT');
      await Note.create({ text: 'stored' });
      assert.deepEqual(await db.all('SELECT text FROM notes'), [{ text: 'stored' }]);
    });

    it('holds no lock between calls: get() leaves the file free for another connection', async () => {
      const file = join(freshDir(`lock-${driver.replace(':', '-')}`), 'free.sqlite');
      const db = manager(file);
      const other = manager(file, { busyTimeoutMs: 0 });
      await db.exec('CREATE TABLE t (x INTEGER); INSERT INTO t VALUES (1), (2), (3)');
      assert.deepEqual(await db.get('SELECT x FROM t ORDER BY x'), { x: 1 });
      await other.exec('BEGIN EXCLUSIVE; INSERT INTO t VALUES (4); COMMIT');
      assert.equal((await db.all('SELECT x FROM t')).length, 4);
    });
  });
}

/** A preload that makes `packages` impossible to find, as on a machine where they are not installed. */
function hidingPreload(packages: string[]): string {
  const file = join(freshDir('hide'), 'hide-peers.cjs');
  writeFileSync(
    file,
    `const Module = require('node:module');
const hidden = ${JSON.stringify(packages)};
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  if (hidden.some((name) => request === name || request.startsWith(name + '/'))) {
    const err = new Error("Cannot find module '" + request + "'");
    err.code = 'MODULE_NOT_FOUND';
    throw err;
  }
  return resolve.call(this, request, ...rest);
};
`,
  );
  return file;
}

const managerUrl = JSON.stringify(srcUrl('batteries/db/sqlite-manager.ts'));
const hasNodeSqlite = process.getBuiltinModule?.('node:sqlite') !== undefined;

describe('SQLiteManager: which driver (SQLITE-011), and what loads when (SQLITE-009)', () => {
  it('runs on the fastest driver this process has: better-sqlite3 where it loads, else node:sqlite, else sqlite3', () => {
    const expected = SQLITE_DRIVER_NAMES.find((driver) => sqliteDriverUnavailable(driver) === undefined);
    const db = new SQLiteManager();
    opened.push(db);
    assert.equal(db.driver, expected);
  });

  it('refuses a driver or an option it does not know with a TypeError at once', () => {
    for (const options of [
      { driver: 'mysql' },
      { busyTimeoutMs: -1 },
      { busyTimeoutMs: 1.5 },
      { busyTimeoutMs: '10' },
      { statementCacheSize: 0 },
      null,
      [],
    ]) {
      assert.throws(
        () => new SQLiteManager(':memory:', options as never),
        (err: unknown) => {
          assert.ok(err instanceof TypeError, JSON.stringify(options));
          assert.equal((err as { code?: string }).code, 'KIT_ERR_SETUP_DB_OPTIONS');
          return true;
        },
      );
    }
  });

  it('names the Node that has node:sqlite when this one does not', {
    skip: hasNodeSqlite && `Node ${process.version} has node:sqlite`,
  }, () => {
    assert.throws(
      () => new SQLiteManager(':memory:', { driver: 'node:sqlite' }),
      (err: unknown) => {
        assert.ok(err instanceof KitError);
        assert.equal(err.code, 'KIT_ERR_PEER_MISSING');
        assert.match(err.message, /"node:sqlite".*Node 22\.13 and newer/);
        return true;
      },
    );
  });

  it('names the package to install when the driver asked for is missing', () => {
    const child = runChild(
      `const { SQLiteManager } = await import(${managerUrl});
       try { new SQLiteManager(':memory:', { driver: 'better-sqlite3' }); console.log('{}'); }
       catch (err) { console.log(JSON.stringify({ code: err.code, message: err.message })); }`,
      { preload: hidingPreload(['better-sqlite3']) },
    );
    assert.equal(child.status, 0, child.stderr);
    const outcome = JSON.parse(child.stdout) as { code?: string; message?: string };
    assert.equal(outcome.code, 'KIT_ERR_PEER_MISSING');
    assert.match(outcome.message ?? '', /"better-sqlite3".*npm install better-sqlite3/);
  });

  it('without any driver package, runs on node:sqlite, or names both packages where Node has none', () => {
    const child = runChild(
      `const { SQLiteManager } = await import(${managerUrl});
       try { const db = new SQLiteManager(); console.log(JSON.stringify({ driver: db.driver })); }
       catch (err) { console.log(JSON.stringify({ code: err.code, message: err.message })); }`,
      { preload: hidingPreload(['better-sqlite3', 'sqlite3']) },
    );
    assert.equal(child.status, 0, child.stderr);
    const outcome = JSON.parse(child.stdout) as { driver?: string; code?: string; message?: string };
    if (hasNodeSqlite) assert.deepEqual(outcome, { driver: 'node:sqlite' });
    else {
      assert.equal(outcome.code, 'KIT_ERR_PEER_MISSING');
      assert.match(outcome.message ?? '', /npm install better-sqlite3.*npm install sqlite3/);
    }
  });

  it('passes over a better-sqlite3 built for another Node for node:sqlite, and names it where Node has none', () => {
    const dir = freshDir('broken');
    const fake = join(dir, 'better-sqlite3.cjs');
    writeFileSync(
      fake,
      `module.exports = class Database { constructor() { throw new Error("The module 'better_sqlite3.node' was compiled against a different Node.js version"); } };`,
    );
    const preload = join(dir, 'broken-better-sqlite3.cjs');
    writeFileSync(
      preload,
      `const Module = require('node:module');
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  return request === 'better-sqlite3' ? ${JSON.stringify(fake)} : resolve.call(this, request, ...rest);
};
`,
    );
    const child = runChild(
      `const { SQLiteManager } = await import(${managerUrl});
       const outcome = (make) => { try { return { driver: make().driver }; } catch (err) { return { code: err.code, message: err.message }; } };
       console.log(JSON.stringify({
         fastest: outcome(() => new SQLiteManager()),
         asked: outcome(() => new SQLiteManager(':memory:', { driver: 'better-sqlite3' })),
       }));`,
      { preload },
    );
    assert.equal(child.status, 0, child.stderr);
    const { fastest, asked } = JSON.parse(child.stdout) as Record<
      string,
      { driver?: string; code?: string; message?: string }
    >;
    assert.equal(asked?.code, 'KIT_ERR_PEER_MISSING');
    assert.match(
      asked?.message ?? '',
      /found the optional package "better-sqlite3" but could not load it \(.*different Node\.js version\)/,
    );
    if (hasNodeSqlite) assert.deepEqual(fastest, { driver: 'node:sqlite' });
    else assert.deepEqual(fastest, asked, 'without node:sqlite, the broken package is the error');
  });

  it('loads sequelize only when db.sequelize is first read', () => {
    const child = runChild(
      `const { SQLiteManager } = await import(${managerUrl});
       const { createRequire } = await import('node:module');
       const loaded = () => Object.keys(createRequire(import.meta.url).cache).some((file) => /[\\\\/]node_modules[\\\\/]sequelize[\\\\/]/.test(file));
       const db = new SQLiteManager();
       await db.connect();
       await db.exec('CREATE TABLE t (x INTEGER)');
       await db.run('INSERT INTO t VALUES (?)', [1]);
       const before = loaded();
       db.sequelize.define('T', {}, { tableName: 't', timestamps: false });
       console.log(JSON.stringify({ before, after: loaded(), rows: await db.all('SELECT x FROM t') }));
       await db.close();`,
    );
    assert.equal(child.status, 0, child.stderr);
    assert.deepEqual(JSON.parse(child.stdout), { before: false, after: true, rows: [{ x: 1 }] });
  });

  it("prints no ExperimentalWarning of node:sqlite, and leaves the app's own warnings alone", {
    skip: !hasNodeSqlite && `Node ${process.version} has no node:sqlite`,
  }, () => {
    const child = runChild(
      `const { SQLiteManager } = await import(${managerUrl});
       const db = new SQLiteManager(':memory:', { driver: 'node:sqlite' });
       await db.all('SELECT 1');
       await db.close();
       process.emitWarning('the app warns', 'ExperimentalWarning');`,
    );
    assert.equal(child.status, 0, child.stderr);
    assert.doesNotMatch(child.stderr, /SQLite is an experimental feature/);
    assert.match(child.stderr, /ExperimentalWarning: the app warns/);
  });
});
