/** Password hashing with bcrypt (cost 10): refuses what bcrypt would silently truncate, never throws on a bad hash. */
import { KitError } from '../../base/errors.js';
import { requirePeer } from '../../base/optional-package.js';

/** The part of the `bcrypt` package kitjs calls. */
interface BcryptLike {
  hash(data: string, saltOrRounds: number): Promise<string>;
  compare(data: string, encrypted: string): Promise<boolean>;
}

/**
 * The optional `bcrypt` peer, required on each call (Node's module cache makes the repeats cheap), so kitjs
 * starts without it and a package installed later is picked up by the next call (AUTH-005).
 */
function loadBcrypt(feature: string): BcryptLike {
  return requirePeer<BcryptLike>('bcrypt', feature);
}

/** bcrypt's work factor; the seed fixes it at 10 salt rounds (AUTH-001). */
const BCRYPT_COST = 10;

/**
 * The longest password `hashPassword` accepts, in UTF-8 bytes: bcrypt reads at most 72 bytes of its input
 * and ignores the rest without a word, so longer passwords are refused rather than cut (AUTH-003). Exported
 * so an app can check a password's length where it validates its other fields.
 *
 * @example
 * ```ts
 * import { MAX_PASSWORD_BYTES } from 'kitjs';
 * if (Buffer.byteLength(password, 'utf8') > MAX_PASSWORD_BYTES) throw new HttpError(400, 'Password too long');
 * ```
 */
export const MAX_PASSWORD_BYTES = 72;

/**
 * A well-formed bcrypt hash: `$2a$`, `$2b$`, `$2x$` or `$2y$`, a two-digit cost, 53 characters of salt and
 * digest (AUTH-001, AUTH-004).
 */
const BCRYPT_HASH = /^\$2[abxy]\$\d\d\$[./A-Za-z0-9]{53}$/;

/** Why a value cannot be hashed, or undefined when it can (AUTH-003). */
function passwordProblem(password: unknown): KitError | undefined {
  if (typeof password !== 'string' || password.length === 0) {
    return new KitError('KIT_ERR_AUTH_BAD_PASSWORD');
  }
  if (Buffer.byteLength(password, 'utf8') > MAX_PASSWORD_BYTES) {
    return new KitError(
      'KIT_ERR_AUTH_PASSWORD_TOO_LONG',
      `Password is longer than ${MAX_PASSWORD_BYTES} bytes (UTF-8), the most bcrypt can use`,
    );
  }
  return undefined;
}

/**
 * Hashes a password with bcrypt at cost 10. The work runs on libuv's thread pool, so the server keeps
 * answering other requests meanwhile (AUTH-002: only bcrypt's asynchronous calls). Rejects with
 * `KIT_ERR_AUTH_BAD_PASSWORD` (400) for a non-string or an empty string and `KIT_ERR_AUTH_PASSWORD_TOO_LONG`
 * (400) above 72 UTF-8 bytes, rather than hashing a truncated password; with `KIT_ERR_PEER_MISSING` when the
 * `bcrypt` package is not installed.
 *
 * @example
 * ```ts
 * import { hashPassword } from 'kitjs';
 * const hash = await hashPassword('correct horse battery staple'); // '$2b$10$...'
 * ```
 */
export async function hashPassword(password: string): Promise<string> {
  const problem = passwordProblem(password);
  if (problem) throw problem;
  const bcrypt = loadBcrypt('hashPassword');
  return bcrypt.hash(password, BCRYPT_COST);
}

/**
 * Whether `password` matches a bcrypt `hash`. Resolves to false, never rejects, for anything that cannot
 * match: a non-string or empty password, one over 72 bytes (hashPassword never stores those, and a hash made
 * elsewhere would match on the first 72 bytes only), a non-string or malformed hash. Rejects only with
 * `KIT_ERR_PEER_MISSING` when `bcrypt` is not installed, because that is a broken deployment, not a bad login
 * (AUTH-004, AUTH-005).
 *
 * @example
 * ```ts
 * import { comparePassword } from 'kitjs';
 * if (!(await comparePassword(req.body.password, user.passwordHash))) {
 *   return res.status(401).json({ error: 'Invalid credentials' });
 * }
 * ```
 */
export async function comparePassword(password: string, hash: string): Promise<boolean> {
  const bcrypt = loadBcrypt('comparePassword');
  if (passwordProblem(password) !== undefined) return false;
  if (typeof hash !== 'string' || !BCRYPT_HASH.test(hash)) return false;
  try {
    return (await bcrypt.compare(password, hash)) === true;
  } catch {
    // The native side still refuses some well-shaped hashes (an impossible cost); that is "no match".
    return false;
  }
}
