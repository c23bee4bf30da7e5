/** res.jsonp, the JSON text res.json and res.jsonp send (a route's reply schema's or the app's), and the one-argument rule. */
import { escapeJsonHtml } from '../app/context.js';
import type { InternalRequest } from '../request/internal.js';
import { type ReplyCarrier, replyFor } from '../schema/replies.js';
import type { KitResponse } from '../types.js';

/**
 * RES-002, XRES-004: the JSON text `res.json` and `res.jsonp` send: by the reply schema the response's status
 * selects (SCHEMA-009), else under the app's json settings. SCHEMA-012: `json replacer` and `json spaces` do
 * not apply to a schema's text; `json escape` does. JSON.stringify throws on cycles and BigInt; the throw
 * reaches the error path like any other.
 *
 * @example
 * ```ts
 * const text = jsonText(res, user); // '{"id":1,"name":"Ada"}', no passwordHash on a route declaring the reply
 * ```
 */
export function jsonText(res: KitResponse, value: unknown): string | undefined {
  const replies = (res as unknown as ReplyCarrier).kitReplies;
  const context = (res.req as InternalRequest).context;
  const serialize = replies === undefined ? undefined : replyFor(replies, res.statusCode);
  if (serialize !== undefined) {
    const text = serialize(value);
    return context?.jsonEscape === true ? escapeJsonHtml(text) : text;
  }
  const stringify = context?.stringify;
  return stringify === undefined ? JSON.stringify(value) : stringify(value);
}

/**
 * RES-012: a second argument to `res.json`, `res.jsonp` or `res.send` (Express 4's `(status, body)` forms,
 * which kitjs/express keeps) is a TypeError in a kit() app, which would otherwise send the number as the body.
 *
 * @example
 * ```ts
 * if (second !== undefined) refuseStatusForm('json');
 * ```
 */
export function refuseStatusForm(member: 'json' | 'jsonp' | 'send'): never {
  throw new TypeError(
    `res.${member}(status, body) is Express 4's form; in a kit() app write res.status(status).${member}(body)`,
  );
}

// Everything but what a JavaScript identifier path needs: a callback name comes from the query string.
const NOT_CALLBACK_CHAR = /[^[\]\w$.]/g;

/** The members this file adds to KitServerResponse's prototype. */
export const jsonMembers = {
  /** XRES-005: JSON, wrapped in a call to the `jsonp callback name` query parameter's function when one is given. */
  jsonp(this: KitResponse, obj: unknown, second?: unknown): void {
    if (second !== undefined) refuseStatusForm('jsonp');
    // XRES-004: the same JSON text as res.json, under the app's json settings or a reply schema (SCHEMA-009).
    let body = jsonText(this, obj);
    const name = this.app?.settings['jsonp callback name'] ?? 'callback';
    const query = this.req.query as Record<string, unknown> | undefined;
    let callback = typeof name === 'string' && query !== undefined ? query[name] : undefined;
    // RES-010: after a response went out, send refuses (and logs) without any header set here throwing.
    if (this.headersSent || this.writableEnded) {
      this.send(body);
      return;
    }
    if (this.getHeader('Content-Type') === undefined) {
      this.setHeader('X-Content-Type-Options', 'nosniff');
      this.set('Content-Type', 'application/json');
    }
    if (Array.isArray(callback)) callback = callback[0];
    if (typeof callback === 'string' && callback.length !== 0) {
      // XRES-005: nosniff and text/javascript, so the body runs only as the script it is; the callback
      // keeps only identifier characters; U+2028/2029 are legal in JSON but end a line in older JavaScript;
      // the leading comment keeps the body from starting with bytes a plugin could sniff as its own format.
      this.setHeader('X-Content-Type-Options', 'nosniff');
      this.set('Content-Type', 'text/javascript');
      const fn = callback.replace(NOT_CALLBACK_CHAR, '');
      const args = body === undefined ? '' : body.replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
      body = `/**/ typeof ${fn} === 'function' && ${fn}(${args});`;
    }
    this.send(body);
  },
};
