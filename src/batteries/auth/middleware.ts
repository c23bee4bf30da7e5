/** The `authMiddleware` route guard: a valid bearer token puts its payload on req.user, anything else is a 401. */
import type { ServerResponse } from 'node:http';
import { errorCodes, KitError, type KitErrorCode } from '../../base/errors.js';
import { checkNoOptions } from '../../base/factory-guard.js';
import { LISTEN_HOOK, type ListenHook } from '../../core/app/listen-hooks.js';
import { errorFormatOf } from '../../core/final-handler.js';
import type { KitRequest, KitResponse, NextFunction, RequestGuard, TokenPayload } from '../../core/types.js';
import { APPLICATION_JSON, writeBody } from '../../core/write-body.js';
import { parseBearer } from './bearer.js';
import { type AuthOptions, type Verifier, verifierFrom } from './options.js';
import { checkJwtSecret } from './secret-check.js';
import { checkToken } from './token.js';

/**
 * The code and `WWW-Authenticate` challenge of each kind of refusal (RFC 6750, section 3): AUTH-011. The
 * message a client reads (`error` in the JSON body, `detail` in a problem) is the code's, from the registry.
 */
const REFUSALS = {
  // No credentials, or credentials for another scheme: RFC 6750 3.1 says to send no error code then.
  missing: { code: 'KIT_ERR_AUTH_MISSING_TOKEN', challenge: 'Bearer' },
  'other-scheme': { code: 'KIT_ERR_AUTH_WRONG_SCHEME', challenge: 'Bearer' },
  malformed: {
    code: 'KIT_ERR_AUTH_MALFORMED_HEADER',
    challenge: 'Bearer error="invalid_request", error_description="Malformed Authorization header"',
  },
  invalid: {
    code: 'KIT_ERR_AUTH_INVALID_TOKEN',
    challenge: 'Bearer error="invalid_token", error_description="The token is invalid"',
  },
  expired: {
    code: 'KIT_ERR_AUTH_EXPIRED',
    challenge: 'Bearer error="invalid_token", error_description="The token has expired"',
  },
  // AUTH-016: said only for a good signature, like "expired", so it tells a forger nothing.
  'no-expiry': {
    code: 'KIT_ERR_AUTH_NO_EXPIRY',
    challenge: 'Bearer error="invalid_token", error_description="The token has no expiry"',
  },
} as const satisfies Record<string, { code: KitErrorCode; challenge: string }>;

type Refusal = keyof typeof REFUSALS;

/**
 * AUTH-011, AUTH-012: the 401 for `why`. In an app that answers problems (`kit({ errors: 'problem+json' })`,
 * ERR-013) it is a `KitError` carrying its challenge in `headers`, handed to `next` so that the app's error
 * path renders it as it renders every other error: its `setErrorHandler` or error middleware, else the
 * default problem. Anywhere else the guard answers itself, with the `{ "error": ... }` JSON body AUTH-011
 * documents, through Node's API so any response object works, and no error handler is involved.
 */
function refuse(req: KitRequest, res: ServerResponse, next: NextFunction, why: Refusal): void {
  const { code, challenge } = REFUSALS[why];
  if (errorFormatOf(req) === 'problem+json') {
    next(Object.assign(new KitError(code), { headers: { 'WWW-Authenticate': challenge } }));
    return;
  }
  const error = errorCodes[code].message;
  writeBody(res, 401, APPLICATION_JSON, JSON.stringify({ error }), { 'WWW-Authenticate': challenge });
}

/**
 * What `authMiddleware` puts on `req.user` unless the app names its own type: the claims of
 * {@link TokenPayload}, plus whatever the app declares on the global `Express.User` interface (as for
 * passport), so one declaration types every guarded route.
 *
 * @example
 * ```ts
 * declare global {
 *   namespace Express {
 *     interface User { role: 'admin' | 'member' }
 *   }
 * }
 * app.get('/admin', authMiddleware, (req, res) => res.json({ role: req.user.role }));
 * ```
 */
export type AuthUser = TokenPayload & Express.User;

/**
 * A guard made by `authMiddleware`: a middleware whose following handlers in the same registration see
 * `req.user` as `User`, defined (AUTH-017).
 *
 * @example
 * ```ts
 * const guard: AuthMiddleware<{ id: number; email: string; role: string }> = authMiddleware({ secret });
 * ```
 */
export interface AuthMiddleware<User extends object = AuthUser> extends RequestGuard<{ user: User }> {
  (req: KitRequest, res: KitResponse, next: NextFunction): void;
}

/**
 * The type of `authMiddleware` itself: a guard reading `JWT_SECRET`, and a factory of guards configured per
 * use (AUTH-015).
 *
 * @example
 * ```ts
 * const guard = authMiddleware({ secret: config.jwtSecret });
 * ```
 */
export interface AuthMiddlewareFactory extends AuthMiddleware {
  /** Called with nothing (or `{}`), the middleware itself (APP-011). */
  (): AuthMiddlewareFactory;
  /**
   * A guard of its own: its secret (else `JWT_SECRET` at each request), algorithms and expiry policy. `User`
   * is the type the app's tokens carry; kitjs does not check the claims against it.
   */
  <User extends object = AuthUser>(options: AuthOptions): AuthMiddleware<User>;
}

/**
 * DOCS-032: the mark every guard `authMiddleware` makes carries (the plain one too), so the API docs document
 * the routes behind it with the bearer scheme without an annotation. A registered symbol, so a second copy
 * of kitjs in the process (a bundled one beside an installed one) marks its guards the same way.
 *
 * @example
 * ```ts
 * (authMiddleware as { [BEARER_GUARD]?: true })[BEARER_GUARD]; // true
 * ```
 */
export const BEARER_GUARD: unique symbol = Symbol.for('kitjs.bearerGuard');

/** A guard checking tokens with `verifier`; `where` names it in start-up messages. */
function makeGuard(verifier: Verifier, where: string): AuthMiddleware {
  const guard = (req: KitRequest, res: KitResponse, next: NextFunction): void =>
    admit(verifier, req, res, next);
  // AUTH-014, AUTH-018: each guard checks its own secret when an app that uses it starts to listen, through
  // the core's listen hooks (the core imports no battery).
  Object.defineProperty(guard, LISTEN_HOOK, {
    value: ((app) => checkJwtSecret(app, verifier.own, where)) satisfies ListenHook,
  });
  Object.defineProperty(guard, BEARER_GUARD, { value: true });
  return guard as AuthMiddleware;
}

/** JWT_SECRET, HS256, `exp` required: the plain `authMiddleware`'s verification (AUTH-010). */
const FROM_ENV = verifierFrom(undefined, 'authMiddleware');

function isRequest(value: unknown, res: unknown, next: unknown): boolean {
  return value !== undefined && res !== undefined && next !== undefined;
}

/**
 * Route middleware that admits only requests with `Authorization: Bearer <token>` carrying a valid token
 * from {@link generateToken}. It stores the payload on `req.user` and `req.locals.user` and calls `next()`.
 * Otherwise it answers at once with 401, a JSON body `{ "error": "..." }` and a `WWW-Authenticate: Bearer`
 * challenge (with `error="invalid_token"` when a token was sent), and does not call `next`; in an app made
 * with `kit({ errors: 'problem+json' })` it calls `next(err)` with a 401 `KitError` (`KIT_ERR_AUTH_*`, the
 * challenge in its `headers`) instead, which the app's error path answers like any error. A token without
 * `exp` is refused (AUTH-016). When `JWT_SECRET` is missing it calls `next(err)` with
 * `KIT_ERR_AUTH_NO_SECRET` (a 500 that does not leak), because refusing every client as if its token were
 * bad would hide the server's fault.
 *
 * Used as is it reads `JWT_SECRET` at each request and accepts HS256. Called with options it makes a guard
 * of its own (AUTH-015): `secret` (a string or bytes; the environment is then not read), `algorithms`
 * (HS256, HS384, HS512) and `allowNoExpiry`. Handlers registered after it in the same call see `req.user`
 * defined (AUTH-017), typed `User` when given (`authMiddleware<MyClaims>({ ... })`).
 *
 * @example
 * ```ts
 * import kit, { authMiddleware } from 'kitjs';
 * const app = kit();
 * app.get('/me', authMiddleware, (req, res) => res.json({ id: req.user.id }));
 * app.use('/admin', authMiddleware); // guards everything under /admin
 * app.use('/api', authMiddleware()); // the same middleware: called, it returns itself
 * const partners = authMiddleware<{ id: string; email: string; partner: string }>({
 *   secret: process.env.PARTNER_SECRET,
 *   algorithms: ['HS512'],
 * });
 * app.get('/partner', partners, (req, res) => res.json({ partner: req.user.partner }));
 * ```
 */
export const authMiddleware: AuthMiddlewareFactory = function authMiddleware(
  req?: unknown,
  res?: unknown,
  next?: unknown,
): unknown {
  if (isRequest(req, res, next)) {
    admit(FROM_ENV, req as KitRequest, res as KitResponse, next as NextFunction);
    return undefined;
  }
  // APP-011: `authMiddleware()` and `authMiddleware({})` hand back the plain guard itself.
  if (req === undefined || (isPlainEmpty(req) && res === undefined)) {
    checkNoOptions(req, 'authMiddleware', res);
    return authMiddleware;
  }
  // AUTH-015: options make a guard of its own; a bad option is a TypeError now, not a 500 per request.
  checkNoOptions(undefined, 'authMiddleware', res);
  return makeGuard(verifierFrom(req, 'authMiddleware()'), 'authMiddleware({ ... })');
} as AuthMiddlewareFactory;

function isPlainEmpty(value: unknown): boolean {
  return (
    value !== null && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 0
  );
}

// AUTH-014, AUTH-018: the plain guard checks JWT_SECRET when an app that uses it listens.
Object.defineProperty(authMiddleware, LISTEN_HOOK, {
  value: ((app) => checkJwtSecret(app, undefined, 'authMiddleware')) satisfies ListenHook,
});
Object.defineProperty(authMiddleware, BEARER_GUARD, { value: true });

function admit(verifier: Verifier, req: KitRequest, res: KitResponse, next: NextFunction): void {
  const credentials = parseBearer(req.headers.authorization);
  if (credentials.kind !== 'token') {
    refuse(req, res, next, credentials.kind);
    return;
  }
  let check: ReturnType<typeof checkToken>;
  try {
    // AUTH-013: a missing JWT_SECRET is next(err), the error handler's 500, never a 401.
    check = checkToken(credentials.token, verifier);
  } catch (err) {
    next(err);
    return;
  }
  if (!check.ok) {
    refuse(req, res, next, check.reason);
    return;
  }
  // AUTH-010: the payload on req.user and req.locals.user (so res.locals.user too).
  const user: TokenPayload = check.payload;
  req.user = user;
  // Outside kitjs (plain node:http, tests) there may be no locals object yet.
  if (req.locals === undefined || req.locals === null) req.locals = {};
  req.locals.user = user;
  next();
}
