/** `json()`: parses application/json (and `+json`) bodies into `req.body`, refusing prototype-poisoning keys. */
import type secureJson from 'secure-json-parse';
import { setupError } from '../../../base/errors.js';
import { markFactory } from '../../../base/factory-guard.js';
import { isJsonMediaType } from '../../../base/media-match.js';
import { lazyDependency } from '../../../base/optional-package.js';
import type { RequestHandler } from '../../../core/types.js';
import { UTF8_ONLY } from './charset.js';
import { createParser } from './create-parser.js';
import { type BodyDialect, KITJS_DIALECT, parseError } from './errors.js';
import { type CommonBodyOptions, commonSettings, readOptions } from './options.js';

/**
 * Options of {@link json}: those of Express's `bodyParser.json()`, with kitjs's defaults.
 *
 * @example
 * ```ts
 * const options: JsonOptions = { limit: '100kb', strict: true, type: ['json', '+json'] };
 * ```
 */
export interface JsonOptions extends CommonBodyOptions {
  /** Passed to `JSON.parse` as its second argument (BODY-027). */
  reviver?: (this: unknown, key: string, value: unknown) => unknown;
  /**
   * `true` accepts only an object or an array at the top (as Express's default); kitjs's default `false`
   * accepts any JSON value (BODY-001, BODY-027).
   */
  strict?: boolean;
}

type Reviver = (this: unknown, key: string, value: unknown) => unknown;

// Loaded with the first JSON body parsed: an app that only answers with JSON never needs it (issue 47).
const loadSecureJson = lazyDependency<typeof secureJson>('secure-json-parse');

const PARSE_OPTIONS = { protoAction: 'error', constructorAction: 'error' } as const;

/**
 * Parses JSON request bodies into `req.body`. Only `application/json` and `application/*+json` requests are
 * read by default, never GET, HEAD or OPTIONS. Any JSON value is accepted, not only objects (unless
 * `strict: true`), and a leading byte order mark is skipped (BODY-001). A body with a `__proto__` key or a
 * `constructor.prototype` is refused with 400, as Fastify does (BODY-006). Takes body-parser's options
 * `limit`, `inflate`, `type`, `verify`, `reviver` and `strict`.
 *
 * @example
 * ```ts
 * import kit, { json } from 'kitjs';
 * const app = kit();
 * app.use(json({ limit: '5mb', strict: true }));
 * app.post('/users', (req, res) => res.status(201).json(req.body));
 * ```
 */
export function json(options?: JsonOptions): RequestHandler {
  return jsonParser(options, KITJS_DIALECT);
}
markFactory(json, 'json()');

/**
 * {@link json} speaking `dialect`: kitjs/express's `express.json()` is this with body-parser's (EXP-012).
 *
 * @example
 * ```ts
 * const parser = jsonParser({ strict: true }, KITJS_DIALECT);
 * ```
 */
export function jsonParser(options: JsonOptions | undefined, dialect: BodyDialect): RequestHandler {
  const opts = readOptions(options, 'json');
  const common = commonSettings(opts, 'json');
  const reviver = opts.reviver ?? undefined;
  if (reviver !== undefined && typeof reviver !== 'function') {
    throw setupError(
      'KIT_ERR_SETUP_BODY_OPTIONS',
      `json(): option "reviver" must be a function; got ${typeof reviver}`,
    );
  }
  const strict = opts.strict ?? false;
  if (typeof strict !== 'boolean') {
    throw setupError(
      'KIT_ERR_SETUP_BODY_OPTIONS',
      `json(): option "strict" must be a boolean; got ${typeof strict}`,
    );
  }
  const parse =
    reviver === undefined && !strict && dialect === KITJS_DIALECT
      ? parseDefault
      : (bytes: Buffer) => parseJson(bytes, reviver as Reviver | undefined, strict, dialect);
  return createParser({
    matches: common.matchesType ?? isJsonMediaType,
    matchesRequest: common.matchesRequest,
    charsets: UTF8_ONLY,
    limit: common.limit,
    inflate: common.inflate,
    verify: common.verify,
    parse,
    dialect,
  });
}

/**
 * The first character of `text` that is neither JSON whitespace (RFC 8259) nor the byte order mark BODY-001
 * skips, or '' when there is none: a loop over what is, in practice, at most a few characters, where a regex
 * costs an exec and a match array on every strict parse.
 */
function firstSignificant(text: string): string {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code !== 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d && code !== 0xfeff)
      return text.charAt(i);
  }
  return '';
}

// kitjs's defaults: no reviver, any top-level value.
const parseDefault = (bytes: Buffer): unknown => parseJson(bytes, undefined, false, KITJS_DIALECT);

function parseJson(
  bytes: Buffer,
  reviver: Reviver | undefined,
  strict: boolean,
  dialect: BodyDialect,
): unknown {
  const text = bytes.toString('utf8');
  // BODY-027: strict looks at the first character only, as body-parser does, so a string or number at the top
  // is refused before any parsing.
  if (strict) {
    const first = firstSignificant(text);
    if (first !== '{' && first !== '[') {
      throw parseError(
        'KIT_ERR_BODY_INVALID_JSON',
        text,
        strictMessage(text, first),
        dialect,
        undefined,
        STRICT,
      );
    }
  }
  try {
    return parseChecked(text, reviver);
  } catch (err) {
    // BODY-005, BODY-006: secure-json-parse throws SyntaxError for both faults; only valid JSON can hold a
    // forbidden key, so a second plain parse (on this rare path only) tells them apart without matching
    // messages. An error thrown by the application's reviver is passed on as it is.
    if (!(err instanceof SyntaxError)) throw err;
    const code = isValidJson(text) ? 'KIT_ERR_BODY_FORBIDDEN_KEY' : 'KIT_ERR_BODY_INVALID_JSON';
    const native = code === 'KIT_ERR_BODY_INVALID_JSON' ? err.message : undefined;
    throw parseError(code, text, native, dialect, err);
  }
}

/**
 * BODY-006: secure-json-parse's answer, without its two scans of the text when they cannot find anything.
 * Its scans look for a `"__proto__"` or `"constructor"` key, each letter plain or as a `\u` escape: a text
 * holding neither word and no `\u` can match neither, and for such a text it returns `JSON.parse`'s value
 * (of the text without a leading byte order mark) as it is. Three substring searches cost less than one of
 * its scans on a 1 KB body.
 */
function parseChecked(text: string, reviver: Reviver | undefined): unknown {
  if (text.indexOf('\\u') === -1 && text.indexOf('__proto__') === -1 && text.indexOf('constructor') === -1) {
    return JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text, reviver);
  }
  return loadSecureJson().parse(text, reviver, PARSE_OPTIONS);
}

// kitjs's message for a strict refusal (BODY-027); body-parser's is JSON.parse's, below.
const STRICT = 'JSON body must be an object or an array (strict)';

/**
 * body-parser's message for a strict refusal: what JSON.parse says of the text up to the first character,
 * with that character kept and the rest replaced, so it reads as a syntax error at that character.
 */
function strictMessage(text: string, first: string): string {
  const index = first === '' ? -1 : text.indexOf(first);
  const partial = index === -1 ? '' : `${text.slice(0, index)}#${'#'.repeat(text.length - index - 1)}`;
  try {
    JSON.parse(partial);
    return 'strict violation';
  } catch (err) {
    return (err as Error).message.replace(/#+/g, (placeholder) =>
      text.slice(index, index + placeholder.length),
    );
  }
}

function isValidJson(text: string): boolean {
  try {
    JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
    return true;
  } catch {
    return false;
  }
}
