/** `customParser`: consumes `application/custom` bodies (up to 1mb) and sets `req.body` to `{}`. */
import { checkNoOptions } from '../../../base/factory-guard.js';
import type { KitRequest, KitResponse, NextFunction, RequestHandler } from '../../../core/types.js';
import { createParser } from './create-parser.js';
import { DEFAULT_LIMIT } from './limit.js';

/**
 * Middleware (not a factory) for `application/custom` bodies (BODY-017): the body is read to its end, within
 * the default 1mb limit, and discarded, and `req.body` becomes an empty object. Other requests go on
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
export function customParser(): typeof customParser;
export function customParser(req: KitRequest, res: KitResponse, next: NextFunction): void;
export function customParser(
  req?: KitRequest,
  res?: KitResponse,
  next?: NextFunction,
): typeof customParser | undefined {
  // APP-011: `app.use(customParser())` works too; called without a response it hands itself back.
  if (res === undefined || next === undefined || req === undefined) {
    checkNoOptions(req, 'customParser', res);
    return customParser;
  }
  parseCustom(req, res, next);
  return undefined;
}

const parseCustom: RequestHandler = createParser({
  matches: (type) => type === 'application/custom',
  charsets: null,
  limit: DEFAULT_LIMIT,
  parse: () => ({}),
});
