/** The Express flavours' res.sendFile and res.download (and Express 4's res.sendfile): path and options go to send as Express gives them. */
import { extname, isAbsolute, resolve } from 'node:path';
import { lazyDependency, loadMimeTypes } from '../../base/optional-package.js';
import {
  downloadArguments,
  downloadDisposition,
  isContentDisposition,
} from '../../core/response/download.js';
import { fileHeaderList, optionsAndCallback } from '../../core/response/file-options.js';
import { fileReporter, pipeFile } from '../../core/response/send-file.js';
import type { SendFileCallback, SendFileError } from '../../core/types/response-files.js';
import type { KitResponse } from '../../core/types.js';

const loadSend = lazyDependency<typeof import('send')>('send');

type Options = Record<string, unknown>;

/**
 * XFILE-017, XFILE-018: Express 4's `res.sendFile`. The path must be a non-empty string, absolute unless a
 * `root` is given (Express's own messages); it is URI-encoded for send, which decodes it once, normalizes
 * it, and refuses with 403 only what climbs above `root` (or any `..` without one).
 */
function sendFile(
  res: KitResponse,
  path: unknown,
  options: unknown,
  callback: unknown,
  express5: boolean,
): void {
  if (path === undefined || path === null || path === '') {
    throw new TypeError('path argument is required to res.sendFile');
  }
  if (typeof path !== 'string') throw new TypeError('path must be a string to res.sendFile');
  const { given, done } = optionsAndCallback(options, callback, 'res.sendFile');
  const opts = isObject(given) ? given : {};
  if (!opts.root && !isAbsolute(path)) {
    throw new TypeError('path must be absolute or specify root to res.sendFile');
  }
  // X5-014: Express 5 hands the app's `etag` setting to send.
  const sendOpts = express5 ? { ...opts, etag: res.app.enabled('etag') } : opts;
  transfer(res, encodeURI(path), sendOpts, done, 'res.sendFile', express5);
}

/**
 * XFILE-020: Express 4's deprecated `res.sendfile`: the path is a URL path (percent-decoded by send), a
 * relative one taken from the working directory, or from `root` when given.
 */
function sendfile(res: KitResponse, path: unknown, options?: unknown, callback?: unknown): void {
  warnSendfileOnce();
  if (typeof path !== 'string') throw new TypeError('path must be a string to res.sendfile');
  const { given, done } = optionsAndCallback(options, callback, 'res.sendfile');
  transfer(res, path, isObject(given) ? given : {}, done, 'res.sendfile', false);
}

/**
 * XFILE-017: Express 4.21's `res.download`, in the argument forms of XFILE-008: `Content-Disposition` from
 * `filename` or the path (it wins over one in `headers`), a relative path without `root` taken from the
 * working directory, then {@link sendFile}.
 */
function download(
  res: KitResponse,
  path: unknown,
  filename: unknown,
  options: unknown,
  callback: unknown,
  express5: boolean,
): void {
  const { name, given, done } = downloadArguments(filename, options, callback);
  const opts: Options = isObject(given) ? { ...given } : {};
  // Express's order: its Content-Disposition first, then the other headers given.
  const headers: Options = { 'Content-Disposition': downloadDisposition(name, path) };
  if (isObject(opts.headers)) {
    for (const [key, value] of Object.entries(opts.headers)) {
      if (!isContentDisposition(key)) headers[key] = value;
    }
  }
  opts.headers = headers;
  const fullPath = !opts.root && typeof path === 'string' ? resolve(path) : path;
  sendFile(res, fullPath, opts, done, express5);
}

/**
 * `res.sendFile` and `res.download` of one Express flavour, called on the response (`res.sendFile(...)`):
 * Express 4's (send 0.x readings, XFILE-017) or, with `express5`, Express 5's (send 1.x, X5-014).
 */
function fileMembers(express5: boolean) {
  return {
    sendFile(this: KitResponse, path: unknown, options?: unknown, callback?: unknown): void {
      sendFile(this, path, options, callback, express5);
    },
    download(
      this: KitResponse,
      path: unknown,
      filename?: unknown,
      options?: unknown,
      callback?: unknown,
    ): void {
      download(this, path, filename, options, callback, express5);
    },
  };
}

/**
 * Express 4's file members, on the prototype of kitjs/express's responses (`flavours/express4/response.ts`):
 * each called on the response, as `res.sendFile(...)`.
 */
export const expressFileMembers = {
  ...fileMembers(false),
  sendfile(this: KitResponse, path: unknown, options?: unknown, callback?: unknown): void {
    sendfile(this, path, options, callback);
  },
};

/** Hands `sendPath` and `opts` to send (which checks its own options) and streams the file. */
function transfer(
  res: KitResponse,
  sendPath: string,
  opts: Options,
  done: SendFileCallback | undefined,
  what: string,
  express5: boolean,
): void {
  // Checked now: a header Node refuses would throw inside send's events, where nothing could catch it.
  const headers = fileHeaderList(opts.headers, what);
  const stream = loadSend()(res.req, sendPath, {
    ...opts,
    // X5-014: send 1.x's own default under Express 5 ignores dotfiles, hidden directories too.
    dotfiles: opts.dotfiles === undefined && !express5 ? legacyDotfiles(sendPath) : opts.dotfiles,
  } as Parameters<ReturnType<typeof loadSend>>[2]);
  pipeFile(
    res,
    stream,
    {
      headers,
      translate: (err) => err as SendFileError,
      directory: directoryError,
      onHeaders: express5 ? express5FileType : expressFileType,
      socketErrors: true,
    },
    fileReporter(res, done),
  );
}

/**
 * XFILE-019: without a `dotfiles` option, Express 4's send looks only at the last segment: a name starting
 * with a dot is ignored (404), and a dot directory on the way (`/home/me/.config/app/x.json`) is allowed.
 * A path send cannot decode is left to its own 400.
 */
function legacyDotfiles(sendPath: string): 'allow' | 'ignore' {
  let decoded: string;
  try {
    decoded = decodeURIComponent(sendPath);
  } catch {
    return 'ignore';
  }
  const last = decoded.slice(decoded.lastIndexOf('/') + 1);
  return last.length > 1 && last.startsWith('.') ? 'ignore' : 'allow';
}

/**
 * XFILE-018: sets the type of the file's extension, with the charset spelt `UTF-8` as Express 4's send
 * spells it; a Content-Type set before (or in `headers`, or by `setHeaders`) wins.
 *
 * @example
 * ```ts
 * expressFileType(res, '/srv/notes.txt'); // Content-Type: text/plain; charset=UTF-8
 * ```
 */
export function expressFileType(res: KitResponse, path: string): void {
  if (res.getHeader('Content-Type') !== undefined) return;
  const type = loadMimeTypes().contentType(extname(path)) || 'application/octet-stream';
  res.setHeader('Content-Type', type.replace(/; charset=utf-8$/, '; charset=UTF-8'));
}

function directoryError(): SendFileError {
  return Object.assign(new Error('EISDIR: the path names a directory'), { code: 'EISDIR' }) as SendFileError;
}

let warned = false;
function warnSendfileOnce(): void {
  if (warned) return;
  warned = true;
  process.emitWarning(
    'res.sendfile is deprecated: use res.sendFile',
    'DeprecationWarning',
    'KIT_DEP_SENDFILE',
  );
}

function isObject(value: unknown): value is Options {
  return typeof value === 'object' && value !== null;
}

/**
 * X5-014: Express 5's file members (send 1.x): `res.sendFile` and `res.download` ignore dotfiles by default,
 * hidden directories too, and write mime-types' `charset=utf-8` as it is; there is no `res.sendfile`.
 *
 * @example
 * ```ts
 * attachMembers(Express5Response.prototype, express5FileMembers);
 * ```
 */
export const express5FileMembers = fileMembers(true);

/**
 * X5-014: the Content-Type send 1.x gives a file: mime-types' type of its extension, `charset=utf-8` in
 * lower case.
 *
 * @example
 * ```ts
 * express5FileType(res, '/srv/notes.txt'); // Content-Type: text/plain; charset=utf-8
 * ```
 */
export function express5FileType(res: KitResponse, path: string): void {
  if (res.getHeader('Content-Type') !== undefined) return;
  res.setHeader('Content-Type', loadMimeTypes().contentType(extname(path)) || 'application/octet-stream');
}
