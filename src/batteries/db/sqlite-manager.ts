/** SQLiteManager: one SQLite database, queried with prepared statements (`db.all`...) or through Sequelize, on the fastest driver at hand. */
import { KitError, setupError } from '../../base/errors.js';
import { connectError, SequelizeManager } from './sequelize-manager.js';
import type { SQLiteRow, SQLiteRunResult } from './sqlite-connection.js';
import { DirectQueries } from './sqlite-direct.js';
import { loadSQLiteDriver, type SQLiteDriverName } from './sqlite-drivers.js';
import { readOptions, type SQLiteManagerOptions } from './sqlite-options.js';
import {
  type AdapterHost,
  markDefaultConnection,
  type SequelizeDialectModule,
  sequelizeDialectModule,
} from './sqlite-sequelize-adapter.js';
import type { SQLiteParams } from './sqlite-statements.js';

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
 * The driver is better-sqlite3 where the app installed it and it loads, else node:sqlite where Node has
 * it (22.13 and newer), else sqlite3; `{ driver }` picks one (SQLITE-011). The same code serves
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
  readonly #direct: DirectQueries;
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
    const { driver, busyTimeoutMs, statementCacheSize: cacheSize } = readOptions(options);
    const loaded = loadSQLiteDriver(driver, 'SQLiteManager');
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
    const direct = new DirectQueries(loaded, path, busyTimeoutMs, cacheSize);
    this.#direct = direct;
    host.shared = () => direct.shared();
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
    this.#direct.checkOpen();
    try {
      const connection = await this.#direct.shared();
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
    return this.#direct.query('all', sql, params) as Promise<Row[]>;
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
    return this.#direct.query('get', sql, params) as Promise<Row | undefined>;
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
    return this.#direct.query('run', sql, params) as Promise<SQLiteRunResult>;
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
  exec(sql: string): Promise<void> {
    return this.#direct.exec(sql);
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
    this.#closing ??= (async () => {
      // Both at once: the direct API refuses new calls from now on; Sequelize only lets go of the
      // connection it shares (SQLITE-015), which the direct API closes.
      const direct = this.#direct.close();
      await super.close();
      await direct;
    })();
    return this.#closing;
  }
}
