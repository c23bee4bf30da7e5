/** Opening an SQLite database with one of the drivers: the files and directories, then the driver's connection. */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { OPEN_CREATE, OPEN_READWRITE, type OpenOptions, type SQLiteConnection } from './sqlite-connection.js';
import type { LoadedDriver } from './sqlite-drivers.js';
import { Sqlite3Connection } from './sqlite-sqlite3-connection.js';
import { openSync } from './sqlite-sync-connection.js';

/**
 * Opens `path` (`':memory:'`, or a file whose missing directories are created first, as Sequelize does)
 * with `driver`, foreign keys on. Synchronous drivers answer a connection, sqlite3 a promise of one; a
 * failure is the driver's error in sqlite3's shape, or the file system's (EEXIST, ENOTDIR).
 *
 * @example
 * ```ts
 * const connection = await openConnection(loadSQLiteDriver(undefined, 'app'), ':memory:', { busyTimeoutMs: 1000 });
 * ```
 */
export function openConnection(
  driver: LoadedDriver,
  path: string,
  options: OpenOptions,
  mode = OPEN_READWRITE | OPEN_CREATE,
): SQLiteConnection | Promise<SQLiteConnection> {
  if (path !== ':memory:' && (mode & OPEN_CREATE) !== 0) mkdirSync(dirname(path), { recursive: true });
  return driver.name === 'sqlite3'
    ? Sqlite3Connection.open(driver.module, path, mode, options)
    : openSync(driver, path, mode);
}
