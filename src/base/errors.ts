/** The one registry of errors kitjs raises: each code with its status and whether clients may see its message. */
import { adoptAsInstance, HttpError } from './http-error.js';

interface ErrorDefinition {
  status: number;
  /** Whether the message may be shown to the client. 4xx messages are; 5xx never. */
  expose: boolean;
  message: string;
  /**
   * How the default answer logs it when it is no fault of the code (a refusal while closing, an outage):
   * at this level, without a stack. Left out, a 5xx is an error-level line with the whole error (HARD-003).
   */
  log?: 'info' | 'warn';
  /**
   * A misuse found while the app is set up (a registration, an option), never an answer to a request: thrown
   * at once as a `TypeError` carrying the code ({@link setupError}). Its status is a server fault's, for the
   * one thrown while a request is served (a route registered inside a handler).
   */
  setup?: true;
}

/**
 * Every error code kitjs raises. `spec/errors.md` documents each one; a unit test fails when a code is
 * missing there.
 */
export const errorCodes = {
  // Routing and the core
  KIT_ERR_ROUTE_BAD_ENCODING: {
    status: 400,
    expose: true,
    message: 'Malformed percent-encoding in the path',
  },
  KIT_ERR_ROUTE_NUL_BYTE: { status: 400, expose: true, message: 'NUL byte in the path' },
  // ERR-013: the code of the problem 404 answering a request nothing in the app answered. Never thrown: the
  // text 404 (ERR-005) has no code, and setNotFoundHandler (ERR-014) replaces the answer, not an error.
  KIT_ERR_NOT_FOUND: { status: 404, expose: true, message: 'Not Found' },
  KIT_ERR_HANDLER_REJECTED: { status: 500, expose: false, message: 'A handler failed without an error' },
  KIT_ERR_NEXT_STRING: { status: 500, expose: false, message: 'next() was called with a string' },
  KIT_ERR_SERVER_CLOSING: { status: 503, expose: false, message: 'Server is shutting down', log: 'info' },
  // OBS-008: a handler ran past its handlerTimeout.
  KIT_ERR_HANDLER_TIMEOUT: { status: 503, expose: false, message: 'The request took too long' },
  KIT_ERR_RESPONSE_SENT: { status: 500, expose: false, message: 'A response was already sent' },
  // Route schemas (SCHEMA-004): the part and its issues travel on the error; the message names the part.
  KIT_ERR_VALIDATION: { status: 400, expose: true, message: 'Invalid request' },
  // Reply schemas (SCHEMA-008): the server's fault, never shown.
  KIT_ERR_REPLY_MISMATCH: { status: 500, expose: false, message: 'The reply does not match its schema' },
  KIT_ERR_REPLY_ASYNC: { status: 500, expose: false, message: 'A response schema validated asynchronously' },
  // Bodies
  KIT_ERR_BODY_INVALID_JSON: { status: 400, expose: true, message: 'Malformed JSON body' },
  KIT_ERR_BODY_FORBIDDEN_KEY: { status: 400, expose: true, message: 'Forbidden key in JSON body' },
  KIT_ERR_BODY_TOO_LARGE: { status: 413, expose: true, message: 'Request body too large' },
  KIT_ERR_BODY_UNSUPPORTED_CHARSET: { status: 415, expose: true, message: 'Unsupported charset' },
  KIT_ERR_BODY_UNSUPPORTED_ENCODING: { status: 415, expose: true, message: 'Unsupported content encoding' },
  KIT_ERR_BODY_INCOMPLETE: { status: 400, expose: true, message: 'Request body incomplete' },
  KIT_ERR_BODY_TOO_MANY_PARAMETERS: { status: 413, expose: true, message: 'Too many parameters' },
  // EXP-010, X5-008: an Express flavour's extended form nested past its depth, as body-parser refuses it.
  KIT_ERR_BODY_TOO_DEEP: { status: 400, expose: true, message: 'Form nested too deep' },
  KIT_ERR_BODY_MALFORMED_ENCODING: { status: 400, expose: true, message: 'Malformed compressed body' },
  KIT_ERR_BODY_VERIFY_FAILED: { status: 403, expose: true, message: 'Request body refused' },
  KIT_ERR_BODY_STREAM_DECODED: {
    status: 500,
    expose: false,
    message: 'The request stream was set to decode text (req.setEncoding) before a body parser',
  },
  KIT_ERR_BODY_ALREADY_READ: {
    status: 500,
    expose: false,
    message: 'The request body was already read before a body parser',
  },
  // Setup: json(), urlencoded(), text() or raw() got an option it cannot take.
  KIT_ERR_SETUP_BODY_OPTIONS: {
    status: 500,
    expose: false,
    setup: true,
    message: 'Invalid body parser options',
  },
  // Setup: query(options) got options that are neither qs options nor a function.
  KIT_ERR_SETUP_QUERY_OPTIONS: {
    status: 500,
    expose: false,
    setup: true,
    message: 'Invalid query parser options',
  },
  // Setup: cors() got an option it cannot take, or one that contradicts another.
  KIT_ERR_SETUP_CORS_OPTIONS: { status: 500, expose: false, setup: true, message: 'Invalid cors options' },
  // Setup: security() got an option it cannot take (a CSP that is no policy...).
  KIT_ERR_SETUP_SECURITY_OPTIONS: {
    status: 500,
    expose: false,
    setup: true,
    message: 'Invalid security options',
  },
  // Static files
  KIT_ERR_STATIC_FORBIDDEN: { status: 403, expose: true, message: 'Forbidden' },
  KIT_ERR_STATIC_BAD_PATH: { status: 400, expose: true, message: 'Bad path' },
  KIT_ERR_STATIC_RANGE: { status: 416, expose: true, message: 'Range Not Satisfiable' },
  KIT_ERR_STATIC_PRECONDITION: { status: 412, expose: true, message: 'Precondition Failed' },
  KIT_ERR_STATIC_NOT_FOUND: { status: 404, expose: true, message: 'Not Found' },
  KIT_ERR_STATIC_METHOD: { status: 405, expose: true, message: 'Method Not Allowed' },
  // Setup: serveStatic(root, options) got no root or an option it cannot take.
  KIT_ERR_SETUP_STATIC_OPTIONS: {
    status: 500,
    expose: false,
    setup: true,
    message: 'Invalid serveStatic root or options',
  },
  // Cookies
  KIT_ERR_COOKIE_NO_SECRET: {
    status: 500,
    expose: false,
    message: 'cookieParser("secret") required for signed cookies',
  },
  // Authentication
  KIT_ERR_AUTH_NO_SECRET: { status: 500, expose: false, message: 'JWT_SECRET is not set' },
  KIT_ERR_AUTH_WEAK_SECRET: {
    status: 500,
    expose: false,
    message: 'The JWT secret is missing or too short for production',
  },
  // AUTH-011: the guard's refusals, one code per kind of 401 (a client refreshes an expired token, it does not
  // ask the user to sign in again). The messages are the `error` of the guard's JSON body.
  KIT_ERR_AUTH_MISSING_TOKEN: { status: 401, expose: true, message: 'Missing bearer token' },
  KIT_ERR_AUTH_WRONG_SCHEME: { status: 401, expose: true, message: 'Authorization scheme must be Bearer' },
  KIT_ERR_AUTH_MALFORMED_HEADER: { status: 401, expose: true, message: 'Malformed Authorization header' },
  KIT_ERR_AUTH_INVALID_TOKEN: { status: 401, expose: true, message: 'Invalid token' },
  KIT_ERR_AUTH_EXPIRED: { status: 401, expose: true, message: 'Token expired' },
  // AUTH-016: a well-signed token without `exp`.
  KIT_ERR_AUTH_NO_EXPIRY: { status: 401, expose: true, message: 'Token has no expiry' },
  KIT_ERR_AUTH_BAD_PASSWORD: { status: 400, expose: true, message: 'Password must be a non-empty string' },
  KIT_ERR_AUTH_PASSWORD_TOO_LONG: { status: 400, expose: true, message: 'Password longer than 72 bytes' },
  // A misuse of the token functions' options or payload (authMiddleware, generateToken, verifyToken).
  KIT_ERR_SETUP_AUTH_OPTIONS: {
    status: 500,
    expose: false,
    setup: true,
    message: 'Invalid token options or payload',
  },
  // Optional peers and databases
  KIT_ERR_PEER_MISSING: { status: 500, expose: false, message: 'An optional package is not installed' },
  KIT_ERR_DB_CONNECT: { status: 500, expose: false, message: 'Database connection failed' },
  KIT_ERR_DB_NOT_CONNECTED: { status: 500, expose: false, message: 'Database is not connected' },
  // Database client faults: what a request's data can make a manager refuse (SQLITE-010, PG-007, MONGO-009)
  KIT_ERR_DB_OPERATOR: { status: 400, expose: true, message: 'An operator object is not allowed as a value' },
  KIT_ERR_DB_VALIDATION: { status: 400, expose: true, message: 'Invalid data for the model' },
  KIT_ERR_DB_UNIQUE: { status: 409, expose: true, message: 'A record with this value already exists' },
  KIT_ERR_DB_REFERENCE: {
    status: 409,
    expose: true,
    message: 'The change refers to a record that does not exist, or removes one still referred to',
  },
  // DB-001: the database cannot serve now (stopped, restarting, unreachable, locked); Retry-After rides on it.
  KIT_ERR_DB_UNAVAILABLE: {
    status: 503,
    expose: false,
    message: 'The database is unavailable; try again shortly',
    log: 'warn',
  },
  // Setup: a database manager got a target, URL, path or option it cannot take.
  KIT_ERR_SETUP_DB_OPTIONS: {
    status: 500,
    expose: false,
    setup: true,
    message: 'Invalid database manager options',
  },
  // API docs
  KIT_ERR_DOCS_BAD_OPTIONS: {
    status: 500,
    expose: false,
    setup: true,
    message: 'Invalid setupSwagger options',
  },
  // OBS-009: app.inject() was called with options it cannot send, a TypeError at the call.
  KIT_ERR_INJECT_BAD_OPTIONS: { status: 500, expose: false, message: 'Invalid app.inject options' },
  // Setup (APP-006): what a registration refuses at once, as a TypeError with its code; a flavour that words
  // one differently (kitjs/express5, X5-005) maps it by this code.
  KIT_ERR_SETUP_NO_HANDLER: {
    status: 500,
    expose: false,
    setup: true,
    message: 'A route or use() was given no handler',
  },
  KIT_ERR_SETUP_HANDLER_TYPE: {
    status: 500,
    expose: false,
    setup: true,
    message: 'A handler is neither a function nor a Router',
  },
  KIT_ERR_SETUP_PARAM_CALLBACK: {
    status: 500,
    expose: false,
    setup: true,
    message: 'param(name, fn): fn is not a function',
  },
  KIT_ERR_SETUP_ENGINE_CALLBACK: {
    status: 500,
    expose: false,
    setup: true,
    message: 'engine(ext, fn): fn is not a function',
  },
  // A param name that is not a non-empty string (or the Express 4 param(fn) form, outside kitjs/express).
  KIT_ERR_SETUP_PARAM_NAME: {
    status: 500,
    expose: false,
    setup: true,
    message: 'param(name, fn): name is not a string',
  },
  // A path pattern refused at registration (syntax, type, not starting with /, an unsafe RegExp...).
  KIT_ERR_SETUP_PATH: {
    status: 500,
    expose: false,
    setup: true,
    message: 'A route or use() path is refused',
  },
  // A route's options object (given twice, an unknown option).
  KIT_ERR_SETUP_ROUTE_OPTIONS: { status: 500, expose: false, setup: true, message: 'Invalid route options' },
  // A route schema (or reply schema) that is no schema, has unknown keys or does not compile.
  KIT_ERR_SETUP_SCHEMA: { status: 500, expose: false, setup: true, message: 'A route schema is refused' },
  // new Router(options) got options that are not an object.
  KIT_ERR_SETUP_ROUTER_OPTIONS: {
    status: 500,
    expose: false,
    setup: true,
    message: 'Invalid Router options',
  },
  // kit({...}) options: logger, ajv, errors, request ids, handlerTimeout (also a route's).
  KIT_ERR_SETUP_APP_OPTIONS: { status: 500, expose: false, setup: true, message: 'Invalid app options' },
  // app.set() with a name that is no string or a value the setting cannot take.
  KIT_ERR_SETUP_SETTING: { status: 500, expose: false, setup: true, message: 'Invalid app setting' },
  // A view engine registration that is refused (app.engine ext not a string).
  KIT_ERR_SETUP_VIEW: {
    status: 500,
    expose: false,
    setup: true,
    message: 'Invalid view engine registration',
  },
  // A plugin or hook that is not a function (register, setErrorHandler, setNotFoundHandler, onClose).
  KIT_ERR_SETUP_HOOK: {
    status: 500,
    expose: false,
    setup: true,
    message: 'A plugin or hook is not a function',
  },
  // close(options) got options it cannot take.
  KIT_ERR_SETUP_CLOSE_OPTIONS: { status: 500, expose: false, setup: true, message: 'Invalid close options' },
  // A middleware factory passed uncalled, or called with arguments it does not take (factory-guard).
  KIT_ERR_SETUP_FACTORY: {
    status: 500,
    expose: false,
    setup: true,
    message: 'A middleware factory was used uncalled or misused',
  },
  // Server-sent events (spec/sse.md): an event whose `event` or `id` would break its framing (SSE-003), data
  // that its event's schema refuses (SSE-011), and sse() given options it cannot take (SSE-001).
  KIT_ERR_SSE_BAD_FIELD: { status: 500, expose: false, message: 'An event field cannot be framed' },
  KIT_ERR_SSE_DATA_MISMATCH: {
    status: 500,
    expose: false,
    message: 'The event data does not match its schema',
  },
  KIT_ERR_SETUP_SSE_OPTIONS: { status: 500, expose: false, setup: true, message: 'Invalid sse options' },
  // LOG_LEVEL is not a level the logger knows.
  KIT_ERR_SETUP_LOG_LEVEL: { status: 500, expose: false, setup: true, message: 'Invalid LOG_LEVEL' },
} as const satisfies Record<string, ErrorDefinition>;

/** One of the codes in {@link errorCodes}. */
export type KitErrorCode = keyof typeof errorCodes;

/** The codes of {@link errorCodes} that are misuses found at setup (`setup: true`). */
export type SetupErrorCode = {
  [Code in KitErrorCode]: (typeof errorCodes)[Code] extends { setup: true } ? Code : never;
}[KitErrorCode];

/**
 * The `TypeError` of a misuse found at setup (APP-006), carrying its `code`, thrown at once where the misuse
 * is found: its stack starts at the caller of `setupError`. Code that words it differently (a flavour) maps
 * it by `code`, never by its message.
 *
 * @example
 * ```ts
 * throw setupError('KIT_ERR_SETUP_NO_HANDLER', `get('/'): needs at least one handler`);
 * ```
 */
export function setupError(
  code: SetupErrorCode,
  message: string,
  options?: { cause?: unknown },
): TypeError & { code: SetupErrorCode } {
  const err = new TypeError(message, options) as TypeError & { code: SetupErrorCode };
  err.code = code;
  Error.captureStackTrace(err, setupError);
  return err;
}

/**
 * The error class of every error kitjs raises while serving: an {@link HttpError} whose `code` is one of
 * {@link errorCodes} (ERR-012). `status` drives the default response; `expose` says whether `message` may
 * reach the client.
 *
 * @example
 * ```ts
 * import { KitError } from 'kitjs';
 * throw new KitError('KIT_ERR_SERVER_CLOSING'); // applications throw HttpError instead (ERR-012)
 * ```
 */
export class KitError extends HttpError {
  declare readonly code: KitErrorCode;

  constructor(code: KitErrorCode, message?: string, options?: { cause?: unknown }) {
    const definition = errorCodes[code] as ErrorDefinition | undefined;
    if (definition === undefined) {
      // Plain JavaScript can pass any string; a removed code (KIT_ERR_ROUTE_NOT_FOUND) must say what to use.
      throw new TypeError(`KitError: unknown code "${String(code)}"; applications throw HttpError (ERR-012)`);
    }
    super(definition.status, message ?? definition.message, {
      code,
      expose: definition.expose,
      cause: options?.cause,
    });
    this.name = 'KitError';
  }
}

/**
 * The level at which the default answer logs `err` when its code says it is no fault of the code (a
 * registry entry's `log`: the refusal while closing, an outage); undefined for any other error.
 *
 * @example
 * ```ts
 * quietLevel(new KitError('KIT_ERR_SERVER_CLOSING')); // 'info'
 * ```
 */
export function quietLevel(err: unknown): 'info' | 'warn' | undefined {
  if (!(err instanceof KitError)) return undefined;
  return (errorCodes[err.code] as ErrorDefinition | undefined)?.log;
}

/**
 * A `SyntaxError` that is also a {@link KitError} with `code`'s status and expose: `instanceof SyntaxError`
 * through its prototype chain, `instanceof KitError` and `instanceof HttpError` through
 * `HttpError[Symbol.hasInstance]` (ERR-012). kitjs's answer to a JSON body that does not parse, which
 * body-parser makes a SyntaxError and Express apps test for with `err instanceof SyntaxError`. Its `name` is
 * `SyntaxError`.
 *
 * @example
 * ```ts
 * const err = syntaxKitError('KIT_ERR_BODY_INVALID_JSON');
 * err instanceof SyntaxError && err instanceof KitError; // true
 * ```
 */
export function syntaxKitError(
  code: KitErrorCode,
  message?: string,
  options?: { cause?: unknown },
): KitError & SyntaxError {
  const definition = errorCodes[code] as ErrorDefinition;
  const err = new SyntaxError(message ?? definition.message, { cause: options?.cause });
  // The own fields a KitError has, in its order.
  Object.assign(err, {
    status: definition.status,
    statusCode: definition.status,
    expose: definition.expose,
    headers: undefined,
    code,
  });
  adoptAsInstance(err, KitError);
  return err as KitError & SyntaxError;
}

/** The error for an optional peer package that is not installed, naming the install command. */
export function missingPeer(pkg: string, feature: string, cause?: unknown): KitError {
  return new KitError(
    'KIT_ERR_PEER_MISSING',
    `${feature} needs the optional package "${pkg}". Install it with: npm install ${pkg}`,
    { cause },
  );
}

/**
 * The status an error asks for: its `status` or `statusCode` when that is 4xx/5xx, else 500. Never throws:
 * a value whose properties throw when read (a getter, a Proxy) asks for nothing, so it is a 500 (ERR-011).
 */
export function statusOf(err: unknown): number {
  if (err === null || typeof err !== 'object') return 500;
  let candidate: unknown;
  try {
    candidate = (err as { status?: unknown }).status ?? (err as { statusCode?: unknown }).statusCode;
  } catch {
    return 500;
  }
  return typeof candidate === 'number' && Number.isInteger(candidate) && candidate >= 400 && candidate <= 599
    ? candidate
    : 500;
}
