/** The user store on a kitjs Sequelize manager: one code path for SQLite and PostgreSQL. */
import { DataTypes } from 'sequelize';
import { createSequelizeAttempts } from '../throttle/sequelize-attempts.js';
import { EmailTakenError } from './email-taken.js';

/**
 * @typedef {object} StoredUser
 * @property {number|string} id
 * @property {string} email - normalised (trimmed, lower case)
 * @property {string} passwordHash - a bcrypt hash; never sent to clients
 */

/**
 * @typedef {object} UserStore
 * @property {string} description - what the startup banner says about the storage
 * @property {() => Promise<void>} init - opens the database and creates what it needs
 * @property {() => Promise<void>} ping - resolves when the database answers, rejects otherwise (readiness)
 * @property {(email: string) => Promise<StoredUser | null>} findByEmail
 * @property {(user: { email: string, passwordHash: string }) => Promise<{ id: number|string, email: string }>} create
 *   - rejects with EmailTakenError when the email is registered (the unique index decides, races included)
 * @property {import('../throttle/sequelize-attempts.js').AttemptStore} attempts - the login throttle's counters
 * @property {() => Promise<void>} close - safe to call twice
 */

/** Times `init` tries to create the tables: instances starting together may collide on the first CREATE TABLE. */
const SYNC_TRIES = 3;

/**
 * A user store on `db`, a kitjs Sequelize manager (`SQLiteManager`, `PostgreSQLManager`, or what
 * `sequelizeManager(target)` returns), in the table `users` with a unique index on `email`, plus the
 * login throttle's `login_attempts`. Both tables are created on first start when missing.
 *
 * @param {{ db: { sequelize: import('sequelize').Sequelize, connect(): Promise<string>, close(): Promise<void> },
 *   description: string }} options
 * @returns {UserStore}
 * @example
 * const store = createSequelizeStore({ db: new kitjs.PostgreSQLManager(url), description: 'PostgreSQL' });
 * await store.init();
 */
export function createSequelizeStore({ db, description }) {
  const User = db.sequelize.define(
    'User',
    {
      // REF-004, REF-031: one account per email, and the index (not a look-up) decides.
      // The unique index is what settles two registrations racing for one email, on any instance.
      email: { type: DataTypes.STRING, allowNull: false, unique: true },
      passwordHash: { type: DataTypes.STRING, allowNull: false },
    },
    { tableName: 'users' },
  );
  const attempts = createSequelizeAttempts(db);

  // REF-030: the first start creates the tables; one that loses the race to create them tries again.
  async function createTables() {
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

    ping: () => db.connect().then(() => undefined),

    async findByEmail(email) {
      const row = await User.findOne({ where: { email } });
      return row ? { id: row.id, email: row.email, passwordHash: row.passwordHash } : null;
    },

    async create({ email, passwordHash }) {
      try {
        const row = await User.create({ email, passwordHash });
        return { id: row.id, email: row.email };
      } catch (err) {
        // REF-031: the losing insert answers 409 like any duplicate.
        // Compared by name: the app's sequelize and the one kitjs loaded may be two copies of the package.
        if (err?.name === 'SequelizeUniqueConstraintError') throw new EmailTakenError(email);
        throw err;
      }
    },

    attempts,
    close: () => db.close(),
  };
}
