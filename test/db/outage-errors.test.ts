/** DB-001, DB-002: a database that cannot serve now is KIT_ERR_DB_UNAVAILABLE (503, Retry-After) on every manager, on real parts. */
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import type { AddressInfo, Server } from 'node:net';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { DatabaseError, DataTypes, type ModelStatic, type Model as SequelizeModel } from 'sequelize';
import { KitError } from '../../src/base/errors.js';
import { HttpError } from '../../src/base/http-error.js';
import { MongoDBManager } from '../../src/batteries/db/mongodb-manager.js';
import {
  DB_RETRY_AFTER_SECONDS,
  databaseUnavailable,
  mongooseOutage,
  sequelizeOutage,
} from '../../src/batteries/db/outage-errors.js';
import { PostgreSQLManager } from '../../src/batteries/db/postgres-manager.js';
import type { SequelizeManager } from '../../src/batteries/db/sequelize-manager.js';
import { SQLiteManager } from '../../src/batteries/db/sqlite-manager.js';
import kit from '../../src/index.ts';
import { eventually } from '../support/eventually.js';
import { listenLocally } from '../support/listen.ts';
import { adminQuery, dropDatabase, freshDatabase } from '../support/postgres-database.js';
import { postgresAvailability, stopPostgres } from '../support/postgres-server.js';
import { cuttingProxy } from './cutting-proxy.js';
import { closedPort, freshDir, repoRoot } from './helpers.js';
import { ownPostgres } from './postgres-own-server.js';
import { refusesAtStartup } from './postgres-peer.js';

const requireFromRepo = createRequire(join(repoRoot, 'package.json'));
const sqlite3 = requireFromRepo('sqlite3') as typeof import('sqlite3');
// The driver mongoose itself loads, for its real error classes (not a dependency of its own: no typings here).
type ErrorClass = new (...args: unknown[]) => Error;
const mongodb = createRequire(requireFromRepo.resolve('mongoose'))('mongodb') as Record<
  | 'MongoServerSelectionError'
  | 'MongoNetworkError'
  | 'MongoNetworkTimeoutError'
  | 'MongoServerError'
  | 'MongoParseError',
  ErrorClass
>;

/** Asserts `err` is DB-001's error, and returns the driver's or ORM's error behind it. */
function assertUnavailable(err: unknown): Error {
  assert.ok(err instanceof KitError, `a KitError, not ${String(err)}`);
  assert.ok(err instanceof HttpError);
  assert.equal(err.code, 'KIT_ERR_DB_UNAVAILABLE');
  assert.equal(err.status, 503);
  assert.equal(err.expose, false);
  assert.deepEqual(err.headers, { 'Retry-After': String(DB_RETRY_AFTER_SECONDS) });
  assert.equal(err.message, 'The database is unavailable; try again shortly');
  assert.ok(err.cause instanceof Error, 'the driver error is kept as cause');
  return err.cause;
}

async function unavailable(promise: Promise<unknown>): Promise<Error> {
  let cause: Error | undefined;
  await assert.rejects(promise, (err: unknown) => {
    cause = assertUnavailable(err);
    return true;
  });
  return cause as Error;
}

function defineNote(db: SequelizeManager): ModelStatic<SequelizeModel> {
  return db.sequelize.define('Note', { text: { type: DataTypes.STRING, allowNull: false, unique: true } });
}

describe('KIT_ERR_DB_UNAVAILABLE', () => {
  it('is a 503 that shows nothing, carries Retry-After and keeps the driver error as cause', () => {
    const driver = Object.assign(new Error('connect ECONNREFUSED 10.1.2.3:5432'), { code: 'ECONNREFUSED' });
    assert.equal(assertUnavailable(databaseUnavailable(driver)), driver);
    assert.ok(DB_RETRY_AFTER_SECONDS >= 1 && DB_RETRY_AFTER_SECONDS <= 5, 'a small number of seconds');
  });

  it("kit()'s default answer is 503 with Retry-After and the status text, nothing of the driver", async () => {
    const app = kit();
    app.get('/notes', () => {
      throw databaseUnavailable(
        Object.assign(new Error('connect ECONNREFUSED 10.1.2.3:5432 (db.internal)'), {
          code: 'ECONNREFUSED',
        }),
      );
    });
    const base = await listenLocally(app);
    try {
      const answer = await fetch(`${base}/notes`);
      const body = await answer.text();
      assert.equal(answer.status, 503);
      assert.equal(answer.headers.get('retry-after'), String(DB_RETRY_AFTER_SECONDS));
      assert.equal(body, 'Service Unavailable');
    } finally {
      await app.close();
    }
  });
});

describe('SQLiteManager: another connection holding the lock', () => {
  let dir: string;
  before(() => {
    dir = freshDir('outage');
  });

  it('a write and a raw query past the busy timeout are 503s; once the lock is gone the write is stored', async () => {
    const file = join(dir, 'busy.sqlite');
    // On sqlite3, as the other connection below: two copies of SQLite in one process (node:sqlite's,
    // better-sqlite3's) do not see each other's locks. test/db/sqlite-direct.test.ts holds the others.
    const db = new SQLiteManager(file, { driver: 'sqlite3' });
    const Note = defineNote(db);
    await db.sequelize.sync();
    // node-sqlite3 waits a second for a lock by default, and Sequelize retries SQLITE_BUSY five times.
    await db.sequelize.query('PRAGMA busy_timeout = 10');
    const other = new sqlite3.Database(file);
    const exec = (sql: string) =>
      new Promise<void>((done, fail) => other.exec(sql, (err) => (err ? fail(err) : done())));
    try {
      await exec('BEGIN EXCLUSIVE');
      const cause = await unavailable(Note.create({ text: 'waits' }));
      assert.equal(cause.name, 'SequelizeTimeoutError');
      assert.equal((cause as { original?: { code?: string } }).original?.code, 'SQLITE_BUSY');
      await unavailable(db.sequelize.query('SELECT count(*) FROM Notes'));
      // A transaction has a connection of its own, with the default wait: shortened inside it.
      await unavailable(
        db.sequelize.transaction(async (transaction) => {
          await db.sequelize.query('PRAGMA busy_timeout = 10', { transaction });
          return Note.count({ transaction });
        }),
      );
      await exec('COMMIT');
      await Note.create({ text: 'waits' });
      assert.equal(await Note.count(), 1);
    } finally {
      await new Promise((done) => other.close(done));
      await db.close();
    }
  });

  it('SQLITE_LOCKED, a table lock of a shared cache, is a 503 as Sequelize reports it', async () => {
    const uri = `file:${join(dir, 'locked.sqlite')}?cache=shared`;
    const mode = sqlite3.OPEN_READWRITE | sqlite3.OPEN_CREATE | sqlite3.OPEN_URI;
    const a = new sqlite3.Database(uri, mode);
    const b = new sqlite3.Database(uri, mode);
    const run = (db: typeof a, sql: string) =>
      new Promise<void>((done, fail) => db.exec(sql, (err) => (err ? fail(err) : done())));
    try {
      await run(a, 'CREATE TABLE t (x INTEGER); BEGIN; INSERT INTO t VALUES (1);');
      const locked = await new Promise<Error>((done) =>
        b.all('SELECT * FROM t', (err) => done(err as Error)),
      );
      assert.equal((locked as { code?: string }).code, 'SQLITE_LOCKED');
      // What Sequelize's SQLite dialect makes of any code it has no class for.
      assertUnavailable(sequelizeOutage(new DatabaseError(locked as never)));
      await run(a, 'COMMIT');
    } finally {
      await Promise.all([new Promise((done) => a.close(done)), new Promise((done) => b.close(done))]);
    }
  });

  it('leaves client faults, other server faults and what a transaction callback throws as they were', async () => {
    const db = new SQLiteManager();
    const Note = defineNote(db);
    await db.sequelize.sync();
    try {
      await Note.create({ text: 'once' });
      await assert.rejects(Note.create({ text: 'once' }), { code: 'KIT_ERR_DB_UNIQUE', status: 409 });
      await assert.rejects(db.sequelize.query('SELECT * FROM missing'), { name: 'SequelizeDatabaseError' });
      // An application's own error inside a managed transaction, even one coded like a socket's, is its own.
      const own = Object.assign(new Error('the payment service reset the connection'), {
        code: 'ECONNRESET',
      });
      await assert.rejects(
        db.sequelize.transaction(async () => {
          throw own;
        }),
        (err: unknown) => err === own,
      );
    } finally {
      await db.close();
    }
  });
});

describe('PostgreSQLManager without a server that answers', () => {
  it('a refused connection is a 503 for a model call, raw SQL and a transaction; connect() keeps KIT_ERR_DB_CONNECT', async () => {
    const port = await closedPort();
    const db = new PostgreSQLManager(`postgres://app:hunter2@127.0.0.1:${port}/nowhere`, {
      connectTimeoutMs: 1000,
    });
    const Note = defineNote(db);
    try {
      const cause = await unavailable(Note.findAll());
      assert.equal(cause.name, 'SequelizeConnectionRefusedError');
      await unavailable(db.sequelize.query('SELECT 1'));
      await unavailable(db.sequelize.transaction(async () => 'never'));
      await assert.rejects(db.connect(), (err: unknown) => {
        assert.ok(err instanceof KitError);
        assert.equal(err.code, 'KIT_ERR_DB_CONNECT');
        assert.match(err.message, /ECONNREFUSED/);
        assert.equal((err.cause as Error).name, 'SequelizeConnectionRefusedError');
        return true;
      });
    } finally {
      await db.close();
    }
  });

  it('a server starting up (57P03) is a 503; one refusing the password (28P01) stays a 500', async () => {
    const starting = await refusesAtStartup('57P03', 'the database system is starting up');
    const wrongPassword = await refusesAtStartup('28P01', 'password authentication failed for user "app"');
    const url = (peer: Server) => `postgres://app@127.0.0.1:${(peer.address() as AddressInfo).port}/db`;
    const up = new PostgreSQLManager(url(starting), { connectTimeoutMs: 1000 });
    const denied = new PostgreSQLManager(url(wrongPassword), { connectTimeoutMs: 1000 });
    try {
      const cause = await unavailable(up.sequelize.query('SELECT 1'));
      assert.equal((cause as { original?: { code?: string } }).original?.code, '57P03');
      await assert.rejects(denied.sequelize.query('SELECT 1'), (err: unknown) => {
        assert.ok(!(err instanceof HttpError), 'not an HttpError: a misconfiguration no retry mends');
        assert.equal((err as Error).name, 'SequelizeConnectionError');
        return true;
      });
    } finally {
      await Promise.all([up.close(), denied.close()]);
      starting.close();
      wrongPassword.close();
    }
  });
});

describe('PostgreSQLManager on a real PostgreSQL', () => {
  let serverUrl: string | undefined;
  let skip: string | false = false;
  const databases: string[] = [];

  before(async () => {
    const outcome = await postgresAvailability();
    if ('reason' in outcome) skip = outcome.reason;
    else serverUrl = outcome.url;
  });
  after(async () => {
    if (serverUrl !== undefined) for (const url of databases) await dropDatabase(serverUrl, url);
    await stopPostgres();
  });
  async function database(label: string): Promise<string> {
    const url = await freshDatabase(serverUrl as string, label);
    databases.push(url);
    return url;
  }

  it('an administrator ending the session of a running query (57P01) is a 503; the next query works', async (t) => {
    if (skip) return t.skip(skip);
    const url = await database('admin_shutdown');
    const db = new PostgreSQLManager(url);
    try {
      // Its assertion is attached now: the rejection comes while the loop below is still polling.
      const sleeping = unavailable(db.sequelize.query('SELECT pg_sleep(30) /* outage: admin shutdown */'));
      await eventually(async () => {
        const [row] = await adminQuery(
          url,
          "SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity WHERE query LIKE '%outage: admin shutdown%' AND pid <> pg_backend_pid()",
        );
        assert.equal(row?.ended, true);
      });
      const cause = await sleeping;
      assert.equal((cause as { original?: { code?: string } }).original?.code, '57P01');
      const [rows] = await db.sequelize.query('SELECT 1 AS one');
      assert.deepEqual(rows, [{ one: 1 }]);
    } finally {
      await db.close();
    }
  });

  it('a database closed to new connections (ALLOW_CONNECTIONS false: 55000) is a 503; reopened, it serves', async (t) => {
    if (skip) return t.skip(skip);
    const url = await database('closed');
    const name = new URL(url).pathname.slice(1);
    const db = new PostgreSQLManager(url);
    try {
      await db.sequelize.query('SELECT 1');
      await adminQuery(url, `ALTER DATABASE "${name}" ALLOW_CONNECTIONS false`);
      await adminQuery(url, 'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [
        name,
      ]);
      const cause = await unavailable(db.sequelize.query('SELECT 1'));
      assert.equal(cause.name, 'SequelizeConnectionError');
      assert.equal((cause as { original?: { code?: string } }).original?.code, '55000');
      await adminQuery(url, `ALTER DATABASE "${name}" ALLOW_CONNECTIONS true`);
      const [rows] = await db.sequelize.query('SELECT 3 AS three');
      assert.deepEqual(rows, [{ three: 3 }]);
    } finally {
      await db.close();
    }
  });

  it('a pool with no free connection within acquireTimeoutMs is a 503', async (t) => {
    if (skip) return t.skip(skip);
    const db = new PostgreSQLManager(await database('acquire'), { maxConnections: 1, acquireTimeoutMs: 200 });
    try {
      const holder = await db.sequelize.transaction();
      try {
        const cause = await unavailable(db.sequelize.query('SELECT 1'));
        assert.equal(cause.name, 'SequelizeConnectionAcquireTimeoutError');
      } finally {
        await holder.rollback();
      }
      await db.sequelize.query('SELECT 1');
    } finally {
      await db.close();
    }
  });

  it("a connection cut under a query is a 503 (pg's own words, pinned); the pool heals", async (t) => {
    if (skip) return t.skip(skip);
    const url = new URL(await database('cut'));
    const proxy = await cuttingProxy(url.hostname, Number(url.port), { postgres: true });
    url.host = `127.0.0.1:${proxy.port}`;
    const db = new PostgreSQLManager(url.toString(), { connectTimeoutMs: 1000 });
    try {
      await db.sequelize.query('SELECT 1');
      const sleeping = unavailable(db.sequelize.query('SELECT pg_sleep(30) /* outage: cut */'));
      await eventually(async () => {
        const rows = await adminQuery(
          serverUrl as string,
          "SELECT 1 FROM pg_stat_activity WHERE query LIKE '%outage: cut%' AND pid <> pg_backend_pid()",
        );
        assert.equal(rows.length, 1);
      });
      proxy.refuse(true);
      const cause = await sleeping;
      assert.equal((cause as { original?: Error }).original?.message, 'Connection terminated unexpectedly');
      // While nothing answers, opening a connection fails the same way, before any SQL.
      await unavailable(db.sequelize.query('SELECT 1'));
      proxy.refuse(false);
      // The pool may still hand a connection attempt begun during the outage to the next caller (a last
      // 503); after that it opens fresh connections.
      await eventually(async () => {
        const [rows] = await db.sequelize.query('SELECT 2 AS two');
        assert.deepEqual(rows, [{ two: 2 }]);
      });
    } finally {
      await db.close();
      await proxy.close();
    }
  });

  it('DB-002: an INSERT committed as its connection was lost answers 503; the retry meets the unique index, 409', async (t) => {
    if (skip) return t.skip(skip);
    const url = new URL(await database('lost_commit'));
    const proxy = await cuttingProxy(url.hostname, Number(url.port), { postgres: true });
    url.host = `127.0.0.1:${proxy.port}`;
    const db = new PostgreSQLManager(url.toString(), { connectTimeoutMs: 1000 });
    const Note = defineNote(db);
    try {
      await db.sequelize.sync();
      proxy.cutAfterNextInsert();
      await unavailable(Note.create({ text: 'ada@example.com' }));
      // The client heard 503, yet the row is there: a retry is refused by the unique index, never doubled.
      assert.equal(await Note.count(), 1);
      await assert.rejects(Note.create({ text: 'ada@example.com' }), {
        code: 'KIT_ERR_DB_UNIQUE',
        status: 409,
      });
      assert.equal(await Note.count(), 1);
    } finally {
      await db.close();
      await proxy.close();
    }
  });
});

describe('PostgreSQLManager while its server stops and starts again', () => {
  it('a query under `pg_ctl stop -m fast` and every call while stopped are 503s; started again, the same manager works', async (t) => {
    const own = await ownPostgres();
    if ('reason' in own) return t.skip(own.reason);
    const db = new PostgreSQLManager(own.url, { connectTimeoutMs: 1000 });
    const Note = defineNote(db);
    try {
      await db.sequelize.sync();
      await Note.create({ text: 'before' });
      const sleeping = unavailable(db.sequelize.query('SELECT pg_sleep(30)'));
      await eventually(async () => {
        const rows = await adminQuery(
          own.url,
          "SELECT 1 FROM pg_stat_activity WHERE query = 'SELECT pg_sleep(30)'",
        );
        assert.equal(rows.length, 1);
      });
      await own.stop('fast');
      const cause = await sleeping;
      assert.equal((cause as { original?: { code?: string } }).original?.code, '57P01');
      await unavailable(Note.create({ text: 'during' }));
      await unavailable(Note.findAll());
      await unavailable(db.sequelize.transaction(async (transaction) => Note.count({ transaction })));
      await own.start();
      await Note.create({ text: 'after' });
      assert.deepEqual(
        (await Note.findAll({ order: [['id', 'ASC']] })).map((note) => note.get('text')),
        ['before', 'after'],
      );
    } finally {
      await db.close();
      own.destroy();
    }
  });
});

describe('mongodbManager', () => {
  it("the driver's network, server-selection and shutdown errors are 503s; others are not", () => {
    const selection = new mongodb.MongoServerSelectionError('Server selection timed out after 500 ms', {
      type: 'Unknown',
      servers: new Map(),
    });
    const outages = [
      new mongodb.MongoNetworkError('connection 3 to 10.1.2.3:27017 closed'),
      new mongodb.MongoNetworkTimeoutError('connection timed out'),
      selection,
      new mongodb.MongoServerError({ message: 'interrupted at shutdown', code: 11600 }),
      new mongodb.MongoServerError({ message: 'The server is in quiesce mode and will shut down', code: 91 }),
      new mongodb.MongoServerError({ message: 'not primary', code: 10107 }),
    ];
    for (const err of outages) assert.equal(assertUnavailable(mongooseOutage(err)), err, err.name);
    const others = [
      new mongodb.MongoServerError({ message: 'bad value', code: 2 }),
      new mongodb.MongoServerError({ message: 'E11000 duplicate key', code: 11000 }),
      new mongodb.MongoParseError('bad uri'),
      new Error('something else'),
    ];
    for (const err of others) assert.equal(mongooseOutage(err), undefined, err.message);
  });

  it("a model call that waited for a connection in vain (mongoose's buffering timeout) is a 503", async () => {
    const mongoose = requireFromRepo('mongoose') as typeof import('mongoose');
    const manager = new MongoDBManager();
    const Note = manager.createCollection(
      'OutageNote',
      new mongoose.Schema({ text: String }, { bufferTimeoutMS: 50 }),
    );
    const cause = await unavailable(Note.findOne({ text: 'x' }).exec());
    assert.match(cause.message, /buffering timed out after 50ms/);
    await unavailable(Note.create({ text: 'x' }));
  });

  it('a model call after a connect() that failed is a 503 at once', async () => {
    const manager = new MongoDBManager();
    const Note = manager.createCollection('OutageAfterFailure', { text: String });
    const port = await closedPort();
    await assert.rejects(
      manager.connect(`mongodb://127.0.0.1:${port}/none`, { serverSelectionTimeoutMS: 100 }),
      {
        code: 'KIT_ERR_DB_CONNECT',
      },
    );
    const cause = await unavailable(Note.findOne({ text: 'x' }).exec());
    assert.equal(cause.message, 'Connection was force closed');
    await unavailable(Note.create({ text: 'x' }));
  });

  const uri = process.env.MONGODB_URI;
  // The proxy stands for one host: a seed list or an SRV record names several.
  const oneHost = uri !== undefined && /^mongodb:\/\/(?:[^@/]*@)?[^,/]+(?:\/|$)/.test(uri);
  const skip =
    uri === undefined
      ? 'MONGODB_URI is unset: no MongoDB server here'
      : oneHost
        ? false
        : 'MONGODB_URI names several hosts or an SRV record: the proxy stands in for one host';
  it('against a real MongoDB: a server that went away is a 503, and the manager recovers', {
    skip,
  }, async () => {
    const target = new URL(uri as string);
    const proxy = await cuttingProxy(target.hostname, Number(target.port || 27017));
    // The same credentials and options, through the proxy, to a database of the test's own.
    const via = new URL(uri as string);
    via.host = `127.0.0.1:${proxy.port}`;
    via.searchParams.set('directConnection', 'true');
    const manager = new MongoDBManager();
    const mongoose = requireFromRepo('mongoose') as typeof import('mongoose');
    const Note = manager.createCollection(
      'OutageNote',
      new mongoose.Schema({ text: String }, { bufferTimeoutMS: 300 }),
    );
    try {
      await manager.connect(via.toString(), {
        dbName: `kit_outage_${process.pid}`,
        serverSelectionTimeoutMS: 300,
      });
      await Note.create({ text: 'before' });
      proxy.refuse(true);
      await unavailable(Note.findOne({ text: 'before' }).exec());
      proxy.refuse(false);
      await eventually(async () => {
        assert.equal((await Note.findOne({ text: 'before' }).lean())?.text, 'before');
      }, 10_000);
      await manager.connection.dropDatabase();
    } finally {
      await manager.disconnect();
      await proxy.close();
    }
  });
});
