/** The one request flow every kitjs body parser shares: method, media type, charset, body presence, read, verify, parse. */
import { KitError, statusOf } from '../../../base/errors.js';
import { mediaTypeOf } from '../../../base/media-type.js';
import type { KitRequest, KitResponse, NextFunction, RequestHandler } from '../../../core/types.js';
import { type BodyDecoding, decodingOf, type Transcoder } from './charset.js';
import { type BodyDialect, type BodyError, bodyError, KITJS_DIALECT } from './errors.js';
import type { VerifyFunction } from './options.js';
import { hasBody, readBody } from './read-body.js';

type Claimable = KitRequest & { [CLAIMED]?: boolean };

/** What makes one parser different from another. */
export interface ParserSpec {
  /** Whether this parser handles the request's lower-case `type/subtype`. */
  matches(type: string): boolean;
  /** Replaces `matches` when the `type` option is a function: it sees the request, Content-Type or not. */
  matchesRequest?: ((req: KitRequest) => boolean) | undefined;
  /** The charsets the parser decodes, or `null` when it never looks at the bytes. */
  charsets: ReadonlyMap<string, BodyDecoding> | null;
  /** The decoding when the request names no charset; UTF-8 unless given. */
  defaultDecoding?: BodyDecoding;
  /** Replaces `defaultDecoding` when the default charset is one only the dialect decodes (EXP-013). */
  defaultCharset?: { label: string; transcode: Transcoder } | undefined;
  /** The largest body, in bytes, after any inflation. */
  limit: number;
  /** Whether compressed bodies are inflated; `false` refuses them with 415 (BODY-026). Default true. */
  inflate?: boolean;
  /** Checks the raw bytes before `parse` (BODY-025). */
  verify?: VerifyFunction | undefined;
  /** `req.body` for a request without a body; `{}` unless given (BODY-004). */
  empty?: () => unknown;
  /** Turns the bytes into `req.body`; throws a `KitError` for a client fault. */
  parse(bytes: Buffer, decoding: BodyDecoding): unknown;
  /** kitjs's rules (the default) or body-parser's (EXP-012), for `req.body` and error messages. */
  dialect?: BodyDialect;
}

// BODY-018: which requests already had their body taken: a second parser (json() at the app and again in a
// router) must not try to read a stream that has ended, which would hang or fail.
// A property rather than a WeakSet: one per request on the hot path of every POST.
const CLAIMED = Symbol('kitjs.bodyClaimed');

const emptyObject = (): unknown => ({});

/**
 * Builds a body-parsing middleware from a {@link ParserSpec}. A request it does not handle goes on untouched
 * (BODY-002); an empty body becomes `spec.empty()` without parsing (BODY-004); a client fault goes to
 * `next(err)`.
 *
 * @example
 * ```ts
 * const text = createParser({ matches: (t) => t === 'text/plain', charsets: UTF8_ONLY, limit: 1024,
 *   parse: (bytes) => bytes.toString() });
 * ```
 */
export function createParser(spec: ParserSpec): RequestHandler {
  const parser = kitjsParser(spec);
  // EXP-012: decided here, once per parser; a kit() parser is returned as it is and runs none of this.
  return spec.dialect?.emptyObject === true ? withEmptyObject(parser) : parser;
}

/**
 * body-parser 1.x's `req.body = req.body || {}` for every request it has not read before, and its skipping of
 * a request that announces no body at all (neither Content-Length nor Transfer-Encoding) before looking at
 * its type, so such a request keeps `{}` whatever the parser (EXP-012).
 */
function withEmptyObject(parser: RequestHandler): RequestHandler {
  return function bodyParserDialect(req: KitRequest, res: KitResponse, next: NextFunction): void {
    if ((req as Claimable)[CLAIMED] === true) {
      next();
      return;
    }
    if (!req.body) req.body = {};
    const headers = req.headers;
    if (headers['transfer-encoding'] === undefined && headers['content-length'] === undefined) {
      next();
      return;
    }
    void parser(req, res, next);
  };
}

function kitjsParser(spec: ParserSpec): RequestHandler {
  const { matches, matchesRequest, charsets, limit, parse, verify } = spec;
  const defaultDecoding = spec.defaultDecoding ?? 'utf8';
  const inflate = spec.inflate ?? true;
  const empty = spec.empty ?? emptyObject;
  const dialect = spec.dialect ?? KITJS_DIALECT;
  const foreign = charsets === null ? undefined : dialect.charsets;
  const defaultCharset = spec.defaultCharset;
  return function bodyParser(req: KitRequest, res: KitResponse, next: NextFunction): void {
    const method = req.method;
    // BODY-003: GET, HEAD and OPTIONS bodies are never parsed. Cheapest tests first: most requests of a busy
    // app are GETs or of another type.
    if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') {
      next();
      return;
    }
    const media = mediaTypeOf(req);
    // BODY-024: a `type` function decides alone, even for a request without a Content-Type.
    const wanted =
      matchesRequest === undefined ? media !== undefined && matches(media.type) : matchesRequest(req);
    if (!wanted || (req as Claimable)[CLAIMED] === true) {
      next();
      return;
    }
    (req as Claimable)[CLAIMED] = true;
    let decoding: BodyDecoding = defaultDecoding;
    let transcoded = defaultCharset;
    // BODY-010: a charset the parser does not read is a 415 before the body is read.
    if (charsets !== null && media !== undefined && media.parameters.charset !== undefined) {
      const found = decodingOf(media, charsets);
      transcoded = undefined;
      if (found === undefined) {
        // EXP-013: a dialect may decode more charsets than kitjs's own table holds.
        const label = media.parameters.charset.toLowerCase();
        const transcode = foreign?.(label);
        if (transcode === undefined) {
          next(bodyError({ kind: 'charset', charset: media.parameters.charset }, dialect));
          return;
        }
        transcoded = { label, transcode };
      } else decoding = found;
    }
    if (!hasBody(req)) {
      req.body = empty();
      next();
      return;
    }
    readBody(
      req,
      res,
      limit,
      (err, bytes) => {
        if (err !== undefined) {
          next(err);
          return;
        }
        if (verify !== undefined) {
          const encoding = charsets === null ? null : (transcoded?.label ?? LABELS[decoding]);
          const refusal = runVerify(verify, req, res, bytes, encoding);
          if (refusal !== undefined) {
            next(refusal);
            return;
          }
        }
        let body: unknown;
        if (bytes.length === 0) body = empty();
        else {
          try {
            // EXP-013: another charset is turned into UTF-8 once, on this rare path, and parsed as any body.
            body =
              transcoded === undefined
                ? parse(bytes, decoding)
                : parse(Buffer.from(transcoded.transcode(bytes), 'utf8'), 'utf8');
          } catch (parseError) {
            next(parseError);
            return;
          }
        }
        req.body = body;
        next();
      },
      inflate,
      dialect,
    );
  };
}

// The charset names body-parser hands to verify.
const LABELS: Record<BodyDecoding, string> = { utf8: 'utf-8', latin1: 'iso-8859-1' };

/**
 * BODY-025: runs `verify`; a throw becomes the request's error. An error with its own 4xx/5xx status keeps it
 * (as body-parser does); any other is a 403 whose message is the thrown error's, shown to the client. Either
 * carries body-parser's `type` (the thrown error's own, else `'entity.verify.failed'`) and the bytes as `body`
 * (BODY-029).
 */
function runVerify(
  verify: VerifyFunction,
  req: KitRequest,
  res: KitResponse,
  bytes: Buffer,
  encoding: string | null,
): unknown {
  try {
    verify(req, res, bytes, encoding);
    return undefined;
  } catch (thrown) {
    const type = readField(thrown, 'type');
    const fields = {
      type: typeof type === 'string' && type !== '' ? type : 'entity.verify.failed',
      body: bytes,
    };
    if (statusOf(thrown) !== 500 || hasOwnStatus(thrown)) {
      // The application's own error goes on as it is, given the fields it lacks, as body-parser does.
      for (const [name, value] of Object.entries(fields)) {
        if (readField(thrown, name) === undefined) {
          try {
            (thrown as Record<string, unknown>)[name] = value;
          } catch {
            // A frozen error or a Proxy that refuses: it goes on without the field.
          }
        }
      }
      return thrown;
    }
    const message = thrown instanceof Error ? thrown.message : typeof thrown === 'string' ? thrown : '';
    const err: BodyError = new KitError('KIT_ERR_BODY_VERIFY_FAILED', message === '' ? undefined : message, {
      cause: thrown,
    });
    return Object.assign(err, fields);
  }
}

// A field of a thrown value, or undefined when it has none or reading it throws (ERR-011).
function readField(value: unknown, name: string): unknown {
  if (value === null || typeof value !== 'object') return undefined;
  try {
    return (value as Record<string, unknown>)[name];
  } catch {
    return undefined;
  }
}

// A verify that throws an error saying 500 on purpose keeps its 500.
function hasOwnStatus(value: unknown): boolean {
  const status = readField(value, 'status') ?? readField(value, 'statusCode');
  return status === 500;
}
