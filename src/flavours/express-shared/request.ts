/** The request class both Express flavours build on: the core's, with the readings Express 4 and 5 share. */
import { mediaTypeMatches } from '../../base/media-match.js';
import { mediaTypeOf } from '../../base/media-type.js';
import { KitIncomingMessage } from '../../core/request.js';

/**
 * The core's request with what Express 4 and Express 5 both read differently from kit() (X5-018):
 * `req.get('set-cookie')` is the list of the header's values, and `req.is()` answers as type-is does,
 * `null` for a request without a body and, for a type written as an extension (`'json'`), that extension.
 * Each flavour subclasses it (`Express4Request`, `Express5Request`); a kit() request runs none of it.
 *
 * @example
 * ```ts
 * class MyExpressRequest extends ExpressRequest {}
 * ```
 */
export class ExpressRequest extends KitIncomingMessage {
  /** X5-018: as the core's, but `Set-Cookie` (which Node keeps as a list) is the list. */
  // @ts-expect-error Express answers the list of `Set-Cookie` values, where kit() joins every header.
  override get(name: string): string | string[] | undefined {
    if (typeof name === 'string' && name.toLowerCase() === 'set-cookie') return this.headers['set-cookie'];
    return super.get(name);
  }

  /**
   * X5-018: type-is's answer: `null` without a body (neither Transfer-Encoding nor Content-Length), else the
   * first type given that the request's matches, as it was written unless it holds `*` or starts with `+`
   * (then the request's own type), else `false`.
   */
  // @ts-expect-error type-is answers null for a request without a body, where kit() answers false.
  override is(...given: Array<string | string[]>): string | false | null {
    const headers = this.headers;
    if (headers['transfer-encoding'] === undefined && headers['content-length'] === undefined) return null;
    const mediaType = mediaTypeOf(this);
    if (mediaType === undefined) return false;
    const wanted = given.flat();
    if (wanted.length === 0) return mediaType.type;
    for (const candidate of wanted) {
      if (typeof candidate !== 'string' || !mediaTypeMatches(mediaType.type, candidate)) continue;
      return candidate.startsWith('+') || candidate.includes('*') ? mediaType.type : candidate;
    }
    return false;
  }
}

// X5-018: `req.header` is `req.get`'s other name in Express: it calls the flavour's `get`, so it reads
// `Set-Cookie` as the list too (and refuses what Express 5's `get` refuses).
Object.defineProperty(ExpressRequest.prototype, 'header', {
  value: function header(this: ExpressRequest, name: string): string | string[] | undefined {
    return this.get(name);
  },
  writable: true,
  configurable: true,
  enumerable: false,
});
