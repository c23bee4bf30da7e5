/** sequelizeManager(target): a postgres:// URL opens PostgreSQL, anything else is an SQLite path. */
import { PostgreSQLManager, type PostgreSQLManagerOptions } from './postgres-manager.js';
import { isPostgresUrl } from './postgres-url.js';
import type { SequelizeManager } from './sequelize-manager.js';
import { SQLiteManager } from './sqlite-manager.js';

/**
 * The manager for `target`: a {@link PostgreSQLManager} for a `postgres://` or `postgresql://` URL (with
 * `options` for its pool), else a {@link SQLiteManager} on that path (`':memory:'` by default). Code written
 * against the returned {@link SequelizeManager} runs unchanged on both, which is how an app keeps SQLite
 * for development and PostgreSQL in production with one setting (PG-006).
 *
 * @example
 * ```ts
 * import { sequelizeManager } from 'kitjs';
 * const db = sequelizeManager(process.env.DATABASE_URL ?? './data/app.sqlite');
 * await db.connect();
 * ```
 */
export function sequelizeManager(
  target = ':memory:',
  options: PostgreSQLManagerOptions = {},
): SequelizeManager {
  return isPostgresUrl(target) ? new PostgreSQLManager(target, options) : new SQLiteManager(target);
}
