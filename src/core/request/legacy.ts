/** Express 4's smaller request members: req.xhr and the deprecated req.param(name, defaultValue). */
import type { KitRequest } from '../types.js';

/** XREQ-030: X-Requested-With is `XMLHttpRequest`, in any case. */
export function xhr(req: KitRequest): boolean {
  return req.get('x-requested-with')?.toLowerCase() === 'xmlhttprequest';
}

/**
 * XREQ-032: Express 4's deprecated lookup: the route parameter `name`, else the body's field, else the query's,
 * else `defaultValue`; `null` and `undefined` values are skipped. Only a key of the object itself counts, so
 * `req.param('constructor')` is never Object's constructor.
 */
export function param(req: KitRequest, name: string, defaultValue?: unknown): unknown {
  const sources: unknown[] = [req.params, req.body, req.query];
  for (const source of sources) {
    if (source === null || typeof source !== 'object' || !Object.hasOwn(source, name)) continue;
    const value = (source as Record<string, unknown>)[name];
    if (value !== null && value !== undefined) return value;
  }
  return defaultValue;
}
