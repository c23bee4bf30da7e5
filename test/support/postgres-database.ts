/** A fresh, empty database per test on the test server, so tests never see each other's tables. */
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { withDatabase } from './postgres-server.js';

interface PgClient {
  connect(): Promise<void>;
  query(sql: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  end(): Promise<void>;
}
type PgModule = { Client: new (options: { connectionString: string }) => PgClient };

const pg = createRequire(import.meta.url)('pg') as PgModule;

/** Runs `sql` on the database of `url` in a connection of its own. */
export async function queryDatabase(url: string, sql: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql, values)).rows;
  } finally {
    await client.end();
  }
}

/** Runs `sql` on the server's maintenance database (`postgres`), whatever database `serverUrl` names. */
export function adminQuery(serverUrl: string, sql: string, values: unknown[] = []) {
  return queryDatabase(withDatabase(serverUrl, 'postgres'), sql, values);
}

/**
 * Creates an empty database named after `label` and a random suffix; resolves to its URL.
 *
 * @example
 * const url = await freshDatabase(serverUrl, 'race'); // postgres://postgres@127.0.0.1:40123/kit_race_1a2b3c4d
 */
export async function freshDatabase(serverUrl: string, label: string): Promise<string> {
  const name = `kit_${label.replace(/\W+/g, '_').toLowerCase()}_${randomBytes(4).toString('hex')}`;
  // Identifiers cannot be bound parameters; the name is built from \w characters only.
  await adminQuery(serverUrl, `CREATE DATABASE "${name}"`);
  return withDatabase(serverUrl, name);
}

/** Drops the database of `url`, cutting its remaining connections first (WITH (FORCE), PostgreSQL 13+). */
export async function dropDatabase(serverUrl: string, url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  if (!/^\w+$/.test(name)) throw new Error(`refusing to drop the database "${name}"`);
  await adminQuery(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
}
