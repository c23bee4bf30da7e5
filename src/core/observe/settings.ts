/** An app's observability settings (`kit({ genReqId, requestIdHeader, ... })`), checked once and kept per app. */
import type { IncomingMessage } from 'node:http';
import { setupError } from '../../base/errors.js';
import type { ObserveOptions } from '../types/observe.js';

// A header name is an RFC 9110 token.
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
// OBS-008: setTimeout's own limit; a larger value would fire at once.
const MAX_TIMEOUT = 2 ** 31 - 1;
const KEYS = [
  'genReqId',
  'requestIdHeader',
  'requestIdLogLabel',
  'requestIdReplyHeader',
  'handlerTimeout',
] as const satisfies ReadonlyArray<keyof ObserveOptions>;

/**
 * What one app's requests read of its observability options. `eager` is true when its requests have work to
 * do as they arrive (an id from a header or the app's generator, a reply header, a timer); false for an app
 * that gives none of these, whose requests then do nothing until `req.id`, `req.log` or `req.signal` is read
 * (OBS-010).
 *
 * @example
 * ```ts
 * const settings = new ObserveSettings({ requestIdHeader: 'x-request-id' }, 'kit()');
 * settings.eager; // true
 * ```
 */
export class ObserveSettings {
  readonly genReqId: ((req: IncomingMessage) => string) | undefined;
  /** Lower case, as `req.headers` has it. */
  readonly header: string | undefined;
  readonly label: string;
  readonly replyHeader: string | undefined;
  readonly timeout: number | undefined;
  readonly eager: boolean;
  /** OBS-002: whether this app's generator already failed once (and was warned about). */
  private generatorFaulted = false;

  constructor(options: ObserveOptions, where: string) {
    const { genReqId, requestIdHeader, requestIdLogLabel, requestIdReplyHeader, handlerTimeout } = options;
    if (genReqId !== undefined && typeof genReqId !== 'function')
      throw setupError(
        'KIT_ERR_SETUP_APP_OPTIONS',
        `${where}: genReqId must be a function returning a string`,
      );
    this.genReqId = genReqId;
    this.header = headerName(requestIdHeader, 'requestIdHeader', where)?.toLowerCase();
    this.replyHeader = headerName(requestIdReplyHeader, 'requestIdReplyHeader', where);
    if (
      requestIdLogLabel !== undefined &&
      (typeof requestIdLogLabel !== 'string' || requestIdLogLabel === '')
    )
      throw setupError('KIT_ERR_SETUP_APP_OPTIONS', `${where}: requestIdLogLabel must be a non-empty string`);
    this.label = requestIdLogLabel ?? 'reqId';
    this.timeout = checkTimeout(handlerTimeout, `${where}: handlerTimeout`);
    this.eager = genReqId !== undefined || this.header !== undefined || this.replyHeader !== undefined;
  }

  /**
   * OBS-002: true the first time this app's `genReqId` fails (throws, or returns no safe id), false after:
   * the app is warned once, not once per request.
   *
   * @example
   * ```ts
   * if (settings.firstGeneratorFault()) log.warn('genReqId failed');
   * ```
   */
  firstGeneratorFault(): boolean {
    if (this.generatorFaulted) return false;
    this.generatorFaulted = true;
    return true;
  }
}

/**
 * Takes the observability options out of `kit()`'s options: what is left goes on to the app's settings.
 *
 * @example
 * ```ts
 * const [observe, rest] = splitObserveOptions({ handlerTimeout: 1000, keepAliveTimeout: 5000 });
 * ```
 */
export function splitObserveOptions<T extends ObserveOptions>(
  options: T,
): [ObserveOptions | undefined, Omit<T, keyof ObserveOptions>] {
  const rest = { ...options } as Record<string, unknown>;
  let observe: Record<string, unknown> | undefined;
  for (const key of KEYS) {
    if (rest[key] === undefined) continue;
    observe ??= {};
    observe[key] = rest[key];
    delete rest[key];
  }
  return [observe as ObserveOptions | undefined, rest as Omit<T, keyof ObserveOptions>];
}

/**
 * OBS-008: a handler timeout, in milliseconds: a positive integer up to 2^31 - 1, else a TypeError naming
 * `where`; undefined stays undefined.
 *
 * @example
 * ```ts
 * checkTimeout(5000, "get('/slow'): handlerTimeout"); // 5000
 * ```
 */
export function checkTimeout(value: unknown, where: string): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value <= 0 || value > MAX_TIMEOUT)
    throw setupError(
      'KIT_ERR_SETUP_APP_OPTIONS',
      `${where} must be a whole number of milliseconds from 1 to ${MAX_TIMEOUT}`,
    );
  return value;
}

function headerName(value: unknown, name: string, where: string): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !HEADER_NAME.test(value))
    throw setupError('KIT_ERR_SETUP_APP_OPTIONS', `${where}: ${name} must be a header name`);
  return value;
}
