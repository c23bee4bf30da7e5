import { setupError } from '../../base/errors.js';
/** Reads a postgres:// URL into the connection settings Sequelize takes, and a location safe to print. */

/** The parts of a `postgres://` URL kitjs uses; the password never appears in `location`. */
export interface PostgresTarget {
  host: string;
  port: number;
  database: string;
  username: string | undefined;
  password: string | undefined;
  /** `host:port/database`, for status lines and errors. */
  location: string;
  /** TLS asked for by `?sslmode=`, in `pg`'s terms; `undefined` when the URL says nothing. */
  ssl: boolean | Record<string, unknown> | undefined;
}

const SCHEME = /^postgres(?:ql)?:\/\//i;
const DEFAULT_PORT = 5432;

/** Whether `value` looks like a PostgreSQL connection URL (`postgres://` or `postgresql://`). */
export function isPostgresUrl(value: unknown): value is string {
  return typeof value === 'string' && SCHEME.test(value);
}

function decoded(part: string): string | undefined {
  if (part === '') return undefined;
  try {
    return decodeURIComponent(part);
  } catch {
    // The part may be a password: the message does not repeat it.
    throw setupError('KIT_ERR_SETUP_DB_OPTIONS', 'PostgreSQLManager: url holds a malformed percent-escape');
  }
}

/** What `?sslmode=` asks of the connection, as libpq reads it; `undefined` leaves TLS to the options. */
function sslFromMode(mode: string | null): boolean | Record<string, unknown> | undefined {
  if (mode === null) return undefined;
  if (mode === 'disable') return false;
  if (mode === 'require' || mode === 'prefer' || mode === 'allow') return { rejectUnauthorized: false };
  if (mode === 'verify-ca' || mode === 'verify-full') return { rejectUnauthorized: true };
  throw setupError(
    'KIT_ERR_SETUP_DB_OPTIONS',
    'PostgreSQLManager: url has an unknown sslmode (disable, allow, prefer, require, verify-ca, verify-full)',
  );
}

/**
 * Splits `postgres://user:password@host:port/database` into its parts. A missing port is 5432, a missing
 * host is `localhost`, a `host` query parameter (a Unix socket directory) replaces the host, and a
 * missing database is the user's name, as libpq does. Throws a `TypeError` for anything else (PG-001).
 *
 * @example
 * ```ts
 * parsePostgresUrl('postgres://app:s3cret@db:5433/shop').location; // 'db:5433/shop'
 * ```
 */
export function parsePostgresUrl(url: string): PostgresTarget {
  if (!isPostgresUrl(url)) {
    throw setupError(
      'KIT_ERR_SETUP_DB_OPTIONS',
      'PostgreSQLManager: url must be a string starting with postgres:// or postgresql://',
    );
  }
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    // The URL itself may hold a password: the message does not repeat it.
    throw setupError(
      'KIT_ERR_SETUP_DB_OPTIONS',
      'PostgreSQLManager: url is not a valid URL (postgres://user@host:port/database)',
    );
  }
  const username = decoded(parsed.username);
  const host = parsed.searchParams.get('host') ?? (parsed.hostname || 'localhost');
  const port = parsed.port === '' ? DEFAULT_PORT : Number(parsed.port);
  const database = decoded(parsed.pathname.replace(/^\//, '')) ?? username ?? 'postgres';
  const ssl = sslFromMode(parsed.searchParams.get('sslmode'));
  return {
    host: host.replace(/^\[(.*)\]$/, '$1'),
    port,
    database,
    username,
    password: decoded(parsed.password),
    location: `${host}:${port}/${database}`,
    ssl,
  };
}
