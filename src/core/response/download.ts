/** res.download(path, [filename], [options], [fn]) and res.attachment([filename]): Content-Disposition, then the file. */
import { basename, extname, resolve } from 'node:path';
import { lazyDependency } from '../../base/optional-package.js';
import type { SendFileCallback } from '../types/response-files.js';
import type { KitResponse } from '../types.js';
import { fileSettings } from './file-options.js';
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
  if (done !== undefined && typeof done !== 'function') {
    throw new TypeError('res.download: the callback must be a function');
  }
  if (typeof path !== 'string' || path === '')
    throw new TypeError('res.download: path must be a non-empty string');
  if (name !== undefined && name !== null && typeof name !== 'string') {
    throw new TypeError('res.download: filename must be a string');
  }
  const settings = fileSettings(given, 'res.download');
  // content-disposition keeps only the base name, quotes it, and adds the RFC 8187 `filename*` form for
  // anything outside ISO-8859-1 (a CR or LF is percent-encoded there, never written raw).
  const disposition = loadContentDisposition()((name as string | null | undefined) || path);
  // XFILE-008: download's Content-Disposition wins over one in `headers`, in any letter case.
  settings.headers = settings.headers.filter(([header]) => header.toLowerCase() !== 'content-disposition');
  settings.headers.push(['Content-Disposition', disposition]);
  const fullPath = settings.root === undefined ? resolve(path) : path;
  transferFile(this, fullPath, settings, done as SendFileCallback | undefined);
}

/**
 * XFILE-008: what `res.download`'s arguments after the path are, in Express 4.21's forms (both flavours):
 * a function is the callback wherever it stands, and an object in the filename's place is the options.
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
): { name: unknown; given: unknown; done: unknown } {
  if (typeof filename === 'function') return { name: undefined, given: undefined, done: filename };
  if (typeof options === 'function') {
    const optionsFirst = typeof filename === 'object' && filename !== null;
    return optionsFirst
      ? { name: undefined, given: filename, done: options }
      : { name: filename, given: undefined, done: options };
  }
  // The filename may be left out, with the options in its place.
  if (typeof filename === 'object' && filename !== null && options === undefined) {
    return { name: undefined, given: filename, done: callback };
  }
  return { name: filename, given: options, done: callback };
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
