/** The errors of the body parsers: kitjs's codes with body-parser's fields, and the messages of a dialect. */
import { KitError, type KitErrorCode, syntaxKitError } from '../../../base/errors.js';
import type { ForeignCharsets } from './charset.js';

/**
 * How a parser speaks, chosen once when its factory is called: kitjs's parsers speak `kitjs`, kitjs/express's
 * (`express.json()`...) speak as body-parser 1.x does (EXP-012).
 */
export interface BodyDialect {
  /** `req.body` is `{}` when the parser runs and reads nothing, as body-parser sets it (EXP-012). */
  readonly emptyObject: boolean;
  /** Error messages: kitjs's own, or body-parser's (`'request entity too large'`, JSON.parse's own). */
  readonly messages: 'kitjs' | 'body-parser';
  /** Charsets the parser decodes beyond its own table (BODY-010), as body-parser's do (EXP-013). */
  readonly charsets?: ForeignCharsets;
  /** `'parameters'`: an extended form's arrays grow to its parameter count, as body-parser's do (EXP-013). */
  readonly arrayLimit?: 'parameters';
  /** After a read error, the rest of the body is read and dropped before the error goes on (EXP-013). */
  readonly drain?: boolean;
  /**
   * `'strict'`: an extended form nested deeper than its `depth` is refused with a 400, as body-parser's are
   * (qs's `strictDepth`: EXP-010, X5-008), where kitjs's own keeps the deeper brackets in the key (BODY-013).
   */
  readonly depth?: 'strict';
}

/**
 * kitjs's own parsers: `req.body` untouched when nothing is read (BODY-002), kitjs's messages (BODY-005).
 *
 * @example
 * ```ts
 * createParser({ ...spec, dialect: KITJS_DIALECT });
 * ```
 */
export const KITJS_DIALECT: BodyDialect = Object.freeze({ emptyObject: false, messages: 'kitjs' });

/**
 * The fields body-parser 1.x gives its errors (BODY-029), beside kitjs's `code`, `status`, `statusCode` and
 * `expose`.
 */
export interface BodyErrorFields {
  /** body-parser's kind of error: `'entity.parse.failed'`, `'entity.too.large'`, `'charset.unsupported'`... */
  type?: string;
  /** The body as read: the decoded text for a parse failure, the bytes for a verify failure. */
  body?: unknown;
  /** The parser's limit in bytes (`entity.too.large`). */
  limit?: number;
  /** The declared Content-Length (`entity.too.large` before reading, `request.aborted`, `request.size.invalid`). */
  length?: number;
  /** The same as `length`, as raw-body names it too. */
  expected?: number;
  /** The bytes received before the read stopped. */
  received?: number;
  /** The refused charset, lower case (`charset.unsupported`). */
  charset?: string;
  /** The refused Content-Encoding, lower case (`encoding.unsupported`). */
  encoding?: string;
}

/** A body parser's error: a KitError with body-parser's fields. */
export type BodyError = KitError & BodyErrorFields;

/** What went wrong, with what the error needs to say it. */
export type BodyFault =
  | { kind: 'too-large'; limit: number; length?: number; received?: number }
  | { kind: 'charset'; charset: string }
  | { kind: 'encoding'; encoding: string; refused: boolean }
  | { kind: 'aborted'; length?: number; received: number }
  | { kind: 'size-mismatch'; length: number; received: number }
  | { kind: 'malformed-encoding'; cause: unknown }
  | { kind: 'parameters'; body: string }
  | { kind: 'too-deep' }
  | { kind: 'stream-decoded' }
  | { kind: 'already-read' };

interface FaultDefinition {
  code: KitErrorCode;
  type: string | undefined;
  /** body-parser's message (raw-body's, where body-parser passes raw-body's on). */
  message: (fault: never) => string;
}

const FAULTS: { [K in BodyFault['kind']]: FaultDefinition } = {
  'too-large': {
    code: 'KIT_ERR_BODY_TOO_LARGE',
    type: 'entity.too.large',
    message: () => 'request entity too large',
  },
  charset: {
    code: 'KIT_ERR_BODY_UNSUPPORTED_CHARSET',
    type: 'charset.unsupported',
    message: (fault: { charset: string }) => `unsupported charset "${fault.charset.toUpperCase()}"`,
  },
  encoding: {
    code: 'KIT_ERR_BODY_UNSUPPORTED_ENCODING',
    type: 'encoding.unsupported',
    message: (fault: { encoding: string; refused: boolean }) =>
      fault.refused ? 'content encoding unsupported' : `unsupported content encoding "${fault.encoding}"`,
  },
  aborted: { code: 'KIT_ERR_BODY_INCOMPLETE', type: 'request.aborted', message: () => 'request aborted' },
  'size-mismatch': {
    code: 'KIT_ERR_BODY_INCOMPLETE',
    type: 'request.size.invalid',
    message: () => 'request size did not match content length',
  },
  // body-parser passes zlib's error on, with no type of its own.
  'malformed-encoding': {
    code: 'KIT_ERR_BODY_MALFORMED_ENCODING',
    type: undefined,
    message: (fault: { cause: unknown }) =>
      fault.cause instanceof Error ? fault.cause.message : 'Malformed compressed body',
  },
  parameters: {
    code: 'KIT_ERR_BODY_TOO_MANY_PARAMETERS',
    type: 'parameters.too.many',
    message: () => 'too many parameters',
  },
  // body-parser's own words for qs's RangeError.
  'too-deep': {
    code: 'KIT_ERR_BODY_TOO_DEEP',
    type: 'querystring.parse.rangeError',
    message: () => 'The input exceeded the depth',
  },
  'stream-decoded': {
    code: 'KIT_ERR_BODY_STREAM_DECODED',
    type: 'stream.encoding.set',
    message: () => 'stream encoding should not be set',
  },
  'already-read': {
    code: 'KIT_ERR_BODY_ALREADY_READ',
    type: 'stream.not.readable',
    message: () => 'stream is not readable',
  },
};

/**
 * The error for a client fault (or an application's misuse of the stream) met while reading a body: kitjs's
 * code and status, body-parser's `type` and fields (BODY-029), the dialect's message.
 *
 * @example
 * ```ts
 * next(bodyError({ kind: 'charset', charset: 'koi8-r' }, KITJS_DIALECT)); // 415, type 'charset.unsupported'
 * ```
 */
export function bodyError(fault: BodyFault, dialect: BodyDialect): BodyError {
  const definition = FAULTS[fault.kind];
  const cause = fault.kind === 'malformed-encoding' ? fault.cause : undefined;
  const message =
    dialect.messages === 'body-parser'
      ? definition.message(fault as never)
      : fault.kind === 'too-large'
        ? `Request body too large (limit ${fault.limit} bytes)`
        : undefined;
  const err: BodyError = new KitError(definition.code, message, cause === undefined ? undefined : { cause });
  if (definition.type !== undefined) err.type = definition.type;
  switch (fault.kind) {
    case 'too-large':
      if (fault.length !== undefined) {
        err.expected = fault.length;
        err.length = fault.length;
      }
      if (fault.received !== undefined) err.received = fault.received;
      err.limit = fault.limit;
      break;
    case 'charset':
      err.charset = fault.charset.toLowerCase();
      break;
    case 'encoding':
      err.encoding = fault.encoding;
      break;
    case 'aborted':
    case 'size-mismatch':
      if (fault.length !== undefined) {
        err.expected = fault.length;
        err.length = fault.length;
      }
      err.received = fault.received;
      break;
    case 'parameters':
      err.body = fault.body;
      break;
    default:
      break;
  }
  return err;
}

/**
 * The error for a body that does not parse (BODY-005, BODY-006, BODY-027): a `SyntaxError` that is also a
 * KitError (ERR-012), with `type: 'entity.parse.failed'` and the decoded `body`, as body-parser's. The message
 * is kitjs's (the code's, or `kitjsMessage`) unless the dialect speaks body-parser's: then `nativeMessage`,
 * JSON.parse's own.
 *
 * @example
 * ```ts
 * next(parseError('KIT_ERR_BODY_INVALID_JSON', text, err.message, KITJS_DIALECT, err));
 * ```
 */
export function parseError(
  code: 'KIT_ERR_BODY_INVALID_JSON' | 'KIT_ERR_BODY_FORBIDDEN_KEY',
  body: string,
  nativeMessage: string | undefined,
  dialect: BodyDialect,
  cause?: unknown,
  kitjsMessage?: string,
): BodyError & SyntaxError {
  const message = dialect.messages === 'body-parser' ? nativeMessage : kitjsMessage;
  const err: BodyError & SyntaxError = syntaxKitError(
    code,
    message,
    cause === undefined ? undefined : { cause },
  );
  err.type = 'entity.parse.failed';
  err.body = body;
  return err;
}
