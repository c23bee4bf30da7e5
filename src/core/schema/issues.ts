/** A failed validation as kitjs reports it: `{ path, message }` issues in a 400 KitError, no rejected value in them. */
import { KitError } from '../../base/errors.js';

/** The part of a request a route schema checks. */
export type SchemaPart = 'params' | 'query' | 'headers' | 'body';

/** One problem with the input: where (property names and array indexes from the part's root) and what. */
export interface ValidationIssue {
  path: Array<string | number>;
  message: string;
}

/** What a part's check answers: the validated (maybe transformed) value, or the issues. */
export type PartOutcome = { value: unknown; issues?: undefined } | { issues: ValidationIssue[] };

/** A part's check (part-check.ts); a Standard Schema may answer with a promise (SCHEMA-002). */
export type PartCheck = (input: unknown) => PartOutcome | Promise<PartOutcome>;

/**
 * SCHEMA-004: the 400 a failed validation answers with: `KIT_ERR_VALIDATION`, the part that failed and its
 * issues, which the default answer sends as JSON (error-view.ts) and error handlers read.
 *
 * @example
 * ```ts
 * throw validationError('body', [{ path: ['email'], message: 'Required' }]);
 * ```
 */
export function validationError(part: SchemaPart, issues: ValidationIssue[]): KitError {
  const err = new KitError('KIT_ERR_VALIDATION', `Invalid request ${part}`);
  return Object.assign(err, { part, issues });
}

/**
 * An issue's message, unless it shows the rejected value itself (Valibot's `but received "secret"`): then a
 * generic one. SCHEMA-005: an answer never echoes what the client sent, which may be a password or a token.
 */
export function safeMessage(message: unknown, rejected: unknown): string {
  if (typeof message !== 'string' || message === '') return 'Invalid value';
  if (typeof rejected === 'string') {
    if (message.includes(JSON.stringify(rejected))) return 'Invalid value';
    if (rejected.length >= 4 && message.includes(rejected)) return 'Invalid value';
  } else if (typeof rejected === 'number' || typeof rejected === 'bigint' || typeof rejected === 'boolean') {
    if (quotesToken(message, String(rejected))) return 'Invalid value';
  }
  return message;
}

/** The value at `path` in `root`, or undefined; reads own data only. */
export function valueAt(root: unknown, path: ReadonlyArray<string | number>): unknown {
  let value = root;
  for (const key of path) {
    if (value === null || typeof value !== 'object' || !Object.hasOwn(value, key)) return undefined;
    value = (value as Record<string | number, unknown>)[key];
  }
  return value;
}

const WORD = /[\w]/;

/**
 * Whether `token` stands in `message` as a word of its own: not inside a longer number or name (`42` in
 * `1420` or `x42` is not it; a `.` before it, as in `0.42`, is part of another number). A plain search, so
 * no pattern is built from client data (HARD-008: every regex in src/ is written out).
 */
function quotesToken(message: string, token: string): boolean {
  for (let at = message.indexOf(token); at !== -1; at = message.indexOf(token, at + 1)) {
    const before = message[at - 1];
    const after = message[at + token.length];
    const startsAlone = before === undefined || (before !== '.' && !WORD.test(before));
    const endsAlone = after === undefined || !WORD.test(after);
    if (startsAlone && endsAlone) return true;
  }
  return false;
}
