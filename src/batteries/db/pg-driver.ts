/** The pg module as PostgreSQLManager hands it to Sequelize: every client listens for 'error' from birth. */
import { logger } from '../../base/logger.js';

interface PgClient {
  on(event: 'error', listener: (err: Error) => void): unknown;
}

/** The parts of `pg` this file touches; Sequelize reads the rest (`types`, `native`) through the prototype. */
export interface PgModule {
  Client: new (...args: never[]) => PgClient;
}

/**
 * Returns `pg` with a Client that can never emit an unheard 'error'. Sequelize adds its own listener only
 * after `connect()` has resolved, a microtask later; when the server ends a connection in the same packet
 * as its first ReadyForQuery (a restart, `DROP DATABASE ... WITH (FORCE)`, `pg_terminate_backend` as the
 * pool grows) pg emits 'error' in between, and an 'error' nobody hears kills the process. Marked
 * `_invalid`, the connection fails Sequelize's `validate()` and the pool throws it away.
 */
export function guardedPg(pg: PgModule): PgModule {
  const Base = pg.Client;
  class GuardedClient extends Base {
    constructor(...args: never[]) {
      super(...args);
      this.on('error', (err) => {
        (this as { _invalid?: boolean })._invalid = true;
        logger.warn({ err }, 'a PostgreSQL connection failed; the pool drops it');
      });
    }
  }
  return Object.assign(Object.create(pg) as PgModule, { Client: GuardedClient });
}
