/** Express 4's conditional-request members: req.fresh, req.stale (fresh) and req.range (range-parser). */
import type { OutgoingHttpHeader } from 'node:http';
import { lazyDependency } from '../../base/optional-package.js';
import type { KitRequest, RangeOptions, RangeResult } from '../types.js';

const loadFresh = lazyDependency<typeof import('fresh')>('fresh');
const loadRangeParser = lazyDependency<typeof import('range-parser')>('range-parser');

/**
 * XREQ-020: true when the client's cached copy still matches the response being built: the request is a
 * GET or HEAD, the response's status is 2xx or 304, and its ETag or Last-Modified satisfies the request's
 * If-None-Match / If-Modified-Since (fresh). Set the validators on the response before asking.
 */
export function fresh(req: KitRequest): boolean {
  const res = req.res;
  if (res === undefined) return false;
  return isFresh(req, res.statusCode, res.getHeader('etag'), res.getHeader('last-modified'));
}

/**
 * XREQ-020, XRES-001: whether `req`'s cached copy matches a response of `status` with these validators; the
 * one test behind `req.fresh` and the 304 of `res.send`.
 */
export function isFresh(
  req: KitRequest,
  status: number,
  etag: OutgoingHttpHeader | undefined,
  lastModified: OutgoingHttpHeader | undefined,
): boolean {
  const method = req.method;
  if (method !== 'GET' && method !== 'HEAD') return false;
  if ((status < 200 || status >= 300) && status !== 304) return false;
  // An unconditional request (most of them, on every ETag'd response) is never fresh: fresh's own first
  // test, made before its arguments are built.
  const headers = req.headers;
  if (!headers['if-none-match'] && !headers['if-modified-since']) return false;
  return loadFresh()(headers, { etag: headerText(etag), 'last-modified': headerText(lastModified) });
}

/** XREQ-020: `!req.fresh`. */
export function stale(req: KitRequest): boolean {
  return !req.fresh;
}

/**
 * XREQ-021: the Range header parsed against a resource of `size` units: the ranges (with their `type`),
 * `-1` when none can be satisfied, `-2` when the header is malformed, `undefined` without one. `combine`
 * merges overlapping and adjacent ranges.
 */
export function range(req: KitRequest, size: number, options?: RangeOptions): RangeResult | undefined {
  // A size that is not a whole number of units is the caller's mistake, not the client's.
  if (!Number.isSafeInteger(size) || size < 0) {
    throw new TypeError('req.range(size, options): size must be a non-negative integer');
  }
  const header = req.get('range');
  if (!header) return undefined;
  return loadRangeParser()(size, header, options);
}

function headerText(value: OutgoingHttpHeader | undefined): string | undefined {
  if (value === undefined) return undefined;
  return Array.isArray(value) ? value.join(', ') : String(value);
}
