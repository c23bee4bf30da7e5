/** The pg module as PostgreSQLManager hands it to Sequelize: every client listens for 'error' from birth, and one a statement found dead leaves the pool. */
import { logger } from '../../base/logger.js';

interface PgClient {
  on(event: 'error', listener: (err: Error) => void): unknown;
  query(...args: unknown[]): unknown;
}

/** The parts of `pg` this file touches; Sequelize reads the rest (`types`, `native`) through the prototype. */
export interface PgModule {
  Client: new (...args: never[]) => PgClient;
}

/**
 * True when a statement's error means its connection is gone: the server ended the session (a FATAL or
 * PANIC error, such as 57P01 admin_shutdown when it stops or an administrator ends it) or the socket
 * ended under it. pg's own words for the latter have no code.
 */
function endsConnection(err: unknown): boolean {
  if (err === null || typeof err !== 'object') return false;
  const { severity, code, message } = err as { severity?: unknown; code?: unknown; message?: unknown };
  if (severity === 'FATAL' || severity === 'PANIC') return true;
  if (code === 'ECONNRESET' || code === 'EPIPE') return true;
  return typeof message === 'string' && message.startsWith('Connection terminated');
}

/**
 * Returns `pg` with a Client that can never emit an unheard 'error', and that a dead connection does not
 * outlive in the pool.
 *
 * - Sequelize adds its own 'error' listener only after `connect()` has resolved, a microtask later; when
 *   the server ends a connection in the same packet as its first ReadyForQuery (a restart, `DROP DATABASE
 *   ... WITH (FORCE)`, `pg_terminate_backend` as the pool grows) pg emits 'error' in between, and an
 *   'error' nobody hears kills the process.
 * - DB-001: when the server ends a session under a running statement (a fast shutdown, an administrator),
 *   the statement's error comes first and the socket's end a moment later; Sequelize gives the connection
 *   back to the pool in between, and the next caller would get it, dead, for one more 503 after the
 *   outage. Marking it on the statement's error closes that gap.
 *
 * Marked `_invalid`, the connection fails Sequelize's `validate()` and the pool throws it away.
 */
export function guardedPg(pg: PgModule): PgModule {
  const Base = pg.Client;
  class GuardedClient extends Base {
    constructor(...args: never[]) {
      super(...args);
      this.on('error', (err) => {
        this.#invalidate();
        logger.warn({ err }, 'a PostgreSQL connection failed; the pool drops it');
      });
    }

    override query(...args: unknown[]): unknown {
      const last = args.length - 1;
      const callback = args[last];
      if (typeof callback === 'function') {
        // Sequelize's form: query(sql, [values,] callback).
        args[last] = (err: unknown, result: unknown) => {
          if (endsConnection(err)) this.#invalidate();
          return (callback as (err: unknown, result: unknown) => unknown)(err, result);
        };
        return super.query(...args);
      }
      const outcome = super.query(...args);
      // The promise form (Sequelize's setup statements of a new connection): watched on a branch, so the
      // caller's promise and its rejection are untouched.
      if (outcome instanceof Promise) {
        outcome.then(undefined, (err: unknown) => {
          if (endsConnection(err)) this.#invalidate();
        });
      }
      return outcome;
    }

    #invalidate(): void {
      (this as { _invalid?: boolean })._invalid = true;
    }
  }
  return Object.assign(Object.create(pg) as PgModule, { Client: GuardedClient });
}
