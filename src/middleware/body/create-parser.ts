/** The one request flow every kitjs body parser shares: method, media type, charset, body presence, read, parse. */
import { KitError } from '../../errors.js';
import { mediaTypeOf } from '../../media-type.js';
import type { KitRequest, KitResponse, NextFunction, RequestHandler } from '../../types.js';
import { type BodyDecoding, decodingOf } from './charset.js';
import { hasBody, readBody } from './read-body.js';

type Claimable = KitRequest & { [CLAIMED]?: boolean };

/** What makes one parser different from another. */
export interface ParserSpec {
  /** Whether this parser handles the request's lower-case `type/subtype`. */
  matches(type: string): boolean;
  /** The charsets the parser decodes, or `null` when it never looks at the bytes. */
  charsets: ReadonlyMap<string, BodyDecoding> | null;
  /** The largest body, in bytes, after any inflation. */
  limit: number;
  /** Turns the (non-empty) bytes into `req.body`; throws a `KitError` for a client fault. */
  parse(bytes: Buffer, decoding: BodyDecoding): unknown;
}

// BODY-018: which requests already had their body taken: a second parser (json() at the app and again in a
// router) must not try to read a stream that has ended, which would hang or fail.
// A property rather than a WeakSet: one per request on the hot path of every POST.
const CLAIMED = Symbol('kitjs.bodyClaimed');

/**
 * Builds a body-parsing middleware from a {@link ParserSpec}. A request it does not handle goes on untouched
 * (BODY-002); an empty body becomes `{}` without reading (BODY-004); a client fault goes to `next(err)`.
 *
 * @example
 * ```ts
 * const text = createParser({ matches: (t) => t === 'text/plain', charsets: UTF8_ONLY, limit: 1024,
 *   parse: (bytes) => bytes.toString() });
 * ```
 */
export function createParser(spec: ParserSpec): RequestHandler {
  const { matches, charsets, limit, parse } = spec;
  return function bodyParser(req: KitRequest, res: KitResponse, next: NextFunction): void {
    const method = req.method;
    // BODY-003: GET, HEAD and OPTIONS bodies are never parsed. Cheapest tests first: most requests of a busy
    // app are GETs or of another type.
    if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') {
      next();
      return;
    }
    const media = mediaTypeOf(req);
    if (media === undefined || !matches(media.type) || (req as Claimable)[CLAIMED] === true) {
      next();
      return;
    }
    (req as Claimable)[CLAIMED] = true;
    let decoding: BodyDecoding = 'utf8';
    // BODY-010: a charset the parser does not read is a 415 before the body is read.
    if (charsets !== null) {
      const found = decodingOf(media, charsets);
      if (found === undefined) {
        next(new KitError('KIT_ERR_BODY_UNSUPPORTED_CHARSET'));
        return;
      }
      decoding = found;
    }
    if (!hasBody(req)) {
      req.body = {};
      next();
      return;
    }
    readBody(req, res, limit, (err, bytes) => {
      if (err !== undefined) {
        next(err);
        return;
      }
      let body: unknown = {};
      if (bytes.length > 0) {
        try {
          body = parse(bytes, decoding);
        } catch (parseError) {
          next(parseError);
          return;
        }
      }
      req.body = body;
      next();
    });
  };
}
