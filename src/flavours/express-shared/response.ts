/** The response class both Express flavours build on: the core's, with UTF-8 named in a string's Content-Type. */
import type { InternalRequest } from '../../core/request/internal.js';
import { KitServerResponse } from '../../core/response.js';
import { withUtf8 } from './utf8-type.js';

/**
 * The core's response with what Express 4 and Express 5 both do to it: a string goes out as UTF-8, so the
 * Content-Type it goes out with says so (`charset=utf-8` added, or put in place of another), as both
 * Expresses' `res.send` write it (XRES-002). Each flavour subclasses it (`Express4Response`,
 * `Express5Response`); a kit() response runs none of it.
 *
 * @example
 * ```ts
 * class MyExpressResponse extends ExpressResponse {}
 * ```
 */
export class ExpressResponse extends KitServerResponse {
  /** XRES-002: `charset=utf-8` in the type of a string body; the rest is the core's. */
  protected override finish(
    body: string | Uint8Array | undefined,
    type: string | undefined,
    force: boolean,
    validate: boolean,
  ): void {
    if (
      validate &&
      !force &&
      typeof body === 'string' &&
      (this.req as InternalRequest).context !== undefined
    ) {
      const chosen = this.chosenType();
      if (chosen !== undefined) {
        const rewritten = withUtf8(chosen);
        if (rewritten !== chosen) this.replaceType(rewritten);
      }
    }
    super.finish(body, type, force, validate);
  }
}
