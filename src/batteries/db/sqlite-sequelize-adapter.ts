/**
 * The `dialectModule` a SQLiteManager hands Sequelize: sqlite3's API (what Sequelize v6's sqlite dialect
 * calls) over the manager's own driver and connection, so models and the direct API share one database.
 */

import type { PeerSequelize } from './peer-types.js';
import {
  OPEN_CREATE,
  OPEN_READONLY,
  OPEN_READWRITE,
  retryWhileBusy,
  type SQLiteConnection,
  type SQLiteStatement,
} from './sqlite-connection.js';
import type { LoadedDriver } from './sqlite-drivers.js';
import { asSqlite3Error } from './sqlite-errors.js';
import { openConnection } from './sqlite-open.js';
import {
  PendingDatabase,
  SharedSqlite3Database,
  SharedSqlite3OwnedDatabase,
} from './sqlite-sequelize-databases.js';
import type { Sqlite3Connection } from './sqlite-sqlite3-connection.js';
import { type DriverArgs, StatementCache } from './sqlite-statements.js';

// How many statements the adapter keeps per connection; the synchronous drivers release the others when
// they are collected.
const STATEMENTS_KEPT = 100;

/** What the adapter asks of its manager. */
export interface AdapterHost {
  readonly driver: LoadedDriver;
  /** The storage Sequelize was configured with: a path, or `':memory:'`. */
  readonly path: string;
  readonly busyTimeoutMs: number;
  /** The manager's connection, opened if it is not yet; rejects once the manager is closed. */
  shared(): Promise<SQLiteConnection>;
}

/** sqlite3's module as Sequelize uses it: the open flags and the Database class. */
export interface SequelizeDialectModule {
  readonly OPEN_READONLY: number;
  readonly OPEN_READWRITE: number;
  readonly OPEN_CREATE: number;
  readonly Database: new (storage: string, mode: number, callback: (err: Error | null) => void) => object;
  /** Set by the manager while Sequelize asks for its default connection (not a transaction's). */
  openingDefault: boolean;
}

type Done = (this: unknown, err: Error | null, value?: unknown) => void;

// Sequelize's sqlite dialect reads `lastID` and `changes` from `this` in run()'s callback, and takes the
// ids of a bulk insert from it only when its constructor is named "Statement", as sqlite3's is.
class Statement {
  readonly lastID: number | bigint;
  readonly changes: number;
  constructor(lastID: number | bigint, changes: number) {
    this.lastID = lastID;
    this.changes = changes;
  }
}
Object.defineProperty(Statement, 'name', { value: 'Statement' });

/** A value as sqlite3 would bind it: what Sequelize sends through this adapter is what sqlite3 took. */
function sqlite3Value(value: unknown): unknown {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value === undefined) return null;
  if (value instanceof Date) return value.getTime();
  return value;
}

/** Sequelize's parameters (`[]`, or `{ $1: ..., $name: ... }`) for `connection`'s driver. */
function argsFor(connection: SQLiteConnection, params: unknown): DriverArgs {
  if (params === undefined || params === null) return [];
  if (Array.isArray(params)) return params.map(sqlite3Value) as DriverArgs;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(params as Record<string, unknown>)) {
    // better-sqlite3 names `$1` and `:id` by what follows the prefix.
    const bare = connection.namedStyle === 'bare' && /^[$:@]/.test(key);
    out[bare ? key.slice(1) : key] = sqlite3Value(value);
  }
  return out as DriverArgs;
}

/** `(sql, [params], [callback])`, as sqlite3's Database methods take them. */
function splitArgs(rest: unknown[]): { params: unknown; callback: Done | undefined } {
  const last = rest[rest.length - 1];
  const callback = typeof last === 'function' ? (last as Done) : undefined;
  const params = callback === undefined ? rest[0] : rest.length > 1 ? rest[0] : undefined;
  return { params, callback };
}

/**
 * sqlite3's Database over a synchronous driver's connection. Statements are kept by SQL text, as the direct
 * API keeps them, and each call answers its callback on a later microtask, as sqlite3 answers on a later
 * tick. `close()` of the manager's shared connection only lets go
 * of it: the manager closes it.
 */
class SyncAdapterDatabase {
  readonly filename: string;
  readonly #connection: SQLiteConnection;
  readonly #owned: boolean;
  readonly #busyTimeoutMs: number;
  // Sequelize asks `PRAGMA table_info` before each SELECT, and repeats a SELECT's text when its values do.
  readonly #statements = new StatementCache<SQLiteStatement>(STATEMENTS_KEPT, () => {});
  #closed = false;

  constructor(filename: string, connection: SQLiteConnection, owned: boolean, busyTimeoutMs: number) {
    this.filename = filename;
    this.#connection = connection;
    this.#owned = owned;
    this.#busyTimeoutMs = busyTimeoutMs;
  }

  #prepared(sql: string): SQLiteStatement {
    return (
      this.#statements.get(sql) ?? this.#statements.add(sql, this.#connection.prepare(sql) as SQLiteStatement)
    );
  }

  /** One call: the value and the `this` of sqlite3's callback, or the driver's error thrown. */
  #attempt(
    method: 'all' | 'get' | 'run',
    sql: string,
    params: unknown,
  ): { value: unknown; context: unknown } {
    if (this.#closed) {
      throw Object.assign(new Error('SQLITE_MISUSE: Database is closed'), {
        code: 'SQLITE_MISUSE',
        errno: 21,
      });
    }
    const statement = this.#prepared(sql);
    const args = argsFor(this.#connection, params);
    if (method !== 'run') return { value: statement[method](args), context: this };
    const result = statement.run(args) as { changes: number; lastInsertRowid: number | bigint };
    return { value: undefined, context: new Statement(result.lastInsertRowid, result.changes) };
  }

  #call(method: 'all' | 'get' | 'run', sql: string, rest: unknown[]): this {
    const { params, callback } = splitArgs(rest);
    const answer = (err: unknown, outcome?: { value: unknown; context: unknown }): void => {
      // sqlite3 drops an error with no callback to hear it onto the database's 'error' event; Sequelize
      // only omits the callback for `PRAGMA FOREIGN_KEYS=ON`, which the connection has already run.
      if (callback === undefined) return;
      const error = err === null ? null : (asSqlite3Error(err) as Error);
      callback.call(outcome?.context ?? this, error, outcome?.value);
    };
    let outcome: { value: unknown; context: unknown };
    try {
      outcome = this.#attempt(method, sql, params);
    } catch (thrown) {
      // SQLITE-014: a lock is waited for on timers, as the direct API waits, before Sequelize's own retries.
      retryWhileBusy(thrown, () => this.#attempt(method, sql, params), this.#busyTimeoutMs).then(
        (later) => answer(null, later),
        (err: unknown) => answer(err),
      );
      return this;
    }
    queueMicrotask(() => answer(null, outcome));
    return this;
  }

  all(sql: string, ...rest: unknown[]): this {
    return this.#call('all', sql, rest);
  }

  get(sql: string, ...rest: unknown[]): this {
    return this.#call('get', sql, rest);
  }

  run(sql: string, ...rest: unknown[]): this {
    return this.#call('run', sql, rest);
  }

  exec(sql: string, callback?: Done): this {
    let err: Error | null = null;
    try {
      this.#connection.exec(sql);
    } catch (thrown) {
      err = asSqlite3Error(thrown) as Error;
    }
    if (callback !== undefined) queueMicrotask(() => callback.call(this, err));
    return this;
  }

  // Every call runs to its end before the next starts: sqlite3's two modes are the same here.
  serialize(fn?: () => void): void {
    fn?.();
  }

  parallelize(fn?: () => void): void {
    fn?.();
  }

  configure(): void {}

  close(callback?: (err: Error | null) => void): void {
    let err: Error | null = null;
    if (!this.#closed && this.#owned) {
      try {
        this.#connection.close();
      } catch (thrown) {
        err = asSqlite3Error(thrown) as Error;
      }
    }
    this.#closed = true;
    if (callback !== undefined) queueMicrotask(() => callback(err));
  }
}

/**
 * The dialect module for Sequelize on `host`'s driver and connection. Sequelize opens one connection per
 * storage for its ordinary queries (and for everything on `':memory:'`), which here is the manager's own;
 * on a file, each transaction gets a connection of its own, opened with the same driver (SQLITE-015).
 *
 * @example
 * ```ts
 * new Sequelize({ dialect: 'sqlite', storage: path, dialectModule: sequelizeDialectModule(host) });
 * ```
 */
export function sequelizeDialectModule(host: AdapterHost): SequelizeDialectModule {
  const dialect: SequelizeDialectModule = {
    OPEN_READONLY,
    OPEN_READWRITE,
    OPEN_CREATE,
    openingDefault: false,
    // Called with `new` by Sequelize; a constructor that returns an object hands back that object.
    Database: function Database(storage: string, mode: number, callback: (err: Error | null) => void) {
      const shared = storage === ':memory:' || dialect.openingDefault;
      const opened: Promise<object> = shared
        ? host
            .shared()
            .then((connection) =>
              connection.driver === 'sqlite3'
                ? new SharedSqlite3Database(storage, connection as Sqlite3Connection)
                : new SyncAdapterDatabase(storage, connection, false, host.busyTimeoutMs),
            )
        : Promise.resolve()
            .then(() => openConnection(host.driver, storage, { busyTimeoutMs: host.busyTimeoutMs }, mode))
            .then((connection) =>
              connection.driver === 'sqlite3'
                ? new SharedSqlite3OwnedDatabase(storage, connection as Sqlite3Connection)
                : new SyncAdapterDatabase(storage, connection, true, host.busyTimeoutMs),
            );
      const handle = new PendingDatabase(storage, opened, callback);
      return handle;
    } as unknown as SequelizeDialectModule['Database'],
  };
  return dialect;
}

/**
 * Tells the adapter which `new Database()` is Sequelize's default connection (the manager's own) and which a
 * transaction's on a file (a connection of its own): Sequelize's sqlite connection manager creates the
 * Database synchronously inside `getConnection(options)`, whose `uuid` says which it is.
 */
export function markDefaultConnection(
  sequelize: PeerSequelize,
  dialect: { module?: SequelizeDialectModule },
): void {
  const manager = (sequelize as unknown as { connectionManager: Record<string, unknown> }).connectionManager;
  const getConnection = manager.getConnection as (this: unknown, options?: { uuid?: unknown }) => unknown;
  manager.getConnection = function (this: unknown, options?: { uuid?: unknown }) {
    const module = dialect.module;
    if (module === undefined) return getConnection.call(this, options);
    module.openingDefault = options?.uuid === undefined || options.uuid === 'default';
    try {
      return getConnection.call(this, options);
    } finally {
      module.openingDefault = false;
    }
  };
}
