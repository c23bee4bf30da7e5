/** The start-up check of `JWT_SECRET` for apps that guard routes with `authMiddleware` (AUTH-014). */
import type { Logger } from 'pino';
import { processLogger } from '../logger.js';

/** HS256 signs with SHA-256: a key shorter than its 256 bits is weaker than the algorithm (RFC 7518, 3.2). */
const MIN_SECRET_BYTES = 32;

/**
 * Logs one warning when `JWT_SECRET` is unset, blank or shorter than 32 bytes. `authMiddleware` carries it
 * as its listen hook (src/app/listen-hooks.ts), so it runs when an app that uses authMiddleware anywhere
 * (as middleware, in a route, in a mounted router) starts to listen: without it every request carrying a
 * token would fail with a 500 and nothing said at start-up.
 *
 * @example
 * ```ts
 * // Called for you by authMiddleware's listen hook when an app that uses it listens:
 * warnAboutJwtSecret(app.log); // logs at warn: "authMiddleware is used but JWT_SECRET is not set ..."
 * ```
 */
export function warnAboutJwtSecret(log: Logger = processLogger()): void {
  const secret = process.env.JWT_SECRET;
  if (secret === undefined || secret.trim() === '') {
    log.warn(
      { variable: 'JWT_SECRET' },
      'authMiddleware is used but JWT_SECRET is not set: every request with a token will answer 500 until it is set',
    );
  } else if (Buffer.byteLength(secret, 'utf8') < MIN_SECRET_BYTES) {
    log.warn(
      { variable: 'JWT_SECRET', bytes: Buffer.byteLength(secret, 'utf8') },
      `JWT_SECRET is shorter than ${MIN_SECRET_BYTES} bytes: HS256 wants a random secret of at least 256 bits`,
    );
  }
}
