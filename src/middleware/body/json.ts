/** `json()`: parses application/json (and `+json`) bodies into `req.body`, refusing prototype-poisoning keys. */
import secureJson from 'secure-json-parse';
import { KitError } from '../../errors.js';
import { markFactory } from '../../factory-guard.js';
import { isJsonMediaType } from '../../media-match.js';
import type { RequestHandler } from '../../types.js';
import { UTF8_ONLY } from './charset.js';
import { createParser } from './create-parser.js';
import { parseLimit } from './limit.js';
import { readOptions } from './options.js';

/** Options of {@link json}. */
export interface JsonOptions {
  /** The largest body accepted: a byte count or a size such as '100kb', '1mb', '5mb'. Default '1mb'. */
  limit?: string | number;
}

const PARSE_OPTIONS = { protoAction: 'error', constructorAction: 'error' } as const;

/**
 * Parses JSON request bodies into `req.body`. Only `application/json` and `application/*+json` requests are
 * read, never GET, HEAD or OPTIONS. Any JSON value is accepted, not only objects, and a leading byte order
 * mark is skipped (BODY-001). A body with a `__proto__` key or a `constructor.prototype` is refused with 400,
 * as Fastify does (BODY-006).
 *
 * @example
 * ```ts
 * import kit, { json } from 'kitjs';
 * const app = kit();
 * app.use(json({ limit: '5mb' }));
 * app.post('/users', (req, res) => res.status(201).json(req.body));
 * ```
 */
export function json(options?: JsonOptions): RequestHandler {
  const limit = parseLimit(readOptions(options, 'json').limit, 'json');
  return createParser({ matches: isJsonMediaType, charsets: UTF8_ONLY, limit, parse: parseJson });
}
markFactory(json, 'json()');

function parseJson(bytes: Buffer): unknown {
  const text = bytes.toString('utf8');
  try {
    return secureJson.parse(text, undefined, PARSE_OPTIONS);
  } catch (err) {
    // BODY-005, BODY-006: secure-json-parse throws SyntaxError for both faults; only valid JSON can hold a
    // forbidden key, so a second plain parse (on this rare path only) tells them apart without matching
    // messages.
    throw new KitError(
      isValidJson(text) ? 'KIT_ERR_BODY_FORBIDDEN_KEY' : 'KIT_ERR_BODY_INVALID_JSON',
      undefined,
      {
        cause: err,
      },
    );
  }
}

function isValidJson(text: string): boolean {
  try {
    JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
    return true;
  } catch {
    return false;
  }
}
