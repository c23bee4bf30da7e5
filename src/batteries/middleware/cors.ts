/** `cors(options)`: CORS response headers, and automatic answers to preflight requests. */

import { setupError } from '../../base/errors.js';
import { markFactory } from '../../base/factory-guard.js';
import { lazyDependency } from '../../base/optional-package.js';
import type { KitRequest, KitResponse, NextFunction, RequestHandler } from '../../core/types.js';
import { type CorsOriginFunction, originFunctionResolver } from './cors-origin-function.js';

export type { CorsOriginAnswer, CorsOriginFunction } from './cors-origin-function.js';

// The package behind res.vary: adds a field to `Vary` once, case-insensitively, and leaves `Vary: *` alone.
const loadVary = lazyDependency<typeof import('vary')>('vary');

/** Options of {@link cors}. */
export interface CorsOptions {
  /**
   * Who is granted: `'*'` (default, anyone, never with credentials), `true` (reflect the request's origin,
   * never with credentials, never `null`), one origin, a list of origins, or a function deciding per origin.
   */
  origin?: string | readonly string[] | true | CorsOriginFunction;
  /** Methods announced to preflights; default GET, HEAD, PUT, PATCH, POST, DELETE. */
  methods?: readonly string[];
  /** Headers announced to preflights; default: whatever the preflight asked for. */
  allowedHeaders?: readonly string[];
  /** Response headers scripts may read (`Access-Control-Expose-Headers`); default none. */
  exposedHeaders?: readonly string[];
  /** Sends `Access-Control-Allow-Credentials: true`; default false. */
  credentials?: boolean;
  /** Seconds a browser may cache a preflight's answer (`Access-Control-Max-Age`); default not sent. */
  maxAge?: number;
}

const OPTION_NAMES = new Set([
  'origin',
  'methods',
  'allowedHeaders',
  'exposedHeaders',
  'credentials',
  'maxAge',
]);
const DEFAULT_METHODS = ['GET', 'HEAD', 'PUT', 'PATCH', 'POST', 'DELETE'];
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
// A serialized origin: scheme "://" host[:port], with no path, query, fragment or whitespace.
const ORIGIN = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#\s]+$/;

type Resolve = (origin: string | undefined) => string | false | Promise<string | false>;

/** Checks a list option: an array of HTTP tokens. Returns the comma-joined header value. */
function tokenList(name: string, value: unknown): string {
  if (!Array.isArray(value) || !value.every((item) => typeof item === 'string' && TOKEN.test(item))) {
    throw setupError(
      'KIT_ERR_SETUP_CORS_OPTIONS',
      `cors: ${name} must be an array of header or method names`,
    );
  }
  return value.join(', ');
}

/** CORS-008: list entries must be serialized origins (or 'null'). */
function checkOrigin(value: string): string {
  if (value !== 'null' && !ORIGIN.test(value)) {
    throw setupError(
      'KIT_ERR_SETUP_CORS_OPTIONS',
      `cors: origin "${value}" is not an origin like "https://example.com" (no path, no slash)`,
    );
  }
  return value;
}

/** Builds the per-request decision from `origin`, refusing the combinations browsers would reject or abuse. */
function originResolver(
  origin: CorsOptions['origin'],
  credentials: boolean,
): { resolve: Resolve; variesByOrigin: boolean } {
  // CORS-001, CORS-007: `*` never varies and never goes with credentials.
  if (origin === undefined || origin === '*') {
    if (credentials)
      throw setupError(
        'KIT_ERR_SETUP_CORS_OPTIONS',
        "cors: origin '*' cannot be combined with credentials: true",
      );
    return { resolve: () => '*', variesByOrigin: false };
  }
  if (origin === true) {
    if (credentials) {
      throw setupError(
        'KIT_ERR_SETUP_CORS_OPTIONS',
        'cors: origin true (reflect any origin) cannot be combined with credentials: true',
      );
    }
    // CORS-009, CORS-012: `null` comes from sandboxed frames and file: pages; reflecting it would grant every
    // one of them.
    return { resolve: (o) => (o !== undefined && o !== 'null' ? o : false), variesByOrigin: true };
  }
  // CORS-008: one origin or a list, compared exactly.
  if (typeof origin === 'string') {
    const only = checkOrigin(origin);
    return { resolve: (o) => (o === only ? only : false), variesByOrigin: true };
  }
  if (Array.isArray(origin)) {
    const list = new Set(
      origin.map((item: unknown) => {
        if (typeof item !== 'string' || item === '*') {
          throw setupError(
            'KIT_ERR_SETUP_CORS_OPTIONS',
            'cors: origin list entries must be origin strings (not "*")',
          );
        }
        return checkOrigin(item);
      }),
    );
    return { resolve: (o) => (o !== undefined && list.has(o) ? o : false), variesByOrigin: true };
  }
  // CORS-010, CORS-014: a function decides per request that has an Origin.
  if (typeof origin === 'function') {
    const decide = originFunctionResolver(origin, credentials);
    return { resolve: (o) => (o === undefined ? false : decide(o)), variesByOrigin: true };
  }
  throw setupError(
    'KIT_ERR_SETUP_CORS_OPTIONS',
    'cors: origin must be a string, an array of strings, true or a function',
  );
}

/**
 * Adds CORS headers and answers preflight requests (OPTIONS with `Origin` and
 * `Access-Control-Request-Method`) itself with 204, so they never reach later middleware such as
 * `authMiddleware`. A request from an origin that is not granted gets no CORS headers and carries on
 * (the browser is the one that blocks it, CORS-011). Bad options throw a `TypeError` at once (CORS-013).
 *
 * @example
 * ```ts
 * import kit, { cors } from 'kitjs';
 * const app = kit();
 * app.use(cors({ origin: ['https://app.example.com'], credentials: true, maxAge: 600 }));
 * ```
 */
export function cors(options: CorsOptions = {}): RequestHandler {
  if (options === null || typeof options !== 'object' || Array.isArray(options)) {
    throw setupError('KIT_ERR_SETUP_CORS_OPTIONS', 'cors: options must be an object');
  }
  for (const key of Object.keys(options)) {
    if (!OPTION_NAMES.has(key))
      throw setupError('KIT_ERR_SETUP_CORS_OPTIONS', `cors: unknown option "${key}"`);
  }
  if (options.credentials !== undefined && typeof options.credentials !== 'boolean') {
    throw setupError('KIT_ERR_SETUP_CORS_OPTIONS', 'cors: credentials must be a boolean');
  }
  const credentials = options.credentials === true;
  const { resolve, variesByOrigin } = originResolver(options.origin, credentials);
  const methods = tokenList('methods', options.methods ?? DEFAULT_METHODS);
  const allowedHeaders =
    options.allowedHeaders === undefined ? undefined : tokenList('allowedHeaders', options.allowedHeaders);
  const exposedHeaders = tokenList('exposedHeaders', options.exposedHeaders ?? []);
  const { maxAge } = options;
  if (maxAge !== undefined && !(Number.isInteger(maxAge) && maxAge >= 0)) {
    throw setupError(
      'KIT_ERR_SETUP_CORS_OPTIONS',
      'cors: maxAge must be a whole number of seconds, 0 or more',
    );
  }
  const maxAgeValue = maxAge === undefined ? undefined : String(maxAge);
  const vary = loadVary(); // now, not on the first request

  function respond(
    req: KitRequest,
    res: KitResponse,
    next: NextFunction,
    allow: string | false,
    preflight: boolean,
  ) {
    if (allow !== false) {
      res.setHeader('Access-Control-Allow-Origin', allow);
      // CORS-007: credentials only ever with a named origin, a list or a function (checked at setup).
      if (credentials) res.setHeader('Access-Control-Allow-Credentials', 'true');
    }
    if (!preflight) {
      // CORS-006: exposed headers on granted non-preflight responses only.
      if (allow !== false && exposedHeaders !== '')
        res.setHeader('Access-Control-Expose-Headers', exposedHeaders);
      next();
      return;
    }
    if (allow !== false) {
      // CORS-003: the configured methods; comparing them with the requested one is the browser's job.
      res.setHeader('Access-Control-Allow-Methods', methods);
      // CORS-004: configured headers as given, else the request's mirrored with a Vary.
      if (allowedHeaders !== undefined) {
        if (allowedHeaders !== '') res.setHeader('Access-Control-Allow-Headers', allowedHeaders);
      } else {
        vary(res, 'Access-Control-Request-Headers');
        const asked = req.headers['access-control-request-headers'];
        if (asked) res.setHeader('Access-Control-Allow-Headers', asked);
      }
      // CORS-005: Max-Age only when configured.
      if (maxAgeValue !== undefined) res.setHeader('Access-Control-Max-Age', maxAgeValue);
    }
    // CORS-002, CORS-011: a preflight ends here with 204, granted or not.
    res.statusCode = 204;
    res.setHeader('Content-Length', '0');
    res.end();
  }

  return function corsMiddleware(req: KitRequest, res: KitResponse, next: NextFunction): void {
    const origin = req.headers.origin;
    const preflight =
      req.method === 'OPTIONS' &&
      origin !== undefined &&
      req.headers['access-control-request-method'] !== undefined;
    // CORS-008, CORS-010: every response varies by Origin when the answer depends on it, granted or not.
    if (variesByOrigin) vary(res, 'Origin');
    let allow: string | false | Promise<string | false>;
    try {
      allow = resolve(origin);
    } catch (err) {
      next(err);
      return;
    }
    if (allow instanceof Promise) {
      allow.then((granted) => {
        // A throw here (a header the answer made invalid) must reach the error handler, not be lost
        // (CORS-010).
        try {
          respond(req, res, next, granted, preflight);
        } catch (err) {
          next(err);
        }
      }, next);
    } else {
      respond(req, res, next, allow, preflight);
    }
  };
}
markFactory(cors, 'cors()');
