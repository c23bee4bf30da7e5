/** Express 4's content negotiation on the request (accepts): types, encodings, charsets, languages. */
import { lazyDependency } from '../../base/optional-package.js';
import type { KitRequest } from '../types.js';

const loadAccepts = lazyDependency<typeof import('accepts')>('accepts');

type Choices = [] | [readonly string[]] | string[];

// The offers come as one array or as separate arguments, as with Express; none at all asks for the whole
// list the header accepts, best first.
function offers(args: Choices): string[] {
  return (args.length === 1 && Array.isArray(args[0]) ? args[0] : args) as string[];
}

/**
 * XREQ-010: the best of `types` (extensions such as `json` or full media types) by the Accept header, as
 * written by the caller; `false` when none is acceptable; with no argument every accepted type, best first.
 */
export function accepts(req: KitRequest, types: Choices): string | string[] | false {
  return loadAccepts()(req).types(offers(types));
}

/** XREQ-011: the best of `encodings` by Accept-Encoding (`identity` is acceptable unless refused). */
export function acceptsEncodings(req: KitRequest, encodings: Choices): string | string[] | false {
  return loadAccepts()(req).encodings(offers(encodings));
}

/** XREQ-011: the best of `charsets` by Accept-Charset. */
export function acceptsCharsets(req: KitRequest, charsets: Choices): string | string[] | false {
  return loadAccepts()(req).charsets(offers(charsets));
}

/** XREQ-011: the best of `languages` by Accept-Language. */
export function acceptsLanguages(req: KitRequest, languages: Choices): string | string[] | false {
  return loadAccepts()(req).languages(offers(languages));
}
