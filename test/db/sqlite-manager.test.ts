/** SQLiteManager's model API against every installed driver: memory and file storage, persistence, errors, operators, SQL logging. */
import assert from 'node:assert/strict';
import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { DataTypes, Op, QueryTypes } from 'sequelize';
import { KitError } from '../../src/base/errors.js';
import { HttpError } from '../../src/base/http-error.js';
import { logger } from '../../src/base/logger.js';
import { SQLiteManager } from '../../src/batteries/db/sqlite-manager.js';
import { freshDir, runChild, srcUrl } from './helpers.js';
import { SQLITE_DRIVER_NAMES, sqliteDriverUnavailable } from './sqlite-available.js';

const open: SQLiteManager[] = [];
after(async () => {
  for (const m of open) await m.close();
});

function defineUser(m: SQLiteManager) {
  return m.sequelize.define('User', {
    email: { type: DataTypes.STRING, allowNull: false, unique: true },
    name: { type: DataTypes.STRING },
  });
}

// The same cases on every driver this process can load (SQLITE-015: Sequelize runs on each through the adapter).
for (const driver of SQLITE_DRIVER_NAMES) {
  describe(`SQLiteManager on ${driver}`, { skip: sqliteDriverUnavailable(driver) ?? false }, () => {
    function manager(path = ':memory:'): SQLiteManager {
      const created = new SQLiteManager(path, { driver });
      open.push(created);
      return created;
    }

    it('defaults to a private in-memory database and reports it', async () => {
      const m = manager();
      assert.equal(m.path, ':memory:');
      assert.equal(await m.connect(), 'SQLite connected (:memory:)');
      assert.equal(m.sequelize.getDialect(), 'sqlite');
    });

    it('defines, syncs with force, writes and reads a model', async () => {
      const m = manager();
      const User = defineUser(m);
      await m.connect();
      await m.sequelize.sync({ force: true });
      await User.create({ email: 'ada@example.com', name: 'Ada' });
      await m.sequelize.sync({ force: true });
      assert.equal(await User.count(), 0, 'sync({ force: true }) drops and recreates the table');
      await User.create({ email: 'ada@example.com', name: 'Ada' });
      const found = await User.findOne({ where: { email: 'ada@example.com' } });
      assert.equal(found?.get('name'), 'Ada');
    });

    it('isUniqueViolation recognises a duplicate on a unique column, and nothing else', async () => {
      const m = manager();
      const Account = m.sequelize.define('Account', {
        email: { type: DataTypes.STRING, allowNull: false, unique: true },
      });
      await m.connect();
      await m.sequelize.sync({ force: true });
      await Account.create({ email: 'ada@example.com' });
      const duplicate = await Account.create({ email: 'ada@example.com' }).then(
        () => undefined,
        (err: unknown) => err,
      );
      assert.ok(duplicate instanceof KitError && duplicate.code === 'KIT_ERR_DB_UNIQUE', String(duplicate));
      assert.equal(m.isUniqueViolation(duplicate), true);
      // A raw statement keeps Sequelize's own error, which is recognised too.
      const raw = await m.sequelize
        .query('INSERT INTO Accounts (email, createdAt, updatedAt) VALUES ($1, $2, $2)', {
          bind: ['ada@example.com', new Date().toISOString()],
        })
        .then(
          () => undefined,
          (err: unknown) => err,
        );
      assert.equal((raw as Error).name, 'SequelizeUniqueConstraintError');
      assert.equal(m.isUniqueViolation(raw), true);
      const missing = await Account.create({}).then(
        () => undefined,
        (err: unknown) => err,
      );
      assert.ok(missing instanceof Error, 'a row without its required email is refused');
      assert.equal(m.isUniqueViolation(missing), false);
      assert.equal(m.isUniqueViolation(new Error('unique')), false);
      assert.equal(m.isUniqueViolation(undefined), false);
    });

    it('gives each in-memory manager its own database', async () => {
      const a = manager();
      const b = manager();
      const UserA = defineUser(a);
      defineUser(b);
      await a.sequelize.sync({ force: true });
      await b.sequelize.sync({ force: true });
      await UserA.create({ email: 'only-in-a@example.com' });
      const [rows] = await b.sequelize.query('SELECT COUNT(*) AS n FROM Users');
      assert.deepEqual(rows, [{ n: 0 }]);
    });

    it('persists a file database across managers', async () => {
      const file = join(freshDir('persist'), 'nested', 'app.sqlite');
      const first = new SQLiteManager(file, { driver });
      await first.connect();
      await defineUser(first).sync({ force: true });
      await first.sequelize.models.User?.create({ email: 'kept@example.com', name: 'Kept' });
      await first.close();

      const second = manager(file);
      assert.equal(await second.connect(), `SQLite connected (${file})`);
      const User = defineUser(second);
      const rows = await User.findAll({ raw: true });
      assert.equal(rows.length, 1);
      assert.equal((rows[0] as { email?: string }).email, 'kept@example.com');
    });

    it('rejects connect with KIT_ERR_DB_CONNECT naming the path when the directory cannot exist', async () => {
      const dir = freshDir('bad');
      // A regular file where a directory should be: impossible even for root, unlike a chmod'ed directory.
      writeFileSync(join(dir, 'not-a-dir'), 'x');
      const path = join(dir, 'not-a-dir', 'db.sqlite');
      const m = manager(path);
      await assert.rejects(m.connect(), (err: unknown) => {
        assert.ok(err instanceof KitError);
        assert.equal(err.code, 'KIT_ERR_DB_CONNECT');
        assert.equal(err.status, 500);
        assert.equal(err.expose, false);
        assert.ok(err.message.includes(`"${path}"`), err.message);
        assert.match(err.message, /EEXIST|ENOTDIR|CANTOPEN/);
        assert.ok(err.cause instanceof Error);
        return true;
      });
    });

    it('rejects connect for a read-only directory with the driver reason', (t) => {
      const dir = freshDir('readonly');
      chmodSync(dir, 0o555);
      const path = join(dir, 'db.sqlite');
      // Root ignores directory permissions, so as root the probe gives up root for user "nobody". It does so
      // itself, after loading what it needs: started as "nobody", it could not read this checkout when the
      // checkout sits in a directory only root may enter (a clone into `mktemp -d`, mode 700).
      const dropRoot = process.getuid?.() === 0;
      const child = runChild(
        `const { SQLiteManager } = await import(${JSON.stringify(srcUrl('batteries/db/sqlite-manager.ts'))});
       const manager = new SQLiteManager(${JSON.stringify(path)}, { driver: ${JSON.stringify(driver)} });
       // One connect in memory first, so whatever sequelize and sqlite3 load on first use is loaded now.
       const warm = new SQLiteManager(':memory:', { driver: ${JSON.stringify(driver)} });
       await warm.connect();
       await warm.close();
       if (${dropRoot}) {
         try {
           process.setgroups([]);
           process.setgid(65534);
           process.setuid(65534);
         } catch (err) {
           console.log(JSON.stringify({ skip: 'cannot become user "nobody" (uid 65534) here: ' + err.message }));
           process.exit(0);
         }
       }
       try { await manager.connect(); console.log('{"connected":true}'); }
       catch (err) { console.log(JSON.stringify({ code: err.code, message: err.message })); }`,
        { cwd: tmpdir() },
      );
      assert.equal(child.status, 0, child.stderr);
      const outcome = JSON.parse(child.stdout.trim()) as { code?: string; message?: string; skip?: string };
      if (outcome.skip !== undefined) {
        t.skip(outcome.skip);
        return;
      }
      assert.equal(outcome.code, 'KIT_ERR_DB_CONNECT');
      assert.ok(outcome.message?.includes(`"${path}"`), outcome.message);
      assert.match(outcome.message ?? '', /SQLITE_CANTOPEN/);
    });

    it('refuses to reconnect after close, and close is idempotent', async () => {
      const m = new SQLiteManager(':memory:', { driver });
      await m.connect();
      await m.close();
      await m.close();
      await assert.rejects(m.connect(), { code: 'KIT_ERR_DB_NOT_CONNECTED' });
    });

    it('throws a TypeError at construction for a path that is not a non-empty string', () => {
      assert.throws(() => new SQLiteManager(''), TypeError);
      assert.throws(() => new SQLiteManager(42 as unknown as string), /path must be a non-empty string/);
    });

    it('has no string operator aliases: { $ne: null } from a body is not an operator', async () => {
      const m = manager();
      const User = defineUser(m);
      await m.sequelize.sync({ force: true });
      await User.create({ email: 'victim@example.com' });
      assert.ok(
        !(m.sequelize as unknown as { options: { operatorsAliases?: unknown } }).options.operatorsAliases,
        'operatorsAliases must stay unset',
      );
      const hostile = JSON.parse('{"email":{"$ne":null}}') as { email: unknown };
      await assert.rejects(User.findOne({ where: { email: hostile.email as string } }), (err: unknown) => {
        assert.ok(err instanceof HttpError, 'an HttpError, as the README error handler expects');
        assert.ok(err instanceof KitError);
        assert.equal(err.code, 'KIT_ERR_DB_OPERATOR');
        assert.match(err.message, /Invalid value for "email"/);
        assert.equal(err.status, 400, 'a client fault, not a 500');
        assert.equal(err.expose, true);
        return true;
      });
      // Nested under a symbol operator, and in counts, updates and deletes too.
      await assert.rejects(
        User.findAll({ where: { [Op.or]: [{ name: 'x' }, { email: hostile.email as string }] } }),
        {
          status: 400,
        },
      );
      await assert.rejects(User.count({ where: { email: hostile.email as string } }), { status: 400 });
      await assert.rejects(User.update({ name: 'pwned' }, { where: { email: hostile.email as string } }), {
        status: 400,
      });
      await assert.rejects(User.destroy({ where: { email: hostile.email as string } }), { status: 400 });
      assert.equal(await User.count({ where: { name: 'pwned' } }), 0);
      // The symbol operator, which no JSON body can produce, still works.
      assert.equal(await User.count({ where: { email: { [Op.ne]: null } } }), 1);
    });

    it('turns failed model validation into KIT_ERR_DB_VALIDATION, keeping the Sequelize error as cause', async () => {
      const m = manager();
      const User = defineUser(m);
      await m.sequelize.sync({ force: true });
      await assert.rejects(User.create({ name: 'no email' }), (err: unknown) => {
        assert.ok(err instanceof KitError);
        assert.equal(err.code, 'KIT_ERR_DB_VALIDATION');
        assert.equal(err.status, 400);
        assert.match(err.message, /email cannot be null/);
        assert.equal((err.cause as Error).name, 'SequelizeValidationError');
        return true;
      });
    });

    it('rejects every client fault of a model call with an HttpError 4xx and a stable code', async () => {
      const m = manager();
      const Post = m.sequelize.define('Post', { title: DataTypes.STRING });
      const User = m.sequelize.define('User', {
        email: { type: DataTypes.STRING, allowNull: false, unique: true },
        age: DataTypes.INTEGER,
        active: DataTypes.BOOLEAN,
        role: { type: DataTypes.STRING, validate: { isIn: [['reader', 'editor']] } },
      });
      User.belongsTo(Post);
      await m.sequelize.sync({ force: true });
      await User.create({ email: 'ada@example.com', age: 36 });
      const body = (json: string) => JSON.parse(json) as never;
      const cases: [string, () => Promise<unknown>, string, number][] = [
        [
          'operator in a where',
          () => User.findOne({ where: body('{"email":{"$ne":null}}') }),
          'KIT_ERR_DB_OPERATOR',
          400,
        ],
        [
          'operator in an include',
          () => Post.findAll({ include: [{ model: User, where: body('{"email":{"$gt":""}}') }] }),
          'KIT_ERR_DB_OPERATOR',
          400,
        ],
        [
          'nested object in a where',
          () => User.findOne({ where: body('{"email":{"x":1}}') }),
          'KIT_ERR_DB_VALIDATION',
          400,
        ],
        [
          'array of objects in a where',
          () => User.count({ where: body('{"email":[{"x":1}]}') }),
          'KIT_ERR_DB_VALIDATION',
          400,
        ],
        [
          'boolean for a string',
          () => User.findAll({ where: body('{"email":true}') }),
          'KIT_ERR_DB_VALIDATION',
          400,
        ],
        ['text for an integer key', () => User.findByPk('abc'), 'KIT_ERR_DB_VALIDATION', 400],
        ['object as a key', () => User.findByPk(body('{"x":1}')), 'KIT_ERR_DB_VALIDATION', 400],
        ['object for a string', () => User.create(body('{"email":{"x":1}}')), 'KIT_ERR_DB_VALIDATION', 400],
        [
          'array for a string',
          () => User.create(body('{"email":["a@example.com"]}')),
          'KIT_ERR_DB_VALIDATION',
          400,
        ],
        [
          'text for an integer',
          () => User.create(body('{"email":"b@example.com","age":"old"}')),
          'KIT_ERR_DB_VALIDATION',
          400,
        ],
        [
          'object for a boolean',
          () => User.update(body('{"active":{"x":1}}'), { where: { email: 'ada@example.com' } }),
          'KIT_ERR_DB_VALIDATION',
          400,
        ],
        [
          'object as an increment',
          () => User.increment('age', { by: body('{"x":1}'), where: { email: 'ada@example.com' } }),
          'KIT_ERR_DB_VALIDATION',
          400,
        ],
        [
          'a validator refuses',
          () => User.create(body('{"email":"c@example.com","role":"root"}')),
          'KIT_ERR_DB_VALIDATION',
          400,
        ],
        [
          'missing required field',
          () => User.bulkCreate([body('{"age":3}')], { validate: true }),
          'KIT_ERR_DB_VALIDATION',
          400,
        ],
        ['duplicate', () => User.create(body('{"email":"ada@example.com"}')), 'KIT_ERR_DB_UNIQUE', 409],
        [
          'unknown reference',
          () => User.create(body('{"email":"d@example.com","PostId":999}')),
          'KIT_ERR_DB_REFERENCE',
          409,
        ],
      ];
      for (const [label, call, code, status] of cases) {
        await assert.rejects(call(), (err: unknown) => {
          assert.ok(err instanceof HttpError, `${label}: ${String(err)}`);
          assert.equal((err as KitError).code, code, label);
          assert.equal(err.status, status, label);
          assert.equal(err.expose, true, label);
          return true;
        });
      }
      assert.equal(await User.count(), 1, 'nothing was written');
    });

    it('leaves the errors Sequelize reads inside its own calls alone, and raw SQL errors as they are', async () => {
      const m = manager();
      const User = defineUser(m);
      await m.sequelize.sync({ force: true });
      // A row appears between findCreateFind's find and its create: create's UniqueConstraintError must reach
      // findCreateFind untranslated, which then finds the row instead of failing.
      User.addHook('beforeCreate', async (user) => {
        await m.sequelize.query(
          "INSERT INTO Users (email, createdAt, updatedAt) VALUES ($1, '2020-01-01', '2020-01-01')",
          {
            bind: [user.get('email')],
          },
        );
      });
      const [found, created] = await User.findCreateFind({ where: { email: 'race@example.com' } });
      assert.equal(created, false);
      assert.equal(found?.get('email'), 'race@example.com');
      await assert.rejects(m.sequelize.query('SELECT nonsense FROM nowhere'), {
        name: 'SequelizeDatabaseError',
      });
      // A fault of the server's own (here a table never created) stays Sequelize's error: a 500.
      const Missing = m.sequelize.define('Missing', { text: DataTypes.STRING });
      await assert.rejects(Missing.findAll(), (err: unknown) => {
        assert.equal((err as Error).name, 'SequelizeDatabaseError');
        assert.ok(!(err instanceof HttpError));
        return true;
      });
    });

    it('treats bound values in raw queries as data', async () => {
      const m = manager();
      const User = defineUser(m);
      await m.sequelize.sync({ force: true });
      await User.create({ email: 'a@example.com' });
      const rows = await m.sequelize.query('SELECT email FROM Users WHERE email = $email', {
        bind: { email: "x' OR '1'='1" },
        type: QueryTypes.SELECT,
      });
      assert.deepEqual(rows, []);
    });

    it("sends Sequelize's SQL to kitjs's logger at debug level, without bound values", async () => {
      const logFile = join(freshDir('log'), 'sql.log');
      const previousLevel = logger.level;
      const previousFile = process.env.LOG_FILE;
      process.env.LOG_FILE = logFile;
      logger.level = 'debug';
      try {
        const m = manager();
        const User = defineUser(m);
        await m.connect();
        await m.sequelize.sync({ force: true });
        await User.create({ email: 'secret-value@example.com' });
      } finally {
        logger.level = previousLevel;
        if (previousFile === undefined) delete process.env.LOG_FILE;
        else process.env.LOG_FILE = previousFile;
      }
      const lines = readFileSync(logFile, 'utf8')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { level: number; msg: string; sql?: string; durationMs?: number });
      const queries = lines.filter((line) => line.msg === 'sequelize query');
      assert.ok(
        queries.some((line) => line.sql?.includes('SELECT 1+1')),
        'authenticate() is logged',
      );
      assert.ok(
        queries.some((line) => line.sql?.includes('INSERT INTO')),
        'the insert is logged',
      );
      for (const line of queries) {
        assert.equal(line.level, 20, 'debug level');
        assert.equal(typeof line.durationMs, 'number');
      }
      assert.ok(!readFileSync(logFile, 'utf8').includes('secret-value'), 'bound values are not logged');
    });

    it('prints nothing to the console at the default log level', () => {
      const child = runChild(
        `const { SQLiteManager } = await import(${JSON.stringify(srcUrl('batteries/db/sqlite-manager.ts'))});
       const m = new SQLiteManager(':memory:', { driver: ${JSON.stringify(driver)} });
       await m.connect();
       await m.sequelize.query('SELECT 2+2');
       await m.close();`,
        { env: { LOG_LEVEL: 'info' } },
      );
      assert.equal(child.status, 0, child.stderr);
      assert.equal(child.stdout, '');
      assert.equal(child.stderr, '');
    });
  });
}
