/** Validates the options every body parser shares (limit, inflate, type, verify), naming the factory in each TypeError. */
import { setupError } from '../../../base/errors.js';
import { mediaTypeMatcher } from '../../../base/media-match.js';
import { loadMimeTypes } from '../../../base/optional-package.js';
import type { KitRequest, KitResponse } from '../../../core/types.js';
import { parseLimit } from './limit.js';

/**
 * Which requests a parser reads: a media type (`'application/json'`, `'text/*'`, `'+json'`, a short name
 * such as `'json'`), a list of them, or a function of the request (BODY-024).
 *
 * @example
 * ```ts
 * app.use(text({ type: ['text/*', 'application/xml'] }));
 * app.use(raw({ type: (req) => req.get('x-raw') === '1' }));
 * ```
 */
export type BodyTypeOption = string | readonly string[] | ((req: KitRequest) => unknown);

/**
 * Called with the raw bytes before they are parsed; throwing refuses the body with 403 and the thrown
 * error's message, or with the thrown error's own status when it has one (BODY-025). `encoding` is the
 * charset the body will be decoded with (`'utf-8'`, `'iso-8859-1'`), `null` for `raw()`.
 *
 * @example
 * ```ts
 * app.use(json({ verify: (req, res, buf) => { if (!signatureMatches(req.get('x-signature'), buf)) throw new Error('Bad signature'); } }));
 * ```
 */
export type VerifyFunction = (
  req: KitRequest,
  res: KitResponse,
  buf: Buffer,
  encoding: string | null,
) => void;

/**
 * The options json(), urlencoded(), raw() and text() all take, as in Express's body-parser.
 *
 * @example
 * ```ts
 * const shared: CommonBodyOptions = { limit: '100kb', inflate: false };
 * app.use(json(shared), urlencoded(shared));
 * ```
 */
export interface CommonBodyOptions {
  /** The largest body accepted, after inflation: a byte count or a size such as '100kb', '1mb'. Default '1mb'. */
  limit?: string | number;
  /** Inflate gzip, deflate and br bodies (default true); `false` answers 415 to a compressed body. */
  inflate?: boolean;
  /** Which requests to read: a media type, a list, or a function of the request. Each parser has a default. */
  type?: BodyTypeOption;
  /** Checks the raw bytes before parsing; a throw refuses the request (403 unless the error has a status). */
  verify?: VerifyFunction;
}

/** The shared options after validation. */
export interface CommonSettings {
  limit: number;
  inflate: boolean;
  /** `undefined` when the parser's own default type applies. */
  matchesType: ((type: string) => boolean) | undefined;
  matchesRequest: ((req: KitRequest) => boolean) | undefined;
  verify: VerifyFunction | undefined;
}

/**
 * Returns `options` as a record, or throws a `TypeError` when it is neither absent nor a plain object.
 * Keys the factory does not know are ignored, as Express's body-parser options may still be passed by code
 * moved over from Express (BODY-019).
 *
 * @example
 * ```ts
 * const opts = readOptions({ limit: '5mb' }, 'json');
 * ```
 */
export function readOptions(options: unknown, factory: string): Record<string, unknown> {
  if (options === undefined || options === null) return {};
  if (typeof options !== 'object' || Array.isArray(options)) {
    throw setupError(
      'KIT_ERR_SETUP_BODY_OPTIONS',
      `${factory}(): options must be an object; got ${typeof options}`,
    );
  }
  return options as Record<string, unknown>;
}

/**
 * Validates `limit`, `inflate`, `type` and `verify` (BODY-007, BODY-019, BODY-024 to BODY-026), throwing a
 * `TypeError` naming the factory and the option.
 *
 * @example
 * ```ts
 * const common = commonSettings({ type: 'text/*', inflate: false }, 'text');
 * ```
 */
export function commonSettings(opts: Record<string, unknown>, factory: string): CommonSettings {
  const limit = parseLimit(opts.limit, factory);
  const inflate = opts.inflate ?? true;
  if (typeof inflate !== 'boolean') {
    throw setupError(
      'KIT_ERR_SETUP_BODY_OPTIONS',
      `${factory}(): option "inflate" must be a boolean; got ${typeof inflate}`,
    );
  }
  const verify = opts.verify ?? undefined;
  if (verify !== undefined && typeof verify !== 'function') {
    // body-parser's words first, which code moved from Express may match.
    throw setupError(
      'KIT_ERR_SETUP_BODY_OPTIONS',
      `option verify must be function: ${factory}() got ${typeof verify}`,
    );
  }
  const { matchesType, matchesRequest } = typeMatcher(opts.type, factory);
  return { limit, inflate, matchesType, matchesRequest, verify: verify as VerifyFunction | undefined };
}

function typeMatcher(type: unknown, factory: string): Pick<CommonSettings, 'matchesType' | 'matchesRequest'> {
  if (type === undefined) return { matchesType: undefined, matchesRequest: undefined };
  if (typeof type === 'function') {
    const decide = type as (req: KitRequest) => unknown;
    return { matchesType: undefined, matchesRequest: (req) => Boolean(decide(req)) };
  }
  const list = typeof type === 'string' ? [type] : type;
  if (
    !Array.isArray(list) ||
    list.length === 0 ||
    !list.every((entry) => typeof entry === 'string' && entry.trim() !== '')
  ) {
    throw setupError(
      'KIT_ERR_SETUP_BODY_OPTIONS',
      `${factory}(): option "type" must be a media type, a non-empty array of them, or a function of the request`,
    );
  }
  const wanted = [...(list as string[])];
  // A short name nobody knows ('jsno') would silently never match, as in body-parser; here it fails at setup.
  const unknown = wanted.find((entry) => !isKnownPattern(entry));
  if (unknown !== undefined) {
    throw setupError(
      'KIT_ERR_SETUP_BODY_OPTIONS',
      `${factory}(): option "type" names no media type: ${JSON.stringify(unknown)}`,
    );
  }
  // The same matcher as req.is(), so `type: 'json'` and req.is('json') agree (REQ-009); each entry read once,
  // here, rather than on every request.
  const matchers = wanted.map(mediaTypeMatcher);
  const only = matchers.length === 1 ? matchers[0] : undefined;
  return {
    matchesType: only ?? ((actual) => matchers.some((matches) => matches(actual))),
    matchesRequest: undefined,
  };
}

const SHORT_NAMES = new Set(['json', 'urlencoded', 'multipart']);

function isKnownPattern(entry: string): boolean {
  const name = entry.trim().toLowerCase();
  return (
    name.includes('/') ||
    name.startsWith('+') ||
    SHORT_NAMES.has(name) ||
    loadMimeTypes().lookup(name) !== false
  );
}
