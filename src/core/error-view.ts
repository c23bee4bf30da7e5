/** What the default error answer and the error log may read of a thrown value, read so that nothing throws. */
import { STATUS_CODES } from 'node:http';
import { errorCodes, KitError, quietLevel, statusOf } from '../base/errors.js';

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
  /** A registry code's `log` level (the refusal while closing): logged there without a stack, not as an error. */
  quiet?: 'info' | 'warn' | undefined;
  /** Node's `ECONNRESET` "aborted": the client left while its body was being read. */
  clientAborted: boolean;
  /**
   * ERR-013: the code a problem shows: a kitjs error's registry code whatever its status (`KIT_ERR_*`, which
   * names a kind of failure, never its cause), else the error's `code` when its message may be shown (an
   * app's `EMAIL_TAKEN`).
   */
  publicCode?: string | undefined;
  /** SCHEMA-004: a failed validation's part and issues, copied field by field; else undefined. */
  validation?: ValidationView | undefined;
  /** SCHEMA-004: the JSON body of a failed validation (code, message, part, issues), else undefined. */
  json?: string | undefined;
}

/** What a client may see of a failed validation: the part, and each issue's path and message. */
export interface ValidationView {
  part: string | undefined;
  issues: Array<{ path: Array<string | number>; message: string }>;
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
    const validation = publicMessage === undefined ? undefined : validationOf(err);
    return {
      status,
      publicMessage,
      headers: headerPairs(detail.headers),
      quiet: quietLevel(err),
      clientAborted: detail.code === 'ECONNRESET' && message === 'aborted' && err instanceof Error,
      publicCode:
        kitCode(err) ??
        (publicMessage !== undefined && typeof detail.code === 'string' ? detail.code : undefined),
      validation,
      json:
        validation === undefined
          ? undefined
          : JSON.stringify({ code: 'KIT_ERR_VALIDATION', message: publicMessage, ...validation }),
    };
  } catch {
    return OPAQUE;
  }
}

/**
 * ERR-013: the registry code of an error kitjs raised, shown even on a 5xx: a client that reads
 * `KIT_ERR_HANDLER_TIMEOUT` or `KIT_ERR_SERVER_CLOSING` knows to retry, and the code is documented, not an
 * internal detail. Only a `KitError` counts: an application's 5xx with a `KIT_ERR_*`-looking code is foreign,
 * and its code stays hidden like any other (HARD-003).
 */
function kitCode(err: object): string | undefined {
  if (!(err instanceof KitError)) return undefined;
  const code: unknown = err.code;
  return typeof code === 'string' && Object.hasOwn(errorCodes, code) ? code : undefined;
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
 * SCHEMA-004, SCHEMA-005: a validation error's (a KitError with `KIT_ERR_VALIDATION`) part and each issue's
 * path and message, copied field by field so that nothing else an error handler may have added to it (the
 * rejected value, the schema) is sent.
 */
function validationOf(err: object): ValidationView | undefined {
  if (!(err instanceof KitError) || err.code !== 'KIT_ERR_VALIDATION') return undefined;
  const { part, issues } = err as { part?: unknown; issues?: unknown };
  const list = Array.isArray(issues) ? issues : [];
  return {
    part: typeof part === 'string' ? part : undefined,
    issues: list.map((issue: { path?: unknown; message?: unknown }) => ({
      path: Array.isArray(issue?.path)
        ? issue.path.filter((key) => typeof key === 'string' || typeof key === 'number')
        : [],
      message: typeof issue?.message === 'string' ? issue.message : 'Invalid value',
    })),
  };
}

/**
 * ERR-013: the RFC 9457 problem details of an error as the default answer reads it: `type` (`about:blank`,
 * so `title` is the status text), `title`, `status`; for a shown 4xx, `detail` (its message, unless that
 * only repeats the title) and `code`; for a failed validation, `part` and `issues`. A 5xx, or an error
 * with `expose: false`, is only the first three (nothing of its message, code or cause), plus the `code`
 * of a kitjs error (`KIT_ERR_HANDLER_TIMEOUT`).
 *
 * @example
 * ```ts
 * problemJson(viewError(new HttpError(409, 'Email taken', { code: 'EMAIL_TAKEN' })));
 * // '{"type":"about:blank","title":"Conflict","status":409,"detail":"Email taken","code":"EMAIL_TAKEN"}'
 * problemJson(viewError(new KitError('KIT_ERR_HANDLER_TIMEOUT')));
 * // '{"type":"about:blank","title":"Service Unavailable","status":503,"code":"KIT_ERR_HANDLER_TIMEOUT"}'
 * ```
 */
export function problemJson(view: ErrorView): string {
  const title = STATUS_CODES[view.status] ?? 'Error';
  const problem: Record<string, unknown> = { type: 'about:blank', title, status: view.status };
  if (view.publicMessage !== undefined && view.publicMessage !== title) problem.detail = view.publicMessage;
  if (view.publicCode !== undefined) problem.code = view.publicCode;
  // Only read for a shown message (viewError), so a hidden validation error keeps its issues to itself.
  if (view.validation !== undefined) Object.assign(problem, view.validation);
  return JSON.stringify(problem);
}
