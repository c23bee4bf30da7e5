/** Matches a media type against what `req.is()` accepts: short names, wildcards, `+suffix` forms. */
import { loadMimeTypes } from './optional-package.js';

/**
 * Whether `actual` (a lower-case `type/subtype`) matches `wanted`: a full type (`application/json`),
 * a wildcard (`text/*`, `*\/*`), a suffix (`+json`, `application/*+json`) or a short name that
 * mime-types knows (`json`, `html`, `urlencoded`): REQ-006.
 */
export function mediaTypeMatches(actual: string, wanted: string): boolean {
  // REQ-009: the short name `json` means what json() parses, so a validator keyed on req.is('json')
  // can never be skipped for a body the parser did parse.
  if (wanted === 'json' || wanted.trim().toLowerCase() === 'json') return isJsonMediaType(actual);
  const normalized = normalize(wanted);
  if (normalized === undefined) return false;
  const [wantType, wantSub] = split(normalized);
  const [type, sub] = split(actual);
  if (wantType !== '*' && wantType !== type) return false;
  if (wantSub === '*') return true;
  if (wantSub.startsWith('*+')) return sub.endsWith(wantSub.slice(1));
  return wantSub === sub;
}

/**
 * {@link mediaTypeMatches} with `wanted` read once: the test a body parser's `type` option makes on every
 * request, so its trimming, lower-casing and short-name lookup are done when the parser is made, not per
 * request. `mediaTypeMatcher(wanted)(actual) === mediaTypeMatches(actual, wanted)` for every `actual`.
 *
 * @example
 * ```ts
 * const isJson = mediaTypeMatcher('application/json');
 * isJson('application/json'); // true
 * ```
 */
export function mediaTypeMatcher(wanted: string): (actual: string) => boolean {
  if (wanted.trim().toLowerCase() === 'json') return isJsonMediaType;
  const normalized = normalize(wanted);
  if (normalized === undefined) return () => false;
  const [wantType, wantSub] = split(normalized);
  // A whole type with a subtype (the usual `type` option): the split parts are equal exactly when the strings
  // are, since both split at their first `/` and `actual` without one has an empty subtype.
  if (wantType !== '*' && wantSub !== '' && wantSub !== '*' && !wantSub.startsWith('*+')) {
    return (actual) => actual === normalized;
  }
  return (actual) => {
    const [type, sub] = split(actual);
    if (wantType !== '*' && wantType !== type) return false;
    if (wantSub === '*') return true;
    if (wantSub.startsWith('*+')) return sub.endsWith(wantSub.slice(1));
    return wantSub === sub;
  };
}

function normalize(wanted: string): string | undefined {
  const lower = wanted.trim().toLowerCase();
  if (lower.startsWith('+')) return `*/*${lower}`;
  if (lower.includes('/')) return lower;
  if (lower === 'urlencoded') return 'application/x-www-form-urlencoded';
  if (lower === 'multipart') return 'multipart/*';
  const found = loadMimeTypes().lookup(lower);
  return found === false ? undefined : found;
}

function split(mediaType: string): [string, string] {
  const slash = mediaType.indexOf('/');
  return slash === -1 ? [mediaType, ''] : [mediaType.slice(0, slash), mediaType.slice(slash + 1)];
}

/**
 * Whether a lower-case `type/subtype` is JSON as kitjs reads it: `application/json` or `application/*+json`.
 * `json()` parses exactly these, and `req.is('json')` names exactly these.
 *
 * @example
 * ```ts
 * isJsonMediaType('application/json-patch+json'); // true
 * isJsonMediaType('text/json'); // false
 * ```
 */
export function isJsonMediaType(type: string): boolean {
  return type === 'application/json' || (type.startsWith('application/') && type.endsWith('+json'));
}
