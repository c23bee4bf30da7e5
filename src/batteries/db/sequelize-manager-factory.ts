/** sequelizeManager(target): a postgres:// URL opens PostgreSQL, anything else is an SQLite path. */
import { PostgreSQLManager, type PostgreSQLManagerOptions } from './postgres-manager.js';
import { isPostgresUrl } from './postgres-url.js';

// A scheme and `://`, after any leading spaces: what no SQLite path a user means looks like.
const URL_LIKE = /^\s*[a-z][a-z0-9+.-]*:\/\//i;

import { setupError } from '../../base/errors.js';
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
  if (isPostgresUrl(target)) return new PostgreSQLManager(target, options);
  if (typeof target === 'string' && URL_LIKE.test(target)) {
    // Any other scheme (`mysql://`, `postgresql+ssl://`, a stray space) is a mistake, never a file name:
    // opening it as SQLite would create a directory named after the URL, password and all.
    throw setupError(
      'KIT_ERR_SETUP_DB_OPTIONS',
      'sequelizeManager: target looks like a URL but is not postgres:// or postgresql://; give a PostgreSQL URL or an SQLite path',
    );
  }
  return new SQLiteManager(target);
}
