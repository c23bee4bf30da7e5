/** serveStatic(root, options): serves files below a directory, streaming, with caching and Range support. */
import type { Stats } from 'node:fs';
import { KitError } from '../../base/errors.js';
import { markFactory } from '../../base/factory-guard.js';
import { lazyDependency } from '../../base/optional-package.js';
import { routesByPath } from '../../core/router/refused-stack.js';
import type { KitRequest, KitResponse, NextFunction, RequestHandler } from '../../core/types.js';
import { INERT_PAGE_HEADERS, writeBody } from '../../core/write-body.js';
import { directoryLocation, pathLocation, redirectDocument } from './static/location.js';
import { type ServeStaticOptions, type StaticSettings, staticSettings } from './static/options.js';
import { resolveStaticPath } from './static/resolve.js';

export type { DotfilesPolicy, ServeStaticOptions } from './static/options.js';

const loadSend = lazyDependency<typeof import('send')>('send');
type SendStream = ReturnType<typeof import('send')>;

// Headers send sets before it may still fail (412, 416); removed again so an error answer carries none.
const FILE_HEADERS = ['accept-ranges', 'cache-control', 'content-type', 'etag', 'last-modified'];

/**
 * Serves the files below `root` for GET and HEAD (STATIC-001). Content-Type comes from the extension; `ETag`,
 * `Last-Modified` and `Cache-Control` are set; `If-None-Match` / `If-Modified-Since` answer 304; a single
 * `Range` answers 206 (416 when unsatisfiable). Files are streamed, never read whole into memory.
 *
 * A request that names no file (missing, another method, an ignored dotfile, a directory without an
 * index) calls `next()`, so later routes or the 404 handler answer. A directory named without its
 * trailing slash is redirected (301) to the slash form. Paths that try to leave `root` are refused
 * (see spec/static.md). Options are checked here, at setup: a bad one throws a `TypeError` (STATIC-012).
 *
 * @example
 * ```ts
 * import kit, { serveStatic } from 'kitjs';
 * const app = kit();
 * app.use(serveStatic('public'));
 * app.use('/assets', serveStatic('build/assets', { maxAge: '1d', dotfiles: 'deny' }));
 * app.listen(3000);
 * ```
 */
export function serveStatic(root: string, options?: ServeStaticOptions): RequestHandler {
  return staticMiddleware(staticSettings(root, options), KIT_WAYS);
}
markFactory(serveStatic, 'serveStatic(root)');

/**
 * What a flavour's file server does differently, decided when it is made: kitjs/express's `express.static`
 * passes serve-static's answers on (XFILE-022); `serveStatic` keeps kitjs's.
 */
export interface StaticWays {
  /** Redirect a directory named without its slash even with `index: false` (serve-static does). */
  redirectWithoutIndex: boolean;
  /** With `fallthrough: false`, pass send's own errors on (`NotFoundError`, `ENOENT`, `ENAMETOOLONG`). */
  sendErrors: boolean;
  /**
   * With `fallthrough` (the default), a refusal that is the client's (a denied dotfile's 403, a malformed
   * path's 400) goes on with `next()` too, as serve-static passes every 4xx on (X5-014); kit()'s answers it.
   */
  passRefusals: boolean;
}

const KIT_WAYS: StaticWays = Object.freeze({
  redirectWithoutIndex: false,
  sendErrors: false,
  passRefusals: false,
});

/**
 * The middleware of {@link serveStatic} for already validated `settings`, with a flavour's `ways`.
 *
 * @example
 * ```ts
 * const serve = staticMiddleware(staticSettings('public', {}), { redirectWithoutIndex: true, sendErrors: true });
 * ```
 */
export function staticMiddleware(settings: StaticSettings, ways: StaticWays): RequestHandler {
  loadSend(); // now, not on the first request
  const serve = function serveStaticMiddleware(req: KitRequest, res: KitResponse, next: NextFunction): void {
    const verdict = decide(req, settings);
    if (typeof verdict === 'string')
      transfer(req, res, once(next), verdict, settings, ways, doubledPath(req));
    else if (verdict !== undefined) next(ways.passRefusals && settings.fallthrough ? undefined : verdict);
    else if (settings.fallthrough) next();
    else next(refuseMiss(req));
  };
  return routesByPath(serve); // a refused path (ROUTE-018, ROUTE-019) is refused in its place, never looked up
}

/**
 * What to do with a request before touching the disk: the path to hand to `send`, a `KitError` to
 * refuse with, or `undefined` to fall through (STATIC-002).
 */
function decide(req: KitRequest, settings: StaticSettings): string | KitError | undefined {
  if (req.method !== 'GET' && req.method !== 'HEAD') return undefined;
  const path = requestPath(req);
  // STATIC-027: the mount point named without its slash (`/static` for app.use('/static', ...)) is root named
  // without one: send, given '', finds root and redirects to `/static/` when it is a directory (so that the
  // relative links of its index.html resolve below it) or serves it when it is a file, as serve-static does.
  if (path === '/' && !originalPathEndsWithSlash(req)) return '';
  const resolved = resolveStaticPath(settings.root, path);
  if (resolved.kind === 'miss') return undefined;
  // STATIC-014, STATIC-015: a malformed or NUL segment is a 400, a disguised dot-segment a 403.
  if (resolved.kind === 'refuse') {
    return new KitError(resolved.status === 400 ? 'KIT_ERR_STATIC_BAD_PATH' : 'KIT_ERR_STATIC_FORBIDDEN');
  }
  // STATIC-005, STATIC-018: an ignored dotfile answers exactly as a missing file does; 'deny' is a 403.
  if (resolved.dotfile && settings.dotfiles === 'ignore') return undefined;
  if (resolved.dotfile && settings.dotfiles === 'deny') return new KitError('KIT_ERR_STATIC_FORBIDDEN');
  // Without an index there is nothing to serve for a directory; kitjs never lists one (STATIC-003).
  if (resolved.trailingSlash && settings.index === false) return undefined;
  return resolved.sendPath;
}

function transfer(
  req: KitRequest,
  res: KitResponse,
  next: NextFunction,
  sendPath: string,
  settings: StaticSettings,
  ways: StaticWays,
  doubled: string | undefined,
): void {
  const preset = new Set(res.getHeaderNames());
  // send answers the HTTP parts: the type from the extension (STATIC-001), validators and 304/412
  // (STATIC-006, STATIC-007), Cache-Control (STATIC-008, STATIC-021), one range or 416 (STATIC-009,
  // STATIC-020), HEAD (STATIC-010), streaming (STATIC-011), index lists (STATIC-023) and fallback
  // extensions (STATIC-022).
  const stream = loadSend()(req, sendPath, {
    root: settings.root,
    index: settings.index === false ? false : [...settings.index],
    // Dotfiles were decided above, with kitjs's own answers; send must not decide them again.
    dotfiles: 'allow',
    etag: settings.etag,
    lastModified: settings.lastModified,
    maxAge: settings.maxAgeMs,
    acceptRanges: settings.acceptRanges,
    cacheControl: settings.cacheControl,
    immutable: settings.immutable,
    extensions: settings.extensions.length === 0 ? false : [...settings.extensions],
  });
  const miss = (): void => (settings.fallthrough ? next() : next(refuseMiss(req)));
  // STATIC-004, STATIC-025: a directory named without its slash is redirected, unless `index: false` or
  // `redirect: false`.
  stream.on('directory', () => {
    const redirect = settings.redirect && (settings.index !== false || ways.redirectWithoutIndex);
    if (redirect) redirectTo(req, res, stream, directoryLocation(pathBelowApp(req, doubled), queryOf(req)));
    // XFILE-022: send's own 404 (a NotFoundError), through the error listener below.
    else if (ways.sendErrors && !settings.fallthrough) stream.error(404);
    else miss();
  });
  const setHeaders = settings.setHeaders;
  if (doubled !== undefined) {
    // X5-018: a file named with `//` (which only the Express flavours keep) is found, never served: a guard
    // on `/admin` does not see `//admin/x`, so the file is sent to the one spelling every guard sees.
    stream.send = function redirectFound(this: SendStream): void {
      redirectTo(req, res, this, pathLocation(pathBelowApp(req, doubled), queryOf(req)));
    };
  } else if (setHeaders !== undefined) {
    // STATIC-026: send calls its own send() once it has found the file, from an fs callback; the
    // application's setHeaders runs first here, so a throw becomes the request's error (send's error path)
    // instead of an exception in that callback, which would end the process. send's own headers only fill
    // in what setHeaders left unset, as when it emits 'headers'.
    const sendFound = stream.send;
    stream.send = function sendWithHeaders(this: typeof stream, path: string, stat: Stats): void {
      if (!res.headersSent) {
        try {
          setHeaders(res, path, stat);
        } catch (err) {
          this.error(500, err as Error);
          return;
        }
      }
      sendFound.call(this, path, stat);
    };
  }
  stream.on('error', (err: unknown) => {
    if (!res.headersSent) {
      for (const name of FILE_HEADERS) if (!preset.has(name)) res.removeHeader(name);
    }
    // XFILE-022: serve-static passes send's errors on as they are when misses do not fall through.
    if (ways.sendErrors && !settings.fallthrough) {
      next(err);
      return;
    }
    const translated = translate(err);
    if (translated === undefined) miss();
    else next(translated);
  });
  stream.pipe(res);
}

/**
 * STATIC-024: with `fallthrough: false`, what would fall through is an error instead: 405 (with `Allow`)
 * for a method other than GET and HEAD, else 404.
 */
function refuseMiss(req: KitRequest): KitError {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    return Object.assign(new KitError('KIT_ERR_STATIC_METHOD'), { headers: { Allow: 'GET, HEAD' } });
  }
  return new KitError('KIT_ERR_STATIC_NOT_FOUND');
}

/**
 * Turns send's http-errors into kitjs's: a 404 is a miss (undefined), client faults get kitjs codes
 * (STATIC-017).
 */
function translate(err: unknown): unknown {
  const status = (err as { status?: unknown } | null)?.status;
  switch (status) {
    case 404:
      return undefined;
    case 400:
      return new KitError('KIT_ERR_STATIC_BAD_PATH');
    case 403:
      return new KitError('KIT_ERR_STATIC_FORBIDDEN');
    case 412:
      return new KitError('KIT_ERR_STATIC_PRECONDITION');
    case 416:
      // The answer must say the file's size (`Content-Range: bytes */size`); send puts it on the error.
      return Object.assign(new KitError('KIT_ERR_STATIC_RANGE'), {
        headers: (err as { headers?: unknown }).headers,
      });
    default:
      return err;
  }
}

/** serve-static's 301 to `location`: its page, which no browser may run anything from or sniff as another type. */
function redirectTo(req: KitRequest, res: KitResponse, stream: SendStream, location: string): void {
  // STATIC-004: a handler before this one started the response and passed it on. The redirect cannot be
  // written, and writing it would throw here, in send's fs callback, where nothing catches it: send's own
  // answer for a started response instead, its 500 through the error listener (ERR-009 cuts the response).
  if (res.headersSent) {
    stream.error(500, new Error("Can't set headers after they are sent."));
    return;
  }
  writeBody(
    res,
    301,
    HTML_TYPE,
    redirectDocument(location),
    REDIRECT_HEADERS(location),
    req.method === 'HEAD',
  );
}

/**
 * The request's path below the app, its mount prefix back in front (a file server under /assets redirects to
 * /assets/dir/); `doubled`, when the path held `//`, is the path with each run of slashes made one.
 */
function pathBelowApp(req: KitRequest, doubled: string | undefined): string {
  return `${req.baseUrl ?? ''}${doubled ?? requestPath(req)}`;
}

function queryOf(req: KitRequest): string {
  const url = req.originalUrl ?? req.url ?? '';
  const queryAt = url.indexOf('?');
  return queryAt === -1 ? '' : url.slice(queryAt + 1);
}

/**
 * X5-018: the request's path with each run of slashes made one when it holds `//` (a path the Express
 * flavours keep as sent; kit()'s core has already collapsed it), else undefined.
 */
function doubledPath(req: KitRequest): string | undefined {
  const path = requestPath(req);
  return path.includes('//') ? path.replace(/\/{2,}/g, '/') : undefined;
}

const HTML_TYPE = 'text/html; charset=UTF-8';
const REDIRECT_HEADERS = (location: string): Record<string, string> => ({
  ...INERT_PAGE_HEADERS,
  Location: location,
});

function originalPathEndsWithSlash(req: KitRequest): boolean {
  const url = req.originalUrl ?? req.url ?? '/';
  const queryAt = url.indexOf('?');
  return (queryAt === -1 ? url : url.slice(0, queryAt)).endsWith('/');
}

function requestPath(req: KitRequest): string {
  if (typeof req.path === 'string') return req.path;
  // Only for a host that hands over a bare IncomingMessage; kitjs's core always sets req.path.
  const url = req.url ?? '/';
  const queryAt = url.indexOf('?');
  return queryAt === -1 ? url : url.slice(0, queryAt);
}

function once(next: NextFunction): NextFunction {
  let called = false;
  return (err?: unknown) => {
    if (called) return;
    called = true;
    next(err);
  };
}
