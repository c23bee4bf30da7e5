/** A SQLiteManager's options, checked when it is created. */
import { setupError } from '../../base/errors.js';
import { SQLITE_DRIVERS, type SQLiteDriverName } from './sqlite-drivers.js';

/**
 * Options of a {@link SQLiteManager}.
 *
 * @example
 * ```ts
 * const options: SQLiteManagerOptions = { driver: 'better-sqlite3', busyTimeoutMs: 2000 };
 * ```
 */
export interface SQLiteManagerOptions {
  /**
   * The driver (SQLITE-011): `'node:sqlite'` (built into Node 22.13 and newer), `'better-sqlite3'` or
   * `'sqlite3'` (packages the app installs). Without it, the fastest this process can load: better-sqlite3,
   * node:sqlite, sqlite3.
   */
  driver?: SQLiteDriverName;
  /**
   * How long a statement waits for another connection's lock before it fails with DB-001's 503, in
   * milliseconds (default 1000, sqlite3's own). The synchronous drivers wait on timers, never blocking the
   * event loop (SQLITE-014).
   */
  busyTimeoutMs?: number;
  /** How many prepared statements the direct API keeps, least recently used first out (default 100). */
  statementCacheSize?: number;
}

const DEFAULT_BUSY_TIMEOUT_MS = 1000;
const DEFAULT_STATEMENT_CACHE = 100;

function option(
  options: SQLiteManagerOptions,
  name: 'busyTimeoutMs' | 'statementCacheSize',
  fallback: number,
): number {
  const value = options[name] ?? fallback;
  const least = name === 'statementCacheSize' ? 1 : 0;
  if (!Number.isInteger(value) || value < least || value > 2_147_483_647) {
    throw setupError(
      'KIT_ERR_SETUP_DB_OPTIONS',
      `SQLiteManager: ${name} must be a whole number of at least ${least} (got ${String(value)})`,
    );
  }
  return value;
}

function checkedOptions(options: unknown): SQLiteManagerOptions {
  if (options === null || typeof options !== 'object' || Array.isArray(options)) {
    throw setupError('KIT_ERR_SETUP_DB_OPTIONS', 'SQLiteManager: options must be an object');
  }
  const { driver } = options as SQLiteManagerOptions;
  if (driver !== undefined && !SQLITE_DRIVERS.includes(driver)) {
    throw setupError(
      'KIT_ERR_SETUP_DB_OPTIONS',
      `SQLiteManager: driver must be one of ${SQLITE_DRIVERS.map((name) => `"${name}"`).join(', ')} (got ${JSON.stringify(driver)})`,
    );
  }
  return options as SQLiteManagerOptions;
}

/**
 * `options` checked (SQLITE-001), with the defaults filled in; anything else is a `TypeError` with
 * `KIT_ERR_SETUP_DB_OPTIONS`.
 *
 * @example
 * ```ts
 * readOptions({ busyTimeoutMs: 50 }); // { driver: undefined, busyTimeoutMs: 50, statementCacheSize: 100 }
 * ```
 */
export function readOptions(options: unknown): {
  driver: SQLiteDriverName | undefined;
  busyTimeoutMs: number;
  statementCacheSize: number;
} {
  const checked = checkedOptions(options);
  return {
    driver: checked.driver,
    busyTimeoutMs: option(checked, 'busyTimeoutMs', DEFAULT_BUSY_TIMEOUT_MS),
    statementCacheSize: option(checked, 'statementCacheSize', DEFAULT_STATEMENT_CACHE),
  };
}
