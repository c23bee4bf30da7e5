/** Maps a Content-Type charset label to the Buffer decoding a body parser uses, or refuses it. */
import type { MediaType } from '../../../base/media-type.js';

/** The decodings a body parser can apply to its bytes. */
export type BodyDecoding = 'utf8' | 'latin1';

/**
 * Turns a body in some other charset into text. A flavour's dialect may supply these for charsets kitjs's
 * own tables do not hold (kitjs/express decodes what body-parser decodes: EXP-013).
 *
 * @example
 * ```ts
 * const fromKoi8: Transcoder = (bytes) => iconv.decode(bytes, 'koi8-r');
 * ```
 */
export type Transcoder = (bytes: Buffer) => string;

/**
 * The decoder a dialect has for a lower-case charset label, or `undefined` when it has none (then the
 * request is a 415, BODY-010).
 *
 * @example
 * ```ts
 * const utf16Only: ForeignCharsets = (label) => (label === 'utf-16' ? (bytes) => decodeUtf16(bytes) : undefined);
 * ```
 */
export type ForeignCharsets = (label: string) => Transcoder | undefined;

/**
 * UTF-8 and its ASCII subset: what JSON may be sent in (RFC 8259 section 8.1).
 *
 * @example
 * ```ts
 * UTF8_ONLY.get('utf-8'); // 'utf8'
 * ```
 */
export const UTF8_ONLY: ReadonlyMap<string, BodyDecoding> = new Map([
  ['utf-8', 'utf8'],
  ['utf8', 'utf8'],
  ['us-ascii', 'utf8'],
]);

/**
 * UTF-8 plus ISO-8859-1, which old browsers still send form data in.
 *
 * @example
 * ```ts
 * UTF8_OR_LATIN1.get('iso-8859-1'); // 'latin1'
 * ```
 */
export const UTF8_OR_LATIN1: ReadonlyMap<string, BodyDecoding> = new Map([
  ...UTF8_ONLY,
  ['iso-8859-1', 'latin1'],
  ['latin1', 'latin1'],
]);

/**
 * The decoding for a request's charset parameter: UTF-8 when it has none, `undefined` when the label
 * is not in `allowed` (the caller answers 415 rather than guess and corrupt the text): BODY-010.
 *
 * @example
 * ```ts
 * decodingOf({ type: 'application/json', parameters: { charset: 'UTF-8' } }, UTF8_ONLY); // 'utf8'
 * decodingOf({ type: 'application/json', parameters: { charset: 'utf-16' } }, UTF8_ONLY); // undefined
 * ```
 */
export function decodingOf(
  media: MediaType,
  allowed: ReadonlyMap<string, BodyDecoding>,
): BodyDecoding | undefined {
  const label = media.parameters.charset;
  if (label === undefined) return 'utf8';
  return allowed.get(label.toLowerCase());
}
