/** The reference server's settings: read from the environment once, then passed down (never read again). */
import type { ThrottleLimits } from './throttle/login-throttle.js';

/** Where the accounts live, as the environment chose it. */
export type StorageConfig =
  | { kind: 'postgres'; url: string; maxConnections: number }
  | { kind: 'mongodb'; uri: string }
  | { kind: 'sqlite'; path: string };

/** Every setting of the server, read from the environment by {@link readConfig} and passed down from here. */
export interface ServerConfig {
  port: number;
  /** Undefined: every interface, as Node does. */
  host: string | undefined;
  /** Undefined when JWT_SECRET is unset (a random one is made for the run, outside production). */
  jwtSecret: string | undefined;
  production: boolean;
  storage: StorageConfig;
  throttle: ThrottleLimits;
  trustedProxies: number;
  /**
   * REF-037: how long the server keeps serving after SIGTERM/SIGINT, with /readyz answering 503, before it stops
   * accepting connections: the load balancer's time to notice and take the instance out.
   */
  shutdownDelayMs: number;
}

/** A setting the environment got wrong: the server prints the message and exits 1. */
export class ConfigError extends Error {}

/** `name`'s value, trimmed; '' when unset. */
function text(env: NodeJS.ProcessEnv, name: string): string {
  return (env[name] ?? '').trim();
}

/** The longest delay a Node timer keeps: a longer one fires after 1 ms (with a warning) instead. */
const LONGEST_TIMER_MS = 2_147_483_647;

/** A whole number from `name`, or `fallback` when it is unset. */
function count<T extends number | undefined>(
  env: NodeJS.ProcessEnv,
  name: string,
  fallback: T,
  least: number,
  most = Number.MAX_SAFE_INTEGER,
): T | number {
  const raw = text(env, name);
  if (raw === '') return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < least)
    throw new ConfigError(`${name} must be a whole number of at least ${least} (got "${raw}")`);
  if (Number(raw) > most) throw new ConfigError(`${name} must be at most ${most} (got "${raw}")`);
  return Number(raw);
}

/**
 * Reads the server's settings from `env` (process.env by default) once, and throws a {@link ConfigError}
 * naming the variable when one is wrong. Nothing else in the app reads the environment (REF-011): the values are passed down.
 *
 * @example
 * const config = readConfig({ PORT: '0', DATABASE_PATH: './data/users.sqlite' });
 */
export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  // PORT: default 3000; 0 asks the system for a free port (the banner prints the one chosen) (REF-011).
  const rawPort = text(env, 'PORT');
  const port = rawPort === '' ? 3000 : Number(rawPort);
  if (rawPort !== '' && (!/^\d+$/.test(rawPort) || port > 65_535)) {
    throw new ConfigError(`PORT must be a number from 0 to 65535 (got "${rawPort}")`);
  }
  const jwtSecret = text(env, 'JWT_SECRET');
  return {
    port,
    // Unset: every interface, as Node does. HOST=127.0.0.1 keeps the service on this machine.
    host: text(env, 'HOST') || undefined,
    jwtSecret: jwtSecret === '' ? undefined : jwtSecret,
    production: env.NODE_ENV === 'production',
    storage: readStorage(env),
    throttle: {
      perEmail: count(env, 'LOGIN_LIMIT_PER_EMAIL', undefined, 1),
      perAddress: count(env, 'LOGIN_LIMIT_PER_ADDRESS', undefined, 1),
      windowSeconds: count(env, 'LOGIN_WINDOW_SECONDS', undefined, 1),
    },
    trustedProxies: count(env, 'TRUST_PROXY', 0, 0),
    // REF-037: 0 for `npm start` (no balancer to wait for); behind one, its detection time plus a margin.
    shutdownDelayMs: count(env, 'SHUTDOWN_DELAY_MS', 0, 0, LONGEST_TIMER_MS),
  };
}

/**
 * DATABASE_URL (postgres://) picks PostgreSQL, and wins over everything else; then MONGODB_URI picks
 * MongoDB; otherwise SQLite, on the DATABASE_PATH file or in memory (REF-030, REF-009, REF-008).
 */
function readStorage(env: NodeJS.ProcessEnv): StorageConfig {
  const url = text(env, 'DATABASE_URL');
  if (url !== '') {
    if (!/^postgres(ql)?:\/\//i.test(url)) {
      throw new ConfigError(
        'DATABASE_URL must be a PostgreSQL URL: postgres://user:password@host:port/database',
      );
    }
    // REF-030: DATABASE_POOL_MAX caps this instance's connections.
    return { kind: 'postgres', url, maxConnections: count(env, 'DATABASE_POOL_MAX', 10, 1) };
  }
  const uri = text(env, 'MONGODB_URI');
  if (uri !== '') return { kind: 'mongodb', uri };
  return { kind: 'sqlite', path: text(env, 'DATABASE_PATH') || ':memory:' };
}
