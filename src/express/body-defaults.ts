/** The body parsers of `kitjs/express`: kitjs's parsers with body-parser 1.x's defaults, as Express 4 ships them. */
import { markFactory } from '../factory-guard.js';
import { type JsonOptions, json } from '../middleware/body/json.js';
import { type RawOptions, raw } from '../middleware/body/raw.js';
import { type TextOptions, text } from '../middleware/body/text.js';
import { type UrlencodedOptions, urlencoded } from '../middleware/body/urlencoded.js';
import type { RequestHandler } from '../types.js';

// EXP-010: an Express app moved over keeps its limits and what its parsers accept. kit()'s own parsers keep
// kitjs's (1mb, any JSON value, +json types, form depth 5); body-parser's are stricter in size and in JSON's
// top level, looser in form depth (qs stays linear at 32).
const LIMIT = '100kb';

/**
 * `express.json()`: body-parser's defaults (100kb, `strict: true`, `application/json` only), then `options`.
 *
 * @example
 * ```ts
 * app.use(express.json({ limit: '1mb' }));
 * ```
 */
export function expressJson(options?: JsonOptions): RequestHandler {
  return json({ limit: LIMIT, strict: true, type: 'application/json', ...options });
}
markFactory(expressJson, 'express.json()');

/**
 * `express.urlencoded()`: body-parser's defaults (100kb, `extended: true`, 1000 parameters, depth 32).
 *
 * @example
 * ```ts
 * app.use(express.urlencoded({ extended: false }));
 * ```
 */
export function expressUrlencoded(options?: UrlencodedOptions): RequestHandler {
  return urlencoded({ limit: LIMIT, extended: true, parameterLimit: 1000, depth: 32, ...options });
}
markFactory(expressUrlencoded, 'express.urlencoded()');

/**
 * `express.raw()`: body-parser's defaults (100kb, `application/octet-stream`).
 *
 * @example
 * ```ts
 * app.post('/hook', express.raw({ type: 'application/json' }), (req, res) => res.send(req.body.length));
 * ```
 */
export function expressRaw(options?: RawOptions): RequestHandler {
  return raw({ limit: LIMIT, ...options });
}
markFactory(expressRaw, 'express.raw()');

/**
 * `express.text()`: body-parser's defaults (100kb, `text/plain`, utf-8).
 *
 * @example
 * ```ts
 * app.use(express.text());
 * ```
 */
export function expressText(options?: TextOptions): RequestHandler {
  return text({ limit: LIMIT, ...options });
}
markFactory(expressText, 'express.text()');
