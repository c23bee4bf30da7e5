/** The user store on PostgreSQL, through kitjs's PostgreSQLManager (used when DATABASE_URL is set). */
import { PostgreSQLManager, type PostgreSQLManagerOptions } from 'kitjs';
import { createSequelizeStore } from './sequelize-store.js';
import type { UserStore } from './user-store.js';

/**
 * A user store on the PostgreSQL database of `url` (`postgres://user:password@host:port/database`): the
 * same tables, unique index and throttle counters as on SQLite, shared by every instance on that database
 * (REF-030, REF-032). `options` go to PostgreSQLManager (pool size and timeouts).
 *
 * @example
 * const store = createPostgresStore({ url: 'postgres://app:secret@127.0.0.1:5432/auth' });
 * await store.init();
 */
export function createPostgresStore({
  url,
  options = {},
}: {
  url: string;
  options?: PostgreSQLManagerOptions;
}): UserStore {
  const db = new PostgreSQLManager(url, options);
  return createSequelizeStore({ db, description: `PostgreSQL ${db.location} (DATABASE_URL)` });
}
