/** res.format, and the body of res.redirect chosen by the Accept header, as Express 4 does both. */
import { STATUS_CODES } from 'node:http';
import { HttpError } from '../../base/http-error.js';
import { lazyDependency, loadMimeTypes } from '../../base/optional-package.js';
import type { FormatHandlers, KitRequest, KitResponse } from '../types.js';
import { TEXT_PLAIN } from '../write-body.js';

const loadAccepts = lazyDependency<typeof import('accepts')>('accepts');

const HTML_TYPE = 'text/html; charset=utf-8';
const HTML_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** The media type a format key names: a full type without its parameters, or an extension through mime-types. */
function mediaTypeOf(key: string): string {
  if (key.includes('/')) return (key.split(';')[0] as string).trim();
  return loadMimeTypes().lookup(key) || 'application/octet-stream';
}

/**
 * Escapes `&`, `<`, `>`, `"` and `'` as Express's escape-html does, so text from a client stays text in HTML.
 *
 * @example
 * ```ts
 * escapeHtml(`<a href="x">`); // '&lt;a href=&quot;x&quot;&gt;'
 * ```
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] as string);
}

/** The body of a redirect to `location` (already encoded) with `code`, and its Content-Type (XRES-008). */
export function redirectBody(
  req: KitRequest,
  code: number,
  location: string,
): { body: string; type: string | undefined } {
  const message = STATUS_CODES[code] ?? 'Redirecting';
  const kind = loadAccepts()(req).types(['text', 'html']) as string | false;
  if (kind === 'text') return { body: `${message}. Redirecting to ${location}`, type: TEXT_PLAIN };
  if (kind === 'html') {
    // The URL may come from the client (a Referer for 'back', a ?next= parameter): escaped, it stays text.
    // Express 4.21 dropped the link (`<a href>` made a `javascript:` URL clickable); so does kitjs.
    return { body: `<p>${message}. Redirecting to ${escapeHtml(location)}</p>`, type: HTML_TYPE };
  }
  return { body: '', type: undefined };
}

/** The members this file adds to KitServerResponse's prototype. */
export const negotiationMembers = {
  /**
   * XRES-009: calls the handler whose type the Accept header prefers (the first when there is no Accept),
   * with its Content-Type set and `Vary: Accept`; else `default`; else a 406 HttpError listing the types
   * offered, passed to `req.next` when the router gave one, thrown otherwise (a throw in a handler is
   * next(err), ERR-001).
   */
  format(this: KitResponse, handlers: FormatHandlers): KitResponse {
    if (handlers === null || typeof handlers !== 'object') {
      throw new TypeError('res.format(handlers): handlers must be an object of functions');
    }
    const req = this.req;
    const next = (req as { next?: unknown }).next as ((err?: unknown) => void) | undefined;
    const keys = Object.keys(handlers).filter((key) => key !== 'default');
    const key = keys.length > 0 ? (loadAccepts()(req).types(keys) as string | false) : false;
    this.vary('Accept');
    if (key) {
      this.set('Content-Type', mediaTypeOf(key));
      (handlers[key] as NonNullable<FormatHandlers[string]>)(req, this, next);
    } else if (typeof handlers.default === 'function') {
      handlers.default(req, this, next);
    } else {
      const err = Object.assign(new HttpError(406), { types: keys.map(mediaTypeOf) });
      if (typeof next === 'function') next(err);
      else throw err;
    }
    return this;
  },
};
