/** `query(options)`: Express 4's `express.query`, a middleware that parses the query string with qs and `options`. */
import type { IParseOptions } from 'qs';
import { markFactory } from '../factory-guard.js';
import { lazyDependency } from '../optional-package.js';
import type { KitRequest, NextFunction, RequestHandler } from '../types.js';

const loadQs = lazyDependency<typeof import('qs')>('qs');

/** qs's parse options (depth, arrayLimit, parameterLimit, allowDots...), or a parser of the query string. */
export type QueryOptions = IParseOptions | ((search: string) => Record<string, unknown>);

/**
 * Sets `req.query` to the request's query string parsed with qs and `options` (Express 4's `express.query`),
 * whatever the app's `query parser` says. `options` may instead be a function of the query string (without
 * its `?`), used in qs's place. As in Express 4, `allowPrototypes` is true unless given, so a key named like
 * an Object method is kept rather than dropped; unlike Express, objects are prototype-less unless
 * `plainObjects: false` is given, so such a key is plain data, and `__proto__` is never a key (XREQ-041).
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
    const settings: IParseOptions = { allowPrototypes: true, plainObjects: true, ...options };
    parse = (search) => loadQs().parse(search, settings);
  } else {
    throw new TypeError('query(options): options must be an object of qs options or a function');
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
