/** JSON Web Tokens signed and verified with HS256 and the JWT_SECRET environment variable, or a secret given per call. */
import type { SignOptions as JwtSignOptions } from 'jsonwebtoken';
import { setupError } from '../../base/errors.js';
import { lazyDependency } from '../../base/optional-package.js';
import type { TokenPayload } from '../../core/types.js';
import {
  signerFrom,
  type TokenSignOptions,
  type TokenVerifyOptions,
  type Verifier,
  verifierFrom,
} from './options.js';

const loadJwt = lazyDependency<typeof import('jsonwebtoken')>('jsonwebtoken');

/** Registered time claims jsonwebtoken sets itself; a payload carrying them (a re-signed token) would clash. */
const TIME_CLAIMS = ['iat', 'exp', 'nbf'] as const;

/** The outcome of checking a token: its payload, or why it was refused. */
export type TokenCheck =
  | { ok: true; payload: TokenPayload }
  | { ok: false; reason: 'expired' | 'invalid' | 'no-expiry' };

/**
 * Signs `payload` as an HS256 JWT with `JWT_SECRET`, expiring after `expiresIn` (a timespan such as `'15m'`,
 * `'1h'`, `'7d'`, or a number of seconds; default `'1h'`). `iat`, `exp` and `nbf` in the payload are dropped,
 * so re-signing a verified payload gives a fresh token (AUTH-006). The second argument may instead be
 * {@link TokenSignOptions}: `{ expiresIn, secret, algorithm }`, a secret of the caller's own rather than
 * `JWT_SECRET`, and HS384 or HS512 (AUTH-015). Throws `KIT_ERR_AUTH_NO_SECRET` when no secret is given and
 * `JWT_SECRET` is missing, and a `TypeError` for a payload that is not an object, an unreadable `expiresIn`
 * or a bad option.
 *
 * @example
 * ```ts
 * import { generateToken } from 'kitjs';
 * const token = generateToken({ id: user.id, email: user.email });        // valid for 1 hour
 * const short = generateToken({ id: user.id, email: user.email }, '15m');
 * const own = generateToken({ id: user.id, email: user.email }, { expiresIn: '15m', secret: config.jwtSecret });
 * ```
 */
export function generateToken(
  payload: TokenPayload,
  expiresInOrOptions: string | number | TokenSignOptions = '1h',
): string {
  // An array is no options object: it is an (unreadable) expiresIn, reported as such below.
  const options: TokenSignOptions =
    expiresInOrOptions !== null &&
    typeof expiresInOrOptions === 'object' &&
    !Array.isArray(expiresInOrOptions)
      ? expiresInOrOptions
      : { expiresIn: expiresInOrOptions as string | number };
  const signer = signerFrom(options, 'generateToken');
  const secret = signer.key();
  const { expiresIn } = signer;
  if (payload === null || typeof payload !== 'object' || Array.isArray(payload)) {
    throw setupError(
      'KIT_ERR_SETUP_AUTH_OPTIONS',
      'generateToken: payload must be an object such as { id, email }',
    );
  }
  if (!plausibleExpiresIn(expiresIn)) throw badExpiresIn(expiresIn);
  const claims: Record<string, unknown> = { ...payload };
  for (const claim of TIME_CLAIMS) delete claims[claim];
  try {
    return loadJwt().sign(claims, secret, {
      algorithm: signer.algorithm,
      expiresIn: expiresIn as JwtSignOptions['expiresIn'],
    });
  } catch (cause) {
    // Either a timespan jsonwebtoken cannot parse ('soon') or claims JSON cannot encode (a BigInt, a
    // cycle); both are the caller's arguments at fault, so both are TypeErrors.
    if (!parsableExpiresIn(expiresIn)) throw badExpiresIn(expiresIn);
    throw setupError('KIT_ERR_SETUP_AUTH_OPTIONS', `generateToken: ${(cause as Error).message}`, { cause });
  }
}

/** A finite positive number of seconds, or a non-blank string (jsonwebtoken parses the timespan). */
function plausibleExpiresIn(value: unknown): boolean {
  if (typeof value === 'number') return Number.isFinite(value) && value > 0;
  return typeof value === 'string' && value.trim() !== '';
}

/** Whether jsonwebtoken can read `value` as an expiry; asked only after signing failed, to name the cause. */
function parsableExpiresIn(value: unknown): boolean {
  try {
    loadJwt().sign({}, 'probe', { expiresIn: value as JwtSignOptions['expiresIn'] });
    return true;
  } catch {
    return false;
  }
}

function badExpiresIn(value: unknown): TypeError {
  return setupError(
    'KIT_ERR_SETUP_AUTH_OPTIONS',
    `generateToken: expiresIn must be a timespan such as '15m', '1h', '7d' or a positive number of seconds, got ${String(value)}`,
  );
}

/** Verification as the seed does it: JWT_SECRET, HS256, `exp` required. */
const DEFAULT_VERIFIER = verifierFrom(undefined, 'verifyToken');

/**
 * Checks a token with a checked {@link Verifier} and says why it failed: `expired` only for a token whose
 * signature is good but whose `exp` has passed (jsonwebtoken checks the signature first), `no-expiry` for a
 * well-signed token without `exp` when the verifier does not allow it (AUTH-016), `invalid` for everything
 * else (AUTH-009, AUTH-011). Throws `KIT_ERR_AUTH_NO_SECRET` when the verifier reads `JWT_SECRET` and it is
 * missing.
 *
 * @example
 * ```ts
 * const check = checkToken(token);
 * if (!check.ok && check.reason === 'expired') res.status(401).json({ error: 'Log in again' });
 * ```
 */
export function checkToken(token: unknown, verifier: Verifier = DEFAULT_VERIFIER): TokenCheck {
  const secret = verifier.key();
  if (typeof token !== 'string' || token.length === 0) return { ok: false, reason: 'invalid' };
  const jwt = loadJwt();
  try {
    const decoded = jwt.verify(token, secret, { algorithms: verifier.algorithms });
    // A string payload (a JWS whose body is not JSON) is not a set of claims.
    if (decoded === null || typeof decoded !== 'object' || Array.isArray(decoded)) {
      return { ok: false, reason: 'invalid' };
    }
    // AUTH-016: a token that never expires is refused unless the app chose to accept such tokens.
    if (typeof decoded.exp !== 'number' && !verifier.allowNoExpiry) return { ok: false, reason: 'no-expiry' };
    return { ok: true, payload: decoded as TokenPayload };
  } catch (err) {
    return { ok: false, reason: err instanceof jwt.TokenExpiredError ? 'expired' : 'invalid' };
  }
}

/**
 * The payload of a valid, unexpired HS256 token signed with `JWT_SECRET` (with its `iat` and `exp`), or null
 * for anything else: another algorithm (`none`, HS384, HS512, RS256), a tampered or foreign signature, an
 * expired token, a token without `exp` (AUTH-016), a malformed string or a non-string (AUTH-009). `options`
 * may give a secret of the caller's own, other HMAC algorithms, and `allowNoExpiry` (AUTH-015). Throws
 * `KIT_ERR_AUTH_NO_SECRET` when no secret is given and `JWT_SECRET` is missing rather than answering null,
 * so a misconfigured server is noticed; a `TypeError` for a bad option.
 *
 * @example
 * ```ts
 * import { verifyToken } from 'kitjs';
 * const user = verifyToken(token); // { id: 1, email: 'a@b.c', iat, exp } or null
 * const partner = verifyToken(token, { secret: config.partnerSecret, algorithms: ['HS512'] });
 * ```
 */
export function verifyToken(token: string, options?: TokenVerifyOptions): TokenPayload | null {
  const verifier = options === undefined ? DEFAULT_VERIFIER : verifierFrom(options, 'verifyToken');
  const check = checkToken(token, verifier);
  return check.ok ? check.payload : null;
}
