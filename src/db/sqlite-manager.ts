/** SQLiteManager: a Sequelize instance on an SQLite file or in memory; sequelize and sqlite3 load only when one is created. */
import type { Options, Sequelize } from 'sequelize';
import { KitError } from '../errors.js';
import { logger } from '../logger.js';
import { guardSequelize } from './client-errors.js';
import { loadPeer } from './load-peer.js';
import type { PeerSequelize } from './peer-types.js';

interface SequelizeModule {
  Sequelize: new (options: Options) => Sequelize;
}

function reasonOf(err: unknown): string {
  const original = (err as { original?: unknown } | null)?.original;
  const source = original instanceof Error ? original : err;
  return source instanceof Error ? source.message : String(source);
}

/**
 * One SQLite database through Sequelize: `':memory:'` (the default, a fresh database per manager) or a file
 * path, which persists across managers and restarts. Define models on `manager.sequelize` right after
 * construction; `connect()` opens and checks the database; `close()` releases it.
 *
 * Sequelize's SQL log goes to kitjs's `logger` at debug level (statements only: Sequelize sends values as
 * bind parameters, and kitjs never turns on `logQueryParameters`). No string operator aliases are
 * configured, so a `{ $ne: null }` that arrives in a request body is never read as an operator: kitjs's
 * hooks refuse it with a 400 (and failed model validation is a 400 too), where Sequelize alone would 500.
 *
 * @example
 * ```ts
 * import kit, { json, SQLiteManager } from 'kitjs';
 * import { DataTypes } from 'sequelize';
 *
 * const db = new SQLiteManager('./data/app.sqlite');
 * const Note = db.sequelize.define('Note', { text: { type: DataTypes.STRING, allowNull: false } });
 * await db.connect();
 * await db.sequelize.sync();
 *
 * const app = kit();
 * app.use(json());
 * app.post('/notes', async (req, res) => res.status(201).json(await Note.create({ text: String(req.body.text) })));
 * app.onClose(() => db.close());
 * app.listen(3000);
 * ```
 */
export class SQLiteManager {
  /** The Sequelize instance: define models on it, `sync()` them, run queries (with `bind`, never string concatenation). */
  readonly sequelize: PeerSequelize;
  /** The storage this manager opened: a file path, or `':memory:'`. */
  readonly path: string;
  #closed = false;

  constructor(path = ':memory:') {
    if (typeof path !== 'string' || path.length === 0) {
      throw new TypeError('SQLiteManager: path must be a non-empty string (a file path or ":memory:")');
    }
    this.path = path;
    const { Sequelize } = loadPeer<SequelizeModule>('sequelize', 'SQLiteManager');
    // Loaded here rather than by Sequelize so a missing driver gets kitjs's error and resolves from the same place.
    const sqlite3 = loadPeer<object>('sqlite3', 'SQLiteManager');
    this.sequelize = new Sequelize({
      dialect: 'sqlite',
      storage: path,
      dialectModule: sqlite3,
      // benchmark makes Sequelize pass the duration as a number instead of its whole options object.
      benchmark: true,
      logging: (sql: string, timing?: number) => {
        logger.debug({ sql, durationMs: typeof timing === 'number' ? timing : undefined }, 'sequelize query');
      },
    });
    guardSequelize(this.sequelize);
  }

  /**
   * Opens the database and checks it answers. Resolves to a short status line; rejects with
   * `KIT_ERR_DB_CONNECT` naming the path when the file cannot be opened (an unwritable or impossible
   * directory), and with `KIT_ERR_DB_NOT_CONNECTED` after `close()`.
   *
   * @example
   * ```ts
   * const db = new SQLiteManager();
   * console.log(await db.connect()); // 'SQLite connected (:memory:)'
   * ```
   */
  async connect(): Promise<string> {
    if (this.#closed) {
      throw new KitError(
        'KIT_ERR_DB_NOT_CONNECTED',
        'SQLiteManager was closed; create a new manager to reconnect',
      );
    }
    try {
      await this.sequelize.authenticate();
    } catch (cause) {
      throw new KitError(
        'KIT_ERR_DB_CONNECT',
        `SQLiteManager cannot open the database at "${this.path}": ${reasonOf(cause)}`,
        { cause },
      );
    }
    return `SQLite connected (${this.path})`;
  }

  /**
   * Closes every connection of this manager; an in-memory database is gone afterwards. Calling it again
   * does nothing, so it is safe in shutdown hooks.
   *
   * @example
   * ```ts
   * app.onClose(() => db.close());
   * ```
   */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await this.sequelize.close();
  }
}
