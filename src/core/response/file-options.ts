/** Checks the options of res.sendFile / res.download when they are called and settles them for send. */
import { validateHeaderName, validateHeaderValue } from 'node:http';
import { parseMaxAge } from '../../base/cache-max-age.js';
import type { SendFileCallback, SendFileDotfiles } from '../types/response-files.js';

/** The options after validation, in the shape the transfer needs. */
export interface FileSettings {
  /** `root` as given; `resolveFilePath` makes it absolute. */
  root: string | undefined;
  dotfiles: SendFileDotfiles;
  /** Headers to set when the file goes out, already checked for names and values Node refuses. */
  headers: Array<[string, string | number | readonly string[]]>;
  /** The options handed to `send`. */
  send: {
    maxAge: number;
    etag: boolean;
    lastModified: boolean;
    acceptRanges: boolean;
    cacheControl: boolean;
    immutable: boolean;
    start?: number;
    end?: number;
  };
}

const BOOLEANS = ['etag', 'lastModified', 'acceptRanges', 'cacheControl', 'immutable'] as const;
const KNOWN = new Set<string>(['root', 'maxAge', 'dotfiles', 'headers', 'start', 'end', ...BOOLEANS]);

/**
 * XFILE-002: the `[options], [callback]` end of a file member's arguments (`res.sendFile`, `res.sendfile`,
 * `res.download` after its filename): a function in the options' place is the callback, and a callback given
 * must be a function, else a TypeError naming `what` at once rather than a throw when the file is done.
 *
 * @example
 * ```ts
 * optionsAndCallback((err) => {}, undefined, 'res.sendFile'); // { given: undefined, done: the function }
 * optionsAndCallback({ root: '/srv' }, 'done', 'res.sendFile'); // throws TypeError: the callback must be a function
 * ```
 */
export function optionsAndCallback(
  options: unknown,
  callback: unknown,
  what: string,
): { given: unknown; done: SendFileCallback | undefined } {
  if (typeof options === 'function') return { given: undefined, done: options as SendFileCallback };
  if (callback !== undefined && typeof callback !== 'function') {
    throw new TypeError(`${what}: the callback must be a function`);
  }
  return { given: options, done: callback as SendFileCallback | undefined };
}

/**
 * Validates `options` of `what` (`res.sendFile`, `res.download`), throwing a `TypeError` naming the first bad
 * one (XFILE-010): an unknown name, a value of the wrong type, a header name or value Node would refuse
 * (checked now: inside send's callbacks a throw would have nothing to catch it).
 *
 * @example
 * ```ts
 * fileSettings({ maxAge: '1h', dotfiles: 'allow' }, 'res.sendFile').send.maxAge; // 3_600_000
 * fileSettings({ maxage: 1 }, 'res.sendFile'); // throws TypeError: unknown option "maxage"
 * ```
 */
export function fileSettings(options: unknown, what: string): FileSettings {
  if (options !== undefined && options !== null && (typeof options !== 'object' || Array.isArray(options))) {
    throw new TypeError(`${what}: options must be an object`);
  }
  const given = (options ?? {}) as Record<string, unknown>;
  for (const key of Object.keys(given)) {
    if (!KNOWN.has(key)) {
      throw new TypeError(`${what}: unknown option "${key}" (known: ${[...KNOWN].join(', ')})`);
    }
  }
  const { root, maxAge = 0, dotfiles = 'ignore', headers, start, end } = given;
  if (root !== undefined && (typeof root !== 'string' || root === '' || root.includes('\0'))) {
    throw new TypeError(`${what}: root must be a non-empty directory path string`);
  }
  const maxAgeMs = parseMaxAge(maxAge);
  if (maxAgeMs === undefined) {
    throw new TypeError(`${what}: maxAge must be non-negative milliseconds or a duration like '1d'`);
  }
  if (dotfiles !== 'allow' && dotfiles !== 'deny' && dotfiles !== 'ignore') {
    throw new TypeError(`${what}: dotfiles must be 'allow', 'deny' or 'ignore', got ${String(dotfiles)}`);
  }
  const flags = { etag: true, lastModified: true, acceptRanges: true, cacheControl: true, immutable: false };
  for (const name of BOOLEANS) {
    const value = given[name];
    if (value === undefined) continue;
    if (typeof value !== 'boolean') throw new TypeError(`${what}: ${name} must be a boolean`);
    flags[name] = value;
  }
  for (const [name, value] of [
    ['start', start],
    ['end', end],
  ] as const) {
    if (value !== undefined && !(Number.isSafeInteger(value) && (value as number) >= 0)) {
      throw new TypeError(`${what}: ${name} must be a non-negative integer`);
    }
  }
  const send: FileSettings['send'] = { maxAge: maxAgeMs, ...flags };
  if (start !== undefined) send.start = start as number;
  if (end !== undefined) send.end = end as number;
  return { root: root as string | undefined, dotfiles, headers: fileHeaderList(headers, what), send };
}

/**
 * The `headers` option as a list, each name and value checked as Node would check them when they are set
 * (XFILE-010), so that a bad one throws at the call and not inside send's events.
 *
 * @example
 * ```ts
 * fileHeaderList({ 'X-Kind': 'report' }, 'res.sendFile'); // [['X-Kind', 'report']]
 * ```
 */
export function fileHeaderList(headers: unknown, what: string): FileSettings['headers'] {
  if (headers === undefined || headers === null) return [];
  if (typeof headers !== 'object' || Array.isArray(headers)) {
    throw new TypeError(`${what}: headers must be an object`);
  }
  const list: FileSettings['headers'] = [];
  for (const [name, value] of Object.entries(headers)) {
    const ok = typeof value === 'string' || typeof value === 'number' || isStringArray(value);
    if (!ok)
      throw new TypeError(`${what}: the value of header "${name}" must be a string, number or string[]`);
    try {
      validateHeaderName(name);
      for (const one of Array.isArray(value) ? value : [value]) validateHeaderValue(name, one);
    } catch (cause) {
      // Node's own check: a CR or LF in a value (response splitting) or a name that is not a token.
      throw new TypeError(`${what}: header "${name.slice(0, 60)}" has an invalid name or value`, { cause });
    }
    list.push([name, value as string | number | readonly string[]]);
  }
  return list;
}

function isStringArray(value: unknown): value is readonly string[] {
  return Array.isArray(value) && value.every((one) => typeof one === 'string');
}
