/** SQLiteManager: one SQLite database, queried with prepared statements (`db.all`...) or through Sequelize, on the fastest driver at hand. */

import { KitError, setupError } from '../../base/errors.js';
import type { PeerSequelize } from './peer-types.js';
import { connectError, SequelizeManager } from './sequelize-manager.js';
import {
  openConnection,
  retryWhileBusy,
  type SQLiteConnection,
  type SQLiteRow,
  type SQLiteRunResult,
  type SQLiteStatement,
} from './sqlite-connection.js';
import {
  type LoadedDriver,
  loadSQLiteDriver,
  SQLITE_DRIVERS,
  type SQLiteDriverName,
} from './sqlite-drivers.js';
import { sqliteFault } from './sqlite-errors.js';
import {
  type AdapterHost,
  type SequelizeDialectModule,
  sequelizeDialectModule,
} from './sqlite-sequelize-adapter.js';
import {
  driverArgs,
  type NamedParameter,
  namedParameters,
  type SQLiteParams,
  StatementCache,
} from './sqlite-statements.js';

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
   * `'sqlite3'` (packages the app installs). Without it, the fastest this process has, in that order.
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

/** A cached statement, with its named parameters read from the SQL when a call first binds an object. */
interface Prepared {
  readonly statement: SQLiteStatement;
  readonly sql: string;
  named: readonly NamedParameter[] | undefined;
}

type Method = 'all' | 'get' | 'run';

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
 * One SQLite database: `':memory:'` (the default, a fresh database per manager) or a file path, which
 * persists across managers and restarts. Two ways in, on one connection, so they see the same data:
 *
 * - **The direct API**, the fast path: `await db.all(sql, params)` answers plain row objects, `db.get` the
 *   first row or undefined, `db.run` `{ changes, lastInsertRowid }`, `db.exec` runs DDL or several
 *   statements. Each SQL text is prepared once and cached; values are always bound, never put into the
 *   SQL: `?` takes a list, `:name` an object. A duplicate on a unique index rejects with `KIT_ERR_DB_UNIQUE`
 *   (409), a value that cannot be stored (an object from a request body) with `KIT_ERR_DB_VALIDATION`
 *   (400), a locked database with DB-001's 503 (SQLITE-012 to SQLITE-014).
 * - **`db.sequelize`**, the model API: define models, `sync()` them and query them, with the guards of
 *   {@link SequelizeManager} (`{ $ne: null }` from a body is a 400). Sequelize loads on the first read of
 *   the property, so an app on the direct API alone never loads it.
 *
 * The driver is node:sqlite where Node has it (22.13 and newer), else better-sqlite3 when the app
 * installed it, else sqlite3; `{ driver }` picks one (SQLITE-011). The same code serves
 * {@link PostgreSQLManager} for the model API: see {@link SequelizeManager}.
 *
 * @example
 * ```ts
 * import kit, { authMiddleware, json, SQLiteManager } from 'kitjs';
 *
 * const db = new SQLiteManager('./data/app.sqlite');
 * await db.connect();
 * await db.exec('CREATE TABLE IF NOT EXISTS notes (id INTEGER PRIMARY KEY, ownerId TEXT NOT NULL, text TEXT NOT NULL)');
 *
 * const app = kit();
 * app.use(json());
 * app.get('/notes', authMiddleware, async (req, res) => {
 *   res.json(await db.all('SELECT id, text FROM notes WHERE ownerId = ? ORDER BY id LIMIT 20', [req.user.id]));
 * });
 * app.post('/notes', authMiddleware, async (req, res) => {
 *   const { lastInsertRowid } = await db.run('INSERT INTO notes (ownerId, text) VALUES (?, ?)', [req.user.id, req.body.text]);
 *   res.status(201).json({ id: Number(lastInsertRowid) });
 * });
 * app.onClose(() => db.close());
 * app.listen(3000);
 * ```
 */
export class SQLiteManager extends SequelizeManager {
  /** The storage this manager opened: a file path, or `':memory:'` (SQLITE-001). */
  readonly path: string;
  /** The driver this manager runs on (SQLITE-011). */
  readonly driver: SQLiteDriverName;
  readonly #loaded: LoadedDriver;
  readonly #busyTimeoutMs: number;
  readonly #cache: StatementCache<Prepared | Promise<Prepared>>;
  #connection: SQLiteConnection | undefined = undefined;
  #opening: Promise<SQLiteConnection> | undefined = undefined;
  #closed = false;
  #closing: Promise<void> | undefined = undefined;

  // SQLITE-001: synchronous, so models can be defined right after it; a bad path is a TypeError at once.
  // SQLITE-009: the driver loads here; nothing touches the disk until the first query or connect().
  constructor(path = ':memory:', options: SQLiteManagerOptions = {}) {
    if (typeof path !== 'string' || path.length === 0) {
      throw setupError(
        'KIT_ERR_SETUP_DB_OPTIONS',
        'SQLiteManager: path must be a non-empty string (a file path or ":memory:")',
      );
    }
    const checked = checkedOptions(options);
    const busyTimeoutMs = option(checked, 'busyTimeoutMs', DEFAULT_BUSY_TIMEOUT_MS);
    const cacheSize = option(checked, 'statementCacheSize', DEFAULT_STATEMENT_CACHE);
    const loaded = loadSQLiteDriver(checked.driver, 'SQLiteManager');
    const dialect: { module?: SequelizeDialectModule } = {};
    // `shared` is set once `this` exists; Sequelize asks for it only when its first query runs.
    const host: AdapterHost = {
      driver: loaded,
      path,
      busyTimeoutMs,
      shared: () => Promise.reject(new Error('SQLiteManager: not constructed')),
    };
    super({
      feature: 'SQLiteManager',
      dialect: 'sqlite',
      location: path,
      product: 'SQLite',
      lazy: true,
      // SQLITE-015: Sequelize runs on this manager's driver and connection, through sqlite3's API.
      dialectModule: () => {
        dialect.module = sequelizeDialectModule(host);
        return dialect.module;
      },
      configure: (sequelize) => markDefaultConnection(sequelize, dialect),
      // SQLITE-004: a file keeps its data for the next manager.
      options: { storage: path },
    });
    this.path = path;
    this.driver = loaded.name;
    this.#loaded = loaded;
    this.#busyTimeoutMs = busyTimeoutMs;
    host.shared = () => this.#shared();
    this.#cache = new StatementCache<Prepared | Promise<Prepared>>(cacheSize, (evicted) => {
      void Promise.resolve(evicted).then((prepared) => prepared.statement.finalize());
    });
  }

  /**
   * Opens the database and checks it answers (and Sequelize's connection too, once `sequelize` was read).
   * Resolves to `SQLite connected (<path>)`; rejects with `KIT_ERR_DB_CONNECT` naming the path and the
   * driver's reason when it cannot, and with `KIT_ERR_DB_NOT_CONNECTED` after `close()` (SQLITE-002,
   * SQLITE-005, SQLITE-006). Optional before the first query, which opens the database itself.
   *
   * @example
   * ```ts
   * console.log(await db.connect()); // 'SQLite connected (./data/app.sqlite)'
   * ```
   */
  override async connect(): Promise<string> {
    this.#checkOpen();
    try {
      const connection = await this.#shared();
      const check = await connection.prepare('SELECT 1 AS ok');
      await check.get([]);
      await check.finalize();
      if (this.hasSequelize) await this.sequelize.authenticate();
    } catch (thrown) {
      if (thrown instanceof KitError && /^KIT_ERR_DB_(NOT_)?CONNECT/.test(thrown.code)) throw thrown;
      throw connectError('SQLiteManager', this.path, thrown);
    }
    return `SQLite connected (${this.path})`;
  }

  /**
   * The rows `sql` selects, as plain objects (SQLITE-012). `params` are bound, never put into the SQL: a
   * list for `?`, an object for `:name` / `@name` / `$name`.
   *
   * @example
   * ```ts
   * const notes = await db.all<{ id: number; text: string }>('SELECT id, text FROM notes WHERE ownerId = ? ORDER BY id LIMIT 20', [userId]);
   * ```
   */
  all<Row extends object = SQLiteRow>(sql: string, params?: SQLiteParams): Promise<Row[]> {
    return this.#query('all', sql, params) as Promise<Row[]>;
  }

  /**
   * The first row `sql` selects, or undefined when there is none (SQLITE-012).
   *
   * @example
   * ```ts
   * const user = await db.get<{ id: number; email: string }>('SELECT id, email FROM users WHERE email = :email', { email });
   * ```
   */
  get<Row extends object = SQLiteRow>(sql: string, params?: SQLiteParams): Promise<Row | undefined> {
    return this.#query('get', sql, params) as Promise<Row | undefined>;
  }

  /**
   * Runs one statement that writes (INSERT, UPDATE, DELETE...): the rows it changed and the rowid of the
   * last insert (SQLITE-012).
   *
   * @example
   * ```ts
   * const { changes, lastInsertRowid } = await db.run('INSERT INTO notes (ownerId, text) VALUES (?, ?)', [userId, text]);
   * ```
   */
  run(sql: string, params?: SQLiteParams): Promise<SQLiteRunResult> {
    return this.#query('run', sql, params) as Promise<SQLiteRunResult>;
  }

  /**
   * Runs SQL without values: DDL, pragmas, several statements separated by `;` (a schema at startup).
   * Nothing is cached or bound; never build its text from a request's data (SQLITE-012).
   *
   * @example
   * ```ts
   * await db.exec('CREATE TABLE IF NOT EXISTS notes (id INTEGER PRIMARY KEY, text TEXT NOT NULL); CREATE INDEX IF NOT EXISTS notes_text ON notes (text)');
   * ```
   */
  async exec(sql: string): Promise<void> {
    this.#checkSql(sql);
    this.#checkOpen();
    const connection = this.#connection ?? (await this.#shared());
    try {
      await connection.exec(sql);
    } catch (thrown) {
      if (connection.sync) await this.#syncFailed(thrown, () => connection.exec(sql));
      else throw sqliteFault(thrown) ?? thrown;
    }
  }

  /**
   * Closes the database (and Sequelize's connections, when it was read); an in-memory database is gone
   * afterwards. Calling it again does nothing; queries and `connect()` afterwards reject with
   * `KIT_ERR_DB_NOT_CONNECTED` (SQLITE-006).
   *
   * @example
   * ```ts
   * app.onClose(() => db.close());
   * ```
   */
  override close(): Promise<void> {
    this.#closed = true;
    this.#closing ??= this.#shutdown();
    return this.#closing;
  }

  async #shutdown(): Promise<void> {
    await super.close();
    const connection = this.#connection ?? (await this.#opening?.catch(() => undefined));
    if (connection === undefined) return;
    // sqlite3 refuses to close with statements not finalized; the others finalize their own.
    const prepared = await Promise.allSettled(this.#cache.drain().map((entry) => Promise.resolve(entry)));
    for (const entry of prepared) if (entry.status === 'fulfilled') await entry.value.statement.finalize();
    await connection.close();
    this.#connection = undefined;
  }

  #checkOpen(): void {
    if (this.#closed) {
      throw new KitError(
        'KIT_ERR_DB_NOT_CONNECTED',
        'SQLiteManager was closed; create a new manager to reconnect',
      );
    }
  }

  #checkSql(sql: unknown): void {
    if (typeof sql !== 'string' || sql.length === 0) {
      throw setupError('KIT_ERR_SETUP_DB_OPTIONS', 'SQLiteManager: sql must be a non-empty string');
    }
  }

  /** The manager's connection, opened on first use (one opening however many callers wait for it). */
  #shared(): Promise<SQLiteConnection> {
    if (this.#closed) {
      return Promise.reject(
        new KitError(
          'KIT_ERR_DB_NOT_CONNECTED',
          'SQLiteManager was closed; create a new manager to reconnect',
        ),
      );
    }
    if (this.#connection !== undefined) return Promise.resolve(this.#connection);
    this.#opening ??= (async () => {
      try {
        const connection = await openConnection(this.#loaded, this.path, {
          busyTimeoutMs: this.#busyTimeoutMs,
        });
        this.#connection = connection;
        return connection;
      } catch (thrown) {
        // The next call tries again (a directory created meanwhile), as Sequelize's connection manager does.
        this.#opening = undefined;
        throw connectError('SQLiteManager', this.path, thrown);
      }
    })();
    return this.#opening;
  }

  #query(method: Method, sql: string, params: SQLiteParams | undefined): Promise<unknown> {
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

  /** One call on a synchronous driver; throws the driver's error (in sqlite3's shape) or a 400 KitError. */
  #syncCall(
    connection: SQLiteConnection,
    method: Method,
    sql: string,
    params: SQLiteParams | undefined,
  ): unknown {
    const prepared = this.#syncPrepared(connection, sql);
    const args = driverArgs(params, () => this.#named(prepared), connection.namedStyle);
    return prepared.statement[method](args);
  }

  async #slowQuery(method: Method, sql: string, params: SQLiteParams | undefined): Promise<unknown> {
    this.#checkSql(sql);
    this.#checkOpen();
    const connection = this.#connection ?? (await this.#shared());
    if (connection.sync) return this.#query(method, sql, params);
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
    this.#checkSql(sql);
    const prepared: Prepared = {
      statement: connection.prepare(sql) as SQLiteStatement,
      sql,
      named: undefined,
    };
    return this.#cache.add(sql, prepared) as Prepared;
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
    return retryWhileBusy(thrown, again, this.#busyTimeoutMs, () => this.#checkOpen()).catch(
      (err: unknown) => {
        throw sqliteFault(err) ?? err;
      },
    );
  }
}

/**
 * Tells the adapter which `new Database()` is Sequelize's default connection (the manager's own) and which a
 * transaction's on a file (a connection of its own): Sequelize's sqlite connection manager creates the
 * Database synchronously inside `getConnection(options)`, whose `uuid` says which it is.
 */
function markDefaultConnection(sequelize: PeerSequelize, dialect: { module?: SequelizeDialectModule }): void {
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
