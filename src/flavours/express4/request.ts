/** kitjs/express's request class: the core's, with the members Express 4 has beyond kit()'s surface. */
import { ExpressRequest } from '../express-shared/request.js';

/**
 * The class of every request of a kitjs/express app, and `express.request` is its prototype: a member added
 * there reaches kitjs/express requests, never a kit() app's (EXP-001). Only what Express 4 has and kit()
 * does not is here (`req.host`, `req.param`, the singular `accepts*` names); everything else is the core's.
 */
export class Express4Request extends ExpressRequest {
  /** XREQ-004: Express 4's deprecated `req.host`, the same value as `req.hostname` (no port). */
  get host(): string {
    return this.hostname;
  }

  /**
   * XREQ-032: Express 4's deprecated lookup: the route parameter `name`, else the body's field, else the
   * query's, else `defaultValue`; `null` and `undefined` values are skipped. Only a key of the object itself
   * counts, so `req.param('constructor')` is never Object's constructor.
   */
  param(name: string, defaultValue?: unknown): unknown {
    const sources: unknown[] = [this.params, this.body, this.query];
    for (const source of sources) {
      if (source === null || typeof source !== 'object' || !Object.hasOwn(source, name)) continue;
      const value = (source as Record<string, unknown>)[name];
      if (value !== null && value !== undefined) return value;
    }
    return defaultValue;
  }

  // XREQ-011: Express 4's deprecated singular names, the plural members themselves (assigned below).
  declare acceptsEncoding: ExpressRequest['acceptsEncodings'];
  declare acceptsCharset: ExpressRequest['acceptsCharsets'];
  declare acceptsLanguage: ExpressRequest['acceptsLanguages'];
}

// XREQ-011: on the prototype, not enumerable, as Express 4 defines its aliases; `req.acceptsEncoding ===
// req.acceptsEncodings`. Express 5 removed them (X5-002), and kit() never had them.
const proto = Express4Request.prototype;
for (const [name, value] of Object.entries({
  acceptsEncoding: proto.acceptsEncodings,
  acceptsCharset: proto.acceptsCharsets,
  acceptsLanguage: proto.acceptsLanguages,
} satisfies Pick<Express4Request, 'acceptsEncoding' | 'acceptsCharset' | 'acceptsLanguage'>)) {
  Object.defineProperty(proto, name, { value, configurable: true, writable: true });
}
