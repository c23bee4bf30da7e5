/** `raw()`: reads application/octet-stream (or the chosen types) into `req.body` as a Buffer. */
import { markFactory } from '../../../base/factory-guard.js';
import type { RequestHandler } from '../../../core/types.js';
import { createParser } from './create-parser.js';
import { type BodyDialect, KITJS_DIALECT } from './errors.js';
import { type CommonBodyOptions, commonSettings, readOptions } from './options.js';

/**
 * Options of {@link raw}: those of Express's `bodyParser.raw()`, with kitjs's 1mb limit.
 *
 * @example
 * ```ts
 * const options: RawOptions = { type: 'application/pdf', limit: '10mb' };
 * ```
 */
export interface RawOptions extends CommonBodyOptions {}

const emptyBuffer = (): Buffer => Buffer.alloc(0);

/**
 * Reads request bodies as bytes: `req.body` is a `Buffer` (BODY-022), empty when the request has no body.
 * Only `application/octet-stream` requests are read unless `type` says otherwise, never GET, HEAD or OPTIONS.
 * Takes body-parser's options `limit` (default '1mb'), `inflate`, `type` and `verify`.
 *
 * @example
 * ```ts
 * import kit, { raw } from 'kitjs';
 * const app = kit();
 * app.post('/upload', raw({ type: 'image/*', limit: '5mb' }), (req, res) => {
 *   res.json({ bytes: (req.body as Buffer).length });
 * });
 * ```
 */
export function raw(options?: RawOptions): RequestHandler {
  return rawParser(options, KITJS_DIALECT);
}
markFactory(raw, 'raw()');

/**
 * {@link raw} speaking `dialect`: kitjs/express's `express.raw()` is this with body-parser's (EXP-012).
 *
 * @example
 * ```ts
 * const parser = rawParser({ type: 'image/*' }, KITJS_DIALECT);
 * ```
 */
export function rawParser(options: RawOptions | undefined, dialect: BodyDialect): RequestHandler {
  const common = commonSettings(readOptions(options, 'raw'), 'raw');
  return createParser({
    matches: common.matchesType ?? ((type) => type === 'application/octet-stream'),
    matchesRequest: common.matchesRequest,
    // Bytes are never decoded, so no charset is refused.
    charsets: null,
    limit: common.limit,
    inflate: common.inflate,
    verify: common.verify,
    empty: emptyBuffer,
    parse: (bytes) => bytes,
    dialect,
  });
}
