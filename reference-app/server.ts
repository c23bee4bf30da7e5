/** `npm start`: reads the environment once, opens the user store, serves the reference app, and shuts down cleanly. */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { logger } from 'kitjs';
import { createApp } from './app.js';
import { ConfigError, readConfig, type ServerConfig, type StorageConfig } from './config.js';
import { createMongoStore } from './stores/mongo-store.js';
import { createPostgresStore } from './stores/postgres-store.js';
import { createSqliteStore } from './stores/sqlite-store.js';
import type { UserStore } from './stores/user-store.js';

/** How long in-flight requests may take to finish, once the listener has closed, before their connections are cut. */
const DRAIN_TIMEOUT_MS = 10_000;

/** The user store the configuration names. */
function openStore(storage: StorageConfig): UserStore {
  switch (storage.kind) {
    case 'postgres':
      return createPostgresStore({ url: storage.url, options: { maxConnections: storage.maxConnections } });
    case 'mongodb':
      return createMongoStore({ uri: storage.uri });
    case 'sqlite':
      return createSqliteStore({ path: storage.path });
  }
}

/** Prints a start-up failure the way a newcomer will read it, and exits with 1. */
function refuse(message: string): never {
  logger.fatal(message);
  console.error(`\n  ${message}\n`);
  process.exit(1);
}

/** The error's message, whatever was thrown. */
function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

// REF-011: the secret and the port come from the environment; a bad one exits 1 with a message.
let config: ServerConfig;
try {
  config = readConfig(process.env);
} catch (err) {
  if (!(err instanceof ConfigError)) throw err;
  refuse(err.message);
}

/** HS256 wants a secret of at least its 256 bits; kitjs refuses less in production (AUTH-018). */
const MIN_SECRET_BYTES = 32;
const HOW_TO_MAKE_ONE =
  "(for example: node -e \"console.log(require('node:crypto').randomBytes(32).toString('hex'))\").";

// REF-011: production with a short secret is refused here, with a message rather than listen()'s throw.
if (config.production && config.jwtSecret !== undefined) {
  const bytes = Buffer.byteLength(config.jwtSecret, 'utf8');
  if (bytes < MIN_SECRET_BYTES) {
    refuse(
      `JWT_SECRET is ${bytes} bytes long, and NODE_ENV is "production": refusing to start. Set JWT_SECRET to a random value of at least ${MIN_SECRET_BYTES} bytes ${HOW_TO_MAKE_ONE}`,
    );
  }
}

// Production without a secret is a misconfiguration, not a default.
if (config.jwtSecret === undefined) {
  if (config.production) {
    refuse(
      `JWT_SECRET is not set, and NODE_ENV is "production": refusing to start. Set JWT_SECRET to a long random value ${HOW_TO_MAKE_ONE}`,
    );
  }
  // kitjs's token helpers could take the secret per call (AUTH-015); the app keeps them on JWT_SECRET so
  // that every instance, and the suite that drives them, configures the secret one way. So the random
  // secret of this run is handed to them there: this line is the one place the app writes to process.env.
  process.env.JWT_SECRET = randomBytes(32).toString('hex');
  logger.warn(
    'JWT_SECRET is not set: using a random secret for this run. Tokens will not survive a restart; set JWT_SECRET to keep them valid.',
  );
}

let store: UserStore;
try {
  // Inside the try: a URL the manager refuses or a driver that is not installed is a message, not a stack.
  store = openStore(config.storage);
} catch (err) {
  logger.error({ err }, 'the database could not be set up');
  refuse(`Cannot set up the database: ${messageOf(err)}`);
}
try {
  await store.init();
} catch (err) {
  logger.error({ err }, 'the database could not be opened');
  refuse(`Cannot open the database (${store.description}): ${messageOf(err)}`);
}

const { app } = createApp({ store, throttle: config.throttle, trustedProxies: config.trustedProxies });
const { port, host } = config;
const server = host === undefined ? app.listen(port) : app.listen(port, host);

// REF-011: the banner, with the port actually chosen.
server.once('listening', () => {
  const shownHost = host === undefined || host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  const chosen = (server.address() as AddressInfo).port;
  const base = `http://${shownHost.includes(':') ? `[${shownHost}]` : shownHost}:${chosen}`;
  logger.info({ url: base, storage: store.description }, 'reference app listening');
  console.log(
    `\n  kitjs reference app\n  API:     ${base}\n  Docs:    ${base}/api-docs\n  Storage: ${store.description}\n`,
  );
});

server.once('error', (err: NodeJS.ErrnoException) => {
  refuse(
    err.code === 'EADDRINUSE'
      ? `Port ${port} is already in use: set PORT to another port (PORT=0 picks a free one)`
      : `The server could not start: ${err.message}`,
  );
});

// REF-012, REF-037: from the signal on, /readyz answers 503 (REF-036) while the app serves SHUTDOWN_DELAY_MS more,
// every answer with Connection: close, so the load balancer sees the 503 and moves its connections elsewhere
// before the port closes; then no new connections, the requests in flight finish (up to 10 s), the store is
// closed and the process exits 0 (REF-032: the other instances serve on).
let stopping = false;
async function shutdown(signal: NodeJS.Signals): Promise<void> {
  // Ctrl-C under `npm start` can deliver SIGINT twice (from the terminal and forwarded by npm): one shutdown.
  if (stopping) return;
  stopping = true;
  const delayMs = config.shutdownDelayMs;
  logger.info(
    { signal, delayMs },
    delayMs > 0
      ? 'shutting down: not ready; serving for delayMs more, then no new connections, finishing requests in flight'
      : 'shutting down: no new connections, finishing requests in flight',
  );
  // app.close() cuts connections still open after the drain timeout; this is the last resort if a hook hangs.
  setTimeout(
    () => {
      logger.error('shutdown did not finish in time: exiting');
      process.exit(1);
    },
    Math.min(delayMs + DRAIN_TIMEOUT_MS + 5_000, 2_147_483_647),
  ).unref();
  try {
    // Serves on for the delay (req.app.closing is already true), stops accepting, lets in-flight requests
    // finish, then runs the onClose hook that closes the store.
    await app.close({ delay: delayMs, timeout: DRAIN_TIMEOUT_MS });
    logger.info('stopped cleanly');
    process.exit(0);
  } catch (err) {
    logger.error({ err }, 'shutdown failed');
    process.exit(1);
  }
}

process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
