/** The user store on SQLite, through kitjs's SQLiteManager: in memory by default, or a file that survives restarts. */
import { SQLiteManager } from 'kitjs';
import { createSequelizeStore } from './sequelize-store.js';
import type { StoredUser, UserStore } from './user-store.js';

/**
 * A user store on SQLite. `path` is `':memory:'` (the default: gone when the process ends) or a file,
 * created on first use with its missing directories (REF-008). The tables and the writes are the Sequelize
 * store's, shared with PostgreSQL; the login's read goes through the manager's direct API, one prepared
 * statement on the same connection, without a model in between.
 *
 * @example
 * const store = createSqliteStore({ path: './data/users.sqlite' });
 * await store.init();
 */
export function createSqliteStore({ path = ':memory:' }: { path?: string } = {}): UserStore {
  const db = new SQLiteManager(path);
  const store = createSequelizeStore({
    db,
    description:
      path === ':memory:' ? 'SQLite in memory (set DATABASE_PATH to keep the data)' : `SQLite file ${path}`,
  });
  return {
    ...store,
    async findByEmail(email: string) {
      // The `users` table of sequelize-store.ts: its id, its unique email, its password hash.
      const user = await db.get<StoredUser>('SELECT id, email, passwordHash FROM users WHERE email = ?', [
        email,
      ]);
      return user ?? null;
    },
  };
}
