/** res.cookie(name, value, [options]) and res.clearCookie(name, [options]), as Express 4.21. */
import { KitError } from '../../base/errors.js';
import { lazyDependency } from '../../base/optional-package.js';
import type { KitResponse } from '../types.js';

interface CookieModule {
  serialize(name: string, value: string, options?: Record<string, unknown>): string;
}

const loadCookie = lazyDependency<CookieModule>('cookie');
const loadSignature = lazyDependency<typeof import('cookie-signature')>('cookie-signature');

/**
 * `res.cookie` (XFILE-011): appends one `Set-Cookie` header (XFILE-014). An object value
 * is `j:` + JSON; `signed` signs with `req.secret`; `maxAge` (ms) becomes `Max-Age` (s) and `Expires`;
 * `path` defaults to '/'. cookie's `serialize` refuses a name, an encoded value, a domain or a path a
 * Set-Cookie header may not carry with a TypeError, which reaches the error path as a 500 (XFILE-015).
 */
export function cookie(this: KitResponse, name: unknown, value: unknown, options?: unknown): KitResponse {
  if (typeof name !== 'string') throw new TypeError('res.cookie: name must be a string');
  if (options !== undefined && options !== null && typeof options !== 'object') {
    throw new TypeError('res.cookie: options must be an object');
  }
  // A copy without a prototype: the caller's object is left alone, and nothing is read from Object.prototype.
  const opts: Record<string, unknown> = Object.assign(Object.create(null), options);
  let text = typeof value === 'object' ? `j:${JSON.stringify(value)}` : String(value);
  if (opts.signed) {
    // XFILE-013: cookie-parser sets req.secret (its first secret).
    const secret = (this.req as { secret?: unknown }).secret;
    if (!secret) throw new KitError('KIT_ERR_COOKIE_NO_SECRET');
    text = `s:${loadSignature().sign(text, secret as string)}`;
  }
  // XFILE-012: as Express 4.21: a numeric maxAge gives Expires = now + maxAge and Max-Age in whole seconds.
  if (opts.maxAge !== undefined && opts.maxAge !== null) {
    const maxAge = Number(opts.maxAge);
    if (!Number.isNaN(maxAge)) {
      opts.expires = new Date(Date.now() + maxAge);
      opts.maxAge = Math.floor(maxAge / 1000);
    }
  }
  if (opts.path === undefined || opts.path === null) opts.path = '/';
  this.appendHeader('Set-Cookie', loadCookie().serialize(name, text, opts));
  return this;
}

/**
 * `res.clearCookie` (XFILE-016): the same cookie, empty, expired at 1 January 1970, path '/' unless
 * another is given. As Express 4.21 (not 5), a `maxAge` or `expires` in `options` is still applied.
 */
export function clearCookie(this: KitResponse, name: unknown, options?: unknown): KitResponse {
  if (options !== undefined && options !== null && typeof options !== 'object') {
    throw new TypeError('res.clearCookie: options must be an object');
  }
  const opts = Object.assign(Object.create(null), { expires: new Date(1), path: '/' }, options);
  return cookie.call(this, name, '', opts);
}
