/** The mongoose guard: every client fault of a manager's model (cast, validation, operator, duplicate key) becomes a KitError. */
import type { Schema } from 'mongoose';
import type { KitError } from '../../base/errors.js';
import { HttpError } from '../../base/http-error.js';
import { clientFault, hasOperatorKeys, isPlainObject, quoted } from './client-errors.js';
import { mongooseOutage } from './outage-errors.js';

/** MongoDB's duplicate-key codes: a unique index refused the write. */
const DUPLICATE_KEY = new Set([11000, 11001, 12582]);
/** MongoDB's DocumentValidationFailure: the collection's own `$jsonSchema` validator refused the write. */
const DOCUMENT_VALIDATION_FAILURE = 121;

const guardedSchemas = new WeakSet<object>();

interface MongoErrorFields {
  name?: unknown;
  message?: unknown;
  code?: unknown;
  path?: unknown;
  kind?: unknown;
  value?: unknown;
  errors?: unknown;
  keyPattern?: unknown;
  keyValue?: unknown;
  writeErrors?: unknown;
}

/** The first duplicate-key write error of a bulk write, or the error itself. */
function duplicateKeyOf(fields: MongoErrorFields): MongoErrorFields | undefined {
  if (DUPLICATE_KEY.has(fields.code as number)) return fields;
  if (!Array.isArray(fields.writeErrors)) return undefined;
  for (const write of fields.writeErrors as { code?: unknown; err?: MongoErrorFields }[]) {
    if (DUPLICATE_KEY.has(write?.code as number)) return write.err ?? (write as MongoErrorFields);
  }
  return undefined;
}

function validationMessage(errors: unknown): string {
  const messages = isPlainObject(errors)
    ? Object.values(errors)
        .map((inner) => (inner as { message?: unknown } | null)?.message)
        .filter((message): message is string => typeof message === 'string' && message !== '')
    : [];
  return `Invalid data: ${messages.length > 0 ? messages.join('; ') : 'the document failed validation'}`;
}

/**
 * The KitError for a client fault mongoose or the MongoDB driver reported, or undefined for anything else:
 *
 * - a `CastError` in a query: `KIT_ERR_DB_OPERATOR` when the value is an object with `$` keys (what
 *   `sanitizeFilter` left of `{ "$ne": null }`), else `KIT_ERR_DB_VALIDATION` (`"abc"` for a Number, an
 *   object for a String, a malformed ObjectId);
 * - `$where`, `$expr`, `$jsonSchema` or `$text` refused by `sanitizeFilter` → `KIT_ERR_DB_OPERATOR`;
 * - a `ValidationError` (required, validators, casts on write), a `StrictModeError`, or the server's
 *   document validation → `KIT_ERR_DB_VALIDATION` (400);
 * - a duplicate key (E11000), alone or in a bulk write → `KIT_ERR_DB_UNIQUE` (409).
 *
 * Errors are recognised by name and code, not class: the app and kitjs may load two copies of mongoose.
 *
 * @example
 * ```ts
 * try { await User.create(body); } catch (err) { throw mongooseClientFault(err) ?? err; }
 * ```
 */
export function mongooseClientFault(err: unknown): KitError | undefined {
  if (err === null || typeof err !== 'object' || HttpError.isHttpError(err)) return undefined;
  const fields = err as MongoErrorFields;
  const path = typeof fields.path === 'string' ? fields.path : 'a field';
  switch (fields.name) {
    case 'CastError':
      if (hasOperatorKeys(fields.value)) {
        return clientFault(
          'KIT_ERR_DB_OPERATOR',
          `Invalid value for "${path}": an operator object is not allowed here`,
          err,
        );
      }
      return clientFault(
        'KIT_ERR_DB_VALIDATION',
        `Invalid value for "${path}": expected ${typeof fields.kind === 'string' ? fields.kind : 'another type'}`,
        err,
      );
    case 'ValidationError':
      return clientFault('KIT_ERR_DB_VALIDATION', validationMessage(fields.errors), err);
    case 'ValidatorError':
    case 'StrictModeError':
      return clientFault('KIT_ERR_DB_VALIDATION', `Invalid data: ${String(fields.message)}`, err);
    case 'MongooseError': {
      // sanitizeFilter refuses $where, $expr, $jsonSchema and $text with "<operator> is not allowed with sanitizeFilter".
      const refused = /^(\$\w+) is not allowed with sanitizeFilter/.exec(String(fields.message));
      if (refused === null) return undefined;
      return clientFault('KIT_ERR_DB_OPERATOR', `"${refused[1]}" is not allowed in a filter`, err);
    }
    default:
      break;
  }
  const duplicate = duplicateKeyOf(fields);
  if (duplicate !== undefined) {
    const pattern = duplicate.keyPattern ?? duplicate.keyValue;
    const keys = isPlainObject(pattern) ? Object.keys(pattern) : [];
    const what = keys.length > 0 ? `this ${quoted(keys)}` : 'this value';
    return clientFault('KIT_ERR_DB_UNIQUE', `A record with ${what} already exists`, err);
  }
  if (fields.code === DOCUMENT_VALIDATION_FAILURE) {
    return clientFault(
      'KIT_ERR_DB_VALIDATION',
      "Invalid data: the collection's validator refused the document",
      err,
    );
  }
  return undefined;
}

/**
 * Adds error middleware to a mongoose schema, so that every client fault {@link mongooseClientFault}
 * knows reaches the app as a KitError (an `HttpError` 4xx) with mongoose's error as `cause`, whichever
 * query, document or model call raised it, and so does an outage ({@link mongooseOutage}: a KitError
 * 503 with Retry-After). Installed once per schema (MONGO-006, MONGO-009, DB-001).
 *
 * @example
 * ```ts
 * guardMongooseSchema(schema);
 * await User.findOne({ email: { $ne: null } }); // rejects: KitError KIT_ERR_DB_OPERATOR, 400
 * ```
 */
export function guardMongooseSchema(schema: Schema): void {
  if (guardedSchemas.has(schema)) return;
  guardedSchemas.add(schema);
  const onError = (error: unknown, _result: unknown, next: (err?: unknown) => void): void => {
    // DB-001: a server that cannot be reached or is going away is a 503 with Retry-After.
    next(mongooseClientFault(error) ?? mongooseOutage(error) ?? error);
  };
  // A regular expression matches every query and document middleware name mongoose runs.
  schema.post(/.*/, { query: true, document: true }, onError as never);
  // Model middleware: the regular expression above does not reach these.
  for (const hook of ['insertMany', 'bulkWrite'] as const) schema.post(hook, onError as never);
}
