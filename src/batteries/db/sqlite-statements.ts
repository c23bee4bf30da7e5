/** The direct API's statements: values checked and bound the same on every driver, and a bounded cache of prepared statements. */
import { unbindable } from './sqlite-errors.js';

/**
 * A value the direct API binds to a parameter: a string, a number, a bigint, a boolean (stored as 1 or 0),
 * null or undefined (stored as NULL), or bytes (a `Buffer` or `Uint8Array`, stored as a BLOB).
 *
 * @example
 * ```ts
 * const values: SQLiteValue[] = ['ada@example.com', 36, true, null];
 * ```
 */
export type SQLiteValue = string | number | bigint | boolean | null | undefined | Uint8Array;

/**
 * The values of a statement: a list for its positional `?` parameters, an object for its named ones (`:id`,
 * `@id`, `$id` all take the key `id`), or one value for a single `?`. The values are typed `unknown`, as
 * request data arrives: what is not an {@link SQLiteValue} is refused at run time with a 400 (SQLITE-013).
 *
 * @example
 * ```ts
 * await db.all('SELECT * FROM notes WHERE ownerId = ? LIMIT ?', [userId, 20]);
 * await db.run('UPDATE notes SET text = :text WHERE id = :id', { id: 7, text: 'done' });
 * ```
 */
export type SQLiteParams = readonly unknown[] | { readonly [name: string]: unknown } | SQLiteValue;

/** What a driver binds: a list of positional values, or named values keyed as the driver reads them. */
export type DriverArgs = readonly BoundValue[] | Record<string, BoundValue>;
type BoundValue = string | number | bigint | null | Uint8Array;

/** How a driver keys named values: better-sqlite3 by bare name (`id`), node:sqlite and sqlite3 as written (`:id`). */
export type NamedStyle = 'bare' | 'prefixed';

/** A named parameter of a statement: `{ key: 'id', name: ':id' }`. */
export interface NamedParameter {
  readonly key: string;
  readonly name: string;
}

const NAME_CHARS = /[0-9A-Za-z_\u0080-\uffff]+/y;

/**
 * The named parameters of `sql` (`:id`, `@id`, `$id`), each once, skipping quoted text, quoted identifiers
 * and comments. The drivers disagree on named values (sqlite3 wants `:id` keys, better-sqlite3 `id`, and
 * they differ on a missing or an extra key): reading the names from the SQL once, when the statement is
 * prepared, lets every driver bind them alike (SQLITE-012).
 *
 * @example
 * ```ts
 * namedParameters("SELECT ':x', @id -- :y"); // [{ key: 'id', name: '@id' }]
 * ```
 */
export function namedParameters(sql: string): NamedParameter[] {
  const found = new Map<string, string>();
  const skipTo = (from: number, end: string): number => {
    const at = sql.indexOf(end, from);
    return at < 0 ? sql.length : at + end.length;
  };
  let i = 0;
  while (i < sql.length) {
    const c = sql[i] as string;
    if (c === "'" || c === '"' || c === '`') i = skipTo(i + 1, c);
    else if (c === '[') i = skipTo(i + 1, ']');
    else if (c === '-' && sql[i + 1] === '-') i = skipTo(i + 2, '\n');
    else if (c === '/' && sql[i + 1] === '*') i = skipTo(i + 2, '*/');
    else if (c === ':' || c === '@' || c === '$') {
      NAME_CHARS.lastIndex = i + 1;
      const key = NAME_CHARS.exec(sql)?.[0];
      if (key === undefined) i += 1;
      else {
        found.set(c + key, key);
        i += 1 + key.length;
      }
    } else i += 1;
  }
  return [...found].map(([name, key]) => ({ key, name }));
}

/** `value` as the drivers all bind it, or the 400 of SQLITE-013 for what none should store. */
function bound(value: unknown, where: () => string): BoundValue {
  switch (typeof value) {
    case 'string':
    case 'number':
    case 'bigint':
      return value;
    case 'boolean':
      return value ? 1 : 0;
    case 'undefined':
      return null;
    case 'object':
      if (value === null || value instanceof Uint8Array) return value;
      break;
    default:
      break;
  }
  throw unbindable(where(), value);
}

/** True for a value every driver binds as it is (no copy of the list is needed). */
function bindsAsIs(value: unknown): boolean {
  const type = typeof value;
  return type === 'string' || type === 'number' || type === 'bigint' || value === null;
}

/**
 * The values of one call as the driver binds them: a list stays a list (copied only when a value needs
 * converting), one value becomes a list of one, an object is read for the statement's named parameters
 * (own properties only, so `constructor` or `__proto__` never reach the SQL; a missing key is NULL, a key
 * the statement does not name is ignored). A value that cannot be bound throws the 400 KitError.
 *
 * @example
 * ```ts
 * driverArgs({ id: '7' }, [{ key: 'id', name: ':id' }], 'prefixed'); // { ':id': '7' }
 * ```
 */
export function driverArgs(
  params: unknown,
  named: () => readonly NamedParameter[],
  style: NamedStyle,
): DriverArgs {
  if (params === undefined) return [];
  if (Array.isArray(params)) {
    let all = true;
    for (let i = 0; i < params.length; i++) all &&= bindsAsIs(params[i]);
    if (all) return params as BoundValue[];
    return params.map((value, i) => bound(value, () => `parameter ${i + 1}`));
  }
  if (params === null || typeof params !== 'object' || params instanceof Uint8Array) {
    return [bound(params, () => 'parameter 1')];
  }
  const values: Record<string, BoundValue> = {};
  for (const { key, name } of named()) {
    const value = Object.hasOwn(params, key) ? (params as Record<string, unknown>)[key] : undefined;
    values[style === 'bare' ? key : name] = bound(value, () => `"${key}"`);
  }
  return values;
}

/**
 * A least-recently-used cache of prepared statements by SQL text, at most `limit` of them: a statement is
 * prepared once and run many times, and SQL built with values in it (which the direct API does not need)
 * cannot grow the cache without bound. `evicted` releases a statement that falls out.
 *
 * @example
 * ```ts
 * const cache = new StatementCache<Stmt>(100, (stmt) => stmt.finalize());
 * const stmt = cache.get(sql) ?? cache.add(sql, db.prepare(sql));
 * ```
 */
export class StatementCache<S> {
  readonly #entries = new Map<string, S>();
  readonly #limit: number;
  readonly #evicted: (statement: S) => void;

  constructor(limit: number, evicted: (statement: S) => void) {
    this.#limit = limit;
    this.#evicted = evicted;
  }

  /** The statement for `sql`, now the most recently used, or undefined. */
  get(sql: string): S | undefined {
    const entries = this.#entries;
    const statement = entries.get(sql);
    if (statement !== undefined) {
      // A Map iterates in insertion order: re-inserting makes it the last to be evicted.
      entries.delete(sql);
      entries.set(sql, statement);
    }
    return statement;
  }

  /** Keeps `statement` for `sql`, evicting the least recently used one past the limit; returns it. */
  add(sql: string, statement: S): S {
    this.#entries.set(sql, statement);
    if (this.#entries.size > this.#limit) {
      const oldest = this.#entries.keys().next().value as string;
      const old = this.#entries.get(oldest) as S;
      this.#entries.delete(oldest);
      this.#evicted(old);
    }
    return statement;
  }

  /** Forgets `sql` without releasing its statement (a statement whose preparation failed). */
  forget(sql: string): void {
    this.#entries.delete(sql);
  }

  /** Empties the cache and hands back what it held, for the caller to release. */
  drain(): S[] {
    const all = [...this.#entries.values()];
    this.#entries.clear();
    return all;
  }

  /** How many statements it holds. */
  get size(): number {
    return this.#entries.size;
  }
}
