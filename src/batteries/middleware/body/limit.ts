import { setupError } from '../../../base/errors.js';
/** Reads a body size limit ('1mb', '100kb', a byte count) into a number of bytes, at setup time. */

/**
 * The default body limit of every kitjs parser: 1 MiB, as the seed's tables say ('1mb').
 *
 * @example
 * ```ts
 * parseLimit(undefined, 'json') === DEFAULT_LIMIT; // true
 * ```
 */
export const DEFAULT_LIMIT = 1024 * 1024;

const UNITS: Record<string, number> = {
  b: 1,
  kb: 1024,
  mb: 1024 ** 2,
  gb: 1024 ** 3,
  // The rest of the `bytes` package's units, so any limit body-parser takes is taken here (BODY-007).
  tb: 1024 ** 4,
  pb: 1024 ** 5,
};

// Anchored, one digit run, an optional fraction and a unit: nothing here can backtrack badly.
const SIZE = /^(\d+(?:\.\d+)?) *(b|kb|mb|gb|tb|pb)?$/;

/**
 * Turns a `limit` option into bytes (BODY-007). Units are binary, as in the `bytes` package Express uses
 * (`'1kb'` is 1024 bytes). Anything else throws a `TypeError` naming the option, so a typo fails at
 * startup instead of on the first request.
 *
 * @example
 * ```ts
 * parseLimit('100kb', 'json'); // 102400
 * parseLimit(undefined, 'json'); // 1048576
 * parseLimit('lots', 'json'); // throws TypeError: json(): option "limit" ...
 * ```
 */
export function parseLimit(value: unknown, factory: string): number {
  if (value === undefined) return DEFAULT_LIMIT;
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return value;
  if (typeof value === 'string') {
    const match = SIZE.exec(value.trim().toLowerCase());
    if (match) {
      const bytes = Math.floor(Number(match[1]) * (UNITS[match[2] ?? 'b'] ?? 1));
      if (Number.isSafeInteger(bytes)) return bytes;
    }
  }
  throw setupError(
    'KIT_ERR_SETUP_BODY_OPTIONS',
    `${factory}(): option "limit" must be a byte count or a size such as '100kb', '1mb' or '5mb'; got ${describe(value)}`,
  );
}

function describe(value: unknown): string {
  return typeof value === 'string' ? JSON.stringify(value) : String(value);
}
