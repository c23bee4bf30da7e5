/** The start-up check of the JWT secret for apps that guard routes with `authMiddleware` (AUTH-014, AUTH-018). */
import type { Logger } from 'pino';
import { KitError } from '../../base/errors.js';
import { processLogger } from '../../base/logger.js';

/** HS256 signs with SHA-256: a key shorter than its 256 bits is weaker than the algorithm (RFC 7518, 3.2). */
export const MIN_SECRET_BYTES = 32;

/**
 * Logs one warning when `JWT_SECRET` is unset, blank or shorter than 32 bytes (AUTH-014).
 *
 * @example
 * ```ts
 * warnAboutJwtSecret(app.log); // logs at warn: "authMiddleware is used but JWT_SECRET is not set ..."
 * ```
 */
export function warnAboutJwtSecret(log: Logger = processLogger()): void {
  const problem = secretProblem(undefined);
  if (problem !== undefined) log.warn(problem.fields, problem.warning);
}

interface SecretProblem {
  fields: Record<string, unknown>;
  warning: string;
  refusal: string;
}

/** What is wrong with the secret a guard uses (its own bytes, else `JWT_SECRET` now), or undefined. */
function secretProblem(own: Uint8Array | undefined): SecretProblem | undefined {
  const name = own === undefined ? 'JWT_SECRET' : 'the secret given to authMiddleware';
  const fields = own === undefined ? { variable: 'JWT_SECRET' } : { option: 'secret' };
  let bytes: number;
  if (own === undefined) {
    const secret = process.env.JWT_SECRET;
    if (secret === undefined || secret.trim() === '') {
      return {
        fields,
        warning:
          'authMiddleware is used but JWT_SECRET is not set: every request with a token will answer 500 until it is set',
        refusal: 'authMiddleware is used but JWT_SECRET is not set',
      };
    }
    bytes = Buffer.byteLength(secret, 'utf8');
  } else bytes = own.byteLength;
  if (bytes >= MIN_SECRET_BYTES) return undefined;
  const why = `HS256 wants a random secret of at least 256 bits`;
  return {
    fields: { ...fields, bytes },
    warning: `${name === 'JWT_SECRET' ? 'JWT_SECRET' : 'The secret given to authMiddleware'} is shorter than ${MIN_SECRET_BYTES} bytes: ${why}`,
    refusal: `${name} is ${bytes} bytes long, shorter than ${MIN_SECRET_BYTES}: ${why}`,
  };
}

/** The app's `env` setting (kit() and express() set it from NODE_ENV), else NODE_ENV itself. */
function appEnv(app: unknown): unknown {
  const settings = (app as { settings?: { env?: unknown } } | null)?.settings;
  return settings?.env ?? process.env.NODE_ENV;
}

/**
 * The listen hook of every guard `authMiddleware` makes: when an app that uses the guard anywhere (as
 * middleware, in a route, in a mounted router) starts to listen, checks the guard's secret (its own, else
 * `JWT_SECRET`). Outside production a missing, blank or short (under 32 bytes) secret is one warning on the
 * app's logger (AUTH-014). With the app's `env` at `production` (NODE_ENV=production) the same secret makes
 * `listen` throw `KIT_ERR_AUTH_WEAK_SECRET` before the port is opened (AUTH-018): a production server must
 * not start with a secret anyone can guess or brute-force offline from one token.
 *
 * @example
 * ```ts
 * // Called for you by authMiddleware's listen hook when an app that uses it listens:
 * checkJwtSecret(app, undefined, 'authMiddleware'); // warns, or throws in production
 * ```
 */
export function checkJwtSecret(app: unknown, own: Uint8Array | undefined, where: string): void {
  const problem = secretProblem(own);
  if (problem === undefined) return;
  if (appEnv(app) === 'production') {
    throw new KitError(
      'KIT_ERR_AUTH_WEAK_SECRET',
      `${where}: ${problem.refusal}, and the app's env is "production": refusing to listen. Set a random secret of at least ${MIN_SECRET_BYTES} bytes, for example: node -e "console.log(require('node:crypto').randomBytes(32).toString('hex'))"`,
    );
  }
  const log = (app as { log?: Logger } | null)?.log ?? processLogger();
  log.warn(problem.fields, problem.warning);
}
