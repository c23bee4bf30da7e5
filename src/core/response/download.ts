/** res.download(path, [filename], [options], [fn]) and res.attachment([filename]): Content-Disposition, then the file. */
import { basename, extname, resolve } from 'node:path';
import { lazyDependency } from '../../base/optional-package.js';
import type { SendFileCallback } from '../types/response-files.js';
import type { KitResponse } from '../types.js';
import { fileSettings, optionsAndCallback } from './file-options.js';
import { transferFile } from './send-file.js';

const loadContentDisposition = lazyDependency<typeof import('content-disposition')>('content-disposition');

/**
 * `res.download` (XFILE-008), with Express 4.21's argument forms: `(path)`, `(path, fn)`, `(path, name)`,
 * `(path, name, fn)`, `(path, options)`, `(path, options, fn)`, `(path, name, options)`,
 * `(path, name, options, fn)`. A relative path without `root` is taken from the working directory.
 */
export function download(
  this: KitResponse,
  path: unknown,
  filename?: unknown,
  options?: unknown,
  callback?: unknown,
): void {
  const { name, given, done } = downloadArguments(filename, options, callback);
  if (typeof path !== 'string' || path === '')
    throw new TypeError('res.download: path must be a non-empty string');
  if (name !== undefined && name !== null && typeof name !== 'string') {
    throw new TypeError('res.download: filename must be a string');
  }
  const settings = fileSettings(given, 'res.download');
  // XFILE-008: download's Content-Disposition wins over one in `headers`, in any letter case.
  settings.headers = settings.headers.filter(([header]) => !isContentDisposition(header));
  settings.headers.push(['Content-Disposition', downloadDisposition(name, path)]);
  const fullPath = settings.root === undefined ? resolve(path) : path;
  transferFile(this, fullPath, settings, done);
}

/**
 * XFILE-008: what `res.download`'s arguments after the path are, in Express 4.21's forms (both flavours):
 * a function is the callback wherever it stands, and an object in the filename's place is the options. A
 * callback that is not a function is a TypeError at once (XFILE-002).
 *
 * @example
 * ```ts
 * downloadArguments({ root: '/srv' }, undefined, undefined); // { name: undefined, given: { root: '/srv' }, done: undefined }
 * ```
 */
export function downloadArguments(
  filename: unknown,
  options: unknown,
  callback: unknown,
): { name: unknown; given: unknown; done: SendFileCallback | undefined } {
  // The filename may be left out, with the options (or the callback) in its place.
  const optionsFirst =
    typeof filename === 'function' ||
    (typeof filename === 'object' &&
      filename !== null &&
      (options === undefined || typeof options === 'function'));
  return optionsFirst
    ? {
        name: undefined,
        ...optionsAndCallback(filename, options === undefined ? callback : options, 'res.download'),
      }
    : { name: filename, ...optionsAndCallback(options, callback, 'res.download') };
}

/**
 * XFILE-008: the Content-Disposition `res.download` sends: an attachment named `name`, else the path's base
 * name. content-disposition keeps only the base name, quotes it, and adds the RFC 8187 `filename*` form for
 * anything outside ISO-8859-1 (a CR or LF is percent-encoded there, never written raw).
 *
 * @example
 * ```ts
 * downloadDisposition(undefined, '/srv/report.pdf'); // 'attachment; filename="report.pdf"'
 * ```
 */
export function downloadDisposition(name: unknown, path: unknown): string {
  return loadContentDisposition()((name as string | null | undefined) || (path as string));
}

/**
 * Whether a header name is Content-Disposition, in any letter case: the one `res.download` sets itself.
 *
 * @example
 * ```ts
 * isContentDisposition('content-disposition'); // true
 * ```
 */
export function isContentDisposition(header: string): boolean {
  return header.toLowerCase() === 'content-disposition';
}

/**
 * `res.attachment([filename])` (XFILE-009): `Content-Disposition: attachment`, with the file's base name when
 * given, and then the Content-Type of its extension.
 */
export function attachment(this: KitResponse, filename?: unknown): KitResponse {
  if (filename !== undefined && typeof filename !== 'string') {
    throw new TypeError('res.attachment: filename must be a string');
  }
  if (filename) this.type(extname(basename(filename)));
  this.setHeader('Content-Disposition', loadContentDisposition()(filename));
  return this;
}
