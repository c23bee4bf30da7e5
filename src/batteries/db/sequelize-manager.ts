/** SequelizeManager: the one code path under SQLiteManager and PostgreSQLManager (logging, guards, connect, close). */
import type { Options, Sequelize } from 'sequelize';
import { KitError } from '../../base/errors.js';
import { logger } from '../../base/logger.js';
import { requirePeer } from '../../base/optional-package.js';
import { guardSequelizeOutages, isDatabaseUnavailable } from './outage-errors.js';
import type { PeerSequelize, PeerSequelizeOptions } from './peer-types.js';
import { guardSequelize, isUniqueViolationError } from './sequelize-client-errors.js';

/** The dialects a {@link SequelizeManager} speaks. */
export type SequelizeDialect = 'sqlite' | 'postgres';

interface SequelizeModule {
  Sequelize: new (options: Options) => Sequelize;
}

/** What a dialect's manager hands the shared constructor: who it is, what to say, how to configure Sequelize. */
export interface DialectSetup {
  /** The public class name, used in messages and in the missing-peer error. */
  readonly feature: string;
  readonly dialect: SequelizeDialect;
  /** The driver package Sequelize needs for this dialect (`pg`), loaded when the manager is created. */
  readonly driver?: string;
  /** Adapts the loaded driver before Sequelize gets it (PostgreSQL: `guardedPg` in pg-driver.ts). */
  readonly adaptDriver?: (driver: object) => object;
  /** The module Sequelize gets as its driver, made by the manager (SQLite: its adapter), instead of `driver`. */
  readonly dialectModule?: () => object;
  /** True when Sequelize loads on the first read of `sequelize` rather than in the constructor (SQLite). */
  readonly lazy?: boolean;
  /** Runs once on the Sequelize instance, right after kitjs's guards are set on it. */
  readonly configure?: (sequelize: PeerSequelize) => void;
  /** Where the data lives, as messages may show it: a path, or host:port/database without credentials. */
  readonly location: string;
  /** The product name in the status line: `SQLite`, `PostgreSQL`. */
  readonly product: string;
  /** Dialect options for Sequelize (storage, host, pool...); kitjs adds dialect, driver and logging. */
  readonly options: PeerSequelizeOptions;
}

/**
 * `KIT_ERR_DB_CONNECT` for a database `feature` could not open at `location`, with the driver's reason
 * (never a password: `location` holds none) and its error as `cause` (SQLITE-005, PG-002).
 *
 * @example
 * ```ts
 * throw connectError('SQLiteManager', './data/app.sqlite', err);
 * ```
 */
export function connectError(feature: string, location: string, thrown: unknown): KitError {
  // connect() keeps its own code; the cause and the reason are the driver's, not DB-001's 503 over it.
  const cause = isDatabaseUnavailable(thrown) ? thrown.cause : thrown;
  return new KitError(
    'KIT_ERR_DB_CONNECT',
    `${feature} cannot open the database at "${location}": ${reasonOf(cause)}`,
    { cause },
  );
}

function reasonOf(err: unknown): string {
  const original = (err as { original?: unknown } | null)?.original;
  const source = original instanceof Error ? original : err;
  if (source instanceof AggregateError && source.errors.length > 0) {
    // pg reports a refused connection to every address of a host as one AggregateError with no message.
    return source.errors.map((inner) => (inner instanceof Error ? inner.message : String(inner))).join('; ');
  }
  return source instanceof Error ? source.message || source.name : String(source);
}

/**
 * One database through Sequelize, whatever the dialect: kitjs's SQL log at debug level, the request-data
 * guards (a fault a request's data causes in a model call rejects with a KitError, an `HttpError` 4xx with
 * a `KIT_ERR_DB_*` code: `{ $ne: null }` in a where, a failed validation, a duplicate), a database that
 * cannot serve now (stopped, restarting, out of connections, locked) rejecting every call with
 * `KIT_ERR_DB_UNAVAILABLE` (503, `Retry-After: 2`, DB-001), a `connect()` that names the database when it
 * fails, and a `close()` that is safe to repeat. Create one through {@link SQLiteManager},
 * {@link PostgreSQLManager} or {@link sequelizeManager}; the class is exported for `instanceof` and types.
 * Both dialects share this behaviour (PG-006; on PostgreSQL, PG-003).
 *
 * @example
 * ```ts
 * import { sequelizeManager, type SequelizeManager } from 'kitjs';
 * const db: SequelizeManager = sequelizeManager(process.env.DATABASE_URL ?? ':memory:');
 * console.log(db.dialect, await db.connect()); // 'sqlite' 'SQLite connected (:memory:)'
 * ```
 */
export abstract class SequelizeManager {
  /** `'sqlite'` or `'postgres'`. */
  readonly dialect: SequelizeDialect;
  /** Where the data lives, safe to print: an SQLite path, or `host:port/database` (never a password). */
  readonly location: string;
  readonly #setup: DialectSetup;
  readonly #feature: string;
  readonly #product: string;
  #sequelize: PeerSequelize | undefined = undefined;
  #closed = false;
  #closing: Promise<void> | undefined = undefined;

  // SQLITE-009, PG-005: PostgreSQL's packages load here, when a manager is created, never at `import
  // 'kitjs'`; SQLite's sequelize on the first read of `sequelize`.
  protected constructor(setup: DialectSetup) {
    this.dialect = setup.dialect;
    this.location = setup.location;
    this.#setup = setup;
    this.#feature = setup.feature;
    this.#product = setup.product;
    if (setup.lazy !== true) this.#sequelize = this.#create();
  }

  // SQLITE-003: models are defined, synchronised and queried on this instance.
  /**
   * The Sequelize instance: define models on it, `sync()` them, run queries (with `bind`, never string
   * concatenation). On SQLite it is made, and sequelize loaded, on the first read of this property, so an
   * app that only uses `db.all`/`db.get`/`db.run` never loads sequelize (SQLITE-009).
   *
   * @example
   * ```ts
   * const Note = db.sequelize.define('Note', { text: DataTypes.STRING });
   * ```
   */
  get sequelize(): PeerSequelize {
    this.#sequelize ??= this.#create();
    return this.#sequelize;
  }

  /** True once `sequelize` was read (or, on PostgreSQL, always): the instance exists. */
  protected get hasSequelize(): boolean {
    return this.#sequelize !== undefined;
  }

  #create(): PeerSequelize {
    const setup = this.#setup;
    const { Sequelize } = requirePeer<SequelizeModule>('sequelize', setup.feature);
    let driver: object;
    if (setup.dialectModule !== undefined) driver = setup.dialectModule();
    else {
      // Loaded here rather than by Sequelize so a missing driver gets kitjs's error and resolves from the same place.
      const loaded = requirePeer<object>(setup.driver ?? '', setup.feature);
      driver = setup.adaptDriver ? setup.adaptDriver(loaded) : loaded;
    }
    const sequelize = new Sequelize({
      ...setup.options,
      dialect: setup.dialect,
      dialectModule: driver,
      // benchmark makes Sequelize pass the duration as a number instead of its whole options object.
      benchmark: true,
      // SQLITE-010: a value of the wrong type for its column ("abc" for an INTEGER, true for a STRING) is a
      // ValidationError on every dialect, where SQLite alone would store it and PostgreSQL fail in SQL.
      typeValidation: true,
      // SQLITE-007: each statement to kitjs's logger at debug; values stay bind parameters.
      logging: (sql: string, timing?: number) => {
        logger.debug({ sql, durationMs: typeof timing === 'number' ? timing : undefined }, 'sequelize query');
      },
    });
    // SQLITE-008, PG-003: no string operator aliases; a `$` object in a where is a 400.
    // SQLITE-010, PG-007: every client fault of a model call reaches the app as a KitError 4xx.
    guardSequelize(sequelize);
    // DB-001: a database that cannot serve now (stopped, restarting, locked) is a 503 with Retry-After, on
    // every call that reaches it: model calls, transactions and raw SQL alike.
    guardSequelizeOutages(sequelize);
    setup.configure?.(sequelize);
    return sequelize;
  }

  /**
   * Opens the database (or a pooled connection) and checks it answers. Resolves to a short status line;
   * rejects with `KIT_ERR_DB_CONNECT` naming the location and the driver's reason when it cannot, and with
   * `KIT_ERR_DB_NOT_CONNECTED` after `close()`. Cheap enough to call from a readiness probe.
   *
   * @example
   * ```ts
   * console.log(await db.connect()); // 'PostgreSQL connected (127.0.0.1:5432/app)'
   * ```
   */
  async connect(): Promise<string> {
    // SQLITE-006, PG-004: a closed manager cannot be reopened.
    if (this.#closed) {
      throw new KitError(
        'KIT_ERR_DB_NOT_CONNECTED',
        `${this.#feature} was closed; create a new manager to reconnect`,
      );
    }
    // SQLITE-002, PG-002: a trivial query checks the database answers.
    try {
      await this.sequelize.authenticate();
    } catch (thrown) {
      // SQLITE-005, PG-002: names the location and the driver's reason (never a password).
      throw connectError(this.#feature, this.location, thrown);
    }
    return `${this.#product} connected (${this.location})`;
  }

  /**
   * True when `err` is the database refusing a write that would break a unique index: the
   * `KIT_ERR_DB_UNIQUE` KitError (409) a model call rejects with, or Sequelize's own
   * `UniqueConstraintError` (from a raw query), on either dialect. An app that wants its own 409 (its
   * message, its code) checks this without importing sequelize. Compared by name and code: the app and
   * kitjs may hold two copies of the package.
   *
   * @example
   * ```ts
   * try { await User.create({ email }); } catch (err) { if (db.isUniqueViolation(err)) throw new HttpError(409, 'Email taken'); throw err; }
   * ```
   */
  isUniqueViolation(err: unknown): boolean {
    return isUniqueViolationError(err);
  }

  /**
   * Closes every connection of this manager; an in-memory SQLite database is gone afterwards. Calling it
   * again does nothing, so it is safe in shutdown hooks.
   *
   * @example
   * ```ts
   * app.onClose(() => db.close());
   * ```
   */
  // SQLITE-006, PG-004: the second call does nothing.
  close(): Promise<void> {
    // A second call, even while the first is still closing the pool, waits for that same close.
    // A Sequelize never made (SQLite's, unread) has nothing to close.
    this.#closing ??= this.#sequelize === undefined ? Promise.resolve() : this.#sequelize.close();
    this.#closed = true;
    return this.#closing;
  }
}
