/** Express's `express.query(options)`: middleware that parses the query string into `req.query` with qs. */
import { lazyDependency } from '../optional-package.js';
import type { RequestHandler } from '../types.js';

const loadQs = lazyDependency<typeof import('qs')>('qs');

/** qs's parse options, or a parser function of the query string. */
export type QueryOptions = import('qs').IParseOptions | ((search: string) => Record<string, unknown>);

/**
 * Express 4's query middleware factory (EXP-001): `req.query` becomes the query string parsed with qs and
 * `options` (objects without a prototype, so no key can shadow a method), or with the function given.
 *
 * @example
 * ```ts
 * app.use(express.query({ depth: 2 }));
 * ```
 */
export function query(options?: QueryOptions): RequestHandler {
  const parse =
    typeof options === 'function'
      ? options
      : (search: string) => loadQs().parse(search, { allowPrototypes: true, ...options, plainObjects: true });
  return (req, _res, next) => {
    const url = req.url ?? '';
    const mark = url.indexOf('?');
    (req as unknown as { query: unknown }).query = parse(mark === -1 ? '' : url.slice(mark + 1));
    next();
  };
}
