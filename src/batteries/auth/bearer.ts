/** Reads an `Authorization` header as RFC 6750 bearer credentials, without regular expressions. */

/** What an `Authorization` header holds, as far as bearer authentication is concerned. */
export type BearerCredentials =
  | { kind: 'missing' }
  | { kind: 'other-scheme'; scheme: string }
  | { kind: 'malformed' }
  | { kind: 'token'; token: string };

function isSpace(ch: string): boolean {
  return ch === ' ' || ch === '\t';
}

/**
 * Splits an `Authorization` header into scheme and token. The scheme is matched case-insensitively
 * (RFC 7235); spaces or tabs may separate it from the token and surround the whole value. `Bearer` with
 * no token, or with more than one word after it, is `malformed`; anything but a string is `missing`
 * (AUTH-010, AUTH-011).
 *
 * @example
 * ```ts
 * parseBearer('bearer abc.def.ghi'); // { kind: 'token', token: 'abc.def.ghi' }
 * parseBearer('Basic dXNlcjpwdw=='); // { kind: 'other-scheme', scheme: 'Basic' }
 * ```
 */
export function parseBearer(header: unknown): BearerCredentials {
  if (typeof header !== 'string') return { kind: 'missing' };
  let start = 0;
  let end = header.length;
  while (start < end && isSpace(header[start]!)) start++;
  while (end > start && isSpace(header[end - 1]!)) end--;
  if (start === end) return { kind: 'missing' };
  let schemeEnd = start;
  while (schemeEnd < end && !isSpace(header[schemeEnd]!)) schemeEnd++;
  const scheme = header.slice(start, schemeEnd);
  if (scheme.toLowerCase() !== 'bearer') return { kind: 'other-scheme', scheme };
  let tokenStart = schemeEnd;
  while (tokenStart < end && isSpace(header[tokenStart]!)) tokenStart++;
  const token = header.slice(tokenStart, end);
  if (token.length === 0) return { kind: 'malformed' };
  for (const ch of token) if (isSpace(ch)) return { kind: 'malformed' };
  return { kind: 'token', token };
}
