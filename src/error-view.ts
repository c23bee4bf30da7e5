/** What the default error answer and the error log may read of a thrown value, read so that nothing throws. */
import { KitError, statusOf } from './errors.js';

// Headers framing a body: an error may describe itself (a 416's `Content-Range: bytes */size`) but never
// frame the body kitjs writes for it (a Transfer-Encoding beside our Content-Length would even be a
// request-smuggling signal).
// ERR-006: an error's own `headers` are added to the default answer, except these four.
const FRAMING_HEADERS = new Set(['content-type', 'content-length', 'content-encoding', 'transfer-encoding']);

/** A thrown value reduced to plain data: reading this can no longer run the value's own code. */
export interface ErrorView {
  /** 4xx or 5xx: the error's `status` / `statusCode`, else 500. */
  status: number;
  /** The text a client may see: a 4xx error's own message unless `expose` is false; else undefined. */
  publicMessage: string | undefined;
  /** The valid, non-framing headers the error asks for (http-errors' `headers`: `Allow`, `Retry-After`). */
  headers: Array<[string, string]>;
  /** Node's `ECONNRESET` "aborted": the client left while its body was being read. */
  clientAborted: boolean;
  /** SCHEMA-004: the JSON body of a failed validation (code, message, part, issues), else undefined. */
  json?: string | undefined;
}

const OPAQUE: ErrorView = Object.freeze({
  status: 500,
  publicMessage: undefined,
  headers: [],
  clientAborted: false,
}) as ErrorView;

/**
 * Reads the fields kitjs's default answer needs from whatever was thrown (ERR-011). Any throw while
 * reading (a getter, a Proxy trap, a revoked Proxy) makes the whole value opaque: a 500 that shows
 * nothing. Frozen, null-prototype and non-Error values are read like any object.
 *
 * @example
 * ```ts
 * viewError(Object.assign(new Error('No such user'), { status: 404 }));
 * // { status: 404, publicMessage: 'No such user', headers: [], clientAborted: false }
 * ```
 */
export function viewError(err: unknown): ErrorView {
  if (err === null || typeof err !== 'object') return OPAQUE;
  try {
    const status = statusOf(err);
    const detail = err as { expose?: unknown; message?: unknown; headers?: unknown; code?: unknown };
    const message = detail.message;
    // A 4xx message shows unless `expose` is false; a 5xx one never, whatever `expose` says (HARD-003).
    const publicMessage =
      status < 500 && detail.expose !== false && typeof message === 'string' && message !== ''
        ? message
        : undefined;
    return {
      status,
      publicMessage,
      headers: headerPairs(detail.headers),
      clientAborted: detail.code === 'ECONNRESET' && message === 'aborted' && err instanceof Error,
      json: publicMessage === undefined ? undefined : validationJson(err, publicMessage),
    };
  } catch {
    return OPAQUE;
  }
}

function headerPairs(headers: unknown): Array<[string, string]> {
  if (headers === null || typeof headers !== 'object') return [];
  const pairs: Array<[string, string]> = [];
  for (const [name, value] of Object.entries(headers)) {
    if (typeof value !== 'string' && typeof value !== 'number') continue;
    if (FRAMING_HEADERS.has(name.toLowerCase())) continue;
    pairs.push([name, String(value)]);
  }
  return pairs;
}

/**
 * SCHEMA-004, SCHEMA-005: a validation error (a KitError with `KIT_ERR_VALIDATION`) answered as JSON: its
 * code, message, part and each issue's path and message, copied field by field so that nothing else an
 * error handler may have added to it (the rejected value, the schema) is sent.
 */
function validationJson(err: object, message: string): string | undefined {
  if (!(err instanceof KitError) || err.code !== 'KIT_ERR_VALIDATION') return undefined;
  const { part, issues } = err as { part?: unknown; issues?: unknown };
  const list = Array.isArray(issues) ? issues : [];
  return JSON.stringify({
    code: err.code,
    message,
    part: typeof part === 'string' ? part : undefined,
    issues: list.map((issue: { path?: unknown; message?: unknown }) => ({
      path: Array.isArray(issue?.path)
        ? issue.path.filter((key) => typeof key === 'string' || typeof key === 'number')
        : [],
      message: typeof issue?.message === 'string' ? issue.message : 'Invalid value',
    })),
  });
}
