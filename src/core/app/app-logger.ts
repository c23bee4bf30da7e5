/** The logger option of `kit()` and `express()`: a pino logger of the app's own, or options for one. */
import type { Logger, LoggerOptions } from 'pino';
import { setupError } from '../../base/errors.js';
import { loadPino, processLogger, redact } from '../../base/logger.js';

/** `kit({ logger })`: a pino logger to use as it is, or pino's options for a new one (with kitjs's redaction). */
export type LoggerOption = Logger | LoggerOptions;

/**
 * APP-013: the logger an app logs its failures with: the one given, one made from the options given (secrets
 * redacted as kitjs's own logger redacts them, JSON lines on stdout), or a child of kitjs's process-wide
 * logger of the app's own, so that one app's level or bindings never change another's. The process-wide
 * logger is built here, when the first app that needs it is made, not when kitjs is imported (LOG-011); the
 * app holds a pino logger itself rather than the exported stand-in, so its request path pays no forwarding.
 *
 * @example
 * ```ts
 * appLogger({ level: 'warn' }); // a new pino logger at warn
 * appLogger(undefined);          // a child of kitjs's process-wide logger, for this app only
 * ```
 */
export function appLogger(option: unknown): Logger {
  if (option === undefined) {
    return processLogger().child({});
  }
  if (isLogger(option)) return option;
  if (option === null || typeof option !== 'object' || Array.isArray(option)) {
    throw setupError(
      'KIT_ERR_SETUP_APP_OPTIONS',
      'kit({ logger }): logger must be a pino logger or pino options',
    );
  }
  const options = option as LoggerOptions;
  return loadPino()({ ...options, formatters: { log: redact, ...options.formatters } });
}

/** A logger rather than options: what kitjs calls on it (its level methods and `child`) are functions. */
function isLogger(value: unknown): value is Logger {
  if (value === null || typeof value !== 'object') return false;
  const candidate = value as Record<string, unknown>;
  return ['error', 'warn', 'info', 'child'].every((name) => typeof candidate[name] === 'function');
}
