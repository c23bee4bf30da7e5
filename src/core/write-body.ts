/** The one way kitjs ends a response with a whole body of its own (404s, errors, 401s, redirects). */
import { type ServerResponse, STATUS_CODES } from 'node:http';

/** The Content-Type of every text kitjs writes itself. */
export const TEXT_PLAIN = 'text/plain; charset=utf-8';
/** The Content-Type of every JSON body kitjs writes itself. */
export const APPLICATION_JSON = 'application/json; charset=utf-8';

/**
 * The headers of a page the framework writes itself (an error page, a redirect page): it runs nothing and
 * is never sniffed into another type, as finalhandler's and serve-static's pages are.
 */
export const INERT_PAGE_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'Content-Security-Policy': "default-src 'none'",
  'X-Content-Type-Options': 'nosniff',
});

/**
 * Ends `res` with `status`, `type`, a Content-Length (RES-009) and `body`, plus `headers`. Works on any
 * `ServerResponse`, kitjs's or not, because middleware such as `authMiddleware` may run under another
 * framework. `headOnly` (a HEAD request) sends the headers without the body.
 *
 * @example
 * ```ts
 * writeBody(res, 404, TEXT_PLAIN, 'Not Found', { 'X-Content-Type-Options': 'nosniff' });
 * ```
 */
export function writeBody(
  res: ServerResponse,
  status: number,
  type: string,
  body: string,
  headers: Readonly<Record<string, string>> = {},
  headOnly = false,
): void {
  res.statusCode = status;
  // HARD-012: the page's own reason phrase, as finalhandler resets it: one the app set for another status
  // (`res.statusMessage`) does not describe this page, and one holding a CR or LF would make the write
  // throw here, from a timer or a stream's event as often as from a handler. HTTP/2 has no reason phrase
  // (Node warns when it is touched).
  if ((res.req as { httpVersionMajor?: number } | undefined)?.httpVersionMajor !== 2)
    res.statusMessage = STATUS_CODES[status] as string;
  for (const name of Object.keys(headers)) res.setHeader(name, headers[name] as string);
  res.setHeader('Content-Type', type);
  res.setHeader('Content-Length', Buffer.byteLength(body));
  res.end(headOnly ? undefined : body);
}
