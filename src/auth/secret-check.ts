/** The start-up check of `JWT_SECRET` for apps that guard routes with `authMiddleware` (AUTH-014). */
import { logger } from '../logger.js';
import type { Layer } from '../router/layer.js';
import { authMiddleware } from './middleware.js';

/**
 * What the listen check reads of an app: its stack. A kitjs app (and a Router) has one; declared here so
 * this module never imports the app it is registered on.
 */
interface StackedApp {
  readonly stack?: readonly Layer[];
}

/** HS256 signs with SHA-256: a key shorter than its 256 bits is weaker than the algorithm (RFC 7518, 3.2). */
const MIN_SECRET_BYTES = 32;

/**
 * Logs one warning when the app about to listen uses `authMiddleware` anywhere (as middleware, in a route,
 * in a mounted router) while `JWT_SECRET` is unset, blank or shorter than 32 bytes. Without it every request
 * carrying a token would fail with a 500 and nothing said at start-up.
 *
 * @example
 * ```ts
 * warnAboutJwtSecret(app.stack); // logs at warn: "authMiddleware is used but JWT_SECRET is not set ..."
 * ```
 */
export function warnAboutJwtSecret(stack: readonly Layer[]): void {
  if (!usesAuth(stack, new Set())) return;
  const secret = process.env.JWT_SECRET;
  if (secret === undefined || secret.trim() === '') {
    logger.warn(
      { variable: 'JWT_SECRET' },
      'authMiddleware is used but JWT_SECRET is not set: every request with a token will answer 500 until it is set',
    );
  } else if (Buffer.byteLength(secret, 'utf8') < MIN_SECRET_BYTES) {
    logger.warn(
      { variable: 'JWT_SECRET', bytes: Buffer.byteLength(secret, 'utf8') },
      `JWT_SECRET is shorter than ${MIN_SECRET_BYTES} bytes: HS256 wants a random secret of at least 256 bits`,
    );
  }
}

/**
 * AUTH-014 in the shape of an app's listen hook: called with the app that is starting to listen, it logs
 * the JWT_SECRET warning when that app uses `authMiddleware`. The core runs it without knowing about auth.
 * It takes any object, because the public KitApp type does not declare the `stack` it reads; an object
 * without one is not an app that could use authMiddleware, and is left alone.
 *
 * @example
 * ```ts
 * app.onListen(checkJwtSecretOnListen); // at app.listen(): warns if authMiddleware is used without JWT_SECRET
 * ```
 */
export function checkJwtSecretOnListen(app: object): void {
  const stack = (app as StackedApp).stack;
  if (Array.isArray(stack)) warnAboutJwtSecret(stack);
}

function usesAuth(stack: readonly Layer[], seen: Set<readonly Layer[]>): boolean {
  if (seen.has(stack)) return false;
  seen.add(stack);
  for (const layer of stack) {
    if (layer.kind === 'middleware' && layer.handler === authMiddleware) return true;
    if (
      layer.kind === 'routes' &&
      layer.index.entries.some((entry) => entry.handlers.includes(authMiddleware))
    ) {
      return true;
    }
    if (layer.kind === 'mount') {
      const inner = (layer.target as { stack?: unknown }).stack;
      if (Array.isArray(inner) && usesAuth(inner as Layer[], seen)) return true;
    }
  }
  return false;
}
