/** res.sendFile(path, [options], [fn]): streams one file through send, with serveStatic's path safety. */
import { isAbsolute } from 'node:path';
import { finished } from 'node:stream';
import { KitError } from '../../base/errors.js';
import { HttpError } from '../../base/http-error.js';
import { lazyDependency } from '../../base/optional-package.js';
import { sendError, sendNotFound } from '../final-handler.js';
import type { SendFileCallback, SendFileError } from '../types/response-files.js';
import type { KitRequest, KitResponse } from '../types.js';
import { type FileSettings, fileSettings, optionsAndCallback } from './file-options.js';
import { resolveFilePath } from './file-path.js';

const loadSend = lazyDependency<typeof import('send')>('send');

// fs codes send turns into a 404; kept on the error as Express users test `err.code === 'ENOENT'`.
const NOT_FOUND_CODES = new Set(['ENOENT', 'ENOTDIR', 'ENAMETOOLONG']);

/**
 * `res.sendFile(path, [options], [callback])` (XFILE-001). Misuse throws a `TypeError` at once (XFILE-002);
 * the path is checked by {@link resolveFilePath} before send sees it (XFILE-003).
 */
export function sendFile(this: KitResponse, path: unknown, options?: unknown, callback?: unknown): void {
  const { given, done } = optionsAndCallback(options, callback, 'res.sendFile');
  if (typeof path !== 'string' || path === '') {
    throw new TypeError('res.sendFile: path must be a non-empty string');
  }
  const settings = fileSettings(given, 'res.sendFile');
  if (settings.root === undefined && !isAbsolute(path)) {
    throw new TypeError('res.sendFile: path must be absolute or specify root to res.sendFile');
  }
  transferFile(this, path, settings, done);
}

/** Sends `path` with already validated `settings`; `done` (or the default outcome) hears how it ended. */
export function transferFile(
  res: KitResponse,
  path: string,
  settings: FileSettings,
  done: SendFileCallback | undefined,
): void {
  const report = fileReporter(res, done);
  const resolved = resolveFilePath(path, settings.root);
  // XFILE-003: refused paths never reach the file system. Reported on the next tick, like send's own.
  if (resolved.kind === 'refuse') {
    const err = new KitError(
      resolved.status === 400 ? 'KIT_ERR_STATIC_BAD_PATH' : 'KIT_ERR_STATIC_FORBIDDEN',
    );
    process.nextTick(report, err);
    return;
  }
  // XFILE-004: dotfiles are decided here, with the same answers as serveStatic's and Express's.
  if (resolved.dotfile && settings.dotfiles !== 'allow') {
    const err =
      settings.dotfiles === 'deny'
        ? new KitError('KIT_ERR_STATIC_FORBIDDEN')
        : new HttpError(404, 'Not Found');
    process.nextTick(report, err);
    return;
  }
  const stream = loadSend()(res.req, resolved.sendPath, {
    ...settings.send,
    // Decided above; the path is a file, never a directory to find an index in.
    dotfiles: 'allow',
    index: false,
  });
  pipeFile(res, stream, { headers: settings.headers, translate, directory: isDirectory }, report);
}

/**
 * XFILE-005, XFILE-006: what hears the end of a transfer: `done` when given (a throw from it fails the
 * request instead of ending the process), else the default outcome ({@link passOn}).
 */
export function fileReporter(
  res: KitResponse,
  done: SendFileCallback | undefined,
): (err: SendFileError | undefined) => void {
  const req = res.req;
  return (err) => {
    if (done === undefined) {
      passOn(req, res, err);
      return;
    }
    try {
      done(err);
    } catch (thrown) {
      // Called from send's events, where a throw would end the process: it fails the request instead.
      passOn(req, res, thrown as SendFileError);
    }
  };
}

/** How {@link pipeFile} words what it hears from send: a flavour may keep send's own errors. */
export interface FileTransferWays {
  /** Headers set when the file goes out, already checked for values Node refuses. */
  headers: FileSettings['headers'];
  /** The error reported for one of send's errors. */
  translate: (err: unknown) => SendFileError;
  /** The error reported when the path names a directory (code `EISDIR`). */
  directory: () => SendFileError;
  /** Called when the file goes out, before `headers` are set (kitjs/express's Content-Type). */
  onHeaders?: (res: KitResponse, path: string) => void;
  /** Report the error a socket failed with (other than a reset) as it is, not as an abort (Express 4). */
  socketErrors?: boolean;
}

type SendStream = ReturnType<typeof import('send')>;

/**
 * Streams `stream` (send's, for `res.req`) into `res` and calls `report` once: with no argument when the
 * file went out whole (HEAD and 304 included), else with the failure, the client's abort included.
 */
export function pipeFile(
  res: KitResponse,
  stream: SendStream,
  ways: FileTransferWays,
  report: (err: SendFileError | undefined) => void,
): void {
  if (res.destroyed) {
    // XFILE-005: the client left before the transfer started.
    process.nextTick(report, aborted());
    return;
  }
  const preset = new Set(res.getHeaderNames());
  let settled = false;
  // undefined until send has found the file; then false, and true once its bytes are streaming.
  let streaming: boolean | undefined;
  // XFILE-021: the socket's own error, when the flavour reports it as it is.
  let socketError: SendFileError | undefined;
  const socket = ways.socketErrors ? res.socket : null;
  const onSocketError = (err: SendFileError): void => {
    if (err.code !== 'ECONNRESET') socketError = err;
  };
  socket?.on('error', onSocketError);
  const settle = (err?: SendFileError): void => {
    if (settled) return;
    settled = true;
    stopWatching();
    socket?.off('error', onSocketError);
    // Headers send (or the `headers` option) set before failing describe a file that is not coming.
    if (err !== undefined && !res.headersSent) {
      for (const name of res.getHeaderNames()) if (!preset.has(name)) res.removeHeader(name);
    }
    report(err);
  };
  const stopWatching = finished(res, (err) => {
    if (settled) return;
    if (err) {
      settle(socketError ?? aborted());
      return;
    }
    // The response finished: a file that began streaming but never ended was cut short.
    setImmediate(() => settle(streaming === false ? undefined : aborted()));
  });
  stream.on('file', () => {
    streaming = false;
  });
  stream.on('stream', () => {
    streaming = true;
  });
  stream.on('end', () => settle());
  stream.on('directory', () => settle(ways.directory()));
  stream.on('error', (err: unknown) => settle(ways.translate(err)));
  const { headers, onHeaders } = ways;
  if (headers.length > 0 || onHeaders !== undefined) {
    // XFILE-007: only when the file is really going out; checked for Node's refusals in fileSettings.
    stream.on('headers', (_res: unknown, path: string) => {
      onHeaders?.(res, path);
      for (const [name, value] of headers) res.setHeader(name, value);
    });
  }
  stream.pipe(res);
}

function isDirectory(): SendFileError {
  return new HttpError(404, 'Not Found', { code: 'EISDIR' }) as SendFileError;
}

/** An aborted request, as Express reports it (`code` `ECONNABORTED`). */
export function aborted(): SendFileError {
  return Object.assign(new Error('Request aborted'), { code: 'ECONNABORTED' });
}

/**
 * send's http-errors as kitjs's (XFILE-006): messages that never name the file, the fs code kept on a
 * 404, the original as `cause`; a 5xx goes on as it is (its message reaches only the log).
 */
function translate(err: unknown): SendFileError {
  const detail = err as { status?: unknown; code?: unknown; headers?: unknown } | null;
  switch (detail?.status) {
    case 404: {
      const code =
        typeof detail.code === 'string' && NOT_FOUND_CODES.has(detail.code) ? detail.code : undefined;
      return new HttpError(404, 'Not Found', { code, cause: err }) as SendFileError;
    }
    case 400:
      return new KitError('KIT_ERR_STATIC_BAD_PATH', undefined, { cause: err }) as SendFileError;
    case 403:
      return new KitError('KIT_ERR_STATIC_FORBIDDEN', undefined, { cause: err }) as SendFileError;
    case 412:
      return new KitError('KIT_ERR_STATIC_PRECONDITION', undefined, { cause: err }) as SendFileError;
    case 416:
      // The answer must say the file's size (`Content-Range: bytes */size`); send puts it on the error.
      return Object.assign(new KitError('KIT_ERR_STATIC_RANGE', undefined, { cause: err }), {
        headers: detail.headers as Record<string, string> | undefined,
      }) as SendFileError;
    default:
      return (err instanceof Error ? err : new KitError('KIT_ERR_HANDLER_REJECTED')) as SendFileError;
  }
}

/**
 * XFILE-006: without a callback, as Express 4: a directory goes on with `next()`, an aborted request or a
 * failed write is dropped (nobody is listening), any other failure is `next(err)`.
 */
export function passOn(req: KitRequest, res: KitResponse, err: SendFileError | undefined): void {
  if (err === undefined) return;
  const next = (req as { next?: unknown }).next;
  if (err.code === 'EISDIR') {
    if (typeof next === 'function') next();
    else sendNotFound(req, res);
    return;
  }
  if (err.code === 'ECONNABORTED' || (err as { syscall?: unknown }).syscall === 'write') return;
  if (typeof next === 'function') next(err);
  else sendError(err, req, res);
}
