/** The user store on SQLite, through kitjs's SQLiteManager: in memory by default, or a file that survives restarts. */
import { createSequelizeStore } from './sequelize-store.js';

/**
 * A user store on SQLite. `path` is `':memory:'` (the default: gone when the process ends) or a file,
 * created on first use with its missing directories (REF-008).
 *
 * @param {{ kitjs: { SQLiteManager: new (path?: string) => any }, path?: string }} options
 * @returns {import('./sequelize-store.js').UserStore}
 * @example
 * const store = createSqliteStore({ kitjs, path: './data/users.sqlite' });
 * await store.init();
 */
export function createSqliteStore({ kitjs, path = ':memory:' }) {
  return createSequelizeStore({
    db: new kitjs.SQLiteManager(path),
    description:
      path === ':memory:' ? 'SQLite in memory (set DATABASE_PATH to keep the data)' : `SQLite file ${path}`,
  });
}
