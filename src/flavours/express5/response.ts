/** kitjs/express5's response class: the core's, with what Express 5's responses do beyond or instead of kit()'s. */
import { attachMembers } from '../../core/response/attach.js';
import { clearCookie } from '../../core/response/cookies.js';
import { headerMembers } from '../../core/response/header-members.js';
import { jsonMembers } from '../../core/response/json-members.js';
import { redirectBody } from '../../core/response/negotiation.js';
import type { KitResponse } from '../../core/types.js';
import { ExpressResponse } from '../express-shared/response.js';
import { express5FileMembers } from '../express-shared/send-file.js';

/**
 * The class of every response of a kitjs/express5 app, and `express.response` is its prototype: a member
 * added there reaches kitjs/express5 responses, never a kit() or kitjs/express one (X5-001). Express 5's
 * ways: `res.status` refuses what is not an integer from 100 to 999 in Express 5's words (X5-010), there is
 * no `(status, body)` form (a second argument is ignored) and a lone number is sent as JSON, `'back'` is
 * no longer special (X5-011),
 * `res.clearCookie` ignores `maxAge` and `expires` (X5-012), UTF-8 named in a string's type (XRES-002,
 * `ExpressResponse`), and its file members (X5-014); there is no `res.sendfile` (X5-002).
 */
export class Express5Response extends ExpressResponse {
  /** X5-010: integers from 100 to 999 only, refused with Express 5's messages. */
  override status(code: number): this {
    if (!Number.isInteger(code)) {
      throw new TypeError(`Invalid status code: ${JSON.stringify(code)}. Status code must be an integer.`);
    }
    if (code < 100 || code > 999) {
      throw new RangeError(
        `Invalid status code: ${JSON.stringify(code)}. Status code must be greater than 99 and less than 1000.`,
      );
    }
    this.statusCode = code;
    return this;
  }

  /** X5-011: one argument; a second (Express 4's status) is ignored, as Express 5 ignores it. */
  override json(obj: unknown, _ignored?: unknown): void {
    super.json(obj);
  }

  /** X5-011: one argument, a number sent as JSON (the core's reading); a second is ignored. */
  override send(body?: unknown, _ignored?: unknown): void {
    this.sendValue(body);
  }

  /**
   * X5-011: `(url)` or `(status, url)`; `(url, status)` is a TypeError where Express 5 would fail on a
   * status that is a URL, and `'back'` is no longer the Referer but the text `back`.
   */
  override redirect(first: string | number, second?: string | number): void {
    if (typeof first === 'string' && second !== undefined) {
      throw new TypeError('res.redirect(status, url): in Express 5 the status comes first');
    }
    const url = typeof first === 'number' ? second : first;
    if (url !== 'back' || this.headersSent || this.writableEnded) {
      super.redirect(first, second);
      return;
    }
    const code = typeof first === 'number' ? first : 302;
    if (!Number.isInteger(code) || code < 300 || code > 308) {
      throw new RangeError(`res.redirect: ${String(code)} is not a redirect status (300-308)`);
    }
    const { body, type } = redirectBody(this.req, code, url);
    this.statusCode = code;
    this.setHeader('Location', url);
    this.vary('Accept');
    this.finish(body, type, true, false);
  }
}

/** X5-012: the cookie emptied and expired whatever `maxAge` or `expires` the options hold. */
function clearCookie5(this: KitResponse, name: string, options?: unknown): KitResponse {
  if (options === undefined || options === null || typeof options !== 'object') {
    return clearCookie.call(this, name, options);
  }
  const { maxAge: _maxAge, expires: _expires, ...rest } = options as Record<string, unknown>;
  return clearCookie.call(this, name, rest);
}

/** Express 5's `res.vary()` (vary 1.1's): a field is required. */
function vary5(this: KitResponse, field?: string | readonly string[]): KitResponse {
  if (field === undefined) throw new TypeError('field argument is required');
  return headerMembers.vary.call(this, field);
}

/** X5-011: `res.location('back')` is the text `back`, no longer the Referer. */
function location5(this: KitResponse, url: string): KitResponse {
  if (url !== 'back') return headerMembers.location.call(this, url);
  this.setHeader('Location', url);
  return this;
}

/** X5-011: `res.jsonp(obj)`; a second argument (Express 4's status) is ignored. */
function jsonp5(this: KitResponse, obj: unknown, _ignored?: unknown): void {
  jsonMembers.jsonp.call(this, obj);
}

// X5-011; X5-012; X5-014: Express 5's res.sendFile and res.download (send 1.x); no res.sendfile.
attachMembers(Express5Response.prototype, {
  clearCookie: clearCookie5,
  vary: vary5,
  location: location5,
  jsonp: jsonp5,
  ...express5FileMembers,
});
