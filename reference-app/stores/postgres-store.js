/** The user store on PostgreSQL, through kitjs's PostgreSQLManager (used when DATABASE_URL is set). */
import { createSequelizeStore } from './sequelize-store.js';

/**
 * A user store on the PostgreSQL database of `url` (`postgres://user:password@host:port/database`): the
 * same tables, unique index and throttle counters as on SQLite, shared by every instance on that database
 * (REF-030, REF-032).
 *
 * @param {{ kitjs: { PostgreSQLManager: new (url: string, options?: object) => any }, url: string,
 *   options?: object }} options - `options` go to PostgreSQLManager (pool size and timeouts)
 * @returns {import('./sequelize-store.js').UserStore}
 * @example
 * const store = createPostgresStore({ kitjs, url: process.env.DATABASE_URL });
 * await store.init();
 */
export function createPostgresStore({ kitjs, url, options = {} }) {
  const db = new kitjs.PostgreSQLManager(url, options);
  return createSequelizeStore({ db, description: `PostgreSQL ${db.location} (DATABASE_URL)` });
}
