/** `text()`: reads text/plain (or the chosen types) into `req.body` as a string. */

import { setupError } from '../../../base/errors.js';
import { markFactory } from '../../../base/factory-guard.js';
import type { RequestHandler } from '../../../core/types.js';
import { UTF8_OR_LATIN1 } from './charset.js';
import { createParser } from './create-parser.js';
import { type BodyDialect, KITJS_DIALECT } from './errors.js';
import { type CommonBodyOptions, commonSettings, readOptions } from './options.js';

/**
 * Options of {@link text}: those of Express's `bodyParser.text()`, with kitjs's 1mb limit.
 *
 * @example
 * ```ts
 * const options: TextOptions = { type: 'text/*', defaultCharset: 'iso-8859-1' };
 * ```
 */
export interface TextOptions extends CommonBodyOptions {
  /** The charset of a body whose Content-Type names none: 'utf-8' (default), 'us-ascii' or 'iso-8859-1'. */
  defaultCharset?: string;
}

const emptyString = (): string => '';

/**
 * Reads request bodies as text: `req.body` is a string (BODY-023), `''` when the request has no body. Only
 * `text/plain` requests are read unless `type` says otherwise, never GET, HEAD or OPTIONS. The charset is
 * the request's (UTF-8, US-ASCII or ISO-8859-1; others are a 415) or `defaultCharset`. Takes body-parser's
 * options `limit` (default '1mb'), `inflate`, `type`, `verify` and `defaultCharset`.
 *
 * @example
 * ```ts
 * import kit, { text } from 'kitjs';
 * const app = kit();
 * app.post('/notes', text({ type: 'text/*' }), (req, res) => res.send(String(req.body).toUpperCase()));
 * ```
 */
export function text(options?: TextOptions): RequestHandler {
  return textParser(options, KITJS_DIALECT);
}
markFactory(text, 'text()');

/**
 * {@link text} speaking `dialect`: kitjs/express's `express.text()` is this with body-parser's (EXP-012).
 *
 * @example
 * ```ts
 * const parser = textParser({ type: 'text/*' }, KITJS_DIALECT);
 * ```
 */
export function textParser(options: TextOptions | undefined, dialect: BodyDialect): RequestHandler {
  const opts = readOptions(options, 'text');
  const common = commonSettings(opts, 'text');
  const label = opts.defaultCharset ?? 'utf-8';
  const lower = typeof label === 'string' ? label.toLowerCase() : undefined;
  const defaultDecoding = lower === undefined ? undefined : UTF8_OR_LATIN1.get(lower);
  // EXP-013: a dialect that decodes more charsets takes any of them as the default.
  const transcode =
    defaultDecoding !== undefined || lower === undefined ? undefined : dialect.charsets?.(lower);
  if (defaultDecoding === undefined && transcode === undefined) {
    const known = dialect.charsets === undefined ? "'utf-8', 'us-ascii' or 'iso-8859-1'" : 'a known charset';
    throw setupError(
      'KIT_ERR_SETUP_BODY_OPTIONS',
      `text(): option "defaultCharset" must be ${known}; got ${String(label)}`,
    );
  }
  return createParser({
    matches: common.matchesType ?? ((type) => type === 'text/plain'),
    matchesRequest: common.matchesRequest,
    // BODY-010: the charsets kitjs decodes; any other is a 415 rather than garbled text.
    charsets: UTF8_OR_LATIN1,
    defaultDecoding: defaultDecoding ?? 'utf8',
    defaultCharset: transcode === undefined ? undefined : { label: lower as string, transcode },
    limit: common.limit,
    inflate: common.inflate,
    verify: common.verify,
    empty: emptyString,
    parse: (bytes, decoding) => bytes.toString(decoding),
    dialect,
  });
}
