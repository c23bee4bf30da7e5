/** Which driver errors mean the database cannot serve right now, and the KitError 503 with Retry-After they become. */
import { KitError } from '../../base/errors.js';
import { HttpError } from '../../base/http-error.js';
import type { PeerSequelize } from './peer-types.js';

/**
 * The seconds a client is told to wait before it tries again (DB-001). A restart of PostgreSQL takes one
 * to a few seconds; two is long enough that clients following it do not hammer a server coming back, and
 * short enough that a client that honours it sees no more than a hiccup. A hint, not a promise: the
 * outage may last longer, and the retry then meets the same 503.
 */
export const DB_RETRY_AFTER_SECONDS = 2;

/**
 * The KitError for a database that cannot serve now: `KIT_ERR_DB_UNAVAILABLE`, status 503, a message that
 * names nothing (no host, no driver text: an application's error handler that shows `err.message` still
 * leaks nothing), `Retry-After` in its headers, and the driver's or ORM's error as `cause`, for the log.
 * A 503 does not say a write was not stored: a connection lost after its commit answers 503 too (DB-002).
 *
 * @example
 * ```ts
 * throw databaseUnavailable(err); // 503, Retry-After: 2
 * ```
 */
export function databaseUnavailable(cause: unknown): KitError {
  const error = new KitError('KIT_ERR_DB_UNAVAILABLE', undefined, { cause });
  // The one header a 5xx keeps in kit()'s default answer; a number of seconds, as RFC 9110 allows.
  error.headers = { 'Retry-After': String(DB_RETRY_AFTER_SECONDS) };
  return error;
}

/**
 * True for the KitError {@link databaseUnavailable} makes.
 *
 * @example
 * ```ts
 * if (isDatabaseUnavailable(err)) metrics.outages++;
 * ```
 */
export function isDatabaseUnavailable(err: unknown): err is KitError {
  return err instanceof KitError && err.code === 'KIT_ERR_DB_UNAVAILABLE';
}

// Sequelize's names for "no connection could be had": the server refused or did not answer, its host is
// gone, or the pool found no free connection in time. SequelizeTimeoutError is SQLite's SQLITE_BUSY (the
// only dialect of ours that raises it): another connection held the write lock past the busy timeout.
// Not here: SequelizeAccessDeniedError, SequelizeInvalidConnectionError and a generic ConnectionError
// without an outage code below (a wrong password, a database that does not exist): no retry mends those,
// so they stay 500s.
const SEQUELIZE_OUTAGES = new Set([
  'SequelizeConnectionRefusedError',
  'SequelizeConnectionTimedOutError',
  'SequelizeHostNotReachableError',
  // At request time the host resolved when the app started: a database container being replaced drops
  // its name for a moment. A host misspelled from the start never gets this far (connect() fails).
  'SequelizeHostNotFoundError',
  'SequelizeConnectionAcquireTimeoutError',
  'SequelizeTimeoutError',
]);

// Socket errors of a connection that was refused, reset or timed out, or of a name that did not resolve now.
const SOCKET_OUTAGES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

// PostgreSQL's SQLSTATEs for a server that is going away or not ready: 57P01 admin_shutdown (a fast
// shutdown or pg_terminate_backend ended the session), 57P02 crash_shutdown, 57P03 cannot_connect_now
// (starting up, shutting down, in recovery), 53300 too_many_connections. Class 08 (connection exception)
// is matched by its prefix.
const PG_OUTAGES = new Set(['57P01', '57P02', '57P03', '53300']);

// SQLite's "another connection holds the lock": SQLITE_BUSY (a write lock held past the busy timeout)
// and SQLITE_LOCKED (a table lock within shared cache or the same connection).
const SQLITE_OUTAGES = new Set(['SQLITE_BUSY', 'SQLITE_LOCKED']);

// pg's own words for a connection that ended under it; pg gives these errors no code. Pinned by
// test/db/outage-errors.test.ts against the installed pg.
const PG_ENDED = [
  'Connection terminated unexpectedly',
  'Connection terminated due to connection timeout',
  'Client has encountered a connection error and is not queryable',
];

interface DriverFields {
  code?: unknown;
  message?: unknown;
  errors?: unknown;
}

/** True when a driver's error (pg's, sqlite3's, a socket's) says the database could not be reached or used now. */
function isDriverOutage(driver: DriverFields, whileConnecting: boolean): boolean {
  const { code, message } = driver;
  if (typeof code === 'string') {
    if (SOCKET_OUTAGES.has(code) || SQLITE_OUTAGES.has(code) || PG_OUTAGES.has(code)) return true;
    if (/^08[0-9A-Z]{3}$/.test(code)) return true;
    // 55000 object_not_in_prerequisite_state is, as an answer to a new connection, a database that is not
    // accepting connections now (ALTER DATABASE ... ALLOW_CONNECTIONS false); in a query it means other things.
    if (whileConnecting && code === '55000') return true;
  }
  if (typeof message === 'string' && PG_ENDED.some((text) => message.startsWith(text))) return true;
  // Node reports a refused connection to every address of a host as one AggregateError.
  if (Array.isArray(driver.errors) && driver.errors.length > 0) {
    return driver.errors.every(
      (inner) => inner !== null && typeof inner === 'object' && isDriverOutage(inner, whileConnecting),
    );
  }
  return false;
}

/**
 * The KitError 503 for a Sequelize error that means the database cannot serve now, or undefined for
 * anything else (DB-001). Recognised by name and by the driver's code, never by class: the app and kitjs
 * may load two copies of sequelize.
 *
 * - no connection could be had: refused, timed out, host unreachable or gone, no free connection in the
 *   pool within `acquireTimeoutMs`;
 * - a connection ended under a query, or refused while opening: a socket reset, PostgreSQL's 57P01,
 *   57P02, 57P03, 53300, class 08, a database not accepting connections, pg's "Connection terminated";
 * - SQLite's SQLITE_BUSY and SQLITE_LOCKED, after Sequelize's own retries.
 *
 * @example
 * ```ts
 * try { await sequelize.query('SELECT 1'); } catch (err) { throw sequelizeOutage(err) ?? err; }
 * ```
 */
export function sequelizeOutage(err: unknown): KitError | undefined {
  if (err === null || typeof err !== 'object' || HttpError.isHttpError(err)) return undefined;
  const { name, original, parent } = err as { name?: unknown; original?: unknown; parent?: unknown };
  if (typeof name === 'string' && SEQUELIZE_OUTAGES.has(name)) return databaseUnavailable(err);
  if (name === 'SequelizeConnectionError' || name === 'SequelizeDatabaseError') {
    const driver = original ?? parent;
    if (driver === null || typeof driver !== 'object') return undefined;
    return isDriverOutage(driver, name === 'SequelizeConnectionError') ? databaseUnavailable(err) : undefined;
  }
  if (typeof name === 'string' && name.startsWith('Sequelize')) return undefined;
  // pg's own error, unwrapped: Sequelize lets the statements that set up a new connection (SET TIME ZONE,
  // the type OIDs) fail with it as it is.
  return isDriverOutage(err, false) ? databaseUnavailable(err) : undefined;
}

type AnyFunction = (this: unknown, ...args: unknown[]) => Promise<unknown>;

/**
 * Makes `sequelize.query` and `sequelize.transaction` reject with {@link databaseUnavailable} when the
 * database cannot serve (DB-001). Every model call, `sync`, `authenticate` and a transaction's COMMIT
 * go through `query`; a transaction's first connection is taken in `transaction`; raw SQL is an
 * application's own call of `query`. Set as own properties of this instance, so another Sequelize in the
 * process is untouched. Other errors pass unchanged, so Sequelize's own reading of its errors inside a
 * call (findOrCreate's unique-violation recovery, its SQLITE_BUSY retries) is the same as before, and so
 * does what a managed transaction's callback throws: it is the application's (its queries' errors were
 * translated on their way out of `query`).
 *
 * @example
 * ```ts
 * guardSequelizeOutages(sequelize);
 * await sequelize.query('SELECT 1'); // while the server is down: KitError KIT_ERR_DB_UNAVAILABLE, 503
 * ```
 */
export function guardSequelizeOutages(sequelize: PeerSequelize): void {
  const target = sequelize as unknown as Record<'query' | 'transaction', AnyFunction>;
  const query = target.query;
  target.query = async function (this: unknown, ...args: unknown[]) {
    try {
      return await query.apply(this, args);
    } catch (err) {
      throw sequelizeOutage(err) ?? err;
    }
  };
  const transaction = target.transaction;
  target.transaction = async function (this: unknown, ...args: unknown[]) {
    const thrownByCallback = new WeakSet<object>();
    const marked = args.map((arg) =>
      typeof arg === 'function'
        ? async (...inner: unknown[]) => {
            try {
              return await (arg as AnyFunction)(...inner);
            } catch (err) {
              if (err !== null && typeof err === 'object') thrownByCallback.add(err);
              throw err;
            }
          }
        : arg,
    );
    try {
      return await transaction.apply(this, marked);
    } catch (err) {
      if (err !== null && typeof err === 'object' && thrownByCallback.has(err)) throw err;
      throw sequelizeOutage(err) ?? err;
    }
  };
}

// The MongoDB driver's names for a server it could not reach or lost: no server selected in time, a
// network error or timeout on a connection, a pool cleared after one, or no free connection in time.
// mongoose names its own server-selection failure on connect.
const MONGO_OUTAGES = new Set([
  'MongoServerSelectionError',
  'MongooseServerSelectionError',
  'MongoNetworkError',
  'MongoNetworkTimeoutError',
  'MongoPoolClearedError',
  'PoolClearedOnNetworkError',
  'MongoWaitQueueTimeoutError',
]);

// The server's codes for "not now": shutting down (91, 11600), stepping down or not primary (189, 10107,
// 11602, 13435, 13436), a host it could not reach (6, 7), a network timeout or socket error (89, 9001).
// The driver retries reads and writes on these once; what is left after that reaches the app.
const MONGO_OUTAGE_CODES = new Set([6, 7, 89, 91, 189, 9001, 10107, 11600, 11602, 13435, 13436]);

/**
 * The KitError 503 for a mongoose or MongoDB driver error that means the database cannot serve now, or
 * undefined for anything else (DB-001): the driver's network and server-selection errors, a cleared pool,
 * the server's shutdown and not-primary codes, mongoose's "buffering timed out" (a model call waited
 * `bufferTimeoutMS` for a connection that never came back) and its "Connection was force closed" (a call
 * after a `connect()` that failed). Recognised by name, code and mongoose's words, never by class.
 *
 * @example
 * ```ts
 * try { await User.findOne({ email }); } catch (err) { throw mongooseOutage(err) ?? err; }
 * ```
 */
export function mongooseOutage(err: unknown): KitError | undefined {
  if (err === null || typeof err !== 'object' || HttpError.isHttpError(err)) return undefined;
  const { name, code, message } = err as { name?: unknown; code?: unknown; message?: unknown };
  if (typeof name === 'string' && MONGO_OUTAGES.has(name)) return databaseUnavailable(err);
  if (typeof code === 'number' && MONGO_OUTAGE_CODES.has(code)) return databaseUnavailable(err);
  // mongoose's texts (drivers/node-mongodb-native/collection.js), pinned by test/db/outage-errors.test.ts:
  // a call that waited bufferTimeoutMS for a connection, and one made after a connect() that failed (the
  // manager force-closes the connection then, to release the driver's monitors, MONGO-003).
  if (name === 'MongooseError' && typeof message === 'string') {
    if (/\bbuffering timed out after\b/.test(message) || message === 'Connection was force closed') {
      return databaseUnavailable(err);
    }
  }
  return undefined;
}
