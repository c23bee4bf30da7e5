/** The Sequelize guard: an operator object in a where is refused, and every client fault of a model call becomes a KitError. */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Sequelize } from 'sequelize';
import type { KitError } from '../../base/errors.js';
import { HttpError } from '../../base/http-error.js';
import {
  type ClientFaultCode,
  clientFault,
  hasOperatorKeys,
  isPlainObject,
  quoted,
} from './client-errors.js';

/** The model calls an application makes; each one's error is translated once, where it leaves Sequelize. */
const MODEL_STATICS = [
  'findAll',
  'findOne',
  'findByPk',
  'findAndCountAll',
  'findOrBuild',
  'findOrCreate',
  'findCreateFind',
  'count',
  'aggregate',
  'max',
  'min',
  'sum',
  'create',
  'bulkCreate',
  'update',
  'destroy',
  'restore',
  'upsert',
  'increment',
  'decrement',
] as const;
const INSTANCE_METHODS = [
  'save',
  'update',
  'destroy',
  'restore',
  'reload',
  'increment',
  'decrement',
  'validate',
] as const;

/**
 * Set while a model call runs. Sequelize calls its own methods from inside others and reads their errors
 * (findOrCreate retries on a UniqueConstraintError from create), so only the outermost call translates.
 */
const insideModelCall = new AsyncLocalStorage<true>();

type AnyFunction = (this: unknown, ...args: unknown[]) => unknown;

function translating(original: AnyFunction): AnyFunction {
  return function (this: unknown, ...args: unknown[]) {
    if (insideModelCall.getStore()) return original.apply(this, args);
    return insideModelCall.run(true, async () => {
      try {
        return await original.apply(this, args);
      } catch (err) {
        throw sequelizeClientFault(err) ?? err;
      }
    });
  };
}

function wrapMethods(target: Record<string, unknown>, names: readonly string[]): void {
  for (const name of names) {
    const original = target[name];
    if (typeof original === 'function') target[name] = translating(original as AnyFunction);
  }
}

// SQLSTATE codes of PostgreSQL's data exceptions (class 22) that a value sent by a client causes.
const PG_DATA_EXCEPTIONS: Readonly<Record<string, string>> = {
  '22001': 'a value is too long for its column',
  '22003': 'a number is out of range for its column',
  '22007': 'a date or time is not valid',
  '22008': 'a date or time is out of range',
  '22021': 'a text holds a character its column cannot store',
  '22025': 'a pattern holds an invalid escape',
  '22P02': "a value is not of its column's type",
  '22P05': 'a text holds a character its column cannot store',
};

function driverError(err: object): { code?: unknown; message?: unknown; column?: unknown } {
  const original = (err as { original?: unknown; parent?: unknown }).original;
  return original !== null && typeof original === 'object' ? original : {};
}

/** `"email"` from SQLite's `NOT NULL constraint failed: Users.email`, or PostgreSQL's `column`. */
function notNullColumn(driver: { message?: unknown; column?: unknown }): string | undefined {
  if (typeof driver.column === 'string') return driver.column;
  const match = /NOT NULL constraint failed: (?:[^.\s]+\.)?(\S+)/.exec(String(driver.message ?? ''));
  return match?.[1];
}

function uniqueFields(err: { fields?: unknown }): string[] {
  const { fields } = err;
  if (Array.isArray(fields)) return fields.filter((field): field is string => typeof field === 'string');
  if (isPlainObject(fields)) return Object.keys(fields);
  return [];
}

function validationMessage(err: { errors?: unknown; message?: unknown }): string {
  const items = Array.isArray(err.errors) ? err.errors : [];
  const messages = items
    .map((item) => (item as { message?: unknown }).message)
    .filter((message): message is string => typeof message === 'string' && message !== '');
  return `Invalid data: ${messages.length > 0 ? messages.join('; ') : 'the record failed validation'}`;
}

/**
 * The KitError for a client fault Sequelize reported, or undefined for anything else (a server fault stays
 * as it is). Errors are recognised by name, not class: the app and kitjs may load two copies of sequelize.
 *
 * - `SequelizeUniqueConstraintError` → `KIT_ERR_DB_UNIQUE` (409), `SequelizeForeignKeyConstraintError` →
 *   `KIT_ERR_DB_REFERENCE` (409);
 * - `SequelizeValidationError` (model validation, and the type checks of `typeValidation`), Sequelize's
 *   `Invalid value {...}` for an object where one value belongs, a `findByPk` key that is not a string or
 *   number, PostgreSQL's data exceptions and NOT NULL / CHECK violations on either database →
 *   `KIT_ERR_DB_VALIDATION` (400).
 *
 * @example
 * ```ts
 * try { await User.create(body); } catch (err) { throw sequelizeClientFault(err) ?? err; }
 * ```
 */
export function sequelizeClientFault(err: unknown): KitError | undefined {
  if (err === null || typeof err !== 'object' || HttpError.isHttpError(err)) return undefined;
  const { name, message } = err as { name?: unknown; message?: unknown };
  switch (name) {
    case 'SequelizeUniqueConstraintError': {
      const fields = uniqueFields(err as { fields?: unknown });
      const what = fields.length > 0 ? `this ${quoted(fields)}` : 'this value';
      return clientFault('KIT_ERR_DB_UNIQUE', `A record with ${what} already exists`, err);
    }
    case 'SequelizeForeignKeyConstraintError':
      return clientFault(
        'KIT_ERR_DB_REFERENCE',
        'The change refers to a record that does not exist, or removes one still referred to',
        err,
      );
    case 'SequelizeValidationError':
      return clientFault('KIT_ERR_DB_VALIDATION', validationMessage(err), err);
    case 'SequelizeDatabaseError': {
      const driver = driverError(err);
      const code = String(driver.code ?? '');
      const text = String(driver.message ?? '');
      const phrase = PG_DATA_EXCEPTIONS[code];
      if (phrase !== undefined) return clientFault('KIT_ERR_DB_VALIDATION', `Invalid data: ${phrase}`, err);
      if (code === '23502' || (code === 'SQLITE_CONSTRAINT' && text.includes('NOT NULL constraint'))) {
        const column = notNullColumn(driver);
        const what = column === undefined ? 'a required value' : `"${column}"`;
        return clientFault('KIT_ERR_DB_VALIDATION', `Invalid data: ${what} cannot be null`, err);
      }
      if (code === '23514' || (code === 'SQLITE_CONSTRAINT' && text.includes('CHECK constraint'))) {
        return clientFault(
          'KIT_ERR_DB_VALIDATION',
          'Invalid data: a CHECK constraint refused the record',
          err,
        );
      }
      if (code === 'SQLITE_MISMATCH') {
        return clientFault('KIT_ERR_DB_VALIDATION', "Invalid data: a value is not of its column's type", err);
      }
      return undefined;
    }
    case 'AggregateError':
      // bulkCreate({ validate: true }) gathers each refused record's error in a BulkRecordError.
      return bulkFault(err as { errors?: unknown });
    default:
      break;
  }
  if (typeof message !== 'string') return undefined;
  // Sequelize 6's own texts (sql-string.js, model.js), pinned by test/db/sqlite-manager.test.ts.
  if (message.startsWith('Invalid value ')) {
    return clientFault(
      'KIT_ERR_DB_VALIDATION',
      'Invalid data: an object or a list is not allowed where one value belongs',
      err,
    );
  }
  if (message.startsWith('Argument passed to findByPk is invalid')) {
    return clientFault('KIT_ERR_DB_VALIDATION', 'Invalid data: a key must be a string or a number', err);
  }
  return undefined;
}

/** One KitError for a bulk call whose every record was refused for a client fault; undefined otherwise. */
function bulkFault(err: { errors?: unknown }): KitError | undefined {
  const items = Array.isArray(err.errors) ? err.errors : [];
  const faults = items.map((item) => {
    const { name, errors } = (item ?? {}) as { name?: unknown; errors?: unknown };
    return sequelizeClientFault(name === 'SequelizeBulkRecordError' ? errors : item);
  });
  const [first] = faults;
  if (first === undefined || !faults.every((fault) => fault?.code === first.code)) return undefined;
  const more = faults.length > 1 ? ` (and ${faults.length - 1} more records)` : '';
  return clientFault(first.code as ClientFaultCode, `${first.message}${more}`, err);
}

/** The attribute whose value is an object with `$` keys, searched through `and`/`or` arrays and objects. */
function operatorLikeValue(where: unknown, depth = 0): string | undefined {
  if (depth > 32) return undefined;
  if (Array.isArray(where)) {
    for (const item of where) {
      const found = operatorLikeValue(item, depth + 1);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (!isPlainObject(where)) return undefined;
  for (const [key, value] of Object.entries(where)) {
    if (hasOperatorKeys(value)) return key;
    const nested = operatorLikeValue(value, depth + 1);
    if (nested !== undefined) return nested;
  }
  // Symbol operators (Op.and, Op.or) hold the nested conditions; Object.entries skips them.
  for (const symbol of Object.getOwnPropertySymbols(where)) {
    const nested = operatorLikeValue(where[symbol as unknown as string], depth + 1);
    if (nested !== undefined) return nested;
  }
  return undefined;
}

/** The same search in the `where` of each `include`, at any depth. */
function operatorLikeInclude(include: unknown, depth = 0): string | undefined {
  if (depth > 32) return undefined;
  const items = Array.isArray(include) ? include : [include];
  for (const item of items) {
    if (item === null || typeof item !== 'object') continue;
    const { where, include: nested } = item as { where?: unknown; include?: unknown };
    const found = operatorLikeValue(where) ?? operatorLikeInclude(nested, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * Guards a Sequelize instance: a `where` holding an object with `$` keys as a value (what a JSON body such
 * as `{"email":{"$ne":null}}` puts there) is refused with `KIT_ERR_DB_OPERATOR` before any SQL runs (real
 * operators are symbols, `Op.ne`, which no JSON body can produce; SQLITE-008); and every model defined on
 * it has its calls' client faults turned into KitErrors by {@link sequelizeClientFault} (SQLITE-010,
 * PG-007), with the Sequelize error kept as `cause`.
 *
 * @example
 * ```ts
 * guardSequelize(sequelize);
 * await User.findOne({ where: { email: { $ne: null } } }); // rejects: KitError KIT_ERR_DB_OPERATOR, 400
 * ```
 */
export function guardSequelize(sequelize: Sequelize): void {
  const checkWhere = (options: { where?: unknown; include?: unknown }): void => {
    const attribute = operatorLikeValue(options.where) ?? operatorLikeInclude(options.include);
    if (attribute !== undefined) {
      throw clientFault(
        'KIT_ERR_DB_OPERATOR',
        `Invalid value for "${attribute}": an operator object is not allowed here`,
        undefined,
      );
    }
  };
  // Sequelize v6 runs instance-wide hooks of any name, but its types list only some on the instance.
  const addHook = sequelize.addHook.bind(sequelize) as unknown as (
    name: string,
    fn: (...args: never[]) => unknown,
  ) => unknown;
  for (const hook of ['beforeFind', 'beforeCount', 'beforeBulkUpdate', 'beforeBulkDestroy']) {
    addHook(hook, checkWhere);
  }
  // Runs for `define` and for `Model.init`, so every model of this instance is covered.
  addHook('afterDefine', (model: Record<string, unknown> & { prototype: Record<string, unknown> }) => {
    wrapMethods(model, MODEL_STATICS);
    wrapMethods(model.prototype, INSTANCE_METHODS);
  });
}

/**
 * True for a unique-index refusal, as Sequelize reports it (`SequelizeUniqueConstraintError`) or as a
 * manager's model call does (`KIT_ERR_DB_UNIQUE`, whose `cause` is Sequelize's error).
 *
 * @example
 * ```ts
 * if (isUniqueViolationError(err)) throw new HttpError(409, 'Email taken');
 * ```
 */
export function isUniqueViolationError(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  return (
    err.name === 'SequelizeUniqueConstraintError' || (err as { code?: unknown }).code === 'KIT_ERR_DB_UNIQUE'
  );
}
