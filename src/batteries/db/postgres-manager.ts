/** PostgreSQLManager: a pooled Sequelize instance on a postgres:// URL; sequelize and pg load only when one is created. */
import type { Options } from 'sequelize';
import { setupError } from '../../base/errors.js';
import { guardedPg, type PgModule } from './pg-driver.js';
import { parsePostgresUrl } from './postgres-url.js';
import { SequelizeManager } from './sequelize-manager.js';

/** Pool and connection settings of a {@link PostgreSQLManager}; every field is optional. */
export interface PostgreSQLManagerOptions {
  /** Most connections this manager opens at once. Default 10: N instances need N × max server slots. */
  maxConnections?: number;
  /** Connections kept open while idle. Default 0. */
  minConnections?: number;
  /** How long an idle connection stays open, in milliseconds. Default 10000. */
  idleTimeoutMs?: number;
  /** How long a query waits for a free connection before failing, in milliseconds. Default 10000. */
  acquireTimeoutMs?: number;
  /** How long opening one connection may take before failing, in milliseconds. Default 5000. */
  connectTimeoutMs?: number;
  /** TLS for the connection, passed to `pg` as is (`true`, or tls.connect options). Default off. */
  ssl?: boolean | Record<string, unknown>;
}

// PG-001: the pool options' defaults; each must be a whole number in range, else a TypeError.
const DEFAULTS = {
  maxConnections: 10,
  minConnections: 0,
  idleTimeoutMs: 10_000,
  acquireTimeoutMs: 10_000,
  connectTimeoutMs: 5_000,
} as const;

function count(options: PostgreSQLManagerOptions, name: keyof typeof DEFAULTS, least: number): number {
  const value = options[name] ?? DEFAULTS[name];
  if (typeof value !== 'number' || !Number.isInteger(value) || value < least) {
    throw setupError(
      'KIT_ERR_SETUP_DB_OPTIONS',
      `PostgreSQLManager: options.${name} must be an integer of at least ${least}`,
    );
  }
  return value;
}

function sequelizeOptions(url: string, options: PostgreSQLManagerOptions): Options {
  if (options === null || typeof options !== 'object') {
    throw setupError('KIT_ERR_SETUP_DB_OPTIONS', 'PostgreSQLManager: options must be an object');
  }
  const target = parsePostgresUrl(url);
  const max = count(options, 'maxConnections', 1);
  const min = count(options, 'minConnections', 0);
  if (min > max)
    throw setupError(
      'KIT_ERR_SETUP_DB_OPTIONS',
      'PostgreSQLManager: options.minConnections is above maxConnections',
    );
  // PG-002: connect() rejects within connectTimeoutMs when the server does not answer.
  const dialectOptions: Record<string, unknown> = {
    connectionTimeoutMillis: count(options, 'connectTimeoutMs', 1),
  };
  // The ssl option wins over the URL's sslmode, which managed databases put in the URLs they hand out.
  const ssl = options.ssl ?? target.ssl;
  if (ssl !== undefined) dialectOptions.ssl = ssl;
  return {
    host: target.host,
    port: target.port,
    database: target.database,
    ...(target.username === undefined ? {} : { username: target.username }),
    ...(target.password === undefined ? {} : { password: target.password }),
    // PG-004: the pool never holds more than maxConnections connections.
    pool: {
      max,
      min,
      idle: count(options, 'idleTimeoutMs', 0),
      acquire: count(options, 'acquireTimeoutMs', 1),
    },
    dialectOptions,
  };
}

/**
 * One PostgreSQL database through Sequelize, on a pool of connections: what several instances of an app
 * share behind a load balancer. The constructor only reads the URL; `connect()` opens a connection and
 * checks the server answers; `close()` ends the pool. Everything else is {@link SequelizeManager}'s, as for
 * {@link SQLiteManager}: the same models, guards (`{ $ne: null }` from a body is a 400) and SQL log. A
 * unique index that refuses a row rejects with `KIT_ERR_DB_UNIQUE` (409), as on SQLite, and the server's
 * own refusals of a value (too long, out of range, not a number) with `KIT_ERR_DB_VALIDATION` (400), so
 * the app answers both dialects the same (PG-003, PG-007).
 *
 * @example
 * ```ts
 * import kit, { json, PostgreSQLManager } from 'kitjs';
 * import { DataTypes } from 'sequelize';
 *
 * const db = new PostgreSQLManager(process.env.DATABASE_URL ?? 'postgres://app@127.0.0.1:5432/app', {
 *   maxConnections: 5,
 * });
 * const Note = db.sequelize.define('Note', { text: { type: DataTypes.STRING, allowNull: false } });
 * await db.connect(); // 'PostgreSQL connected (127.0.0.1:5432/app)'
 * await db.sequelize.sync();
 *
 * const app = kit();
 * app.use(json());
 * app.post('/notes', async (req, res) => res.status(201).json(await Note.create({ text: String(req.body.text) })));
 * app.onClose(() => db.close());
 * app.listen(3000);
 * ```
 */
export class PostgreSQLManager extends SequelizeManager {
  // PG-001: the constructor opens nothing; `location` is host:port/database, without the password.
  constructor(url: string, options: PostgreSQLManagerOptions = {}) {
    // Read before super() so a bad URL or option is a TypeError before any package loads.
    const resolved = sequelizeOptions(url, options);
    super({
      feature: 'PostgreSQLManager',
      dialect: 'postgres',
      driver: 'pg',
      adaptDriver: (pg) => guardedPg(pg as PgModule),
      location: parsePostgresUrl(url).location,
      product: 'PostgreSQL',
      options: resolved,
    });
  }
}
