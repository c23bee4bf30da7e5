/** `security(options)`: security response headers, computed once at setup and set on every response. */

import { setupError } from '../../base/errors.js';
import { markFactory } from '../../base/factory-guard.js';
import type { KitRequest, KitResponse, NextFunction, RequestHandler } from '../../core/types.js';

/** CSP directives by name (`'default-src'` or `defaultSrc`); a value is a source list, or `true` for a bare directive. */
export type CspDirectives = Record<string, string | readonly string[] | true>;

/** Options of {@link security}: `false` turns a header off, `true` keeps its default, a value replaces it. */
export interface SecurityOptions {
  /** `Content-Security-Policy`; default `default-src 'self'`. A policy string or a directives object. */
  contentSecurityPolicy?: boolean | string | CspDirectives;
  /** `X-Frame-Options`; default `SAMEORIGIN`, or `DENY`. */
  xFrameOptions?: boolean | 'SAMEORIGIN' | 'DENY' | 'sameorigin' | 'deny';
  /** `X-Content-Type-Options: nosniff`. */
  xContentTypeOptions?: boolean;
  /** `X-XSS-Protection`; default `0`, which turns off the legacy filter that itself leaked data. */
  xXssProtection?: boolean | '0' | '1' | '1; mode=block';
  /** `X-DNS-Prefetch-Control`; default `off`. */
  dnsPrefetchControl?: boolean | 'on' | 'off';
  /** `X-Permitted-Cross-Domain-Policies`; default `none`. */
  permittedCrossDomainPolicies?:
    | boolean
    | 'none'
    | 'master-only'
    | 'by-content-type'
    | 'by-ftp-filename'
    | 'all';
  /** `X-Download-Options: noopen`. */
  downloadOptions?: boolean;
  /** Removes `X-Powered-By`, also when something set it earlier; default on. */
  removePoweredBy?: boolean;
}

type HeaderSpec = {
  header: string;
  fallback: string;
  /** Turns a non-boolean option value into the header value, or throws a TypeError. */
  parse: (value: unknown) => string;
};

const choice =
  (name: string, allowed: readonly string[], normalise: (v: string) => string = (v) => v) =>
  (value: unknown): string => {
    if (typeof value === 'string' && allowed.includes(normalise(value))) return normalise(value);
    throw setupError(
      'KIT_ERR_SETUP_SECURITY_OPTIONS',
      `security: ${name} must be a boolean or one of ${allowed.join(', ')}`,
    );
  };

const onOff =
  (name: string) =>
  (value: unknown): string => {
    throw setupError(
      'KIT_ERR_SETUP_SECURITY_OPTIONS',
      `security: ${name} must be a boolean (got ${typeof value})`,
    );
  };

// What a header may not carry (Node's own test): a control character but tab, DEL, anything above U+00FF.
// Found at setup rather than by setHeader on every request, each then a 500 (SEC-008).
const NOT_IN_HEADER = /[^\t\x20-\x7e\x80-\xff]/;
// A directive value may not end the directive or the header early.
const UNSAFE_CSP = /[;,]/;

/**
 * Turns a CSP option (string or directives) into a header value; rejects anything that could inject
 * (SEC-003).
 *
 * @example
 * ```ts
 * cspValue({ defaultSrc: ["'self'"], imgSrc: ['*'] }); // "default-src 'self'; img-src *"
 * ```
 */
export function cspValue(value: unknown): string {
  if (typeof value === 'string') {
    if (value.trim() === '' || NOT_IN_HEADER.test(value)) {
      throw setupError(
        'KIT_ERR_SETUP_SECURITY_OPTIONS',
        'security: contentSecurityPolicy must be a non-empty, single-line policy of characters a header may carry',
      );
    }
    return value.trim();
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw setupError(
      'KIT_ERR_SETUP_SECURITY_OPTIONS',
      'security: contentSecurityPolicy must be a boolean, a string or a directives object',
    );
  }
  const parts: string[] = [];
  for (const [key, sources] of Object.entries(value)) {
    const name = key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
    if (!/^[a-z][a-z-]*$/.test(name))
      throw setupError('KIT_ERR_SETUP_SECURITY_OPTIONS', `security: "${key}" is not a CSP directive name`);
    if (sources === true) {
      parts.push(name);
      continue;
    }
    const list = typeof sources === 'string' ? [sources] : sources;
    if (
      !Array.isArray(list) ||
      !list.every((s) => typeof s === 'string' && s !== '' && !UNSAFE_CSP.test(s) && !NOT_IN_HEADER.test(s))
    ) {
      throw setupError(
        'KIT_ERR_SETUP_SECURITY_OPTIONS',
        `security: CSP directive "${key}" must be a source string, a list of them, or true`,
      );
    }
    parts.push(list.length === 0 ? name : `${name} ${list.join(' ')}`);
  }
  if (parts.length === 0)
    throw setupError('KIT_ERR_SETUP_SECURITY_OPTIONS', 'security: contentSecurityPolicy has no directives');
  return parts.join('; ');
}

// SEC-001: the seven headers and their defaults; SEC-004, SEC-005: the values each accepts.
const HEADERS: Record<Exclude<keyof SecurityOptions, 'removePoweredBy'>, HeaderSpec> = {
  contentSecurityPolicy: {
    header: 'Content-Security-Policy',
    fallback: "default-src 'self'",
    parse: cspValue,
  },
  xFrameOptions: {
    header: 'X-Frame-Options',
    fallback: 'SAMEORIGIN',
    parse: choice('xFrameOptions', ['SAMEORIGIN', 'DENY'], (v) => v.toUpperCase()),
  },
  xContentTypeOptions: {
    header: 'X-Content-Type-Options',
    fallback: 'nosniff',
    parse: onOff('xContentTypeOptions'),
  },
  xXssProtection: {
    header: 'X-XSS-Protection',
    fallback: '0',
    parse: choice('xXssProtection', ['0', '1', '1; mode=block']),
  },
  dnsPrefetchControl: {
    header: 'X-DNS-Prefetch-Control',
    fallback: 'off',
    parse: choice('dnsPrefetchControl', ['on', 'off']),
  },
  permittedCrossDomainPolicies: {
    header: 'X-Permitted-Cross-Domain-Policies',
    fallback: 'none',
    parse: choice('permittedCrossDomainPolicies', [
      'none',
      'master-only',
      'by-content-type',
      'by-ftp-filename',
      'all',
    ]),
  },
  downloadOptions: { header: 'X-Download-Options', fallback: 'noopen', parse: onOff('downloadOptions') },
};

/**
 * Works out the header pairs `security(options)` sets, in a fixed order, once at setup. `false` leaves a
 * header out and `true` keeps its default (SEC-002); an unknown option or value throws (SEC-008). Exposed
 * for tests and tooling.
 *
 * @example
 * ```ts
 * securityHeaders({ xFrameOptions: 'DENY', contentSecurityPolicy: false });
 * // [['X-Frame-Options', 'DENY'], ['X-Content-Type-Options', 'nosniff'], ...]
 * ```
 */
export function securityHeaders(options: SecurityOptions = {}): Array<[string, string]> {
  if (options === null || typeof options !== 'object' || Array.isArray(options)) {
    throw setupError('KIT_ERR_SETUP_SECURITY_OPTIONS', 'security: options must be an object');
  }
  for (const key of Object.keys(options)) {
    if (key !== 'removePoweredBy' && !Object.hasOwn(HEADERS, key)) {
      throw setupError('KIT_ERR_SETUP_SECURITY_OPTIONS', `security: unknown option "${key}"`);
    }
  }
  const pairs: Array<[string, string]> = [];
  for (const [key, spec] of Object.entries(HEADERS)) {
    const value: unknown = options[key as keyof SecurityOptions];
    if (value === false) continue;
    pairs.push([spec.header, value === undefined || value === true ? spec.fallback : spec.parse(value)]);
  }
  return pairs;
}

/**
 * Sets security headers on every response: CSP `default-src 'self'`, `X-Frame-Options: SAMEORIGIN`,
 * `X-Content-Type-Options: nosniff`, `X-XSS-Protection: 0`, `X-DNS-Prefetch-Control: off`,
 * `X-Permitted-Cross-Domain-Policies: none`, `X-Download-Options: noopen`, and removes `X-Powered-By`.
 * Each option is `false` to turn its header off or a value to replace the default; a bad value throws a
 * `TypeError` here, not on the first request.
 *
 * @example
 * ```ts
 * import kit, { security } from 'kitjs';
 * const app = kit();
 * app.use(security({ xFrameOptions: 'DENY', contentSecurityPolicy: { defaultSrc: ["'self'"], imgSrc: ['*'] } }));
 * ```
 */
export function security(options: SecurityOptions = {}): RequestHandler {
  const pairs = securityHeaders(options);
  const { removePoweredBy } = options;
  if (removePoweredBy !== undefined && typeof removePoweredBy !== 'boolean') {
    throw setupError('KIT_ERR_SETUP_SECURITY_OPTIONS', 'security: removePoweredBy must be a boolean');
  }
  const strip = removePoweredBy !== false;
  // SEC-007: set as the request passes, so later handlers may override them; SEC-006: X-Powered-By removed.
  return function securityMiddleware(_req: KitRequest, res: KitResponse, next: NextFunction): void {
    for (let i = 0; i < pairs.length; i++) res.setHeader(pairs[i]![0], pairs[i]![1]);
    if (strip) res.removeHeader('X-Powered-By');
    next();
  };
}
markFactory(security, 'security()');
