/** sqlite3: an asynchronous driver, its work on libuv's thread pool, as one SQLiteConnection. */
import {
  FOREIGN_KEYS_ON,
  OPEN_READWRITE,
  type OpenOptions,
  type SQLiteConnection,
  type SQLiteRow,
  type SQLiteRunResult,
  type SQLiteStatement,
} from './sqlite-connection.js';
import { asSqlite3Error } from './sqlite-errors.js';
import type { DriverArgs } from './sqlite-statements.js';

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
