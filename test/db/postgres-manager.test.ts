/** PostgreSQLManager against a real PostgreSQL (started here, or POSTGRES_URL): pool, models, guards, unique violations, errors, close. */
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { DataTypes, QueryTypes } from 'sequelize';
import { KitError } from '../../src/base/errors.js';
import { HttpError } from '../../src/base/http-error.js';
import { PostgreSQLManager } from '../../src/batteries/db/postgres-manager.js';
import { parsePostgresUrl } from '../../src/batteries/db/postgres-url.js';
import { SequelizeManager } from '../../src/batteries/db/sequelize-manager.js';
import { sequelizeManager } from '../../src/batteries/db/sequelize-manager-factory.js';
import { SQLiteManager } from '../../src/batteries/db/sqlite-manager.js';
import { dropDatabase, freshDatabase } from '../support/postgres-database.js';
import { postgresAvailability, stopPostgres } from '../support/postgres-server.js';
import { closedPort, runChild, srcUrl } from './helpers.js';
import { endsAsItOpens } from './postgres-peer.js';

describe('parsePostgresUrl', () => {
  it('reads host, port, database and credentials, and prints no password', () => {
    const target = parsePostgresUrl('postgres://app:s3cr%40t@db.internal:5433/shop');
    assert.deepEqual(target, {
      host: 'db.internal',
      port: 5433,
      database: 'shop',
      username: 'app',
      password: 's3cr@t',
      location: 'db.internal:5433/shop',
      ssl: undefined,
    });
    assert.equal(parsePostgresUrl('postgresql://[::1]/x').host, '::1');
    assert.equal(parsePostgresUrl('postgres://ada@127.0.0.1').location, '127.0.0.1:5432/ada');
    assert.equal(parsePostgresUrl('postgres://u@localhost/db?host=/run/postgresql').host, '/run/postgresql');
  });

  it('refuses what is not a postgres:// URL with a TypeError that does not repeat it', () => {
    for (const bad of ['mysql://u@h/db', '', 'postgres://u:secret@[bad/db', 'postgres://u:se%ZZcret@h/db']) {
      assert.throws(
        () => parsePostgresUrl(bad),
        (err: unknown) => err instanceof TypeError && !String((err as Error).message).includes('secret'),
      );
    }
  });
});

describe('sslmode in the URL', () => {
  it('asks pg for TLS as libpq reads the mode, and refuses a mode it does not know', () => {
    const ssl = (mode: string) => parsePostgresUrl(`postgres://u@h/db?sslmode=${mode}`).ssl;
    assert.deepEqual(ssl('require'), { rejectUnauthorized: false });
    assert.deepEqual(ssl('verify-full'), { rejectUnauthorized: true });
    assert.equal(ssl('disable'), false);
    assert.throws(() => ssl('sometimes'), /unknown sslmode/);
  });
});

describe('PostgreSQLManager without a server', () => {
  it('refuses a bad URL or bad pool options at construction', () => {
    assert.throws(() => new PostgreSQLManager('sqlite://x'), TypeError);
    assert.throws(() => new PostgreSQLManager('postgres://u@h/db', { maxConnections: 0 }), /maxConnections/);
    assert.throws(
      () => new PostgreSQLManager('postgres://u@h/db', { minConnections: 5, maxConnections: 2 }),
      /minConnections is above maxConnections/,
    );
    assert.throws(
      () => new PostgreSQLManager('postgres://u@h/db', null as never),
      /options must be an object/,
    );
  });

  it('rejects connect() with KIT_ERR_DB_CONNECT naming the location, not the password', async () => {
    const port = await closedPort();
    const db = new PostgreSQLManager(`postgres://app:hunter2@127.0.0.1:${port}/nowhere`, {
      connectTimeoutMs: 2000,
    });
    try {
      await assert.rejects(db.connect(), (err: unknown) => {
        assert.ok(err instanceof KitError);
        assert.equal(err.code, 'KIT_ERR_DB_CONNECT');
        assert.match(err.message, new RegExp(`127\\.0\\.0\\.1:${port}/nowhere`));
        assert.match(err.message, /ECONNREFUSED/);
        assert.doesNotMatch(err.message, /hunter2/);
        return true;
      });
    } finally {
      await db.close();
    }
  });

  it('survives a server that ends each connection in the packet that opens it, and says why', async () => {
    // Without a listener from birth, pg's 'error' would fire before Sequelize's and end this process.
    const peer = await endsAsItOpens();
    const { port } = peer.address() as AddressInfo;
    const db = new PostgreSQLManager(`postgres://app@127.0.0.1:${port}/gone`, { connectTimeoutMs: 2000 });
    try {
      for (let attempt = 0; attempt < 3; attempt++) {
        await assert.rejects(db.connect(), (err: unknown) => {
          assert.ok(err instanceof KitError);
          assert.equal(err.code, 'KIT_ERR_DB_CONNECT');
          assert.match(err.message, new RegExp(`127\\.0\\.0\\.1:${port}/gone`));
          return true;
        });
      }
    } finally {
      await db.close();
      peer.close();
    }
  });

  it('sequelizeManager picks the dialect from the target', async () => {
    const pg = sequelizeManager('postgresql://u@127.0.0.1:1/db');
    const lite = sequelizeManager('./x.sqlite');
    const memory = sequelizeManager();
    try {
      assert.ok(pg instanceof PostgreSQLManager && pg instanceof SequelizeManager);
      assert.equal(pg.dialect, 'postgres');
      assert.equal(pg.location, '127.0.0.1:1/db');
      assert.ok(lite instanceof SQLiteManager && lite instanceof SequelizeManager);
      assert.equal(lite.dialect, 'sqlite');
      assert.equal((memory as SQLiteManager).path, ':memory:');
    } finally {
      await Promise.all([pg.close(), lite.close(), memory.close()]);
    }
  });

  it('sequelizeManager refuses a URL of another scheme instead of opening it as an SQLite file', () => {
    for (const bad of [
      'mysql://app:s3cret@db/shop',
      'postgresql+ssl://app:s3cret@db/shop',
      ' postgres://a@b/c',
    ]) {
      assert.throws(
        () => sequelizeManager(bad),
        (err: unknown) => err instanceof TypeError && !(err as Error).message.includes('s3cret'),
        bad,
      );
    }
  });

  it('throws KIT_ERR_PEER_MISSING naming pg when pg cannot be found', () => {
    const child = runChild(
      `const Module = (await import('node:module')).default;
       const resolve = Module._resolveFilename;
       Module._resolveFilename = function (request, ...rest) {
         if (request === 'pg') { const e = new Error('nope'); e.code = 'MODULE_NOT_FOUND'; throw e; }
         return resolve.call(this, request, ...rest);
       };
       const { PostgreSQLManager } = await import(${JSON.stringify(srcUrl('batteries/db/postgres-manager.ts'))});
       try { new PostgreSQLManager('postgres://u@127.0.0.1/db'); console.log('constructed'); }
       catch (err) { console.log(err.code, err.message); }`,
    );
    assert.equal(child.status, 0, child.stderr);
    assert.match(child.stdout, /KIT_ERR_PEER_MISSING .*"pg".*npm install pg/);
  });
});

describe('PostgreSQLManager on a real server', () => {
  let server: string | undefined;
  let skipReason: string | undefined;
  const databases: string[] = [];
  const managers: PostgreSQLManager[] = [];

  before(async () => {
    const outcome = await postgresAvailability();
    if ('reason' in outcome) skipReason = outcome.reason;
    else server = outcome.url;
    if (skipReason !== undefined && process.env.CI) throw new Error(skipReason);
  });
  after(async () => {
    for (const m of managers) await m.close();
    if (server !== undefined) for (const url of databases) await dropDatabase(server, url);
    await stopPostgres();
  });

  /** A manager on a fresh database, or undefined (the test skips with the reason) without a server. */
  async function manager(t: { skip(reason: string): void }, label: string) {
    if (server === undefined) {
      t.skip(skipReason ?? 'no PostgreSQL');
      return undefined;
    }
    const url = await freshDatabase(server, label);
    databases.push(url);
    const m = new PostgreSQLManager(url, { maxConnections: 4 });
    managers.push(m);
    return m;
  }

  function defineUser(m: SequelizeManager) {
    return m.sequelize.define(
      'User',
      { email: { type: DataTypes.STRING, allowNull: false, unique: true }, name: DataTypes.STRING },
      { tableName: 'users' },
    );
  }

  it('connects and reports host, port and database', async (t) => {
    const m = await manager(t, 'connect');
    if (!m) return;
    const status = await m.connect();
    assert.equal(status, `PostgreSQL connected (${m.location})`);
    assert.match(status, /^PostgreSQL connected \(127\.0\.0\.1:\d+\/kit_connect_[0-9a-f]{8}\)$/);
    const [row] = await m.sequelize.query<{ one: number }>('SELECT 1 AS one', { type: QueryTypes.SELECT });
    assert.equal(row?.one, 1);
  });

  it('creates the table, and a second sync of the same model changes nothing', async (t) => {
    const m = await manager(t, 'sync');
    if (!m) return;
    const User = defineUser(m);
    await m.sequelize.sync();
    await User.create({ email: 'ada@example.com', name: 'Ada' });
    await m.sequelize.sync();
    assert.equal(await User.count(), 1);
    const found = await User.findOne({ where: { email: 'ada@example.com' } });
    assert.equal(found?.get('name'), 'Ada');
  });

  it('rejects a second row for a unique column with KIT_ERR_DB_UNIQUE, even when both race', async (t) => {
    const m = await manager(t, 'unique');
    if (!m) return;
    const User = defineUser(m);
    await m.sequelize.sync();
    const outcomes = await Promise.allSettled(
      Array.from({ length: 8 }, () => User.create({ email: 'race@example.com' })),
    );
    const fulfilled = outcomes.filter((o) => o.status === 'fulfilled');
    const refusals = outcomes.flatMap((o) =>
      o.status === 'rejected'
        ? [`${(o.reason as KitError).code} ${((o.reason as Error).cause as Error).name}`]
        : [],
    );
    assert.equal(fulfilled.length, 1, 'exactly one insert wins');
    assert.deepEqual(refusals, Array(7).fill('KIT_ERR_DB_UNIQUE SequelizeUniqueConstraintError'));
    assert.ok(outcomes.every((o) => o.status === 'fulfilled' || m.isUniqueViolation(o.reason)));
    assert.equal(await User.count(), 1);
  });

  it('refuses an operator object from request data with a 400, as on SQLite', async (t) => {
    const m = await manager(t, 'guard');
    if (!m) return;
    const User = defineUser(m);
    await m.sequelize.sync();
    const body = JSON.parse('{"email":{"$ne":null}}') as { email: string };
    await assert.rejects(User.findOne({ where: { email: body.email } }), (err: unknown) => {
      assert.ok(err instanceof HttpError);
      assert.equal((err as KitError).code, 'KIT_ERR_DB_OPERATOR');
      assert.equal(err.status, 400);
      assert.match(err.message, /"email"/);
      return true;
    });
    await assert.rejects(User.create({}), (err: unknown) => {
      assert.ok(err instanceof KitError);
      assert.equal(err.code, 'KIT_ERR_DB_VALIDATION');
      assert.equal((err.cause as Error).name, 'SequelizeValidationError');
      assert.equal(err.status, 400);
      return true;
    });
  });

  it("turns the server's refusals of a client's value into KitErrors, and keeps findOrCreate's race handling", async (t) => {
    const m = await manager(t, 'faults');
    if (!m) return;
    const Team = m.sequelize.define('Team', { name: DataTypes.STRING }, { tableName: 'teams' });
    const Player = m.sequelize.define(
      'Player',
      {
        email: { type: DataTypes.STRING, allowNull: false, unique: true },
        nick: DataTypes.STRING(8),
        score: DataTypes.INTEGER,
      },
      { tableName: 'players' },
    );
    Player.belongsTo(Team);
    await m.sequelize.sync();
    await Player.create({ email: 'ada@example.com' });
    const body = (json: string) => JSON.parse(json) as Record<string, never>;
    const cases: [string, () => Promise<unknown>, string, number][] = [
      [
        'too long for VARCHAR(8)',
        () => Player.create(body('{"email":"b@example.com","nick":"much too long"}')),
        'KIT_ERR_DB_VALIDATION',
        400,
      ],
      [
        'out of range for INTEGER',
        () => Player.create(body('{"email":"c@example.com","score":99999999999}')),
        'KIT_ERR_DB_VALIDATION',
        400,
      ],
      [
        'out of range in a where',
        () => Player.findAll({ where: body('{"score":"99999999999"}') }),
        'KIT_ERR_DB_VALIDATION',
        400,
      ],
      [
        'boolean for a string',
        () => Player.findOne({ where: body('{"email":true}') }),
        'KIT_ERR_DB_VALIDATION',
        400,
      ],
      ['text for an integer key', () => Player.findByPk('abc'), 'KIT_ERR_DB_VALIDATION', 400],
      ['duplicate', () => Player.create(body('{"email":"ada@example.com"}')), 'KIT_ERR_DB_UNIQUE', 409],
      [
        'unknown reference',
        () => Player.create(body('{"email":"d@example.com","TeamId":999}')),
        'KIT_ERR_DB_REFERENCE',
        409,
      ],
    ];
    for (const [label, call, code, status] of cases) {
      await assert.rejects(call(), (err: unknown) => {
        assert.ok(err instanceof HttpError, `${label}: ${String(err)}`);
        assert.equal((err as KitError).code, code, label);
        assert.equal(err.status, status, label);
        return true;
      });
    }
    // Concurrent findOrCreate calls race on the unique index; Sequelize recovers from the loser's refusal.
    const raced = await Promise.all(
      Array.from({ length: 4 }, () => Player.findOrCreate({ where: { email: 'race@example.com' } })),
    );
    assert.equal(raced.filter(([, created]) => created).length, 1);
    assert.equal(await Player.count({ where: { email: 'race@example.com' } }), 1);
  });

  it('keeps at most maxConnections open', async (t) => {
    const m = await manager(t, 'pool');
    if (!m) return;
    await m.connect();
    // Eight sleeping queries on a pool of four: the server sees at most four sessions of this database.
    const database = m.location.split('/').pop();
    const sleepers = Array.from({ length: 8 }, () => m.sequelize.query('SELECT pg_sleep(0.2)'));
    const [row] = await m.sequelize.query<{ n: string }>(
      'SELECT count(*) AS n FROM pg_stat_activity WHERE datname = $1',
      { bind: [database], type: QueryTypes.SELECT },
    );
    await Promise.all(sleepers);
    assert.ok(Number(row?.n) <= 4, `sessions: ${row?.n}`);
  });

  it('close() ends the pool, is safe to repeat, and connect() afterwards is KIT_ERR_DB_NOT_CONNECTED', async (t) => {
    const m = await manager(t, 'close');
    if (!m) return;
    await m.connect();
    const first = m.close();
    let firstDone = false;
    void first.then(() => {
      firstDone = true;
    });
    // A second call while the first is closing waits for the same close.
    await m.close();
    assert.equal(firstDone, true);
    await m.close();
    await assert.rejects(
      m.connect(),
      (err: unknown) => (err as KitError).code === 'KIT_ERR_DB_NOT_CONNECTED',
    );
  });
});
