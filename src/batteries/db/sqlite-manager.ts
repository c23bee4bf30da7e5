/** SQLiteManager: a Sequelize instance on an SQLite file or in memory; sequelize and sqlite3 load only when one is created. */

import { setupError } from '../../base/errors.js';
import { SequelizeManager } from './sequelize-manager.js';

/**
 * One SQLite database through Sequelize: `':memory:'` (the default, a fresh database per manager) or a file
 * path, which persists across managers and restarts. Define models on `manager.sequelize` right after
 * construction; `connect()` opens and checks the database; `close()` releases it.
 *
 * Sequelize's SQL log goes to kitjs's `logger` at debug level (statements only: Sequelize sends values as
 * bind parameters, and kitjs never turns on `logQueryParameters`). No string operator aliases are
 * configured, so a `{ $ne: null }` that arrives in a request body is never read as an operator: kitjs's
 * hooks refuse it with a 400. Every fault a request's data causes in a model call (an operator object, an
 * object or a wrong type where a value belongs, failed validation, a duplicate) rejects with a KitError,
 * an `HttpError` 4xx with a `KIT_ERR_DB_*` code, where Sequelize alone would give a 500.
 * The same code serves {@link PostgreSQLManager}: see {@link SequelizeManager}.
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
export class SQLiteManager extends SequelizeManager {
  /** The storage this manager opened: a file path, or `':memory:'` (SQLITE-001). */
  readonly path: string;

  // SQLITE-001: synchronous, so models can be defined right after it; a bad path is a TypeError at once.
  constructor(path = ':memory:') {
    if (typeof path !== 'string' || path.length === 0) {
      throw setupError(
        'KIT_ERR_SETUP_DB_OPTIONS',
        'SQLiteManager: path must be a non-empty string (a file path or ":memory:")',
      );
    }
    super({
      feature: 'SQLiteManager',
      dialect: 'sqlite',
      driver: 'sqlite3',
      location: path,
      product: 'SQLite',
      // SQLITE-004: a file keeps its data for the next manager; nothing touches the disk until connect().
      options: { storage: path },
    });
    this.path = path;
  }
}
