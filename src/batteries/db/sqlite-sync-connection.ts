/** node:sqlite's DatabaseSync and better-sqlite3: synchronous drivers with nearly the same API, as one SQLiteConnection. */

import {
  FOREIGN_KEYS_ON,
  OPEN_CREATE,
  OPEN_READWRITE,
  rethrown,
  type SQLiteConnection,
  type SQLiteRow,
  type SQLiteRunResult,
  type SQLiteStatement,
} from './sqlite-connection.js';
import type { LoadedDriver, SQLiteDriverName } from './sqlite-drivers.js';
import type { DriverArgs, NamedStyle } from './sqlite-statements.js';

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
export function openSync(driver: LoadedDriver, path: string, mode: number): SQLiteConnection {
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
