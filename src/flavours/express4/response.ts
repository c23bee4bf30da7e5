/** kitjs/express's response class: the core's, with what Express 4's responses do beyond or instead of kit()'s. */
import { STATUS_CODES } from 'node:http';
import { attachMembers } from '../../core/response/attach.js';
import { jsonMembers } from '../../core/response/json-members.js';
import type { KitResponse } from '../../core/types.js';
import { ExpressResponse } from '../express-shared/response.js';
import { expressFileMembers } from '../express-shared/send-file.js';

/**
 * XRES-003: Express 4's `(status, value)` and `(value, status)` forms: sets the status and gives the value
 * to send. A number second is the status; else the first is.
 */
function statusAndValue(res: KitResponse, first: unknown, second: unknown): unknown {
  if (typeof second === 'number') {
    res.status(second);
    return first;
  }
  res.status(first as number);
  return second;
}

/**
 * The class of every response of a kitjs/express app, and `express.response` is its prototype: a member
 * added there reaches kitjs/express responses, never a kit() app's (EXP-001). Express 4's ways: the older
 * status forms (XRES-003), a lone number as a status (XRES-003), UTF-8 in a string's Content-Type
 * (XRES-002, from `ExpressResponse`), and its file members (XFILE-017 to XFILE-021).
 */
export class Express4Response extends ExpressResponse {
  /** XRES-003: also `(status, obj)` and `(obj, status)`. */
  override json(obj: unknown, second?: unknown): void {
    super.json(second === undefined ? obj : statusAndValue(this, obj, second));
  }

  /**
   * XRES-003: also `(status, body)` and `(body, status)`; a lone number is a status, whose text is sent as
   * `sendStatus` sends it (`text/plain` unless a type was set; an unknown code sends the number itself).
   */
  override send(body?: unknown, second?: unknown): void {
    if (second !== undefined) {
      const statusFirst = typeof body === 'number' || typeof second !== 'number';
      this.status((statusFirst ? body : second) as number);
      this.sendValue(statusFirst ? second : body);
    } else if (typeof body === 'number') {
      if (this.get('Content-Type') === undefined) this.type('txt');
      this.status(body).sendValue(STATUS_CODES[body] ?? String(body));
    } else {
      this.sendValue(body);
    }
  }
}

// XRES-003: jsonp's older status forms; XFILE-017: Express 4's res.sendFile, res.download and res.sendfile.
attachMembers(Express4Response.prototype, {
  jsonp(this: KitResponse, obj: unknown, second?: unknown): void {
    jsonMembers.jsonp.call(this, second === undefined ? obj : statusAndValue(this, obj, second));
  },
  ...expressFileMembers,
});
