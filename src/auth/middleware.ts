/** The `authMiddleware` route guard: a valid bearer token puts its payload on req.user, anything else is a 401. */
import type { ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { LISTEN_HOOK, type ListenHook } from '../app/listen-hooks.js';
import { checkNoOptions } from '../factory-guard.js';
import type { KitRequest, KitResponse, NextFunction, TokenPayload } from '../types.js';
import { APPLICATION_JSON, writeBody } from '../write-body.js';
import { parseBearer } from './bearer.js';
import { warnAboutJwtSecret } from './secret-check.js';
import { checkToken } from './token.js';

/** The body and `WWW-Authenticate` challenge of each kind of refusal (RFC 6750, section 3): AUTH-011. */
const REFUSALS = {
  // No credentials, or credentials for another scheme: RFC 6750 3.1 says to send no error code then.
  missing: { error: 'Missing bearer token', challenge: 'Bearer' },
  'other-scheme': { error: 'Authorization scheme must be Bearer', challenge: 'Bearer' },
  malformed: {
    error: 'Malformed Authorization header',
    challenge: 'Bearer error="invalid_request", error_description="Malformed Authorization header"',
  },
  invalid: {
    error: 'Invalid token',
    challenge: 'Bearer error="invalid_token", error_description="The token is invalid"',
  },
  expired: {
    error: 'Token expired',
    challenge: 'Bearer error="invalid_token", error_description="The token has expired"',
  },
} as const;

type Refusal = keyof typeof REFUSALS;

/**
 * Answers 401 with the JSON body and challenge for `why`, through Node's API so any response object works.
 * The guard answers its refusals itself: `next` is not called and no error handler is involved (AUTH-012).
 */
function refuse(res: ServerResponse, why: Refusal): void {
  const { error, challenge } = REFUSALS[why];
  writeBody(res, 401, APPLICATION_JSON, JSON.stringify({ error }), { 'WWW-Authenticate': challenge });
}

/**
 * Route middleware that admits only requests with `Authorization: Bearer <token>` carrying a valid token
 * from {@link generateToken}. It stores the payload on `req.user` and `req.locals.user` and calls `next()`.
 * Otherwise it answers at once with 401, a JSON body `{ "error": "..." }` and a `WWW-Authenticate: Bearer`
 * challenge (with `error="invalid_token"` when a token was sent), and does not call `next`. When
 * `JWT_SECRET` is missing it calls `next(err)` with `KIT_ERR_AUTH_NO_SECRET` (a 500 that does not leak),
 * because refusing every client as if its token were bad would hide the server's fault.
 *
 * @example
 * ```ts
 * import kit, { authMiddleware } from 'kitjs';
 * const app = kit();
 * app.get('/me', authMiddleware, (req, res) => res.json({ user: req.user }));
 * app.use('/admin', authMiddleware); // guards everything under /admin
 * app.use('/api', authMiddleware()); // the same middleware: called, it returns itself
 * ```
 */
export function authMiddleware(): typeof authMiddleware;
export function authMiddleware(req: KitRequest, res: KitResponse, next: NextFunction): void;
export function authMiddleware(
  req?: KitRequest,
  res?: KitResponse,
  next?: NextFunction,
): typeof authMiddleware | undefined {
  // APP-011: `app.use(authMiddleware())` works too; called without a response it hands itself back.
  if (res === undefined || next === undefined || req === undefined) {
    checkNoOptions(req, 'authMiddleware', res);
    return authMiddleware;
  }
  guard(req, res, next);
  return undefined;
}

// AUTH-014: an app that uses authMiddleware checks JWT_SECRET when it starts to listen, through the core's
// listen hooks (the core imports no battery).
Object.defineProperty(authMiddleware, LISTEN_HOOK, {
  value: ((app) => warnAboutJwtSecret((app as { log?: Logger }).log)) satisfies ListenHook,
});

function guard(req: KitRequest, res: KitResponse, next: NextFunction): void {
  const credentials = parseBearer(req.headers.authorization);
  if (credentials.kind !== 'token') {
    refuse(res, credentials.kind);
    return;
  }
  let check: ReturnType<typeof checkToken>;
  try {
    // AUTH-013: a missing JWT_SECRET is next(err), the error handler's 500, never a 401.
    check = checkToken(credentials.token);
  } catch (err) {
    next(err);
    return;
  }
  if (!check.ok) {
    refuse(res, check.reason);
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
