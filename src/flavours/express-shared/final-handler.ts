/** Express 4's final handler (finalhandler 1.3): the HTML 404 and error pages of a kitjs/express app. */
import { type IncomingHttpHeaders, STATUS_CODES } from 'node:http';
import { BlockList, isIP } from 'node:net';
import type encodeUrl from 'encodeurl';
import { lazyDependency } from '../../base/optional-package.js';
import type { ErrorView } from '../../core/error-view.js';
import type { InternalRequest } from '../../core/request/internal.js';
import { escapeHtml } from '../../core/response/negotiation.js';
import type { KitRequest, KitResponse } from '../../core/types.js';
import { INERT_PAGE_HEADERS, writeBody } from '../../core/write-body.js';
import { writeClientFault } from './express-logger.js';

// Loaded with the first 404 page that names its path (issue 47: nothing an app may not use at import).
const loadEncodeUrl = lazyDependency<typeof encodeUrl>('encodeurl');

const HTML = 'text/html; charset=utf-8';
const ABSOLUTE_FORM = /^[a-z][a-z\d+.-]*:\/\/[^/?#]*/i;

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/**
 * EXP-011: whether the default error page may show the error's stack. Express 4 shows it whenever `env` is
 * not `production`; kitjs/express also wants the client on loopback (127.0.0.0/8, `::1`, their IPv4-mapped
 * forms) and not forwarded there by a proxy (no `Forwarded`, `X-Forwarded-For` or `X-Real-IP`), so a server
 * started without `NODE_ENV` shows its stacks to its developer and to nobody else.
 *
 * @example
 * ```ts
 * showsErrorDetail('development', '127.0.0.1', {}); // true
 * showsErrorDetail('development', '203.0.113.9', {}); // false
 * showsErrorDetail('production', '127.0.0.1', {}); // false
 * ```
 */
export function showsErrorDetail(
  env: unknown,
  remoteAddress: unknown,
  headers: IncomingHttpHeaders,
): boolean {
  if (env === 'production' || typeof remoteAddress !== 'string') return false;
  const family = isIP(remoteAddress);
  if (family === 0 || !LOOPBACK.check(remoteAddress, family === 6 ? 'ipv6' : 'ipv4')) return false;
  // A proxy on the same host makes every client's socket look local; what it forwards names the real one.
  return (
    headers.forwarded === undefined &&
    headers['x-forwarded-for'] === undefined &&
    headers['x-real-ip'] === undefined
  );
}

/**
 * finalhandler's document around `message`: escaped, newlines as `<br>`, runs of two spaces kept visible.
 *
 * @example
 * ```ts
 * errorDocument('Cannot GET /a%3Cb%3E'); // '<!DOCTYPE html>\n...<pre>Cannot GET /a%3Cb%3E</pre>...'
 * ```
 */
export function errorDocument(message: string): string {
  const body = escapeHtml(message).replace(/\n/g, '<br>').replace(/ {2}/g, ' &nbsp;');
  return (
    '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>Error</title>\n</head>\n' +
    `<body>\n<pre>${body}</pre>\n</body>\n</html>\n`
  );
}

/**
 * The path finalhandler names in `Cannot GET /path`: parseurl's pathname of the original URL (no query,
 * no fragment, no scheme and host of an absolute-form target).
 *
 * @example
 * ```ts
 * resourceName('/a/b?c=1'); // '/a/b'
 * ```
 */
export function resourceName(target: string): string {
  const absolute = ABSOLUTE_FORM.exec(target);
  const rest = absolute === null ? target : target.slice(absolute[0].length) || '/';
  const end = rest.search(/[?#]/);
  return end === -1 ? rest : rest.slice(0, end);
}

/** EXP-011: Express 4's 404, `Cannot <METHOD> <path>` with the path percent-encoded, then escaped. */
export function notFound(req: KitRequest, res: KitResponse): void {
  const target = typeof req.originalUrl === 'string' ? req.originalUrl : (req.url ?? '');
  writePage(res, 404, `Cannot ${req.method} ${loadEncodeUrl()(resourceName(target))}`, []);
}

/**
 * EXP-011: Express 4's error page (X5-017: Express 5's too). The status is the error's `status`, else its
 * `statusCode` (a 4xx or 5xx integer), else the response's own status when that is 4xx or 5xx, else 500;
 * the error's headers go out only with a status it gave. The text is the stack (else `toString()`) where `showsErrorDetail` allows it,
 * otherwise the status text. Whatever the error does while being read, the page is a 500 that shows nothing.
 * An error the core does not log (a 4xx) is then written to stderr as finalhandler's `onerror` writes it
 * (EXP-015).
 */
export function defaultError(err: unknown, view: ErrorView, req: KitRequest, res: KitResponse): void {
  const app = (req as InternalRequest).context?.app;
  const env = app?.settings.env || process.env.NODE_ENV || 'development';
  const detailed = showsErrorDetail(env, req.socket?.remoteAddress, req.headers);
  let status = 500;
  let headers: ReadonlyArray<[string, string]> = [];
  let detail: string | undefined;
  try {
    const own = ownStatus(err);
    if (own !== undefined) {
      status = own;
      headers = view.headers;
    } else if (res.statusCode >= 400 && res.statusCode <= 599) {
      status = res.statusCode;
    }
    if (detailed) detail = describe(err);
  } catch {
    // ERR-011: an error whose reading throws (a getter, a Proxy trap) is an opaque 500.
    status = 500;
    headers = [];
    detail = undefined;
  }
  writePage(res, status, detail || (STATUS_CODES[status] ?? String(status)), headers);
  // EXP-015: finalhandler writes every error it answers to stderr; the core logged the 5xx already
  // (through the app's logger, Express's unless it was given one), and leaves a client that left unlogged.
  if (view.status < 500 && !(view.clientAborted && req.destroyed)) {
    writeClientFault((req as InternalRequest).context, err);
  }
}

/** finalhandler's getErrorStatusCode: `status`, then `statusCode`, each when it is a 4xx or 5xx integer. */
function ownStatus(err: unknown): number | undefined {
  if (err === null || typeof err !== 'object') return undefined;
  const { status, statusCode } = err as { status?: unknown; statusCode?: unknown };
  if (isErrorStatus(status)) return status;
  if (isErrorStatus(statusCode)) return statusCode;
  return undefined;
}

function isErrorStatus(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 400 && value <= 599;
}

/** `err.stack`, else `err.toString()`, as text; '' when neither says anything. */
function describe(err: unknown): string {
  if (err === null || err === undefined) return '';
  const stack = (err as { stack?: unknown }).stack;
  if (stack) return String(stack);
  const toText = (err as { toString?: unknown }).toString;
  return typeof toText === 'function' ? String(toText.call(err) ?? '') : '';
}

function writePage(
  res: KitResponse,
  status: number,
  message: string,
  headers: ReadonlyArray<[string, string]>,
): void {
  for (const [name, value] of headers) {
    try {
      res.setHeader(name, value);
    } catch {
      // An invalid header name or value from an error object is dropped rather than failing the answer.
    }
  }
  // finalhandler resets the reason phrase a handler may have set for another status: writeBody does (HARD-012).
  writeBody(res, status, HTML, errorDocument(message), INERT_PAGE_HEADERS);
}
