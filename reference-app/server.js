/** `npm start`: reads the environment, opens the user store, serves the reference app, and shuts down cleanly. */
import { randomBytes } from 'node:crypto';
import * as kitjs from 'kitjs';
import { createApp } from './app.js';
import { createMongoStore } from './stores/mongo-store.js';
import { createPostgresStore } from './stores/postgres-store.js';
import { createSqliteStore } from './stores/sqlite-store.js';

const { logger } = kitjs;
/** How long in-flight requests may take to finish after SIGINT/SIGTERM before their connections are cut. */
const DRAIN_TIMEOUT_MS = 10_000;

/** Prints a start-up failure the way a newcomer will read it, and exits with 1. */
function refuse(message) {
  logger.fatal(message);
  console.error(`\n  ${message}\n`);
  process.exit(1);
}

/** JWT_SECRET, or a random one for this run. Production without a secret is a misconfiguration, not a default. */
function ensureJwtSecret() {
  if ((process.env.JWT_SECRET ?? '').trim() !== '') return;
  if (process.env.NODE_ENV === 'production') {
    refuse(
      'JWT_SECRET is not set, and NODE_ENV is "production": refusing to start. Set JWT_SECRET to a long random ' +
        "value (for example: node -e \"console.log(require('node:crypto').randomBytes(32).toString('hex'))\").",
    );
  }
  process.env.JWT_SECRET = randomBytes(32).toString('hex');
  logger.warn(
    'JWT_SECRET is not set: using a random secret for this run. Tokens will not survive a restart; set JWT_SECRET to keep them valid.',
  );
}

/** PORT: default 3000; 0 asks the system for a free port (the banner prints the one chosen) (REF-011). */
function readPort() {
  const raw = (process.env.PORT ?? '').trim();
  if (raw === '') return 3000;
  const port = Number(raw);
  if (!/^\d+$/.test(raw) || port > 65_535) refuse(`PORT must be a number from 0 to 65535 (got "${raw}")`);
  return port;
}

/** A whole number from the environment variable `name`, or `fallback` when it is unset. */
function readCount(name, fallback, least) {
  const raw = (process.env[name] ?? '').trim();
  if (raw === '') return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < least)
    refuse(`${name} must be a whole number of at least ${least} (got "${raw}")`);
  return Number(raw);
}

/**
 * DATABASE_URL (postgres://) picks PostgreSQL, and wins over everything else; then MONGODB_URI picks
 * MongoDB; otherwise SQLite, on the DATABASE_PATH file or in memory (REF-030, REF-009, REF-008).
 */
function storeFromEnvironment() {
  const databaseUrl = (process.env.DATABASE_URL ?? '').trim();
  if (databaseUrl !== '') {
    if (!/^postgres(ql)?:\/\//i.test(databaseUrl)) {
      refuse('DATABASE_URL must be a PostgreSQL URL: postgres://user:password@host:port/database');
    }
    // REF-030: DATABASE_POOL_MAX caps this instance's connections.
    const maxConnections = readCount('DATABASE_POOL_MAX', 10, 1);
    return createPostgresStore({ kitjs, url: databaseUrl, options: { maxConnections } });
  }
  const mongoUri = (process.env.MONGODB_URI ?? '').trim();
  if (mongoUri !== '') return createMongoStore({ kitjs, uri: mongoUri });
  const path = (process.env.DATABASE_PATH ?? '').trim();
  return createSqliteStore({ kitjs, path: path === '' ? ':memory:' : path });
}

// REF-011: the secret and the port come from the environment; a bad one exits 1 with a message.
ensureJwtSecret();
const port = readPort();
// Unset: every interface, as Node does. HOST=127.0.0.1 keeps the service on this machine.
const host = (process.env.HOST ?? '').trim() || undefined;

const throttle = {
  perEmail: readCount('LOGIN_LIMIT_PER_EMAIL', undefined, 1),
  perAddress: readCount('LOGIN_LIMIT_PER_ADDRESS', undefined, 1),
  windowSeconds: readCount('LOGIN_WINDOW_SECONDS', undefined, 1),
};
const trustedProxies = readCount('TRUST_PROXY', 0, 0);

const store = storeFromEnvironment();
try {
  await store.init();
} catch (err) {
  logger.error({ err }, 'the database could not be opened');
  refuse(`Cannot open the database (${store.description}): ${err?.message ?? err}`);
}

const { app } = createApp({ kitjs, store, throttle, trustedProxies });
const server = host === undefined ? app.listen(port) : app.listen(port, host);

// REF-011: the banner, with the port actually chosen.
server.once('listening', () => {
  const shownHost = host === undefined || host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  const base = `http://${shownHost.includes(':') ? `[${shownHost}]` : shownHost}:${server.address().port}`;
  logger.info({ url: base, storage: store.description }, 'reference app listening');
  console.log(
    `\n  kitjs reference app\n  API:     ${base}\n  Docs:    ${base}/api-docs\n  Storage: ${store.description}\n`,
  );
});

server.once('error', (err) => {
  refuse(
    err?.code === 'EADDRINUSE'
      ? `Port ${port} is already in use: set PORT to another port (PORT=0 picks a free one)`
      : `The server could not start: ${err?.message ?? err}`,
  );
});

// REF-012: stop accepting, drain up to 10 s, close the store, exit 0 (REF-032: other instances serve on).
let stopping = false;
async function shutdown(signal) {
  // Ctrl-C under `npm start` can deliver SIGINT twice (from the terminal and forwarded by npm): one shutdown.
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'shutting down: no new connections, finishing requests in flight');
  // app.close() cuts connections still open after the drain timeout; this is the last resort if a hook hangs.
  setTimeout(() => {
    logger.error('shutdown did not finish in time: exiting');
    process.exit(1);
  }, DRAIN_TIMEOUT_MS + 5_000).unref();
  try {
    // Stops accepting, lets in-flight requests finish, then runs the onClose hook that closes the store.
    await app.close({ timeout: DRAIN_TIMEOUT_MS });
    logger.info('stopped cleanly');
    process.exit(0);
  } catch (err) {
    logger.error({ err }, 'shutdown failed');
    process.exit(1);
  }
}

process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
