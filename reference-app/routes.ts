/** The reference app's account routes (register, login, me), annotated for setupSwagger (express-jsdoc-swagger style). */
import { randomBytes } from 'node:crypto';
import { authMiddleware, comparePassword, generateToken, HttpError, hashPassword, type KitApp } from 'kitjs';
import { loginBody, loginReply, publicUser, registerBody } from './schemas.js';
import type { UserStore } from './stores/user-store.js';
import type { LoginThrottle } from './throttle/login-throttle.js';

/** The same answer for an unknown email and a wrong password, so the API cannot be used to find accounts. */
const BAD_CREDENTIALS = 'Invalid email or password';

/**
 * A JSON error, the shape of every 4xx and 5xx answer of this API.
 * @typedef {object} ErrorResponse
 * @property {string} error.required - What went wrong
 */

/**
 * What a client sends to register or log in.
 * @typedef {object} Credentials
 * @property {string} email.required - The account's email; compared case-insensitively, surrounding spaces ignored - email
 * @property {string} password.required - At least 8 characters (on register) and at most 72 bytes in UTF-8 - password
 */

/**
 * An account as the API shows it: never the password or its hash.
 * @typedef {object} User
 * @property {integer|string} id.required - A number with SQLite and PostgreSQL, a string with MongoDB
 * @property {string} email.required - Trimmed and in lower case - email
 */

/**
 * @typedef {object} LoginResponse
 * @property {string} token.required - A JWT (HS256) valid for one hour: send it as `Authorization: Bearer <token>`
 */

/**
 * The payload of the caller's token.
 * @typedef {object} TokenPayload
 * @property {integer|string} id.required - The account's id
 * @property {string} email.required - The account's email - email
 * @property {integer} iat.required - Issued at, in seconds since the epoch
 * @property {integer} exp.required - Expires at, in seconds since the epoch
 */

/**
 * @typedef {object} MeResponse
 * @property {TokenPayload} user.required - The decoded token
 */

/** What the account routes need: the store and the login throttle. */
export interface RouteOptions {
  store: UserStore;
  throttle: LoginThrottle;
}

/**
 * Adds `POST /register`, `POST /login` and `GET /me` to `app`, and a 405 for the other methods on the two
 * POST paths. `throttle` guards `/login` (see
 * `throttle/login-throttle.ts`), counting clients by `req.ip`, which the app's `trust proxy` setting makes
 * the address the trusted proxies saw (REF-034; REF-002; docs for setupSwagger, REF-010).
 *
 * @example
 * registerRoutes(app, { store, throttle });
 */
export function registerRoutes(app: KitApp, { store, throttle }: RouteOptions): void {
  // REF-006: one bcrypt comparison whether or not the email exists.
  // Compared against when the email is unknown, so that a login costs one bcrypt comparison either way and
  // its duration does not tell whether an account exists. Hashed once, now, so no login pays for it.
  const dummyHash = hashPassword(randomBytes(18).toString('base64'));
  // A failure (bcrypt missing) surfaces on the login that awaits it, not as an unhandled rejection.
  dummyHash.catch(() => {});

  /**
   * POST /register
   * @summary Create an account
   * @description Stores the email (trimmed, in lower case) and a bcrypt hash of the password.
   * @tags Accounts
   * @param {Credentials} request.body.required - The new account's email and password
   * @return {User} 201 - The account was created
   * @return {ErrorResponse} 400 - A field is missing or not a string, the email is not an email, the password is shorter than 8 characters or over 72 bytes, or the body is not a JSON object
   * @return {ErrorResponse} 409 - An account with this email exists (also when two registrations race: the database's unique index decides)
   * @return {ErrorResponse} 413 - The body is over the 16 kB limit
   * @return {ErrorResponse} 503 - The database is unavailable: try again after the seconds in Retry-After (a retry of a registration that was stored after all answers 409)
   * @example request - A new account
   * { "email": "ada@example.com", "password": "correct horse battery staple" }
   * @example response - 201 - Created
   * { "id": 1, "email": "ada@example.com" }
   */
  // REF-003: the body is checked by its schema before the handler runs (schemas.ts); REF-005: the reply
  // schema writes only the id and the email of what the store gives back.
  const registration = { schema: { body: registerBody, response: { 201: publicUser } } };
  app.post('/register', registration, async (req, res) => {
    const { email, password } = req.body;
    // REF-031: the unique index decides, never a look-up first.
    // No look-up first: with several instances, "not found" can be stale by the time of the insert. The
    // unique index decides, and the store turns its violation into EmailTakenError (409).
    // REF-005: the store gets only the hash.
    const user = await store.create({ email, passwordHash: await hashPassword(password) });
    res.status(201).json(user);
  });

  /**
   * POST /login
   * @summary Log in and get a token
   * @description An unknown email and a wrong password get the same 401, in about the same time. Attempts are counted per email and per client address in a window shared by every instance; over the limit the answer is 429 with a Retry-After header (seconds), until the window ends. A successful login clears the email's count.
   * @tags Accounts
   * @param {Credentials} request.body.required - The account's email and password
   * @return {LoginResponse} 200 - A token for `Authorization: Bearer <token>`
   * @return {ErrorResponse} 400 - A field is missing or not a string, or the body is not a JSON object
   * @return {ErrorResponse} 401 - The email is unknown or the password is wrong
   * @return {ErrorResponse} 413 - The body is over the 16 kB limit
   * @return {ErrorResponse} 429 - Too many attempts for this email or from this address: wait the seconds in Retry-After
   * @return {ErrorResponse} 503 - The database is unavailable: try again after the seconds in Retry-After
   * @example request - Log in
   * { "email": "ada@example.com", "password": "correct horse battery staple" }
   */
  app.post('/login', { schema: { body: loginBody, response: { 200: loginReply } } }, async (req, res) => {
    const { email, password } = req.body;
    const who = { email, address: req.ip };
    // Counted before the password is checked, so racing instances cannot check more than the limit.
    await throttle.admit(who);
    const user = await store.findByEmail(email);
    const matches = await comparePassword(password, user ? user.passwordHash : await dummyHash);
    if (!user || !matches) throw new HttpError(401, BAD_CREDENTIALS);
    await throttle.succeeded(who);
    // REF-032: a stateless JWT: every instance with the same JWT_SECRET accepts it; no session lives here.
    res.json({ token: generateToken({ id: user.id, email: user.email }) });
  });

  /**
   * GET /me
   * @summary The caller's token payload
   * @tags Accounts
   * @security BearerAuth
   * @return {MeResponse} 200 - The decoded token
   * @return {ErrorResponse} 401 - The bearer token is missing, malformed, invalid or expired
   */
  app.get('/me', authMiddleware, (req, res) => {
    res.json({ user: req.user });
  });

  // REF-013: the two POST-only paths exist, so another method is a 405 naming the one allowed, not a 404.
  // After the POST routes, so only what they did not answer gets here.
  for (const path of ['/register', '/login']) {
    app.all(path, () => {
      throw new HttpError(405, 'Method Not Allowed: use POST', { headers: { Allow: 'POST' } });
    });
  }
}
