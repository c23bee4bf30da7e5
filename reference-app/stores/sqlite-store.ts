/** The user store on SQLite, through kitjs's SQLiteManager: in memory by default, or a file that survives restarts. */
import { SQLiteManager } from 'kitjs';
import { createSequelizeStore } from './sequelize-store.js';
import type { UserStore } from './user-store.js';

/**
 * A user store on SQLite. `path` is `':memory:'` (the default: gone when the process ends) or a file,
 * created on first use with its missing directories (REF-008).
 *
 * @example
 * const store = createSqliteStore({ path: './data/users.sqlite' });
 * await store.init();
 */
export function createSqliteStore({ path = ':memory:' }: { path?: string } = {}): UserStore {
  return createSequelizeStore({
    db: new SQLiteManager(path),
    description:
      path === ':memory:' ? 'SQLite in memory (set DATABASE_PATH to keep the data)' : `SQLite file ${path}`,
  });
}
