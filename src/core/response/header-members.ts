/** Express 4's header members of the response: get, append, vary, links, location, and the Content-Type rule of res.set. */
import type encodeUrl from 'encodeurl';
import { lazyDependency, loadMimeTypes } from '../../base/optional-package.js';
import type { KitRequest, KitResponse } from '../types.js';

const loadVary = lazyDependency<typeof import('vary')>('vary');
const loadEncodeUrl = lazyDependency<typeof encodeUrl>('encodeurl');

const HAS_CHARSET = /;\s*charset\s*=/i;

/**
 * XRES-006: the value `res.set('Content-Type', value)` sets: a type whose charset mime-types knows (text/*,
 * JSON, JavaScript) and that names none gets `; charset=utf-8`. An array is a TypeError: a response has one
 * Content-Type.
 *
 * @example
 * ```ts
 * contentTypeValue('text/plain'); // 'text/plain; charset=utf-8'
 * contentTypeValue('image/png');  // 'image/png'
 * ```
 */
export function contentTypeValue(value: unknown): string {
  if (Array.isArray(value))
    throw new TypeError('Content-Type cannot be set to an Array (res.set("Content-Type", value))');
  const type = String(value);
  if (HAS_CHARSET.test(type)) return type;
  const known = loadMimeTypes().charset(type.split(';')[0] as string);
  return known ? `${type}; charset=${known.toLowerCase()}` : type;
}

/**
 * XRES-007: where `url` points, as a Location value: `'back'` is the Referer (either spelling) or `/`; the
 * value is percent-encoded where a header could not carry it (encodeurl), so CR/LF never split the response.
 */
export function locationValue(req: KitRequest, url: unknown): string {
  if (url === 'back') {
    const referrer = req.headers.referer ?? req.headers.referrer;
    return loadEncodeUrl()(typeof referrer === 'string' && referrer !== '' ? referrer : '/');
  }
  return loadEncodeUrl()(String(url));
}

/** The members this file adds to KitServerResponse's prototype. */
export const headerMembers = {
  /** XRES-006: a header's value, case-insensitively (Node's getHeader). */
  get(this: KitResponse, field: string): number | string | string[] | undefined {
    return this.getHeader(field);
  },

  /** XRES-006: adds values to a header, keeping what it had (Set-Cookie gets one more line). */
  append(this: KitResponse, field: string, value: string | readonly string[]): KitResponse {
    const previous = this.getHeader(field);
    let next: string | number | readonly string[] = value;
    if (previous !== undefined && previous !== '') {
      const before = Array.isArray(previous) ? previous : [String(previous)];
      next = before.concat(value);
    }
    return this.set(field, next);
  },

  /** XRES-007: adds `field` to Vary unless it is there (the vary package); `*` stays alone. */
  vary(this: KitResponse, field: string | readonly string[]): KitResponse {
    if (!field || field.length === 0) return this;
    loadVary()(this, field as string | string[]);
    return this;
  },

  /** XRES-007: adds one Link entry per relation and URL, after the entries the header had. */
  links(this: KitResponse, links: Readonly<Record<string, string | readonly string[]>>): KitResponse {
    const previous = this.getHeader('Link');
    // An array is one entry per URL (Express 5's reading; Express 4 would join the URLs in one <...>).
    const entries = Object.keys(links).flatMap((rel) => {
      const urls = links[rel];
      return (Array.isArray(urls) ? urls : [urls]).map((url) => `<${String(url)}>; rel="${rel}"`);
    });
    const before = previous === undefined || previous === '' ? '' : `${String(previous)}, `;
    return this.set('Link', before + entries.join(', '));
  },

  /** XRES-007: sets Location; `'back'` is the Referer or `/`. */
  location(this: KitResponse, url: string): KitResponse {
    return this.set('Location', locationValue(this.req, url));
  },
};
