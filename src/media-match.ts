/** Matches a media type against what `req.is()` accepts: short names, wildcards, `+suffix` forms. */
import { lookup } from 'mime-types';

/**
 * Whether `actual` (a lower-case `type/subtype`) matches `wanted`: a full type (`application/json`),
 * a wildcard (`text/*`, `*\/*`), a suffix (`+json`, `application/*+json`) or a short name that
 * mime-types knows (`json`, `html`, `urlencoded`).
 */
export function mediaTypeMatches(actual: string, wanted: string): boolean {
  const normalized = normalize(wanted);
  if (normalized === undefined) return false;
  const [wantType, wantSub] = split(normalized);
  const [type, sub] = split(actual);
  if (wantType !== '*' && wantType !== type) return false;
  if (wantSub === '*') return true;
  if (wantSub.startsWith('*+')) return sub.endsWith(wantSub.slice(1));
  return wantSub === sub;
}

function normalize(wanted: string): string | undefined {
  const lower = wanted.trim().toLowerCase();
  if (lower.startsWith('+')) return `*/*${lower}`;
  if (lower.includes('/')) return lower;
  if (lower === 'urlencoded') return 'application/x-www-form-urlencoded';
  if (lower === 'multipart') return 'multipart/*';
  const found = lookup(lower);
  return found === false ? undefined : found;
}

function split(mediaType: string): [string, string] {
  const slash = mediaType.indexOf('/');
  return slash === -1 ? [mediaType, ''] : [mediaType.slice(0, slash), mediaType.slice(slash + 1)];
}
