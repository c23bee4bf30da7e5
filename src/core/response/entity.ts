/** Express 4's entity steps of res.send: the ETag, and the 304 for a fresh request. */

import type { OneCallResponse } from '../one-call-response.js';
import { isFresh } from '../request/conditional.js';
import { type EtagFunction, hashesText } from '../settings.js';
import type { KitResponse } from '../types.js';

/** The response as the entity steps use it: the public one, and the one-call path's validator members. */
type EntityResponse = KitResponse & Pick<OneCallResponse, 'kitValidator' | 'kitEtag'>;

/**
 * XRES-001: the ETag and freshness of a body about to be sent. With an `etag fn`, a body (even an empty
 * one) without an ETag gets one; then a GET or HEAD whose status is 2xx or 304 and whose conditional
 * headers match the response's ETag or Last-Modified (the `fresh` package) becomes a 304, which the
 * caller sends without a body (RES-009). Without a validator on the response nothing can be fresh, so
 * the request's headers are not even read. Returns the body to send (a string becomes its UTF-8 bytes
 * when an `etag fn` of the app's own was given them).
 *
 * @example
 * ```ts
 * body = applyValidators(res, '{"a":1}', app.get('etag fn')); // may set ETag and statusCode = 304
 * ```
 */
export function applyValidators<Body extends string | Uint8Array | undefined>(
  res: EntityResponse,
  body: Body,
  etagFn: unknown,
): Body | Buffer {
  // Read and set through the one-call path's own members (one-call-response.ts), so that a banner or type
  // held back for the one `writeHead` stays held: an ETag'd response is one call too.
  let etag = res.kitValidator('etag');
  let sent: Body | Buffer = body;
  if (etag === undefined && body !== undefined && typeof etagFn === 'function') {
    // As Express 4, an etag function is given the bytes (a string encoded once, here, and sent as these
    // bytes), so a custom one that hashes or measures `body` sees what goes on the wire. kitjs's own tag a
    // string as those bytes without their being made, and the string goes out as it is.
    let tagged: string | Uint8Array = body;
    if (typeof body === 'string' && !hashesText(etagFn)) {
      tagged = Buffer.from(body, 'utf8');
      sent = tagged as Buffer;
    }
    const made = (etagFn as EtagFunction)(tagged);
    if (made) {
      res.kitEtag(made);
      etag = made;
    }
  }
  const lastModified = res.kitValidator('last-modified');
  if (etag === undefined && lastModified === undefined) return sent;
  if (isFresh(res.req, res.statusCode, etag, lastModified)) res.statusCode = 304;
  return sent;
}
