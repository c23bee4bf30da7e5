/** What the database managers share to turn a fault in a request's data into a KitError 4xx. */
import { KitError, type KitErrorCode } from '../../base/errors.js';
import { isPlainObject } from '../../base/plain-object.js';

// The db guards read it from here with the other client-fault helpers.
export { isPlainObject };

/** The codes of the faults a client's data can cause in a manager (SQLITE-010, PG-007, MONGO-009). */
export type ClientFaultCode = Extract<
  KitErrorCode,
  'KIT_ERR_DB_OPERATOR' | 'KIT_ERR_DB_VALIDATION' | 'KIT_ERR_DB_UNIQUE' | 'KIT_ERR_DB_REFERENCE'
>;

/**
 * The KitError for a client fault: the registry's status (400, or 409 for a conflict), the message shown,
 * and the driver's or ORM's own error as `cause`, for the log and for code that needs its details.
 *
 * @example
 * ```ts
 * throw clientFault('KIT_ERR_DB_UNIQUE', 'A record with this "email" already exists', err);
 * ```
 */
export function clientFault(code: ClientFaultCode, message: string, cause: unknown): KitError {
  return new KitError(code, message, { cause });
}

/** An object with a `$` key, such as the `{ "$ne": null }` a JSON body carries to try an operator. */
export function hasOperatorKeys(value: unknown): boolean {
  return isPlainObject(value) && Object.keys(value).some((key) => key.startsWith('$'));
}

/** `"email"`, or `"email", "tenant"`: field names as messages quote them. */
export function quoted(fields: readonly string[]): string {
  return fields.map((field) => `"${field}"`).join(', ');
}
