/** One open SQLite database on any of the three drivers, behind one small interface the manager and the Sequelize adapter share. */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { LoadedDriver, SQLiteDriverName } from './sqlite-drivers.js';
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
const FOREIGN_KEYS_ON = 'PRAGMA foreign_keys = ON';

/** Driver errors in sqlite3's shape, rethrown: one reading of them for every driver. */
function rethrown(thrown: unknown): never {
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

// ---------------------------------------------------------------------------------------------------------
// node:sqlite (DatabaseSync) and better-sqlite3: synchronous, nearly the same API.

interface SyncNativeStatement {
  all(...args: unknown[]): unknown[];
  get(...args: unknown[]): unknown;
  run(...args: unknown[]): { changes: number | bigint; lastInsertRowid: number | bigint };
  // node:sqlite 22.16 and newer: rows as lists of values, and the result columns' names.
  setReturnArrays?(enabled: boolean): void;
  columns?(): { name: string }[];
}
interface SyncNativeDatabase {
  prepare(sql: string): SyncNativeStatement;
  exec(sql: string): unknown;
  close(): unknown;
}

/** Rows of values as plain objects, keyed by `names`. */
function objectsOf(rows: unknown[], names: readonly string[]): SQLiteRow[] {
  const out = new Array<SQLiteRow>(rows.length);
  for (let r = 0; r < rows.length; r++) {
    const values = rows[r] as unknown[];
    const row: SQLiteRow = {};
    for (let c = 0; c < names.length; c++) row[names[c] as string] = values[c];
    out[r] = row;
  }
  return out;
}

/**
 * node:sqlite's statement. Its rows are objects without a prototype, built slowly in C++; asking for lists
 * of values and building plain objects from the column names is faster (measured on Node 26: 20 rows in
 * about the time of the prototype-less rows, where copying them costs 40% more). A statement that selects
 * `*` reads its column names at each call, since a schema change (a column added or renamed) re-prepares it
 * with other columns; a statement that names its columns keeps the names it was prepared with.
 */
class NodeSqliteStatement implements SQLiteStatement {
  readonly #native: SyncNativeStatement;
  readonly #star: boolean;
  #names: readonly string[] | undefined;

  constructor(native: SyncNativeStatement, sql: string) {
    this.#native = native;
    this.#star = sql.includes('*');
    if (typeof native.setReturnArrays === 'function' && typeof native.columns === 'function') {
      native.setReturnArrays(true);
      this.#names = native.columns().map((column) => column.name);
    }
  }

  #columns(): readonly string[] | undefined {
    if (this.#names !== undefined && this.#star) {
      this.#names = (this.#native.columns as () => { name: string }[])().map((column) => column.name);
    }
    return this.#names;
  }

  all(args: DriverArgs): SQLiteRow[] {
    let rows: unknown[];
    try {
      rows = Array.isArray(args) ? this.#native.all(...args) : this.#native.all(args);
    } catch (thrown) {
      rethrown(thrown);
    }
    const names = this.#columns();
    if (names !== undefined) return objectsOf(rows, names);
    return rows.map((row) => ({ ...(row as SQLiteRow) }));
  }

  get(args: DriverArgs): SQLiteRow | undefined {
    let row: unknown;
    try {
      row = Array.isArray(args) ? this.#native.get(...args) : this.#native.get(args);
    } catch (thrown) {
      rethrown(thrown);
    }
    if (row === undefined) return undefined;
    const names = this.#columns();
    return names !== undefined ? (objectsOf([row], names)[0] as SQLiteRow) : { ...(row as SQLiteRow) };
  }

  run(args: DriverArgs): SQLiteRunResult {
    try {
      const result = Array.isArray(args) ? this.#native.run(...args) : this.#native.run(args);
      return { changes: Number(result.changes), lastInsertRowid: result.lastInsertRowid };
    } catch (thrown) {
      rethrown(thrown);
    }
  }

  finalize(): void {
    // node:sqlite finalizes its statements when they are collected or the database closes.
  }
}

/** better-sqlite3's statement: plain rows already; a list or an object binds as one argument. */
class BetterSqliteStatement implements SQLiteStatement {
  readonly #native: SyncNativeStatement;
  readonly #reader: boolean;

  constructor(native: SyncNativeStatement) {
    this.#native = native;
    this.#reader = (native as { reader?: unknown }).reader === true;
  }

  all(args: DriverArgs): SQLiteRow[] {
    try {
      // better-sqlite3 refuses all() on a statement that returns no rows; the others answer [].
      if (!this.#reader) {
        this.#native.run(args);
        return [];
      }
      return this.#native.all(args) as SQLiteRow[];
    } catch (thrown) {
      rethrown(thrown);
    }
  }

  get(args: DriverArgs): SQLiteRow | undefined {
    try {
      if (!this.#reader) {
        this.#native.run(args);
        return undefined;
      }
      return this.#native.get(args) as SQLiteRow | undefined;
    } catch (thrown) {
      rethrown(thrown);
    }
  }

  run(args: DriverArgs): SQLiteRunResult {
    try {
      const result = this.#native.run(args);
      return { changes: Number(result.changes), lastInsertRowid: result.lastInsertRowid };
    } catch (thrown) {
      rethrown(thrown);
    }
  }

  finalize(): void {
    // better-sqlite3 finalizes its statements when they are collected or the database closes.
  }
}

class SyncConnection implements SQLiteConnection {
  readonly sync = true;
  readonly driver: SQLiteDriverName;
  readonly namedStyle: NamedStyle;
  readonly #native: SyncNativeDatabase;

  constructor(driver: SQLiteDriverName, native: SyncNativeDatabase) {
    this.driver = driver;
    this.#native = native;
    this.namedStyle = driver === 'better-sqlite3' ? 'bare' : 'prefixed';
  }

  prepare(sql: string): SQLiteStatement {
    let native: SyncNativeStatement;
    try {
      native = this.#native.prepare(sql);
    } catch (thrown) {
      rethrown(thrown);
    }
    return this.driver === 'node:sqlite'
      ? new NodeSqliteStatement(native, sql)
      : new BetterSqliteStatement(native);
  }

  exec(sql: string): void {
    try {
      this.#native.exec(sql);
    } catch (thrown) {
      rethrown(thrown);
    }
  }

  close(): void {
    this.#native.close();
  }
}

type SyncDatabaseClass = new (path: string, options?: object) => SyncNativeDatabase;

/**
 * A synchronous driver's connection. SQLite itself waits for no lock here (its busy timeout is 0): a wait
 * in a synchronous call would stop the whole event loop, and with it the very request holding the lock in
 * another connection of this process. The manager waits with timers instead (SQLITE-014).
 */
function openSync(driver: LoadedDriver, path: string, mode: number): SQLiteConnection {
  const readOnly = (mode & OPEN_READWRITE) === 0;
  let native: SyncNativeDatabase;
  try {
    if (driver.name === 'node:sqlite') {
      const { DatabaseSync } = driver.module as { DatabaseSync: SyncDatabaseClass };
      native = new DatabaseSync(path, { readOnly, timeout: 0 });
    } else {
      const Database = driver.module as SyncDatabaseClass;
      native = new Database(path, {
        readonly: readOnly,
        fileMustExist: (mode & OPEN_CREATE) === 0,
        timeout: 0,
      });
    }
  } catch (thrown) {
    rethrown(thrown);
  }
  const connection = new SyncConnection(driver.name, native);
  if (!readOnly) connection.exec(FOREIGN_KEYS_ON);
  return connection;
}

// ---------------------------------------------------------------------------------------------------------
// sqlite3: asynchronous, its work on libuv's thread pool; SQLite's own busy timeout waits off the loop.

type Callback<T> = (this: unknown, err: Error | null, value: T) => void;
interface Sqlite3NativeStatement {
  all(args: unknown, callback: Callback<SQLiteRow[]>): unknown;
  get(args: unknown, callback: Callback<SQLiteRow | undefined>): unknown;
  run(
    args: unknown,
    callback: (this: { lastID: number; changes: number }, err: Error | null) => void,
  ): unknown;
  reset(callback?: () => void): unknown;
  finalize(callback?: (err: Error | null) => void): unknown;
}
interface Sqlite3NativeDatabase {
  prepare(sql: string, callback: (err: Error | null) => void): Sqlite3NativeStatement;
  exec(sql: string, callback: (err: Error | null) => void): unknown;
  close(callback: (err: Error | null) => void): unknown;
  configure(option: 'busyTimeout', value: number): unknown;
}
type Sqlite3DatabaseClass = new (
  path: string,
  mode: number,
  callback: (err: Error | null) => void,
) => Sqlite3NativeDatabase;

/** A bigint as sqlite3 can bind it (it binds none: NULL): a number while exact, else its digits, as Sequelize does. */
function sqlite3Bigint(value: bigint): number | string {
  return value >= Number.MIN_SAFE_INTEGER && value <= Number.MAX_SAFE_INTEGER ? Number(value) : String(value);
}

function sqlite3Args(args: DriverArgs): DriverArgs {
  if (Array.isArray(args)) {
    return args.some((value) => typeof value === 'bigint')
      ? args.map((value) => (typeof value === 'bigint' ? sqlite3Bigint(value) : value))
      : args;
  }
  const named = args as Record<string, unknown>;
  for (const key in named) {
    const value = named[key];
    if (typeof value === 'bigint') named[key] = sqlite3Bigint(value);
  }
  return args;
}

class Sqlite3Statement implements SQLiteStatement {
  readonly #native: Sqlite3NativeStatement;

  constructor(native: Sqlite3NativeStatement) {
    this.#native = native;
  }

  all(args: DriverArgs): Promise<SQLiteRow[]> {
    return new Promise((resolve, reject) => {
      this.#native.all(sqlite3Args(args), (err, rows) => (err ? reject(asSqlite3Error(err)) : resolve(rows)));
    });
  }

  get(args: DriverArgs): Promise<SQLiteRow | undefined> {
    return new Promise((resolve, reject) => {
      // sqlite3's get() steps a statement only when it is not done or gets values: after an all() of the
      // same statement with none it would answer nothing. And it leaves the statement on its row, which
      // keeps a file's read lock until the next call. A reset before and after, queued with it.
      this.#native.reset();
      this.#native.get(sqlite3Args(args), (err, row) => (err ? reject(asSqlite3Error(err)) : resolve(row)));
      this.#native.reset();
    });
  }

  run(args: DriverArgs): Promise<SQLiteRunResult> {
    return new Promise((resolve, reject) => {
      this.#native.run(sqlite3Args(args), function (err) {
        if (err) reject(asSqlite3Error(err));
        else resolve({ changes: this.changes, lastInsertRowid: this.lastID });
      });
    });
  }

  finalize(): Promise<void> {
    return new Promise((resolve) => {
      this.#native.finalize(() => resolve());
    });
  }
}

/** sqlite3's connection; `native` is shared with Sequelize through the adapter (sqlite-sequelize-adapter.ts). */
export class Sqlite3Connection implements SQLiteConnection {
  readonly sync = false;
  readonly driver = 'sqlite3';
  readonly namedStyle = 'prefixed';
  readonly native: Sqlite3NativeDatabase;

  private constructor(native: Sqlite3NativeDatabase) {
    this.native = native;
  }

  static open(module: object, path: string, mode: number, options: OpenOptions): Promise<Sqlite3Connection> {
    const { Database } = module as { Database: Sqlite3DatabaseClass };
    return new Promise((resolve, reject) => {
      const native = new Database(path, mode, (err) => {
        if (err) {
          reject(asSqlite3Error(err));
          return;
        }
        native.configure('busyTimeout', options.busyTimeoutMs);
        const connection = new Sqlite3Connection(native);
        if ((mode & OPEN_READWRITE) === 0) resolve(connection);
        else Promise.resolve(connection.exec(FOREIGN_KEYS_ON)).then(() => resolve(connection), reject);
      });
    });
  }

  prepare(sql: string): Promise<SQLiteStatement> {
    return new Promise((resolve, reject) => {
      const native = this.native.prepare(sql, (err) => {
        if (err) reject(asSqlite3Error(err));
        else resolve(new Sqlite3Statement(native));
      });
    });
  }

  exec(sql: string): Promise<void> {
    return new Promise((resolve, reject) => {
      this.native.exec(sql, (err) => (err ? reject(asSqlite3Error(err)) : resolve()));
    });
  }

  close(): Promise<void> {
    return new Promise((resolve, reject) => {
      this.native.close((err) => (err ? reject(asSqlite3Error(err)) : resolve()));
    });
  }
}

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
