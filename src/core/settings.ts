/** The app's settings table (Express's `app.set`/`app.get`): kitjs's defaults, and the functions compiled from them. */
import { hash } from 'node:crypto';
import { resolve } from 'node:path';
import { parse as parseSimpleQuery } from 'node:querystring';
import { setupError } from '../base/errors.js';
import { lazyDependency } from '../base/optional-package.js';
import { parseQuery } from './request/query.js';

const loadProxyAddr = lazyDependency<typeof import('proxy-addr')>('proxy-addr');
const loadQs = lazyDependency<typeof import('qs')>('qs');

/** Decides whether the proxy at `address` (the `hop`-th from the socket, 0 first) is trusted (proxy-addr). */
export type TrustFunction = (address: string, hop: number) => boolean;

/** Makes an ETag for a response body (`etag` setting). */
export type EtagFunction = (body: string | Uint8Array, encoding?: BufferEncoding) => string | undefined;

/** Parses a query string, without its `?` (`query parser` setting). */
export type QueryParserFunction = (search: string) => Record<string, unknown>;

/**
 * The settings table of an app, as Express 4 keeps it: plain keys with the values given to `app.set`,
 * plus the functions compiled from three of them (`trust proxy fn`, `etag fn`, `query parser fn`), which
 * the request and response read on every use. A mounted sub-app's table inherits from its parent's
 * through the prototype chain, so what it does not set it reads from the parent.
 */
export interface AppSettings {
  [name: string]: unknown;
}

/** The setting names whose value is compiled into a function kept beside it. */
const COMPILED: Record<string, (value: unknown) => unknown> = {
  etag: compileEtag,
  'query parser': compileQueryParser,
  'trust proxy': compileTrust,
};

/**
 * Assigns `name` in `settings`, and the compiled function beside it when the setting has one (EXP-002).
 * A value the setting cannot take is a TypeError naming it, at once.
 *
 * @example
 * ```ts
 * assignSetting(app.settings, 'trust proxy', 'loopback');
 * app.settings['trust proxy fn']('127.0.0.1', 0); // true
 * ```
 */
export function assignSetting(settings: AppSettings, name: string, value: unknown): void {
  if (typeof name !== 'string')
    throw setupError('KIT_ERR_SETUP_SETTING', 'app.set(name, value): name must be a string');
  // A setting named like a member of Object.prototype (`hasOwnProperty`) is only a setting.
  const compile = Object.hasOwn(COMPILED, name) ? COMPILED[name] : undefined;
  const compiled = compile === undefined ? undefined : compile(value);
  settings[name] = value;
  if (compile !== undefined) settings[`${name} fn`] = compiled;
}

/**
 * A new settings table with kitjs's defaults (EXP-003): string query values, no ETag computed on a hot
 * path, no X-Powered-By. A flavour changes what it needs with `app.set` when it makes its app.
 *
 * @example
 * ```ts
 * const settings = defaultSettings();
 * settings['query parser']; // 'strings'
 * ```
 */
export function defaultSettings(): AppSettings {
  // No prototype: `app.get('hasOwnProperty')` is a setting nobody set (undefined), as in Express 5; a mounted
  // app's table takes its parent's as its prototype (EXP-004).
  const settings: AppSettings = Object.create(null);
  assignSetting(settings, 'x-powered-by', false);
  assignSetting(settings, 'etag', false);
  assignSetting(settings, 'env', process.env.NODE_ENV || 'development');
  assignSetting(settings, 'query parser', 'strings');
  assignSetting(settings, 'subdomain offset', 2);
  assignSetting(settings, 'trust proxy', false);
  assignSetting(settings, 'jsonp callback name', 'callback');
  assignSetting(settings, 'case sensitive routing', false);
  assignSetting(settings, 'strict routing', false);
  // EXP-009: where views are looked up, and whether looked-up views are kept (Express: in production).
  assignSetting(settings, 'views', resolve('views'));
  assignSetting(settings, 'view cache', settings.env === 'production');
  return settings;
}

/**
 * `trust proxy` as Express 4 compiles it: `true` trusts every hop, a number that many hops, a string or
 * array of addresses, subnets or the names `loopback`, `linklocal` and `uniquelocal` (proxy-addr), a
 * function is used as it is; `false`, `undefined` and `null` trust nothing.
 */
function compileTrust(value: unknown): TrustFunction {
  if (typeof value === 'function') return value as TrustFunction;
  if (value === true) return () => true;
  if (typeof value === 'number') return (_address, hop) => hop < value;
  if (value === false || value === undefined || value === null) return () => false;
  const list = typeof value === 'string' ? value.split(',').map((item) => item.trim()) : value;
  if (!Array.isArray(list) || list.some((item) => typeof item !== 'string')) {
    throw setupError(
      'KIT_ERR_SETUP_SETTING',
      'app.set("trust proxy", value): expected a boolean, a hop count, addresses or subnets, or a function',
    );
  }
  // proxy-addr throws a TypeError naming an address or subnet it cannot parse: at setup, as it should.
  return loadProxyAddr().compile(list as string[]) as TrustFunction;
}

/**
 * XRES-001: the ETag the `etag` package gives a body's bytes (Express's): their length in hex and the first 27
 * characters of their SHA-1 in base64, quoted, `W/` before it when weak. Made by one call of crypto.hash,
 * where the package makes a Hash object per response; a UTF-8 string is hashed as its bytes without making
 * them in JavaScript (crypto.hash encodes a string as UTF-8, as Buffer.from does, lone surrogates included).
 * It runs on every response of an Express flavour, whose default `etag` is `'weak'`.
 */
function entityTag(body: string | Uint8Array, encoding: BufferEncoding | undefined, weak: boolean): string {
  let length: number;
  let digest: string;
  if (typeof body === 'string' && (encoding === undefined || encoding === 'utf8' || encoding === 'utf-8')) {
    length = Buffer.byteLength(body, 'utf8');
    digest = hash('sha1', body, 'base64');
  } else {
    const bytes = typeof body === 'string' ? Buffer.from(body, encoding) : body;
    length = bytes.byteLength;
    digest = hash('sha1', bytes, 'base64');
  }
  // One string built per response, the weak mark in it rather than added to a finished tag.
  const hex = length.toString(16);
  const head = digest.slice(0, 27);
  return weak ? `W/"${hex}-${head}"` : `"${hex}-${head}"`;
}

const weakEtag: EtagFunction = (body, encoding) => entityTag(body, encoding, true);
const strongEtag: EtagFunction = (body, encoding) => entityTag(body, encoding, false);

/**
 * XRES-001: `etagFn` is one of kitjs's own (`etag` true, `'weak'` or `'strong'`), which tags a string as its
 * UTF-8 bytes: `res.send` may give it the string and send the string. Any other is given the bytes.
 *
 * @example
 * ```ts
 * hashesText(app.get('etag fn')); // true under kitjs/express's default
 * ```
 */
export function hashesText(etagFn: unknown): boolean {
  return etagFn === weakEtag || etagFn === strongEtag;
}

/** `etag`: `true` or `'weak'` a weak ETag, `'strong'` a strong one, `false` none, or a function. */
function compileEtag(value: unknown): EtagFunction | undefined {
  if (typeof value === 'function') return value as EtagFunction;
  if (value === false || value === undefined || value === null) return undefined;
  if (value === true || value === 'weak' || value === 'strong')
    return value === 'strong' ? strongEtag : weakEtag;
  throw setupError(
    'KIT_ERR_SETUP_SETTING',
    `app.set("etag", value): unknown value ${describe(value)} (true, false, "weak", "strong" or a function)`,
  );
}

/**
 * `query parser`: `'strings'` is kitjs's own rule (every value a string, ROUTE-013), `'simple'` or `true`
 * Node's querystring, `'extended'` qs as Express 4 has it (nested plain objects and arrays, so
 * `req.query.hasOwnProperty` and `console.log` behave as there), `false` no parsing (an empty object), or a
 * function of the query string.
 */
function compileQueryParser(value: unknown): QueryParserFunction | undefined {
  if (typeof value === 'function') return value as QueryParserFunction;
  if (value === 'strings') return (search) => parseQuery(search === '' ? '' : `?${search}`);
  if (value === true || value === 'simple') return (search) => ({ ...parseSimpleQuery(search) });
  if (value === 'extended') {
    // XREQ-040, XREQ-042: Express 4 passes `allowPrototypes: true`, which keeps keys such as `hasOwnProperty`
    // or `toString` as own data and so lets a client break `req.query.hasOwnProperty(...)`; dropping them, as
    // kitjs's forms do (BODY-015), keeps every method of a plain object working. `__proto__` qs always drops.
    return (search) => loadQs().parse(search, { allowPrototypes: false });
  }
  if (value === false || value === undefined || value === null) return undefined;
  // Express 4's words first ("unknown value for query parser function"), so code that matches them still does.
  throw setupError(
    'KIT_ERR_SETUP_SETTING',
    `unknown value ${describe(value)} for query parser: app.set("query parser", value) takes "strings", "simple", "extended", true, false or a function`,
  );
}

function describe(value: unknown): string {
  return typeof value === 'string' ? `"${value}"` : String(value);
}
