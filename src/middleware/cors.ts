/** `cors(options)`: CORS response headers, and automatic answers to preflight requests. */

import { markFactory } from '../factory-guard.js';
import type { KitRequest, KitResponse, NextFunction, RequestHandler } from '../types.js';
import { type CorsOriginFunction, originFunctionResolver } from './cors-origin-function.js';

export type { CorsOriginAnswer, CorsOriginFunction } from './cors-origin-function.js';

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
    throw new TypeError(`cors: ${name} must be an array of header or method names`);
  }
  return value.join(', ');
}

function checkOrigin(value: string): string {
  if (value !== 'null' && !ORIGIN.test(value)) {
    throw new TypeError(
      `cors: origin "${value}" is not an origin like "https://example.com" (no path, no slash)`,
    );
  }
  return value;
}

/** Builds the per-request decision from `origin`, refusing the combinations browsers would reject or abuse. */
function originResolver(
  origin: CorsOptions['origin'],
  credentials: boolean,
): { resolve: Resolve; vary: boolean } {
  if (origin === undefined || origin === '*') {
    if (credentials) throw new TypeError("cors: origin '*' cannot be combined with credentials: true");
    return { resolve: () => '*', vary: false };
  }
  if (origin === true) {
    if (credentials) {
      throw new TypeError('cors: origin true (reflect any origin) cannot be combined with credentials: true');
    }
    // `null` comes from sandboxed frames and file: pages; reflecting it would grant every one of them.
    return { resolve: (o) => (o !== undefined && o !== 'null' ? o : false), vary: true };
  }
  if (typeof origin === 'string') {
    const only = checkOrigin(origin);
    return { resolve: (o) => (o === only ? only : false), vary: true };
  }
  if (Array.isArray(origin)) {
    const list = new Set(
      origin.map((item: unknown) => {
        if (typeof item !== 'string' || item === '*') {
          throw new TypeError('cors: origin list entries must be origin strings (not "*")');
        }
        return checkOrigin(item);
      }),
    );
    return { resolve: (o) => (o !== undefined && list.has(o) ? o : false), vary: true };
  }
  if (typeof origin === 'function') {
    const decide = originFunctionResolver(origin, credentials);
    return { resolve: (o) => (o === undefined ? false : decide(o)), vary: true };
  }
  throw new TypeError('cors: origin must be a string, an array of strings, true or a function');
}

/**
 * Adds `field` to the response's `Vary` header unless it is already listed (or `Vary: *` is set).
 *
 * @example
 * ```ts
 * appendVary(res, 'Origin'); // "Accept-Encoding" becomes "Accept-Encoding, Origin"
 * ```
 */
export function appendVary(res: KitResponse, field: string): void {
  const current = res.getHeader('Vary');
  if (current === undefined || current === '') {
    res.setHeader('Vary', field);
    return;
  }
  const text = Array.isArray(current) ? current.join(', ') : String(current);
  const wanted = field.toLowerCase();
  for (const part of text.split(',')) {
    const name = part.trim().toLowerCase();
    if (name === wanted || name === '*') return;
  }
  res.setHeader('Vary', `${text}, ${field}`);
}

/**
 * Adds CORS headers and answers preflight requests (OPTIONS with `Origin` and
 * `Access-Control-Request-Method`) itself with 204, so they never reach later middleware such as
 * `authMiddleware`. A request from an origin that is not granted gets no CORS headers and carries on
 * (the browser is the one that blocks it). Bad options throw a `TypeError` at once.
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
    throw new TypeError('cors: options must be an object');
  }
  for (const key of Object.keys(options)) {
    if (!OPTION_NAMES.has(key)) throw new TypeError(`cors: unknown option "${key}"`);
  }
  if (options.credentials !== undefined && typeof options.credentials !== 'boolean') {
    throw new TypeError('cors: credentials must be a boolean');
  }
  const credentials = options.credentials === true;
  const { resolve, vary } = originResolver(options.origin, credentials);
  const methods = tokenList('methods', options.methods ?? DEFAULT_METHODS);
  const allowedHeaders =
    options.allowedHeaders === undefined ? undefined : tokenList('allowedHeaders', options.allowedHeaders);
  const exposedHeaders = tokenList('exposedHeaders', options.exposedHeaders ?? []);
  const { maxAge } = options;
  if (maxAge !== undefined && !(Number.isInteger(maxAge) && maxAge >= 0)) {
    throw new TypeError('cors: maxAge must be a whole number of seconds, 0 or more');
  }
  const maxAgeValue = maxAge === undefined ? undefined : String(maxAge);

  function respond(
    req: KitRequest,
    res: KitResponse,
    next: NextFunction,
    allow: string | false,
    preflight: boolean,
  ) {
    if (allow !== false) {
      res.setHeader('Access-Control-Allow-Origin', allow);
      if (credentials) res.setHeader('Access-Control-Allow-Credentials', 'true');
    }
    if (!preflight) {
      if (allow !== false && exposedHeaders !== '')
        res.setHeader('Access-Control-Expose-Headers', exposedHeaders);
      next();
      return;
    }
    if (allow !== false) {
      res.setHeader('Access-Control-Allow-Methods', methods);
      if (allowedHeaders !== undefined) {
        if (allowedHeaders !== '') res.setHeader('Access-Control-Allow-Headers', allowedHeaders);
      } else {
        appendVary(res, 'Access-Control-Request-Headers');
        const asked = req.headers['access-control-request-headers'];
        if (asked) res.setHeader('Access-Control-Allow-Headers', asked);
      }
      if (maxAgeValue !== undefined) res.setHeader('Access-Control-Max-Age', maxAgeValue);
    }
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
    if (vary) appendVary(res, 'Origin');
    let allow: string | false | Promise<string | false>;
    try {
      allow = resolve(origin);
    } catch (err) {
      next(err);
      return;
    }
    if (allow instanceof Promise) {
      allow.then((granted) => {
        // A throw here (a header the answer made invalid) must reach the error handler, not be lost.
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
