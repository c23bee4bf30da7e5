/** Reads the JWT signing secret from the environment at each call, refusing a missing or blank one. */
import { createSecretKey, type KeyObject } from 'node:crypto';
import { KitError } from '../../base/errors.js';

/**
 * The value of `JWT_SECRET` now (tests and deployments may set it after kitjs is imported). Throws
 * `KIT_ERR_AUTH_NO_SECRET` (500, message never shown to clients) when it is unset, empty or only
 * whitespace, so nothing is ever signed or verified with `undefined` or an empty key (AUTH-006, AUTH-007).
 *
 * @example
 * ```ts
 * process.env.JWT_SECRET = 'a long random value';
 * const key = readSecret(); // 'a long random value'
 * ```
 */
export function readSecret(): string {
  const secret = process.env.JWT_SECRET;
  if (secret === undefined || secret.trim() === '') {
    throw new KitError(
      'KIT_ERR_AUTH_NO_SECRET',
      'JWT_SECRET is not set: set it before generating or verifying tokens',
    );
  }
  return secret;
}

let cached: { secret: string; key: KeyObject } | undefined;

/**
 * `JWT_SECRET` as a secret KeyObject, made once per secret value. Given a string, jsonwebtoken first
 * tries to read it as a PEM key, which throws and costs most of a verify; a KeyObject skips that. Keyed by
 * the value, so a changed `JWT_SECRET` is still honoured at the next call.
 *
 * @example
 * ```ts
 * jwt.verify(token, secretKey(), { algorithms: ['HS256'] });
 * ```
 */
export function secretKey(): KeyObject {
  const secret = readSecret();
  if (cached === undefined || cached.secret !== secret) {
    cached = { secret, key: createSecretKey(Buffer.from(secret, 'utf8')) };
  }
  return cached.key;
}
