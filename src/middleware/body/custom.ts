/** `customParser`: consumes `application/custom` bodies (up to 1mb) and sets `req.body` to `{}`. */
import type { RequestHandler } from '../../types.js';
import { createParser } from './create-parser.js';
import { DEFAULT_LIMIT } from './limit.js';

/**
 * Middleware (not a factory) for `application/custom` bodies: the body is read to its end, within the
 * default 1mb limit, and discarded, and `req.body` becomes an empty object. Other requests go on
 * untouched.
 *
 * @example
 * ```ts
 * import kit, { customParser } from 'kitjs';
 * const app = kit();
 * app.use(customParser);
 * app.post('/ingest', (req, res) => res.json(req.body)); // {}
 * ```
 */
export const customParser: RequestHandler = createParser({
  matches: (type) => type === 'application/custom',
  charsets: null,
  limit: DEFAULT_LIMIT,
  parse: () => ({}),
});
