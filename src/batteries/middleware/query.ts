/**
 * `query(options)`: Express 4's `express.query`, a middleware that parses the query string with qs and
 * `options`. kitjs exports it as `query`, kitjs/express as `express.query`: the same function.
 */

import { setupError } from '../../base/errors.js';
import { markFactory } from '../../base/factory-guard.js';
import { lazyDependency } from '../../base/optional-package.js';
import type { KitRequest, NextFunction, RequestHandler } from '../../core/types.js';

const loadQs = lazyDependency<typeof import('qs')>('qs');

/**
 * The options of qs's `parse` that `query()` hands on (qs's own names and defaults). Declared here rather
 * than taken from `@types/qs`, which an application need not have installed.
 */
export interface QsParseOptions {
  /** How deep brackets nest (5). */
  depth?: number;
  /** The highest array index kept as an array; above it the keys become object keys (20). */
  arrayLimit?: number;
  /** How many parameters are parsed; the rest are dropped (1000). */
  parameterLimit?: number;
  /** `a.b=1` as `{ a: { b: '1' } }` (false). */
  allowDots?: boolean;
  /** Keys named like Object members are kept (true here, as in Express 4). */
  allowPrototypes?: boolean;
  /** Objects without a prototype (true here; qs's own default is false). */
  plainObjects?: boolean;
  /** `a[]=1` and `a[0]=1` make arrays (true). */
  parseArrays?: boolean;
  /** `?a` alone gives `null` instead of `''` (false). */
  strictNullHandling?: boolean;
  /** Leaves out a leading `?` (false; `query()` never passes one). */
  ignoreQueryPrefix?: boolean;
  /** Separator of parameters (`&`). */
  delimiter?: string | RegExp;
  /** Comma-separated values as arrays (false). */
  comma?: boolean;
  /** `utf-8` (default) or `iso-8859-1`. */
  charset?: 'utf-8' | 'iso-8859-1';
  /** Reads the `utf8=✓` parameter to pick the charset (false). */
  charsetSentinel?: boolean;
  /** Decodes `&#...;` entities in ISO-8859-1 (false). */
  interpretNumericEntities?: boolean;
  /** How repeated keys combine: `combine` (arrays, the default), `first` or `last`. */
  duplicates?: 'combine' | 'first' | 'last';
}

/** qs's parse options, or a parser of the query string (given without its `?`). */
export type QueryOptions = QsParseOptions | ((search: string) => Record<string, unknown>);

/**
 * Sets `req.query` to the request's query string parsed with qs and `options` (Express 4's `express.query`;
 * kitjs/express's `express.query` is this very function), whatever the app's `query parser` says. `options`
 * may instead be a function of the query string (without its `?`), used in qs's place. As in Express 4,
 * `allowPrototypes` is true unless given, so a key named like an Object method is kept rather than dropped;
 * unlike Express, objects are prototype-less unless `plainObjects: false` is given, so such a key is plain
 * data, and `__proto__` is never a key (XREQ-041).
 *
 * @example
 * ```ts
 * import kit, { query } from 'kitjs';
 * const app = kit();
 * app.use(query({ depth: 1 }));
 * app.get('/search', (req, res) => res.json(req.query)); // ?filter[name]=ada → { "filter": { "name": "ada" } }
 * ```
 */
export function query(options?: QueryOptions): RequestHandler {
  let parse: (search: string) => unknown;
  if (typeof options === 'function') {
    parse = options;
  } else if (options === undefined || (options !== null && typeof options === 'object')) {
    // XREQ-042: prototype-less objects by default, so a key named like an Object member is plain data.
    const settings: QsParseOptions = { allowPrototypes: true, plainObjects: true, ...options };
    parse = (search) => loadQs().parse(search, settings);
  } else {
    throw setupError(
      'KIT_ERR_SETUP_QUERY_OPTIONS',
      'query(options): options must be an object of qs options or a function',
    );
  }
  return (req: KitRequest, _res, next: NextFunction) => {
    const url = req.url ?? '';
    const mark = url.indexOf('?');
    // XREQ-041: Express 4 skipped this when req.query was set, which inside an app it always is; kitjs's
    // query is lazy, so the middleware does what it is installed for.
    (req as { query: unknown }).query = parse(mark === -1 ? '' : url.slice(mark + 1)) ?? Object.create(null);
    next();
  };
}
markFactory(query, 'query()');
