/** The body parsers of the Express flavours: kitjs's parsers with body-parser 1.x's (Express 4) or 2.x's (Express 5) defaults and dialect. */
import { markFactory } from '../../base/factory-guard.js';
import type { BodyDialect } from '../../batteries/middleware/body/errors.js';
import { type JsonOptions, jsonParser } from '../../batteries/middleware/body/json.js';
import { type RawOptions, rawParser } from '../../batteries/middleware/body/raw.js';
import { type TextOptions, textParser } from '../../batteries/middleware/body/text.js';
import { type UrlencodedOptions, urlencodedParser } from '../../batteries/middleware/body/urlencoded.js';
import type { RequestHandler } from '../../core/types.js';
import { anyKnownCharset, unicodeCharset } from './body-charsets.js';

// EXP-012: body-parser's `req.body = req.body || {}` and its error messages, decided when each parser is made,
// so a kit() parser never looks at a flavour; EXP-013: a read error goes on once the body is read off.
const BODY_PARSER: BodyDialect = Object.freeze({ emptyObject: true, messages: 'body-parser', drain: true });

// EXP-013: what else each of body-parser's parsers reads: JSON in any Unicode charset, text in any charset
// iconv-lite knows, forms with arrays as long as they have parameters. EXP-010, X5-008: body-parser 1.20.3
// and 2.x parse forms with qs's strictDepth, so a form nested past `depth` is a 400, not a flattened key.
const speaking = (extra: Omit<BodyDialect, 'emptyObject' | 'messages' | 'drain'>): BodyDialect =>
  Object.freeze({ ...BODY_PARSER, ...extra });
const JSON_DIALECT = speaking({ charsets: unicodeCharset });
const TEXT_DIALECT = speaking({ charsets: anyKnownCharset });
const FORM_DIALECT = speaking({ arrayLimit: 'parameters', depth: 'strict' });

// EXP-010: an Express app moved over keeps its limits and what its parsers accept. kit()'s own parsers keep
// kitjs's (1mb, any JSON value, +json types, form depth 5); body-parser's are stricter in size and in JSON's
// top level, looser in form depth (qs stays linear at 32).
const LIMIT = '100kb';

/**
 * `express.json()`: body-parser's defaults (100kb, `strict: true`, `application/json` only), then `options`;
 * `req.body` is `{}` when nothing is read, and errors have body-parser's messages (EXP-012). Bodies in any
 * Unicode charset (`utf-16`...) are decoded (EXP-013).
 *
 * @example
 * ```ts
 * app.use(express.json({ limit: '1mb' }));
 * ```
 */
export function expressJson(options?: JsonOptions): RequestHandler {
  return jsonParser({ limit: LIMIT, strict: true, type: 'application/json', ...options }, JSON_DIALECT);
}
markFactory(expressJson, 'express.json()');

/**
 * `express.urlencoded()`: body-parser's defaults (100kb, `extended: true`, 1000 parameters, depth 32, a
 * deeper form refused with a 400); a fractional `parameterLimit` counts as its whole part, and arrays grow
 * with the form (EXP-013).
 *
 * @example
 * ```ts
 * app.use(express.urlencoded({ extended: false }));
 * ```
 */
export function expressUrlencoded(options?: UrlencodedOptions): RequestHandler {
  return urlencodedParser(
    { limit: LIMIT, extended: true, parameterLimit: 1000, depth: 32, ...options, ...wholeLimit(options) },
    FORM_DIALECT,
  );
}
markFactory(expressUrlencoded, 'express.urlencoded()');

/**
 * EXP-013: body-parser truncates a fractional `parameterLimit` of 1 or more (10.1 allows 10); kit()'s
 * urlencoded() refuses one (BODY-019). Anything else is left for urlencoded() to judge.
 */
function wholeLimit(options: UrlencodedOptions | undefined): { parameterLimit?: number } {
  const limit = options !== null && typeof options === 'object' ? options.parameterLimit : undefined;
  return typeof limit === 'number' && Number.isFinite(limit) && limit >= 1 && !Number.isInteger(limit)
    ? { parameterLimit: Math.trunc(limit) }
    : {};
}

/**
 * `express.raw()`: body-parser's defaults (100kb, `application/octet-stream`).
 *
 * @example
 * ```ts
 * app.post('/hook', express.raw({ type: 'application/json' }), (req, res) => res.send(req.body.length));
 * ```
 */
export function expressRaw(options?: RawOptions): RequestHandler {
  return rawParser({ limit: LIMIT, ...options }, BODY_PARSER);
}
markFactory(expressRaw, 'express.raw()');

/**
 * `express.text()`: body-parser's defaults (100kb, `text/plain`, utf-8); any charset iconv-lite knows, from
 * the Content-Type or as `defaultCharset` (EXP-013).
 *
 * @example
 * ```ts
 * app.use(express.text());
 * ```
 */
export function expressText(options?: TextOptions): RequestHandler {
  return textParser({ limit: LIMIT, ...options }, TEXT_DIALECT);
}
markFactory(expressText, 'express.text()');

// X5-007: body-parser 2 (Express 5) leaves `req.body` undefined when it reads nothing; the rest is as 1.x.
const BODY_PARSER_2: BodyDialect = Object.freeze({ ...BODY_PARSER, emptyObject: false });
const JSON_DIALECT_2: BodyDialect = Object.freeze({ ...JSON_DIALECT, emptyObject: false });
const TEXT_DIALECT_2: BodyDialect = Object.freeze({ ...TEXT_DIALECT, emptyObject: false });
const FORM_DIALECT_2: BodyDialect = Object.freeze({ ...FORM_DIALECT, emptyObject: false });

/**
 * X5-007: Express 5's `express.json()` (body-parser 2): as Express 4's, with `req.body` left undefined when the
 * request's type does not match or it has no body.
 *
 * @example
 * ```ts
 * app.use(express.json());
 * ```
 */
export function express5Json(options?: JsonOptions): RequestHandler {
  return jsonParser({ limit: LIMIT, strict: true, type: 'application/json', ...options }, JSON_DIALECT_2);
}
markFactory(express5Json, 'express.json()');

/**
 * X5-007, X5-008: Express 5's `express.urlencoded()` (body-parser 2): `extended: false` by default, qs's
 * `depth` 32 when extended (a deeper form is a 400), `req.body` left undefined when nothing is read.
 *
 * @example
 * ```ts
 * app.use(express.urlencoded({ extended: true }));
 * ```
 */
export function express5Urlencoded(options?: UrlencodedOptions): RequestHandler {
  return urlencodedParser(
    { limit: LIMIT, extended: false, parameterLimit: 1000, depth: 32, ...options, ...wholeLimit(options) },
    FORM_DIALECT_2,
  );
}
markFactory(express5Urlencoded, 'express.urlencoded()');

/**
 * X5-007: Express 5's `express.raw()` (body-parser 2).
 *
 * @example
 * ```ts
 * app.use(express.raw({ type: 'application/octet-stream' }));
 * ```
 */
export function express5Raw(options?: RawOptions): RequestHandler {
  return rawParser({ limit: LIMIT, ...options }, BODY_PARSER_2);
}
markFactory(express5Raw, 'express.raw()');

/**
 * X5-007: Express 5's `express.text()` (body-parser 2).
 *
 * @example
 * ```ts
 * app.use(express.text());
 * ```
 */
export function express5Text(options?: TextOptions): RequestHandler {
  return textParser({ limit: LIMIT, ...options }, TEXT_DIALECT_2);
}
markFactory(express5Text, 'express.text()');
