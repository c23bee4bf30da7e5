/** The SQLite drivers' errors in one shape (sqlite3's), and the KitErrors the direct API rejects with for them. */
import type { KitError } from '../../base/errors.js';
import { HttpError } from '../../base/http-error.js';
import { type ClientFaultCode, clientFault } from './client-errors.js';
import { sequelizeOutage } from './outage-errors.js';
import { sequelizeClientFault } from './sequelize-client-errors.js';

// SQLite's primary result codes (sqlite3.h), by number: node:sqlite reports only the (extended) number.
const PRIMARY_CODES = [
  'OK',
  'ERROR',
  'INTERNAL',
  'PERM',
  'ABORT',
  'BUSY',
  'LOCKED',
  'NOMEM',
  'READONLY',
  'INTERRUPT',
  'IOERR',
  'CORRUPT',
  'NOTFOUND',
  'FULL',
  'CANTOPEN',
  'PROTOCOL',
  'EMPTY',
  'SCHEMA',
  'TOOBIG',
  'CONSTRAINT',
  'MISMATCH',
  'MISUSE',
  'NOLFS',
  'AUTH',
  'FORMAT',
  'RANGE',
  'NOTADB',
  'NOTICE',
  'WARNING',
];

/** An SQLite error as sqlite3 reports it: `code` `SQLITE_CONSTRAINT`, message `SQLITE_CONSTRAINT: <SQLite's words>`. */
export interface SQLiteDriverError extends Error {
  code: string;
  errno: number;
}

/** `SQLITE_CONSTRAINT` for node:sqlite's errcode 2067 or better-sqlite3's `SQLITE_CONSTRAINT_UNIQUE`; else undefined. */
function primaryCode(err: { code?: unknown; errcode?: unknown }): string | undefined {
  if (typeof err.errcode === 'number') {
    const name = PRIMARY_CODES[err.errcode & 0xff];
    return name === undefined ? undefined : `SQLITE_${name}`;
  }
  if (typeof err.code === 'string') return /^SQLITE_[A-Z]+/.exec(err.code)?.[0];
  return undefined;
}

/**
 * The driver's error `thrown` in sqlite3's shape, so that one reading of it (Sequelize's, kitjs's DB-001
 * and SQLITE-010 guards) serves every driver: sqlite3's own errors as they are; node:sqlite's
 * (`ERR_SQLITE_ERROR`, `errcode` 2067) and better-sqlite3's (`SQLITE_CONSTRAINT_UNIQUE`) as a new Error
 * whose `code` is the primary code's name, whose message starts with it, and whose `cause` is the driver's
 * error. Anything that is not an SQLite error (a TypeError of the driver) is returned as it is.
 *
 * @example
 * ```ts
 * asSqlite3Error(nodeSqliteError).message; // 'SQLITE_CONSTRAINT: UNIQUE constraint failed: notes.slug'
 * ```
 */
export function asSqlite3Error(thrown: unknown): unknown {
  if (thrown === null || typeof thrown !== 'object') return thrown;
  const fields = thrown as { code?: unknown; errcode?: unknown; errno?: unknown; message?: unknown };
  // sqlite3's errors already have this shape: SQLITE_BUSY with errno 5, the message prefixed.
  if (
    typeof fields.code === 'string' &&
    typeof fields.errno === 'number' &&
    /^SQLITE_[A-Z]+$/.test(fields.code)
  ) {
    return thrown;
  }
  const code = primaryCode(fields);
  if (code === undefined) return thrown;
  const text = typeof fields.message === 'string' ? fields.message : String(thrown);
  const err = new Error(`${code}: ${text}`, { cause: thrown }) as SQLiteDriverError;
  err.code = code;
  err.errno = PRIMARY_CODES.indexOf(code.slice('SQLITE_'.length));
  return err;
}

// How Sequelize reads these errors (sqlite/query.js formatError), so that sequelizeClientFault words them
// for the direct API as it does for a model call: one registry of messages and codes.
function sequelizeView(err: SQLiteDriverError): object {
  if (err.code === 'SQLITE_CONSTRAINT') {
    if (err.message.includes('FOREIGN KEY constraint failed'))
      return { name: 'SequelizeForeignKeyConstraintError' };
    const unique = /UNIQUE constraint failed: (.*)/.exec(err.message);
    if (unique?.[1] !== undefined) {
      const fields = unique[1].split(', ').map((column) => column.slice(column.indexOf('.') + 1));
      return { name: 'SequelizeUniqueConstraintError', fields };
    }
  }
  return { name: 'SequelizeDatabaseError', original: err };
}

/**
 * The KitError the direct API (`db.all`, `db.get`, `db.run`, `db.exec`) rejects with for a driver error, or
 * undefined when the error stays the driver's (a 500: a syntax error, a missing table). A database that
 * cannot serve now (`SQLITE_BUSY`, `SQLITE_LOCKED`) is DB-001's `KIT_ERR_DB_UNAVAILABLE` (503); a unique
 * index's refusal `KIT_ERR_DB_UNIQUE` (409), a foreign key's `KIT_ERR_DB_REFERENCE` (409), NOT NULL, CHECK
 * and a type mismatch `KIT_ERR_DB_VALIDATION` (400), with the same messages as a model call's
 * (SQLITE-013). The classification is outage-errors.ts's and sequelize-client-errors.ts's, not a copy.
 *
 * @example
 * ```ts
 * try { stmt.run(values); } catch (err) { throw sqliteFault(err) ?? err; }
 * ```
 */
export function sqliteFault(driverError: unknown): KitError | undefined {
  // Already a KitError (a value refused before binding, a closed manager): final.
  if (HttpError.isHttpError(driverError)) return undefined;
  const outage = sequelizeOutage(driverError);
  if (outage !== undefined) return outage;
  const err = driverError as SQLiteDriverError;
  if (err === null || typeof err !== 'object' || typeof err.code !== 'string') return undefined;
  const fault = sequelizeClientFault(sequelizeView(err));
  // Worded by the shared guard, caused by the driver's error (not the view made to read it).
  return fault === undefined
    ? undefined
    : clientFault(fault.code as ClientFaultCode, fault.message, driverError);
}

/**
 * The 400 for a value that cannot be bound: an object, a list, a function, a symbol, a Date (SQLITE-013). A
 * Date is refused rather than guessed at: SQLite has no date type, and the application picks the form it
 * stores (`date.toISOString()`, `date.getTime()`).
 *
 * @example
 * ```ts
 * throw unbindable('"email"', { $ne: null }); // KIT_ERR_DB_VALIDATION, 400
 * ```
 */
export function unbindable(where: string, value: unknown): KitError {
  const kind = Array.isArray(value)
    ? 'a list'
    : value instanceof Date
      ? 'a Date'
      : typeof value === 'object'
        ? 'an object'
        : `a ${typeof value}`;
  return clientFault(
    'KIT_ERR_DB_VALIDATION',
    `Invalid data: the value of ${where} is ${kind}; only a string, a number, a bigint, a boolean, null or bytes can be stored`,
    undefined,
  );
}
