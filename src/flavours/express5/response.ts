/** kitjs/express5's response class: the core's, with what Express 5's responses do beyond or instead of kit()'s. */
import { attachMembers } from '../../core/response/attach.js';
import { clearCookie } from '../../core/response/cookies.js';
import { headerMembers } from '../../core/response/header-members.js';
import type { KitResponse } from '../../core/types.js';
import { ExpressResponse } from '../express-shared/response.js';
import { express5FileMembers } from '../express-shared/send-file.js';

/**
 * The class of every response of a kitjs/express5 app, and `express.response` is its prototype: a member
 * added there reaches kitjs/express5 responses, never a kit() or kitjs/express one (X5-001). Express 5's
 * ways: `res.status` refuses what is not an integer from 100 to 999 in Express 5's words (X5-010), there is
 * no `(status, body)` form and a lone number is sent as JSON, as the core does (X5-011),
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

// X5-012; X5-014: Express 5's res.sendFile and res.download (send 1.x); no res.sendfile.
attachMembers(Express5Response.prototype, {
  clearCookie: clearCookie5,
  vary: vary5,
  ...express5FileMembers,
});
