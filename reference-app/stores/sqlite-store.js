/** The user store on SQLite, through kitjs's SQLiteManager: in memory by default, or a file that survives restarts. */
import { DataTypes } from 'sequelize';
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
 * @property {(email: string) => Promise<StoredUser | null>} findByEmail
 * @property {(user: { email: string, passwordHash: string }) => Promise<{ id: number|string, email: string }>} create
 * @property {() => Promise<void>} close - safe to call twice
 */

/**
 * A user store on SQLite. `path` is `':memory:'` (the default: gone when the process ends) or a file,
 * created on first use with its missing directories.
 *
 * @param {{ kitjs: { SQLiteManager: new (path?: string) => any }, path?: string }} options
 * @returns {UserStore}
 * @example
 * const store = createSqliteStore({ kitjs, path: './data/users.sqlite' });
 * await store.init();
 */
export function createSqliteStore({ kitjs, path = ':memory:' }) {
  const db = new kitjs.SQLiteManager(path);
  const User = db.sequelize.define(
    'User',
    {
      // The unique index is what settles two registrations racing for one email.
      email: { type: DataTypes.STRING, allowNull: false, unique: true },
      passwordHash: { type: DataTypes.STRING, allowNull: false },
    },
    { tableName: 'users' },
  );

  return {
    description:
      path === ':memory:' ? 'SQLite in memory (set DATABASE_PATH to keep the data)' : `SQLite file ${path}`,

    async init() {
      await db.connect();
      await db.sequelize.sync();
    },

    async findByEmail(email) {
      const row = await User.findOne({ where: { email } });
      return row ? { id: row.id, email: row.email, passwordHash: row.passwordHash } : null;
    },

    async create({ email, passwordHash }) {
      try {
        const row = await User.create({ email, passwordHash });
        return { id: row.id, email: row.email };
      } catch (err) {
        // Compared by name: the app's sequelize and the one kitjs loaded may be two copies of the package.
        if (err?.name === 'SequelizeUniqueConstraintError') throw new EmailTakenError(email);
        throw err;
      }
    },

    close: () => db.close(),
  };
}
