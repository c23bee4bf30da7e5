/** kitjs's structured logger: one pino instance, built on first use; JSON lines to stdout (or `LOG_FILE`), level from `LOG_LEVEL`. */
import { closeSync, mkdirSync, openSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import type { DestinationStream, Level, Logger, default as Pino } from 'pino';
import { setupError } from './errors.js';
import { redact } from './log-redaction.js';
import { lazyDependency, requirePeer } from './optional-package.js';

/**
 * pino itself, loaded when the first logger is built (LOG-011): importing kitjs, kitjs/auth or kitjs/db
 * reads none of its files (test/package/lazy-loads.test.ts). kitjs's other pino loggers (an app's
 * `kit({ logger: options })`, an Express app's own) load it through this too.
 *
 * @example
 * ```ts
 * const log = loadPino()({ level: 'warn' });
 * ```
 */
export const loadPino = lazyDependency<typeof Pino>('pino');

const LEVELS: readonly string[] = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'];

export { CENSOR, redact } from './log-redaction.js';

/**
 * Reads `LOG_LEVEL`: case-insensitive, blank means 'info'; an unknown name is a setup error worth failing on
 * (LOG-002).
 *
 * @example
 * ```ts
 * levelFromEnv('WARN'); // 'warn'
 * levelFromEnv(undefined); // 'info'
 * ```
 */
export function levelFromEnv(value: string | undefined): Level | 'silent' {
  const wanted = (value ?? '').trim().toLowerCase();
  if (wanted === '') return 'info';
  if (!LEVELS.includes(wanted)) {
    throw setupError(
      'KIT_ERR_SETUP_LOG_LEVEL',
      `LOG_LEVEL must be one of ${LEVELS.join(', ')} (got "${value}")`,
    );
  }
  return wanted as Level | 'silent';
}

/**
 * The stdout sink: pino-pretty when `LOG_PRETTY` asks for it (LOG-006), otherwise pino's buffered fd writer
 * (LOG-001).
 */
function stdoutSink(): DestinationStream {
  const pretty = (process.env.LOG_PRETTY ?? '').trim().toLowerCase();
  if (pretty === '' || pretty === '0' || pretty === 'false') {
    // Buffered: one write(2) per 4 KiB instead of one per line is what keeps requestLogger cheap. Lines
    // still show within 100 ms, and pino flushes the buffer synchronously when the process exits.
    return loadPino().destination({ dest: 1, sync: false, minLength: 4096, periodicFlush: 100 });
  }
  // LOG-006: an optional peer, resolved like the others (the app's directory, then beside kitjs).
  const factory = requirePeer<(options: Record<string, unknown>) => DestinationStream>(
    'pino-pretty',
    'LOG_PRETTY',
  );
  return factory({ colorize: Boolean(process.stdout.isTTY), sync: true });
}

/**
 * A destination that honours `LOG_FILE` at each write, so a running process (or a test) can send the lines of
 * one stretch of work to a file of its own. The file's writer is kept open until the path changes (LOG-005).
 */
function switchableDestination(): DestinationStream {
  // Chosen when the logger is built (its first use), so a missing pino-pretty fails that use with the
  // package's name rather than the import of kitjs or some later line (LOG-006, LOG-011).
  const stdout = stdoutSink();
  let filePath = '';
  // Plain fs calls rather than a sonic-boom: in sync mode sonic-boom swallows an open error and then spins.
  let fd = -1;
  // A log call must never throw into the request path: a file that cannot be opened or written is reported
  // once on stderr and the lines go to stdout instead.
  const giveUp = (err: unknown): void => {
    if (fd >= 0) closeSync(fd);
    fd = -1;
    const reason = err instanceof Error ? err.message : String(err);
    process.stderr.write(`kitjs: cannot write LOG_FILE "${filePath}" (${reason}); logging to stdout\n`);
  };
  return {
    write(line: string): void {
      const wanted = process.env.LOG_FILE;
      if (wanted) {
        if (wanted !== filePath) {
          if (fd >= 0) closeSync(fd);
          fd = -1;
          filePath = wanted;
          try {
            mkdirSync(dirname(wanted), { recursive: true });
            fd = openSync(wanted, 'a');
          } catch (err) {
            giveUp(err);
          }
        }
        if (fd >= 0) {
          try {
            writeSync(fd, line);
            return;
          } catch (err) {
            giveUp(err);
          }
        }
      }
      stdout.write(line);
    },
  };
}

let built: Logger | undefined;

/**
 * kitjs's process-wide pino logger itself, built on the first call and the same object after that (LOG-011):
 * `LOG_LEVEL` and `LOG_PRETTY` are read then, and a missing `pino-pretty` throws `KIT_ERR_PEER_MISSING`
 * then (and again at the next call, so installing it later is picked up). kitjs's own code logs through
 * this rather than through {@link logger}, which forwards every access to it.
 *
 * @example
 * ```ts
 * processLogger().warn({ port }, 'port in use, trying the next one');
 * ```
 */
export function processLogger(): Logger {
  if (built === undefined) {
    built = loadPino()(
      { level: levelFromEnv(process.env.LOG_LEVEL), formatters: { log: redact } },
      switchableDestination(),
    );
  }
  return built;
}

// What a pino logger offers beyond its level methods (pino's Logger and its EventEmitter), each of which the
// stand-in forwards to the real logger.
const FORWARDED_METHODS = [
  'child',
  'bindings',
  'setBindings',
  'flush',
  'isLevelEnabled',
  'on',
  'once',
  'off',
  'addListener',
  'removeListener',
  'removeAllListeners',
  'emit',
  'listeners',
  'listenerCount',
] as const;
const FORWARDED_FIELDS = [
  'level',
  'levelVal',
  'levels',
  'version',
  'msgPrefix',
  'useLevelLabels',
  'customLevels',
];

/**
 * A stand-in that builds the real logger on its first use and forwards to it: a plain object whose level
 * methods, pino's other methods and its fields are accessors and functions calling the real logger
 * (`logger.level = 'debug'` sets its level; `logger.child()` is a child of the real one). No Proxy: what
 * the stand-in offers is pino's documented API, listed here.
 */
function lazyLogger(): Logger {
  const stand: Record<string, unknown> = {};
  for (const name of [...LEVELS, ...FORWARDED_METHODS]) {
    Object.defineProperty(stand, name, {
      value: function forward(...args: unknown[]): unknown {
        const real = processLogger() as unknown as Record<string, (...forms: unknown[]) => unknown>;
        return (real[name] as (...forms: unknown[]) => unknown).apply(real, args);
      },
      writable: true,
      configurable: true,
      enumerable: false,
    });
  }
  for (const name of FORWARDED_FIELDS) {
    Object.defineProperty(stand, name, {
      get: () => (processLogger() as unknown as Record<string, unknown>)[name],
      set: (value: unknown) => {
        (processLogger() as unknown as Record<string, unknown>)[name] = value;
      },
      configurable: true,
      enumerable: false,
    });
  }
  return stand as unknown as Logger;
}

/**
 * The logger kitjs and its `requestLogger` write through, exported for application code. Calls take an
 * object and a message; errors go under `err` so their type, message and stack are kept (LOG-004). Lines are
 * JSON, one per call (LOG-001). Nothing is built when kitjs is imported (LOG-011): on the first use,
 * `LOG_LEVEL` picks the level (`logger.level = 'debug'` changes it later), `LOG_PRETTY=1` prints
 * human-readable lines (needs the optional `pino-pretty`, else that first use throws naming it), and
 * `LOG_FILE=<path>` sends lines to that file instead of stdout from the next line on. Authorization
 * headers, cookies and passwords are replaced by `[Redacted]`.
 *
 * @example
 * ```ts
 * import { logger } from 'kitjs';
 * logger.info({ userId: 42 }, 'user signed in');
 * logger.error({ err }, 'payment failed');
 * ```
 */
export const logger: Logger = lazyLogger();

/** What an error is logged as when reading it for the log threw. */
const UNREADABLE = Object.freeze({
  type: 'UnreadableError',
  message: 'the thrown value failed while it was being read for the log',
});

/**
 * APP-013: the logger of the app serving `req` (its `req.log`), else kitjs's own: for code that may be handed
 * a request no kitjs app adopted (a standalone Route, middleware run by another framework).
 *
 * @example
 * ```ts
 * loggerOf(req).warn({ url: req.originalUrl }, 'slow request');
 * ```
 */
export function loggerOf(req: unknown): Logger {
  return (req as { log?: Logger } | null | undefined)?.log ?? processLogger();
}

/**
 * Logs a failure of the request path through `log` (the app's logger), never throwing (ERR-011): when pino's reading of a field runs code
 * that throws (a getter on the error, a Proxy trap), the line is written again with every object field
 * replaced by a placeholder, so the failure is still recorded and the request path goes on.
 *
 * @example
 * ```ts
 * logFailure('error', { err, url: req.originalUrl }, 'request failed');
 * ```
 */
export function logFailure(
  level: 'error' | 'warn' | 'info',
  fields: Record<string, unknown>,
  message: string,
  log?: Logger,
): void {
  try {
    // Inside the try: building kitjs's logger may throw (LOG-011), and this must not.
    log ??= processLogger();
    log[level](fields, message);
  } catch {
    const safe: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(fields)) {
      // A copy: pino's serializers tag what they are given, which a frozen object refuses with a throw.
      safe[key] = value !== null && typeof value === 'object' ? { ...UNREADABLE } : value;
    }
    try {
      log?.[level](safe, message);
    } catch {
      // Only plain strings and numbers are left; a logger that still throws has nothing more to be given.
    }
  }
}

/**
 * An error in the form pino logs under `err`, for a second error in one line (any other key would log an
 * Error as `{}`); the placeholder when reading it throws.
 *
 * @example
 * ```ts
 * logFailure('error', { err: thrown, original: serializedError(err) }, 'the error handler failed');
 * ```
 */
export function serializedError(value: unknown): unknown {
  try {
    return value instanceof Error ? loadPino().stdSerializers.err(value) : value;
  } catch {
    return { ...UNREADABLE };
  }
}
