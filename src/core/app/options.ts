/** The options of `kit()` (and of every flavour's app): timeouts, observability, logger, schema compilers, answer shape. */
import type { AjvSettings } from '../schema/compilers.js';
import type { ObserveOptions } from '../types/observe.js';
import type { ErrorFormat, ServerTimeouts } from '../types.js';
import type { LoggerOption } from './app-logger.js';

/**
 * Options of `kit()`: the server timeouts `listen` applies (kitjs's defaults when left out, APP-008), the
 * logger the app's failures go to (kitjs's `logger` when left out), the shape of kitjs's own answers.
 *
 * @example
 * ```ts
 * const options: KitOptions = { requestTimeout: 5000, logger: { level: 'warn' }, errors: 'problem+json' };
 * ```
 */
export interface KitOptions extends ServerTimeouts, ObserveOptions {
  /** A pino logger for this app, or pino's options for a new one; `app.log` and `req.log` are it. */
  logger?: LoggerOption;
  /** SCHEMA-013: how this app's ajv instances (route JSON Schemas, requests and replies) are made. */
  ajv?: AjvSettings;
  /** `'problem+json'`: kitjs's own answers (404, 400, 413, 415, 500...) as RFC 9457 JSON; default `'text'`. */
  errors?: ErrorFormat;
}
