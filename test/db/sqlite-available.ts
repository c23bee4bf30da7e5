/** The SQLite drivers the tests run their cases on, and why one cannot run in this process. */
import { KitError } from '../../src/base/errors.js';
import type { SQLiteDriverName } from '../../src/batteries/db/sqlite-drivers.js';
import { SQLiteManager } from '../../src/batteries/db/sqlite-manager.js';

/** In the order a manager without a `driver` option tries them (SQLITE-011). */
export const SQLITE_DRIVER_NAMES: readonly SQLiteDriverName[] = ['better-sqlite3', 'node:sqlite', 'sqlite3'];

/**
 * Why `driver` cannot run in this process (node:sqlite before Node 22.13, a package not installed or built
 * for another Node), as the manager says it, or undefined when it can: a reason for `skip`.
 */
export function sqliteDriverUnavailable(driver: SQLiteDriverName): string | undefined {
  try {
    new SQLiteManager(':memory:', { driver });
    return undefined;
  } catch (err) {
    if (err instanceof KitError && err.code === 'KIT_ERR_PEER_MISSING') {
      return `${driver} cannot run on Node ${process.version} here: ${err.message}`;
    }
    throw err;
  }
}
