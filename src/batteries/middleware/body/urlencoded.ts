/** `urlencoded()`: parses HTML form bodies into `req.body`, nested with qs (`extended: true`) or flat. */

import { setupError } from '../../../base/errors.js';
import { markFactory } from '../../../base/factory-guard.js';
import { lazyDependency } from '../../../base/optional-package.js';
import type { RequestHandler } from '../../../core/types.js';
import { type BodyDecoding, UTF8_OR_LATIN1 } from './charset.js';
import { createParser } from './create-parser.js';
import { type BodyDialect, bodyError, KITJS_DIALECT } from './errors.js';
import { parseFlatForm } from './flat-form.js';
import { type CommonBodyOptions, commonSettings, readOptions } from './options.js';

const loadQs = lazyDependency<typeof import('qs')>('qs');

/**
 * Options of {@link urlencoded}: those of Express's `bodyParser.urlencoded()`, with kitjs's defaults.
 *
 * @example
 * ```ts
 * const options: UrlencodedOptions = { extended: false, parameterLimit: 100 };
 * ```
 */
export interface UrlencodedOptions extends CommonBodyOptions {
  /** `true` (default) gives nested objects and arrays (`a[b]=1`); `false` gives a flat result. */
  extended?: boolean;
  /** The most `name=value` pairs a body may carry; more is a 413. A positive integer or Infinity. Default 1000. */
  parameterLimit?: number;
  /**
   * How deep `extended` forms nest (`a[b][c]` is depth 2); deeper brackets stay in the key (kitjs/express and
   * kitjs/express5 answer 400 instead, as body-parser does). Default 5.
   */
  depth?: number;
  /** The charset of a form that names none: 'utf-8' (default) or 'iso-8859-1'. */
  defaultCharset?: 'utf-8' | 'iso-8859-1';
}

/**
 * The most `name=value` pairs one body may carry by default; more is refused with 413 (BODY-016).
 *
 * @example
 * ```ts
 * countParameters(body) > PARAMETER_LIMIT; // the 413 test urlencoded() applies
 * ```
 */
export const PARAMETER_LIMIT = 1000;

// BODY-013, BODY-015: qs's own guards, spelt out so a change of qs defaults cannot loosen them: nesting stops
// at depth 5 (deeper brackets stay part of the name), indices above 100 become object keys instead of
// allocating sparse arrays, and names that Object.prototype has are dropped. Depth and the parameter limit
// are the factory's (BODY-028).
const QS_OPTIONS = {
  arrayLimit: 100,
  allowPrototypes: false,
  allowDots: false,
  plainObjects: false,
  strictNullHandling: false,
} as const;

/** How a form is parsed: settled once by the factory. */
export interface FormSettings {
  extended: boolean;
  parameterLimit: number;
  depth: number;
}

const DEFAULT_FORM: FormSettings = { extended: true, parameterLimit: PARAMETER_LIMIT, depth: 5 };

/**
 * Parses `application/x-www-form-urlencoded` bodies into `req.body`. The charset may be UTF-8 or
 * ISO-8859-1; others get 415. More than `parameterLimit` (1000) parameters get 413. Takes body-parser's
 * options `extended`, `limit`, `inflate`, `type`, `verify`, `parameterLimit`, `depth` and `defaultCharset`.
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
  return urlencodedParser(options, KITJS_DIALECT);
}
markFactory(urlencoded, 'urlencoded()');

/**
 * {@link urlencoded} speaking `dialect`: kitjs/express's `express.urlencoded()` is this with body-parser's
 * (EXP-012).
 *
 * @example
 * ```ts
 * const parser = urlencodedParser({ extended: false }, KITJS_DIALECT);
 * ```
 */
export function urlencodedParser(
  options: UrlencodedOptions | undefined,
  dialect: BodyDialect,
): RequestHandler {
  const opts = readOptions(options, 'urlencoded');
  const common = commonSettings(opts, 'urlencoded');
  const form = formSettings(opts);
  const defaultCharset = opts.defaultCharset ?? 'utf-8';
  if (defaultCharset !== 'utf-8' && defaultCharset !== 'iso-8859-1') {
    throw setupError(
      'KIT_ERR_SETUP_BODY_OPTIONS',
      `urlencoded(): option "defaultCharset" must be 'utf-8' or 'iso-8859-1'`,
    );
  }
  if (form.extended) loadQs(); // now, not on the first request
  return createParser({
    matches: common.matchesType ?? ((type) => type === 'application/x-www-form-urlencoded'),
    matchesRequest: common.matchesRequest,
    // BODY-010: forms may also come in ISO-8859-1.
    charsets: UTF8_OR_LATIN1,
    defaultDecoding: defaultCharset === 'utf-8' ? 'utf8' : 'latin1',
    limit: common.limit,
    inflate: common.inflate,
    verify: common.verify,
    parse: (bytes, decoding) => parseUrlencoded(bytes.toString(decoding), decoding, form, dialect),
    dialect,
  });
}

// BODY-019, BODY-028: each option checked when the factory is called.
function formSettings(opts: Record<string, unknown>): FormSettings {
  const { extended = true, parameterLimit = PARAMETER_LIMIT, depth = 5 } = opts;
  if (typeof extended !== 'boolean') {
    throw setupError(
      'KIT_ERR_SETUP_BODY_OPTIONS',
      `urlencoded(): option "extended" must be a boolean; got ${typeof extended}`,
    );
  }
  if (
    typeof parameterLimit !== 'number' ||
    !(Number.isSafeInteger(parameterLimit) || parameterLimit === Number.POSITIVE_INFINITY) ||
    parameterLimit < 1
  ) {
    // body-parser's words first, which code moved from Express may match.
    throw setupError(
      'KIT_ERR_SETUP_BODY_OPTIONS',
      'option parameterLimit must be a positive number: urlencoded() takes a positive integer or Infinity',
    );
  }
  if (typeof depth !== 'number' || !Number.isSafeInteger(depth) || depth < 0) {
    throw setupError(
      'KIT_ERR_SETUP_BODY_OPTIONS',
      `urlencoded(): option "depth" must be zero or a positive integer`,
    );
  }
  return { extended, parameterLimit, depth };
}

/**
 * Parses form text the way {@link urlencoded} does: nested with qs or flat, after refusing more than
 * `parameterLimit` parameters with a `KitError` (413, body-parser's `type: 'parameters.too.many'`).
 *
 * @example
 * ```ts
 * parseUrlencoded('a[b]=1', 'utf8'); // { a: { b: '1' } }
 * parseUrlencoded('a[b]=1', 'utf8', false); // { 'a[b]': '1' }
 * parseUrlencoded('a[b][c]=1', 'utf8', { extended: true, parameterLimit: 10, depth: 1 }); // { a: { b: { '[c]': '1' } } }
 * ```
 */
export function parseUrlencoded(
  text: string,
  decoding: BodyDecoding,
  settings: FormSettings | boolean = DEFAULT_FORM,
  dialect: BodyDialect = KITJS_DIALECT,
): unknown {
  const form = typeof settings === 'boolean' ? { ...DEFAULT_FORM, extended: settings } : settings;
  const count = countParameters(text);
  if (count > form.parameterLimit) {
    throw bodyError({ kind: 'parameters', body: text }, dialect);
  }
  if (!form.extended) return parseFlatForm(text, decoding);
  const options = {
    ...QS_OPTIONS,
    depth: form.depth,
    parameterLimit: form.parameterLimit,
    // EXP-013: body-parser lets an array hold as many entries as the form has parameters (BODY-016 bounds them).
    ...(dialect.arrayLimit === 'parameters' && count > QS_OPTIONS.arrayLimit ? { arrayLimit: count } : {}),
    charset: decoding === 'latin1' ? ('iso-8859-1' as const) : ('utf-8' as const),
    strictDepth: dialect.depth === 'strict',
  };
  try {
    return loadQs().parse(text, options);
  } catch (err) {
    // EXP-010, X5-008: body-parser parses with qs's strictDepth, whose RangeError (the only one these options
    // let qs throw) it answers with a 400.
    if (options.strictDepth && err instanceof RangeError) throw bodyError({ kind: 'too-deep' }, dialect);
    throw err;
  }
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
