/** The user store on a kitjs Sequelize manager: one code path for SQLite and PostgreSQL. */
import type { SequelizeManager } from 'kitjs';
import { createSequelizeAttempts } from '../throttle/sequelize-attempts.js';
import { EmailTakenError } from './email-taken.js';
import type { StoredUser, UserStore } from './user-store.js';

/** A row of `users` as a plain object, checked field by field. */
function userOf(row: { get(key: string): unknown }): StoredUser {
  const id = row.get('id');
  const email = row.get('email');
  const passwordHash = row.get('passwordHash');
  if (typeof id !== 'number' || typeof email !== 'string' || typeof passwordHash !== 'string') {
    throw new TypeError('users: a row without a numeric id, an email and a password hash');
  }
  return { id, email, passwordHash };
}

/** Times `init` tries to create the tables: instances starting together may collide on the first CREATE TABLE. */
const SYNC_TRIES = 3;

/**
 * A user store on `db`, a kitjs Sequelize manager (`SQLiteManager`, `PostgreSQLManager`, or what
 * `sequelizeManager(target)` returns), in the table `users` with a unique index on `email`, plus the
 * login throttle's `login_attempts`. Both tables are created on first start when missing.
 * The app never imports sequelize itself: columns are declared with SQL type names, and the manager's
 * `isUniqueViolation` recognises a duplicate.
 *
 * @example
 * const store = createSequelizeStore({ db: new PostgreSQLManager(url), description: 'PostgreSQL' });
 * await store.init();
 */
export function createSequelizeStore({
  db,
  description,
}: {
  db: Pick<SequelizeManager, 'sequelize' | 'connect' | 'close' | 'isUniqueViolation'>;
  description: string;
}): UserStore {
  const User = db.sequelize.define(
    'User',
    {
      // REF-004, REF-031: one account per email, and the index (not a look-up) decides.
      // The unique index is what settles two registrations racing for one email, on any instance.
      email: { type: 'VARCHAR(255)', allowNull: false, unique: true },
      passwordHash: { type: 'VARCHAR(255)', allowNull: false },
    },
    { tableName: 'users' },
  );
  const attempts = createSequelizeAttempts(db);

  // REF-030: the first start creates the tables; one that loses the race to create them tries again.
  async function createTables(): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        await db.sequelize.sync();
        return;
      } catch (err) {
        // PostgreSQL's CREATE TABLE IF NOT EXISTS is not atomic: a twin instance creating the same table at
        // the same moment makes one fail on the catalog's unique index. The next try finds the table.
        if (attempt >= SYNC_TRIES) throw err;
      }
    }
  }

  return {
    description,

    async init() {
      await db.connect();
      await createTables();
    },

    async ping() {
      await db.connect();
    },

    async findByEmail(email: string) {
      const row = await User.findOne({ where: { email } });
      return row ? userOf(row) : null;
    },

    async create({ email, passwordHash }: { email: string; passwordHash: string }) {
      // One INSERT, committed whole or not at all. A database outage rejects with kitjs's 503 (DB-001),
      // which passes through to the client; DB-002: when the connection was lost after the commit, the row
      // is stored although the client heard 503, and its retry meets the unique index: 409 below.
      try {
        const user = userOf(await User.create({ email, passwordHash }));
        return { id: user.id, email: user.email };
      } catch (err) {
        // REF-031: the losing insert answers 409 like any duplicate.
        if (db.isUniqueViolation(err)) throw new EmailTakenError(email, err);
        throw err;
      }
    },

    attempts,
    async close() {
      await db.close();
    },
  };
}
