/** `urlencoded()`: parses HTML form bodies into `req.body`, nested with qs (`extended: true`) or flat. */
import { KitError } from '../../errors.js';
import { markFactory } from '../../factory-guard.js';
import { lazyDependency } from '../../optional-package.js';
import type { RequestHandler } from '../../types.js';
import { type BodyDecoding, UTF8_OR_LATIN1 } from './charset.js';
import { createParser } from './create-parser.js';
import { parseFlatForm } from './flat-form.js';
import { parseLimit } from './limit.js';
import { readOptions } from './options.js';

const loadQs = lazyDependency<typeof import('qs')>('qs');

/** Options of {@link urlencoded}. */
export interface UrlencodedOptions {
  /** `true` (default) gives nested objects and arrays (`a[b]=1`); `false` gives a flat result. */
  extended?: boolean;
  /** The largest body accepted: a byte count or a size such as '100kb', '1mb'. Default '1mb'. */
  limit?: string | number;
}

/**
 * The most `name=value` pairs one body may carry; more is refused with 413 (BODY-016).
 *
 * @example
 * ```ts
 * countParameters(body) > PARAMETER_LIMIT; // the 413 test urlencoded() applies
 * ```
 */
export const PARAMETER_LIMIT = 1000;

// BODY-013, BODY-015: qs's own guards, spelt out so a change of qs defaults cannot loosen them: nesting stops
// at depth 5 (deeper brackets stay part of the name), indices above 100 become object keys instead of
// allocating sparse arrays, and names that Object.prototype has are dropped.
const QS_OPTIONS = {
  depth: 5,
  arrayLimit: 100,
  parameterLimit: PARAMETER_LIMIT,
  allowPrototypes: false,
  allowDots: false,
  plainObjects: false,
  strictNullHandling: false,
} as const;

/**
 * Parses `application/x-www-form-urlencoded` bodies into `req.body`. The charset may be UTF-8 or
 * ISO-8859-1; others get 415. More than 1000 parameters get 413.
 *
 * @example
 * ```ts
 * import kit, { urlencoded } from 'kitjs';
 * const app = kit();
 * app.use(urlencoded({ extended: false }));
 * app.post('/login', (req, res) => res.json(req.body)); // name=ada → { "name": "ada" }
 * ```
 */
export function urlencoded(options?: UrlencodedOptions): RequestHandler {
  const opts = readOptions(options, 'urlencoded');
  const limit = parseLimit(opts.limit, 'urlencoded');
  const extended = opts.extended ?? true;
  // BODY-019: a wrong option is a TypeError when the factory is called.
  if (typeof extended !== 'boolean') {
    throw new TypeError(`urlencoded(): option "extended" must be a boolean; got ${typeof extended}`);
  }
  if (extended) loadQs(); // now, not on the first request
  return createParser({
    matches: (type) => type === 'application/x-www-form-urlencoded',
    // BODY-010: forms may also come in ISO-8859-1.
    charsets: UTF8_OR_LATIN1,
    limit,
    parse: (bytes, decoding) => parseUrlencoded(bytes.toString(decoding), decoding, extended),
  });
}
markFactory(urlencoded, 'urlencoded()');

/**
 * Parses form text the way {@link urlencoded} does: nested with qs or flat, after refusing more than
 * {@link PARAMETER_LIMIT} parameters with a `KitError` (413).
 *
 * @example
 * ```ts
 * parseUrlencoded('a[b]=1', 'utf8', true); // { a: { b: '1' } }
 * parseUrlencoded('a[b]=1', 'utf8', false); // { 'a[b]': '1' }
 * ```
 */
export function parseUrlencoded(text: string, decoding: BodyDecoding, extended: boolean): unknown {
  if (countParameters(text) > PARAMETER_LIMIT) throw new KitError('KIT_ERR_BODY_TOO_MANY_PARAMETERS');
  if (!extended) return parseFlatForm(text, decoding);
  return loadQs().parse(text, { ...QS_OPTIONS, charset: decoding === 'latin1' ? 'iso-8859-1' : 'utf-8' });
}

/**
 * How many `&`-separated parameters `text` holds. Counted before parsing, so the limit does not
 * depend on a parser silently dropping the excess (qs) or parsing it all first.
 *
 * @example
 * ```ts
 * countParameters('a=1&b=2'); // 2
 * ```
 */
export function countParameters(text: string): number {
  let count = 1;
  for (let at = text.indexOf('&'); at !== -1; at = text.indexOf('&', at + 1)) count++;
  return count;
}
