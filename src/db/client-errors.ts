/** Marks database errors caused by request data (bad types, failed validation, operator objects) as 400s. */
import type { Schema } from 'mongoose';
import type { Sequelize } from 'sequelize';

/** What kitjs's error handling reads: a 4xx status makes it answer 400 and show the message. */
interface ClientFault {
  status: number;
  statusCode: number;
  expose: boolean;
}

/**
 * Flags `err` in place as a client fault (400, message shown). The original error object is kept, so
 * application code that checks `instanceof ValidationError` or `err.name === 'CastError'` keeps working.
 *
 * @example
 * ```ts
 * try { await User.create(req.body); } catch (err) { throw asClientFault(err); } // now a 400
 * ```
 */
export function asClientFault<T>(err: T): T {
  if (err !== null && typeof err === 'object') {
    Object.assign(err, { status: 400, statusCode: 400, expose: true } satisfies ClientFault);
  }
  return err;
}

const MONGOOSE_CLIENT_ERRORS = new Set(['CastError', 'ValidationError', 'StrictModeError', 'ValidatorError']);
const guardedSchemas = new WeakSet<object>();

function isMongooseClientError(error: unknown): boolean {
  const { name, message } = (error ?? {}) as { name?: unknown; message?: unknown };
  if (typeof name === 'string' && MONGOOSE_CLIENT_ERRORS.has(name)) return true;
  // sanitizeFilter refuses $where, $expr, $jsonSchema and $text with a plain MongooseError.
  return (
    name === 'MongooseError' &&
    typeof message === 'string' &&
    message.endsWith('is not allowed with sanitizeFilter')
  );
}

/**
 * Adds an error middleware to a mongoose schema: a value that cannot be cast to the path's type (the
 * `{ $eq: { $ne: null } }` that `sanitizeFilter` makes of an operator object, `"abc"` for a Number) or a
 * document that fails validation becomes a 400 instead of a 500. Installed once per schema (MONGO-006).
 *
 * @example
 * ```ts
 * guardMongooseSchema(schema);
 * await User.findOne({ email: { $ne: null } }); // rejects with a CastError whose status is 400
 * ```
 */
export function guardMongooseSchema(schema: Schema): void {
  if (guardedSchemas.has(schema)) return;
  guardedSchemas.add(schema);
  const onError = (error: unknown, _result: unknown, next: (err?: unknown) => void): void => {
    next(isMongooseClientError(error) ? asClientFault(error) : error);
  };
  // A regular expression matches every query and document middleware name mongoose runs.
  schema.post(/.*/, { query: true, document: true }, onError as never);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
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
    if (isPlainObject(value) && Object.keys(value).some((k) => k.startsWith('$'))) return key;
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

/**
 * Sequelize hooks that refuse a `where` holding an object with `$` keys as a value (what a JSON body such
 * as `{"email":{"$ne":null}}` puts there) with a 400, before Sequelize's own "Invalid value" 500; and that
 * turn failed model validation into a 400. Real operators are symbols (`Op.ne`) no JSON body can produce.
 * SQLITE-008, and PG-003 on PostgreSQL.
 *
 * @example
 * ```ts
 * guardSequelize(sequelize);
 * await User.findOne({ where: { email: { $ne: null } } }); // rejects, status 400
 * ```
 */
export function guardSequelize(sequelize: Sequelize): void {
  const checkWhere = (options: { where?: unknown }): void => {
    const attribute = operatorLikeValue(options.where);
    if (attribute !== undefined) {
      throw asClientFault(new Error(`Invalid value for "${attribute}": an object is not allowed here`));
    }
  };
  // Sequelize v6 runs instance-wide 'validationFailed' hooks but its types only list it on models.
  const addHook = sequelize.addHook.bind(sequelize) as unknown as (
    name: string,
    fn: (...args: never[]) => unknown,
  ) => unknown;
  for (const hook of ['beforeFind', 'beforeCount', 'beforeBulkUpdate', 'beforeBulkDestroy']) {
    addHook(hook, checkWhere);
  }
  addHook('validationFailed', (_instance: unknown, _options: unknown, error: unknown) => {
    throw asClientFault(error);
  });
}
