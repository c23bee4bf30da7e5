/** The request's Content-Type, parsed once per spelling and shared by `req.is` and every body parser. */

import type { IncomingMessage } from 'node:http';
import { lazyDependency } from './optional-package.js';

/** A parsed Content-Type: the lower-case `type/subtype` and its parameters (names lower-case). */
export interface MediaType {
  readonly type: string;
  readonly parameters: Readonly<Record<string, string>>;
}

// Loaded with the first Content-Type read (a body parser, `req.is`), not at import (issue 47).
const loadContentType = lazyDependency<typeof import('content-type')>('content-type');

const TYPE = /^[!#$%&'*+.^_`|~0-9a-z-]+\/[!#$%&'*+.^_`|~0-9a-z-]+$/;

// A request's Content-Type is one of a handful of spellings per app, read on every request with a body: each
// spelling is parsed once and its answer (frozen, so no reader can change it for the next request) kept in a
// bounded table, as `res.type()` keeps mime-types' answers (core/response.ts). A pure function of the header
// text, so sharing it between apps shares nothing an app could set; long headers are parsed each time.
const CACHE_SIZE = 256;
const CACHED_LENGTH = 256;
const UNREADABLE: MediaType = Object.freeze({ type: '', parameters: Object.freeze({}) });
const parsedTypes = new Map<string, MediaType>();

/**
 * The media type of a request, or `undefined` when it has none or it cannot be read.
 * Every part of kitjs asks this one function, so a spelling trick (upper case, a space or tab before
 * `;`, an empty parameter) can never make one part see JSON while another does not. The answer follows the
 * header as it is when asked: a header rewritten by a middleware is read anew (REQ-006, REQ-009, BODY-002).
 * The object answered is frozen and may be shared between requests.
 */
export function mediaTypeOf(req: IncomingMessage): MediaType | undefined {
  const header = req.headers['content-type'];
  if (typeof header !== 'string' || header.length > CACHED_LENGTH) return parseHeader(header);
  let parsed = parsedTypes.get(header);
  if (parsed === undefined) {
    const read = parseHeader(header);
    parsed =
      read === undefined
        ? UNREADABLE
        : Object.freeze({ type: read.type, parameters: Object.freeze(read.parameters) });
    if (parsedTypes.size >= CACHE_SIZE) parsedTypes.clear();
    parsedTypes.set(header, parsed);
  }
  return parsed === UNREADABLE ? undefined : parsed;
}

function parseHeader(header: string | undefined): MediaType | undefined {
  if (header === undefined || header === '') return undefined;
  try {
    const { type, parameters } = loadContentType().parse(header);
    return { type, parameters: { ...parameters } };
  } catch {
    // A malformed parameter list still leaves a readable type; keep it, drop the parameters, so that
    // the decision "is this JSON?" does not depend on how strict one reader happens to be.
    const end = header.indexOf(';');
    const type = (end === -1 ? header : header.slice(0, end)).trim().toLowerCase();
    return TYPE.test(type) ? { type, parameters: {} } : undefined;
  }
}
