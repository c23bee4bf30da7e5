/** The engine of SQLiteManager's direct API: its one connection, opened on first use, and its cache of prepared statements. */
import { KitError, setupError } from '../../base/errors.js';
import { connectError } from './sequelize-manager.js';
import {
  retryWhileBusy,
  type SQLiteConnection,
  type SQLiteRow,
  type SQLiteRunResult,
  type SQLiteStatement,
} from './sqlite-connection.js';
import type { LoadedDriver } from './sqlite-drivers.js';
import { sqliteFault } from './sqlite-errors.js';
import { openConnection } from './sqlite-open.js';
import {
  driverArgs,
  type NamedParameter,
  namedParameters,
  type SQLiteParams,
  StatementCache,
} from './sqlite-statements.js';

/** A cached statement, with its named parameters read from the SQL when a call first binds an object. */
interface Prepared {
  readonly statement: SQLiteStatement;
  readonly sql: string;
  named: readonly NamedParameter[] | undefined;
}

/** What a call of the direct API does with its statement. */
export type DirectMethod = 'all' | 'get' | 'run';

function notConnected(): KitError {
  return new KitError(
    'KIT_ERR_DB_NOT_CONNECTED',
    'SQLiteManager was closed; create a new manager to reconnect',
  );
}

function checkSql(sql: unknown): void {
  if (typeof sql !== 'string' || sql.length === 0) {
    throw setupError('KIT_ERR_SETUP_DB_OPTIONS', 'SQLiteManager: sql must be a non-empty string');
  }
}

/**
 * One database's connection and statements, for a {@link SQLiteManager} (which also hands the connection
 * to Sequelize, SQLITE-015). The hot path is short on purpose: a synchronous driver, once open, runs a
 * cached statement at once and answers a settled promise; opening, sqlite3's asynchronous calls and a busy
 * database take the slower paths (SQLITE-012, SQLITE-014).
 *
 * @example
 * ```ts
 * const direct = new DirectQueries(loadSQLiteDriver(undefined, 'app'), ':memory:', 1000, 100);
 * await direct.query('all', 'SELECT 1 AS one', undefined); // [{ one: 1 }]
 * ```
 */
export class DirectQueries {
  readonly #loaded: LoadedDriver;
  readonly #path: string;
  readonly #busyTimeoutMs: number;
  readonly #cache: StatementCache<Prepared | Promise<Prepared>>;
  #connection: SQLiteConnection | undefined = undefined;
  #opening: Promise<SQLiteConnection> | undefined = undefined;
  #closed = false;

  constructor(loaded: LoadedDriver, path: string, busyTimeoutMs: number, cacheSize: number) {
    this.#loaded = loaded;
    this.#path = path;
    this.#busyTimeoutMs = busyTimeoutMs;
    this.#cache = new StatementCache<Prepared | Promise<Prepared>>(cacheSize, (evicted) => {
      void Promise.resolve(evicted).then((prepared) => prepared.statement.finalize());
    });
  }

  /** Throws `KIT_ERR_DB_NOT_CONNECTED` once closed. */
  checkOpen(): void {
    if (this.#closed) throw notConnected();
  }

  /** The connection, opened on first use (one opening however many callers wait for it). */
  shared(): Promise<SQLiteConnection> {
    if (this.#closed) return Promise.reject(notConnected());
    if (this.#connection !== undefined) return Promise.resolve(this.#connection);
    this.#opening ??= (async () => {
      try {
        const options = { busyTimeoutMs: this.#busyTimeoutMs };
        const connection = await openConnection(this.#loaded, this.#path, options);
        this.#connection = connection;
        return connection;
      } catch (thrown) {
        // The next call tries again (a directory created meanwhile), as Sequelize's connection manager does.
        this.#opening = undefined;
        throw connectError('SQLiteManager', this.#path, thrown);
      }
    })();
    return this.#opening;
  }

  /** `db.all`, `db.get`, `db.run`: the rows, the first row, or what the statement changed. */
  query(method: DirectMethod, sql: string, params: SQLiteParams | undefined): Promise<unknown> {
    const connection = this.#connection;
    // The hot path: a synchronous driver, already open, runs the call now and answers a settled promise.
    if (connection?.sync === true && !this.#closed) {
      try {
        return Promise.resolve(this.#syncCall(connection, method, sql, params));
      } catch (thrown) {
        return this.#syncFailed(thrown, () => this.#syncCall(connection, method, sql, params));
      }
    }
    return this.#slowQuery(method, sql, params);
  }

  /** `db.exec`: SQL without values, neither cached nor bound. */
  async exec(sql: string): Promise<void> {
    checkSql(sql);
    this.checkOpen();
    const connection = this.#connection ?? (await this.shared());
    try {
      await connection.exec(sql);
    } catch (thrown) {
      if (connection.sync) await this.#syncFailed(thrown, () => connection.exec(sql));
      else throw sqliteFault(thrown) ?? thrown;
    }
  }

  /** Closes the connection (finalizing the statements first: sqlite3 refuses to close without). */
  async close(): Promise<void> {
    this.#closed = true;
    const connection = this.#connection ?? (await this.#opening?.catch(() => undefined));
    if (connection === undefined) return;
    const prepared = await Promise.allSettled(this.#cache.drain().map((entry) => Promise.resolve(entry)));
    for (const entry of prepared) if (entry.status === 'fulfilled') await entry.value.statement.finalize();
    await connection.close();
    this.#connection = undefined;
  }

  /** One call on a synchronous driver; throws the driver's error (in sqlite3's shape) or a 400 KitError. */
  #syncCall(
    connection: SQLiteConnection,
    method: DirectMethod,
    sql: string,
    params: SQLiteParams | undefined,
  ): SQLiteRow[] | SQLiteRow | SQLiteRunResult | undefined {
    const prepared = this.#syncPrepared(connection, sql);
    const args = driverArgs(params, () => this.#named(prepared), connection.namedStyle);
    return prepared.statement[method](args) as SQLiteRow[] | SQLiteRow | SQLiteRunResult | undefined;
  }

  async #slowQuery(method: DirectMethod, sql: string, params: SQLiteParams | undefined): Promise<unknown> {
    checkSql(sql);
    this.checkOpen();
    const connection = this.#connection ?? (await this.shared());
    if (connection.sync) return this.query(method, sql, params);
    const prepared = await this.#asyncPrepared(connection, sql).catch((thrown: unknown) => {
      throw sqliteFault(thrown) ?? thrown;
    });
    const args = driverArgs(params, () => this.#named(prepared), connection.namedStyle);
    try {
      return await prepared.statement[method](args);
    } catch (thrown) {
      throw sqliteFault(thrown) ?? thrown;
    }
  }

  #syncPrepared(connection: SQLiteConnection, sql: string): Prepared {
    const cached = this.#cache.get(sql) as Prepared | undefined;
    if (cached !== undefined) return cached;
    checkSql(sql);
    const statement = connection.prepare(sql) as SQLiteStatement;
    return this.#cache.add(sql, { statement, sql, named: undefined }) as Prepared;
  }

  #asyncPrepared(connection: SQLiteConnection, sql: string): Promise<Prepared> {
    const cached = this.#cache.get(sql);
    if (cached !== undefined) return Promise.resolve(cached);
    // The promise is cached, so calls racing for a new statement prepare it once.
    const preparing = Promise.resolve(connection.prepare(sql)).then(
      (statement): Prepared => ({ statement, sql, named: undefined }),
      (err: unknown) => {
        this.#cache.forget(sql);
        throw err;
      },
    );
    this.#cache.add(sql, preparing);
    return preparing;
  }

  #named(prepared: Prepared): readonly NamedParameter[] {
    prepared.named ??= namedParameters(prepared.sql);
    return prepared.named;
  }

  /**
   * A failed call of a synchronous driver: while the database is busy, `again` on timers for at most
   * `busyTimeoutMs` (SQLITE-014); then, and for any other error, the error translated (sqliteFault).
   */
  #syncFailed(thrown: unknown, again: () => unknown): Promise<unknown> {
    const stillOpen = () => this.checkOpen();
    return retryWhileBusy(thrown, again, this.#busyTimeoutMs, stillOpen).catch((err: unknown) => {
      throw sqliteFault(err) ?? err;
    });
  }
}
