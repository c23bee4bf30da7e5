/** req.xhr: whether the request says it came from XMLHttpRequest. */
import type { KitRequest } from '../types.js';

/** XREQ-030: X-Requested-With is `XMLHttpRequest`, in any case. */
export function xhr(req: KitRequest): boolean {
  return req.get('x-requested-with')?.toLowerCase() === 'xmlhttprequest';
}
