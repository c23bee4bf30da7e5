/** The Databases the adapter hands Sequelize on sqlite3 (the manager's own, a transaction's) and before one is open. */

import { asSqlite3Error } from './sqlite-errors.js';
import type { Sqlite3Connection } from './sqlite-sqlite3-connection.js';

/**
 * sqlite3's own Database, shared with the manager: the calls go to the manager's handle, except `close()`,
 * which only lets go of it (the manager closes it, after finalizing its cached statements).
 */
export class SharedSqlite3Database {
  readonly filename: string;
  readonly #native: Sqlite3Connection['native'];

  constructor(filename: string, connection: Sqlite3Connection) {
    this.filename = filename;
    this.#native = connection.native;
  }

  #forward(method: string, args: unknown[]): this {
    const native = this.#native as unknown as Record<string, (...inner: unknown[]) => unknown>;
    (native[method] as (...inner: unknown[]) => unknown).apply(native, args);
    return this;
  }

  all(...args: unknown[]): this {
    return this.#forward('all', args);
  }

  get(...args: unknown[]): this {
    return this.#forward('get', args);
  }

  run(...args: unknown[]): this {
    return this.#forward('run', args);
  }

  exec(...args: unknown[]): this {
    return this.#forward('exec', args);
  }

  serialize(fn?: () => void): void {
    this.#forward('serialize', [fn]);
  }

  parallelize(fn?: () => void): void {
    this.#forward('parallelize', [fn]);
  }

  configure(...args: unknown[]): void {
    this.#forward('configure', args);
  }

  close(callback?: (err: Error | null) => void): void {
    if (callback !== undefined) queueMicrotask(() => callback(null));
  }
}

/** A transaction's own sqlite3 connection: like the shared one, but closing it closes it. */
export class SharedSqlite3OwnedDatabase extends SharedSqlite3Database {
  readonly #connection: Sqlite3Connection;

  constructor(filename: string, connection: Sqlite3Connection) {
    super(filename, connection);
    this.#connection = connection;
  }

  override close(callback?: (err: Error | null) => void): void {
    this.#connection.close().then(
      () => callback?.(null),
      (err: Error) => callback?.(err),
    );
  }
}

/**
 * What `new Database(...)` returns at once: Sequelize keeps it and uses it only after `callback` said it is
 * open, so each call forwards to the database it became.
 */
export class PendingDatabase {
  readonly filename: string;
  #target: Record<string, (...args: unknown[]) => unknown> | undefined;

  constructor(filename: string, opened: Promise<object>, callback: (err: Error | null) => void) {
    this.filename = filename;
    opened.then(
      (target) => {
        this.#target = target as Record<string, (...args: unknown[]) => unknown>;
        callback(null);
      },
      (err: unknown) => callback(asSqlite3Error(err) as Error),
    );
  }

  #forward(method: string, args: unknown[]): unknown {
    const target = this.#target;
    if (target === undefined) throw new Error(`SQLiteManager: ${method}() on a database that is not open`);
    return (target[method] as (...inner: unknown[]) => unknown).apply(target, args);
  }

  all(...args: unknown[]): unknown {
    return this.#forward('all', args);
  }
  get(...args: unknown[]): unknown {
    return this.#forward('get', args);
  }
  run(...args: unknown[]): unknown {
    return this.#forward('run', args);
  }
  exec(...args: unknown[]): unknown {
    return this.#forward('exec', args);
  }
  serialize(...args: unknown[]): unknown {
    return this.#forward('serialize', args);
  }
  parallelize(...args: unknown[]): unknown {
    return this.#forward('parallelize', args);
  }
  configure(...args: unknown[]): unknown {
    return this.#forward('configure', args);
  }
  close(...args: unknown[]): unknown {
    if (this.#target === undefined) {
      const callback = args[0];
      if (typeof callback === 'function') queueMicrotask(() => (callback as (err: null) => void)(null));
      return undefined;
    }
    return this.#forward('close', args);
  }
}
