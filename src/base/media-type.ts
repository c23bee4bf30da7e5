/** The request's Content-Type, parsed once and shared by `req.is` and every body parser. */

import type { IncomingMessage } from 'node:http';
import { parse } from 'content-type';

/** A parsed Content-Type: the lower-case `type/subtype` and its parameters (names lower-case). */
export interface MediaType {
  type: string;
  parameters: Record<string, string>;
}

const TYPE = /^[!#$%&'*+.^_`|~0-9a-z-]+\/[!#$%&'*+.^_`|~0-9a-z-]+$/;
/** Where the parsed header is kept on the request: a plain property, cheaper than a WeakMap per request. */
const CACHE = Symbol('kitjs.mediaType');

interface CachedMediaType {
  header: string | undefined;
  parsed: MediaType | undefined;
}

/**
 * The media type of a request, or `undefined` when it has none or it cannot be read.
 * Every part of kitjs asks this one function, so a spelling trick (upper case, a space or tab before
 * `;`, an empty parameter) can never make one part see JSON while another does not. The result is
 * remembered with the header it came from: an unchanged header is parsed once, a rewritten one again
 * (REQ-006, REQ-009, BODY-002).
 */
export function mediaTypeOf(req: IncomingMessage): MediaType | undefined {
  const header = req.headers['content-type'];
  const holder = req as IncomingMessage & { [CACHE]?: CachedMediaType };
  const cached = holder[CACHE];
  if (cached !== undefined && cached.header === header) return cached.parsed;
  const parsed = parseHeader(header);
  holder[CACHE] = { header, parsed };
  return parsed;
}

function parseHeader(header: string | undefined): MediaType | undefined {
  if (header === undefined || header === '') return undefined;
  try {
    const { type, parameters } = parse(header);
    return { type, parameters: { ...parameters } };
  } catch {
    // A malformed parameter list still leaves a readable type; keep it, drop the parameters, so that
    // the decision "is this JSON?" does not depend on how strict one reader happens to be.
    const end = header.indexOf(';');
    const type = (end === -1 ? header : header.slice(0, end)).trim().toLowerCase();
    return TYPE.test(type) ? { type, parameters: {} } : undefined;
  }
}
