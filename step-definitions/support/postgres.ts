/** PostgreSQL for `@postgres` scenarios: one server per run (test/support/postgres-server.ts), one fresh database per scenario. */
import { dropDatabase, freshDatabase } from '../../test/support/postgres-database.js';
import {
  type PostgresAvailability,
  postgresAvailability,
  stopPostgres,
} from '../../test/support/postgres-server.js';

const created: { server: string; url: string }[] = [];

/** Whether PostgreSQL is there for this run (started once, on the first `@postgres` scenario). */
export function postgresReady(): Promise<PostgresAvailability> {
  return postgresAvailability();
}

/**
 * A new empty database on the run's server, dropped by {@link dropScenarioDatabases}. Throws with the
 * reason when there is no server (the `@postgres` Before hook has skipped such scenarios already).
 */
export async function scenarioDatabase(label: string): Promise<string> {
  const outcome = await postgresAvailability();
  if ('reason' in outcome) throw new Error(outcome.reason);
  const url = await freshDatabase(outcome.url, label);
  created.push({ server: outcome.url, url });
  return url;
}

/** Drops the databases the scenario created (their connections are cut first). */
export async function dropScenarioDatabases(): Promise<void> {
  for (const { server, url } of created.splice(0)) await dropDatabase(server, url);
}

/** Stops the server this run started; a POSTGRES_URL server is left running. */
export const stopPostgresServer = stopPostgres;
