/** What the manager and the Sequelize adapter ask of an open SQLite database, whatever its driver; the busy wait of the synchronous drivers. */
import type { SQLiteDriverName } from './sqlite-drivers.js';
import { asSqlite3Error } from './sqlite-errors.js';
import type { DriverArgs, NamedStyle } from './sqlite-statements.js';

/**
 * What `db.run` resolves to: the rows the statement changed, and the rowid of the last row it inserted
 * (the connection's last insert, as SQLite reports it; a bigint only past 2^53).
 *
 * @example
 * ```ts
 * const { changes, lastInsertRowid }: SQLiteRunResult = await db.run('INSERT INTO notes (text) VALUES (?)', ['hi']);
 * ```
 */
export interface SQLiteRunResult {
  changes: number;
  lastInsertRowid: number | bigint;
}

/**
 * A row as the direct API answers it by default: a plain object, one property per result column. Name your
 * own with `db.all<Row>()`.
 *
 * @example
 * ```ts
 * const row: SQLiteRow | undefined = await db.get('SELECT count(*) AS n FROM notes');
 * ```
 */
export type SQLiteRow = Record<string, unknown>;

/** A prepared statement of one driver. Sync drivers answer values, sqlite3 promises. */
export interface SQLiteStatement {
  all(args: DriverArgs): SQLiteRow[] | Promise<SQLiteRow[]>;
  get(args: DriverArgs): SQLiteRow | undefined | Promise<SQLiteRow | undefined>;
  run(args: DriverArgs): SQLiteRunResult | Promise<SQLiteRunResult>;
  /** Releases the statement; the connection may then close. */
  finalize(): void | Promise<void>;
}

/** One open database handle of one driver. */
export interface SQLiteConnection {
  readonly driver: SQLiteDriverName;
  /** True for node:sqlite and better-sqlite3: every call completes before it returns. */
  readonly sync: boolean;
  readonly namedStyle: NamedStyle;
  prepare(sql: string): SQLiteStatement | Promise<SQLiteStatement>;
  exec(sql: string): void | Promise<void>;
  close(): void | Promise<void>;
}

/** How the manager opens a connection. */
export interface OpenOptions {
  /** sqlite3's wait for another connection's lock, in SQLite itself (off the event loop). */
  readonly busyTimeoutMs: number;
}

// SQLite's open flags, as sqlite3 exports them and Sequelize reads them from its dialect module.
export const OPEN_READONLY = 0x1;
export const OPEN_READWRITE = 0x2;
export const OPEN_CREATE = 0x4;

// Sequelize turns foreign keys on for each connection it opens; the direct API does too, so a row is
// refused or not the same way whichever API wrote it (node:sqlite turns them on by itself).
export const FOREIGN_KEYS_ON = 'PRAGMA foreign_keys = ON';

/** Driver errors in sqlite3's shape, rethrown: one reading of them for every driver. */
export function rethrown(thrown: unknown): never {
  throw asSqlite3Error(thrown);
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * For a synchronous driver, whose SQLite waits for no lock (SQLITE-014): while `thrown` (the first
 * attempt's error, then each next one's) is SQLITE_BUSY, waits on timers, a little longer each time as
 * SQLite's own busy handler does (2 ms, doubling to 50), and runs `attempt` again, for at most `budgetMs`
 * from now; `stillOpen` throws to stop early (a manager closed meanwhile). Resolves with the first success;
 * rejects with the last error, in sqlite3's shape.
 *
 * @example
 * ```ts
 * try { return stmt.all(args); } catch (err) { return retryWhileBusy(err, () => stmt.all(args), 1000); }
 * ```
 */
export async function retryWhileBusy<T>(
  thrown: unknown,
  attempt: () => T,
  budgetMs: number,
  stillOpen: () => void = () => {},
): Promise<T> {
  const deadline = Date.now() + budgetMs;
  for (let delay = 2; ; delay = Math.min(delay * 2, 50)) {
    const err = asSqlite3Error(thrown);
    const left = deadline - Date.now();
    if ((err as { code?: unknown }).code !== 'SQLITE_BUSY' || left <= 0) throw err;
    await sleep(Math.min(delay, left));
    stillOpen();
    try {
      return attempt();
    } catch (next) {
      thrown = next;
    }
  }
}
