/** The reference app: an auth service (register, log in, read /me) built only from kitjs's public API. */
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { registerHealthRoutes } from './health.js';
import { registerRoutes } from './routes.js';
import { createLoginThrottle } from './throttle/login-throttle.js';

const here = dirname(fileURLToPath(import.meta.url));

/**
 * Builds the app without starting it: `server.js` listens on PORT, the conformance suite on port 0.
 * `kitjs` is the module namespace (`import * as kitjs from 'kitjs'`); passing it in rather than importing
 * it here lets the suite run this same app against whichever implementation it is testing. The store is
 * closed when the app is (`app.close()` runs it as an onClose hook). Public API only (REF-001).
 *
 * `throttle` sets the login throttle: `perEmail`, `perAddress`, `windowSeconds` (defaults in
 * `THROTTLE_DEFAULTS`) and `attempts`, the counter store, by default `store.attempts`, in the same database
 * as the users so that every instance sees the same counts. `trustedProxies` is how many proxies in front
 * of the app append to `X-Forwarded-For` (0: clients connect directly).
 *
 * @param {{ kitjs: any, store: import('./stores/sequelize-store.js').UserStore,
 *   throttle?: { attempts?: import('./throttle/sequelize-attempts.js').AttemptStore, perEmail?: number,
 *   perAddress?: number, windowSeconds?: number }, trustedProxies?: number }} options
 * @returns {{ app: any, docs: any }} the kitjs app, and what setupSwagger returned
 * @example
 * import * as kitjs from 'kitjs';
 * const store = createSqliteStore({ kitjs });
 * await store.init();
 * const { app } = createApp({ kitjs, store });
 * app.listen(3000);
 */
export function createApp({ kitjs, store, throttle = {}, trustedProxies = 0 }) {
  if (!kitjs || typeof (kitjs.default ?? kitjs.kit) !== 'function') {
    throw new TypeError(
      'createApp: kitjs must be the kitjs module namespace (import * as kitjs from "kitjs")',
    );
  }
  if (
    !store ||
    typeof store.findByEmail !== 'function' ||
    typeof store.create !== 'function' ||
    typeof store.ping !== 'function'
  ) {
    throw new TypeError('createApp: store must be a user store (findByEmail, create, ping, close)');
  }
  const attempts = throttle.attempts ?? store.attempts;
  if (!attempts || typeof attempts.hit !== 'function' || typeof attempts.prune !== 'function') {
    throw new TypeError(
      'createApp: the login throttle needs a counter store: store.attempts or throttle.attempts',
    );
  }
  if (!Number.isInteger(trustedProxies) || trustedProxies < 0) {
    throw new TypeError('createApp: trustedProxies must be a whole number (0 when clients connect directly)');
  }
  const kit = kitjs.default ?? kitjs.kit;
  const { cors, json, logger, requestLogger, security, setupSwagger } = kitjs;
  const loginThrottle = createLoginThrottle({
    ...throttle,
    attempts,
    onPruneError: (err) => logger.warn({ err }, 'login throttle: deleting ended windows failed'),
  });

  // REF-001: the middleware every answer goes through.
  const app = kit();
  app.use(requestLogger);
  app.use(security());
  // Tokens travel in a header, not cookies, so any origin may call the API.
  app.use(cors());
  // Two short strings: a small limit is plenty and caps what an attacker can make the server read.
  app.use(json({ limit: '16kb' }));

  registerRoutes(app, { kitjs, store, throttle: loginThrottle, trustedProxies });
  registerHealthRoutes(app, { store, logger });

  // REF-010: the five operations of routes.js and health.js, at /api-docs.
  const docs = setupSwagger(app, {
    info: {
      title: 'kitjs reference auth service',
      version: '1.0.0',
      description: 'Register, log in, and read your token back: the example app of kitjs.',
    },
    // Resolved from this file, so the docs are complete whatever directory the server starts from.
    baseDir: here,
    filesPattern: ['./routes.js', './health.js'],
  });

  // REF-007: unmatched paths answer JSON too, like every other answer of this API.
  app.use((_req, res) => {
    res.status(404).json({ error: 'Not Found' });
  });

  // REF-007: every error as { error }, with its 4xx status and message, or a logged 500 that shows nothing.
  app.setErrorHandler((err, req, res) => {
    const status = statusOf(err);
    if (status >= 500) logger.error({ err, method: req.method, url: req.originalUrl }, 'request failed');
    // 4xx messages are meant for the client (kitjs's own, like "Malformed JSON body", and ours); a 5xx
    // message may name internals, so the client gets only the status text.
    const error = status < 500 && err?.expose !== false ? err.message : 'Internal Server Error';
    // The login throttle's 429 says when to come back (RFC 9110, section 10.2.3).
    if (status === 429 && Number.isInteger(err?.retryAfterSeconds))
      res.set('Retry-After', String(err.retryAfterSeconds));
    res.status(status).json({ error });
  });

  app.onClose(() => store.close());
  return { app, docs };
}

/** The error's own status when it is a 4xx or 5xx, else 500 (REF-007). */
function statusOf(err) {
  const status = err?.status ?? err?.statusCode;
  return Number.isInteger(status) && status >= 400 && status <= 599 ? status : 500;
}
