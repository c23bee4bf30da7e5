/** The reference app: an auth service (register, log in, read /me) built only from kitjs's public API. */
import { STATUS_CODES } from 'node:http';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import kit, {
  cors,
  errorCodes,
  HttpError,
  json,
  type KitApp,
  KitError,
  logger,
  requestLogger,
  type SwaggerSetup,
  security,
  setupSwagger,
} from 'kitjs';
import { registerHealthRoutes } from './health.js';
import { registerRoutes } from './routes.js';
import type { AttemptStore, UserStore } from './stores/user-store.js';
import { createLoginThrottle, type ThrottleLimits } from './throttle/login-throttle.js';

const here = dirname(fileURLToPath(import.meta.url));

/** What `createApp` takes: every setting is passed in (server.ts reads them from the environment once). */
export interface AppOptions {
  /** Where the accounts live; closed when the app is (`app.close()` runs it as an onClose hook). */
  store: UserStore;
  /**
   * The login throttle: `perEmail`, `perAddress`, `windowSeconds` (defaults in `THROTTLE_DEFAULTS`) and
   * `attempts`, the counter store, by default `store.attempts`, in the same database as the users so that
   * every instance sees the same counts.
   */
  throttle?: ThrottleLimits & { attempts?: AttemptStore };
  /** How many proxies in front of the app append to `X-Forwarded-For` (0: clients connect directly). */
  trustedProxies?: number;
}

/**
 * Builds the app without starting it: `server.ts` listens on PORT, the conformance suite on port 0. The
 * app imports kitjs by its package name like any app; the suite maps that name to the implementation it
 * is testing with a module resolve hook. Public API only (REF-001).
 *
 * @example
 * const store = createSqliteStore();
 * await store.init();
 * const { app } = createApp({ store });
 * app.listen(3000);
 */
export function createApp({ store, throttle = {}, trustedProxies = 0 }: AppOptions): {
  app: KitApp;
  docs: SwaggerSetup;
} {
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
  const loginThrottle = createLoginThrottle({
    perEmail: throttle.perEmail,
    perAddress: throttle.perAddress,
    windowSeconds: throttle.windowSeconds,
    attempts,
    onPruneError: (err) => logger.warn({ err }, 'login throttle: deleting ended windows failed'),
  });

  // REF-001: the middleware every answer goes through.
  const app = kit();
  // REF-034: with N proxies in front, req.ip is what the Nth one saw (kitjs's hop count, XREQ-001).
  app.set('trust proxy', trustedProxies);
  app.use(requestLogger);
  app.use(security());
  // Tokens travel in a header, not cookies, so any origin may call the API.
  app.use(cors());
  // Two short strings: a small limit is plenty and caps what an attacker can make the server read.
  app.use(json({ limit: '16kb' }));

  registerRoutes(app, { store, throttle: loginThrottle });
  registerHealthRoutes(app, { store, logger });

  // REF-010: the five operations of routes.ts and health.ts, at /api-docs.
  const docs = setupSwagger(app, {
    info: {
      title: 'kitjs reference auth service',
      version: '1.0.0',
      description: 'Register, log in, and read your token back: the example app of kitjs.',
    },
    // Resolved from this file, so the docs are complete whatever directory the server starts from.
    baseDir: here,
    filesPattern: ['./routes.ts', './health.ts'],
  });

  // REF-007: unmatched paths answer JSON too, like every other answer of this API.
  app.use((_req, res) => {
    res.status(404).json({ error: 'Not Found' });
  });

  // REF-007: every error as { error }, with its 4xx status and message, or a logged 5xx that shows only its
  // status text (DB-001: a database outage is a 503 "Service Unavailable" with Retry-After, not a 500).
  app.setErrorHandler((err, req, res) => {
    const status = statusOf(err);
    // A refusal kitjs marks as no fault of the code (the instance closing, a database outage: the
    // registry's `log`) is an operational line without a stack; any other 5xx is a failure, logged whole.
    const quiet = quietLevelOf(err);
    if (quiet !== undefined) {
      const { code, cause } = err as { code: string; cause?: { message?: unknown } };
      logger[quiet](
        { code, reason: cause?.message, method: req.method, url: req.originalUrl },
        'request refused',
      );
    } else if (status >= 500)
      logger.error({ err, method: req.method, url: req.originalUrl }, 'request failed');
    // 4xx messages are meant for the client (kitjs's own, like "Malformed JSON body", and ours); a 5xx
    // message may name internals, so the client gets only the status text.
    const shown = status < 500 && err instanceof Error && (err as { expose?: unknown }).expose !== false;
    // HttpError's headers: the login throttle's 429 says when to come back (Retry-After), and so does
    // kitjs's 503 for a database that cannot serve now (KIT_ERR_DB_UNAVAILABLE). Of a 5xx only Retry-After
    // is sent, as kit()'s own answer does: its other headers are the server's business.
    if (HttpError.isHttpError(err) && err.headers !== undefined) {
      for (const [name, value] of Object.entries(err.headers)) {
        if (status < 500 || name.toLowerCase() === 'retry-after') res.set(name, value);
      }
    }
    // A 5xx shows its status text only: "Service Unavailable" tells a client to try again, where
    // "Internal Server Error" says the fault is ours.
    const hidden = STATUS_CODES[status] ?? 'Internal Server Error';
    res.status(status).json({ error: shown ? (firstIssue(err) ?? err.message) : hidden });
  });

  app.onClose(() => store.close());
  return { app, docs };
}

/**
 * A failed schema check (kitjs's KIT_ERR_VALIDATION, REF-003) says which field is wrong in its first issue's
 * message (schemas.ts words them); the error's own message only names the part ("Invalid request body").
 */
function firstIssue(err: Error): string | undefined {
  const { code, issues } = err as { code?: unknown; issues?: Array<{ message?: unknown }> };
  if (code !== 'KIT_ERR_VALIDATION' || !Array.isArray(issues)) return undefined;
  const message = issues[0]?.message;
  return typeof message === 'string' ? message : undefined;
}

/** The error's own status when it is a 4xx or 5xx, else 500 (REF-007). */
function statusOf(err: unknown): number {
  const fields = (err ?? {}) as { status?: unknown; statusCode?: unknown };
  const status = fields.status ?? fields.statusCode;
  return typeof status === 'number' && Number.isInteger(status) && status >= 400 && status <= 599
    ? status
    : 500;
}

/** The level kitjs's registry gives an error that is no fault of the code (`errorCodes[code].log`), if any. */
function quietLevelOf(err: unknown): 'info' | 'warn' | undefined {
  if (!(err instanceof KitError)) return undefined;
  const definition = errorCodes[err.code];
  return 'log' in definition ? definition.log : undefined;
}
