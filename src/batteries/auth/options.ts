/** The options of `authMiddleware(options)` and of the token helpers: where the secret comes from, which HMACs, expiry. */
import { createSecretKey, type KeyObject } from 'node:crypto';
import { setupError } from '../../base/errors.js';
import { secretKey } from './secret.js';

/**
 * The HMAC algorithms kitjs signs and verifies with. Only symmetric ones: a token guarded by a shared secret
 * must never be accepted under an algorithm that reads the secret as a public key (AUTH-008).
 *
 * @example
 * ```ts
 * const algorithms: TokenAlgorithm[] = ['HS512'];
 * ```
 */
export type TokenAlgorithm = 'HS256' | 'HS384' | 'HS512';

const ALGORITHMS: readonly TokenAlgorithm[] = ['HS256', 'HS384', 'HS512'];

/**
 * Where the signing secret comes from, for one middleware or one call: a secret of the app's own (a string
 * or bytes), else `JWT_SECRET` read at each use (AUTH-015).
 *
 * @example
 * ```ts
 * const source: SecretOption = { secret: config.jwtSecret };
 * ```
 */
export interface SecretOption {
  /**
   * The HMAC secret (UTF-8 text or raw bytes). Left out, `JWT_SECRET` is read at each use, so a deployment may
   * set it after kitjs is imported. Given, the environment is not read at all.
   */
  secret?: string | Uint8Array;
}

/**
 * How {@link verifyToken} and `authMiddleware` check a token (AUTH-015, AUTH-016).
 *
 * @example
 * ```ts
 * verifyToken(token, { secret: process.env.PARTNER_SECRET, algorithms: ['HS512'] });
 * ```
 */
export interface TokenVerifyOptions extends SecretOption {
  /** The algorithms accepted; default `['HS256']`, only HS256, HS384 and HS512 may be named. */
  algorithms?: readonly TokenAlgorithm[];
  /**
   * Accepts a well-signed token that carries no `exp` claim, which would otherwise be refused: such a token
   * is valid for ever, so a leaked one cannot be made to lapse (AUTH-016). Default false.
   */
  allowNoExpiry?: boolean;
}

/**
 * How {@link generateToken} signs (AUTH-015).
 *
 * @example
 * ```ts
 * generateToken({ id: 1, email: 'a@b.c' }, { expiresIn: '15m', secret: config.jwtSecret });
 * ```
 */
export interface TokenSignOptions extends SecretOption {
  /** A timespan (`'15m'`, `'1h'`, `'7d'`) or a positive number of seconds; default `'1h'`. */
  expiresIn?: string | number;
  /** Default `'HS256'`. */
  algorithm?: TokenAlgorithm;
}

/**
 * The options of `authMiddleware(options)`: those of {@link verifyToken}, checked once when the middleware is
 * made (AUTH-015).
 *
 * @example
 * ```ts
 * app.get('/me', authMiddleware({ secret: config.jwtSecret }), (req, res) => res.json(req.user));
 * ```
 */
export type AuthOptions = TokenVerifyOptions;

/** A checked set of verification options: the key source, the algorithms, and whether `exp` may be missing. */
export interface Verifier {
  /** The key now: the app's own secret, or `JWT_SECRET` (throws KIT_ERR_AUTH_NO_SECRET when missing). */
  key(): KeyObject;
  /** The secret's text as the start-up check sees it: undefined means "JWT_SECRET, read when asked". */
  readonly own: Uint8Array | undefined;
  readonly algorithms: TokenAlgorithm[];
  readonly allowNoExpiry: boolean;
}

const KNOWN: Record<'verify' | 'sign', readonly string[]> = {
  verify: ['secret', 'algorithms', 'allowNoExpiry'],
  sign: ['secret', 'expiresIn', 'algorithm'],
};

function checkKeys(options: object, kind: 'verify' | 'sign', where: string): void {
  for (const key of Object.keys(options)) {
    if (!KNOWN[kind].includes(key)) {
      throw setupError(
        'KIT_ERR_SETUP_AUTH_OPTIONS',
        `${where}: unknown option "${key}" (known: ${KNOWN[kind].join(', ')})`,
      );
    }
  }
}

/** The secret's bytes, or undefined when the option is left out; a blank or non-text secret is a TypeError. */
function ownSecret(secret: unknown, where: string): Uint8Array | undefined {
  if (secret === undefined) return undefined;
  if (typeof secret === 'string') {
    if (secret.trim() === '')
      throw setupError('KIT_ERR_SETUP_AUTH_OPTIONS', `${where}: secret must not be empty`);
    return Buffer.from(secret, 'utf8');
  }
  if (secret instanceof Uint8Array) {
    if (secret.byteLength === 0)
      throw setupError('KIT_ERR_SETUP_AUTH_OPTIONS', `${where}: secret must not be empty`);
    // A copy: the caller's buffer may be reused or zeroed later.
    return Uint8Array.from(secret);
  }
  throw setupError(
    'KIT_ERR_SETUP_AUTH_OPTIONS',
    `${where}: secret must be a string or bytes (a Buffer or Uint8Array)`,
  );
}

function checkAlgorithm(value: unknown, where: string): TokenAlgorithm {
  if (!ALGORITHMS.includes(value as TokenAlgorithm)) {
    throw setupError(
      'KIT_ERR_SETUP_AUTH_OPTIONS',
      `${where}: algorithm must be one of ${ALGORITHMS.join(', ')}, got ${String(value)}`,
    );
  }
  return value as TokenAlgorithm;
}

function isPlainOptions(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * Checks verification options once (a bad one is a TypeError naming it, at setup rather than per request)
 * and gives what a check needs (AUTH-015). The key of an own secret is made here, once.
 *
 * @example
 * ```ts
 * const verifier = verifierFrom({ secret: 'x'.repeat(32) }, 'authMiddleware()');
 * ```
 */
export function verifierFrom(options: unknown, where: string): Verifier {
  if (options === undefined) options = {};
  if (!isPlainOptions(options))
    throw setupError('KIT_ERR_SETUP_AUTH_OPTIONS', `${where}: options must be an object`);
  checkKeys(options, 'verify', where);
  const own = ownSecret(options.secret, where);
  let algorithms: TokenAlgorithm[] = ['HS256'];
  if (options.algorithms !== undefined) {
    if (!Array.isArray(options.algorithms) || options.algorithms.length === 0) {
      throw setupError(
        'KIT_ERR_SETUP_AUTH_OPTIONS',
        `${where}: algorithms must be a non-empty array such as ['HS256']`,
      );
    }
    algorithms = options.algorithms.map((a: unknown) => checkAlgorithm(a, where));
  }
  const allow = options.allowNoExpiry;
  if (allow !== undefined && typeof allow !== 'boolean') {
    throw setupError('KIT_ERR_SETUP_AUTH_OPTIONS', `${where}: allowNoExpiry must be true or false`);
  }
  const ownKey = own === undefined ? undefined : createSecretKey(own);
  return {
    key: ownKey === undefined ? secretKey : () => ownKey,
    own,
    algorithms,
    allowNoExpiry: allow === true,
  };
}

/**
 * Checks signing options; `expiresIn` is checked by generateToken itself.
 *
 * @example
 * ```ts
 * const { key, algorithm } = signerFrom({ algorithm: 'HS512' }, 'generateToken');
 * ```
 */
export function signerFrom(
  options: TokenSignOptions,
  where: string,
): { key(): KeyObject; algorithm: TokenAlgorithm; expiresIn: unknown } {
  if (!isPlainOptions(options))
    throw setupError('KIT_ERR_SETUP_AUTH_OPTIONS', `${where}: options must be an object`);
  checkKeys(options, 'sign', where);
  const own = ownSecret(options.secret, where);
  const algorithm = options.algorithm === undefined ? 'HS256' : checkAlgorithm(options.algorithm, where);
  const ownKey = own === undefined ? undefined : createSecretKey(own);
  return {
    key: ownKey === undefined ? secretKey : () => ownKey,
    algorithm,
    expiresIn: options.expiresIn === undefined ? '1h' : options.expiresIn,
  };
}
