/** The charsets kitjs/express's parsers decode beyond kitjs's own table: those iconv-lite knows, as body-parser 1.x. */

import { lazyDependency } from '../../base/optional-package.js';
import type { ForeignCharsets, Transcoder } from '../../batteries/middleware/body/charset.js';

// Loaded with the first body in a charset kitjs's table does not hold (or a text() defaultCharset outside
// it): most apps never see one, and iconv-lite's tables are not small.
const loadIconv = lazyDependency<typeof import('iconv-lite')>('iconv-lite');

/**
 * EXP-013: `express.text()`'s charsets: any label iconv-lite knows (`koi8-r`, `windows-1251`, `utf-16`...),
 * decoded by iconv-lite itself, which body-parser uses; an unknown label has no decoder (a 415).
 *
 * @example
 * ```ts
 * anyKnownCharset('koi8-r')?.(Buffer.from('cec5d4', 'hex')); // 'нет'
 * anyKnownCharset('no-such-charset'); // undefined
 * ```
 */
export const anyKnownCharset: ForeignCharsets = (label) => {
  const iconv = loadIconv();
  if (!iconv.encodingExists(label)) return undefined;
  const transcode: Transcoder = (bytes) => iconv.decode(bytes, label);
  return transcode;
};

/**
 * EXP-013: `express.json()`'s charsets: the Unicode ones (`utf-16`, `utf-16le`, `utf-32`...) iconv-lite
 * knows, as body-parser reads JSON (RFC 7159 section 8.1); `koi8-r` and the other single-byte charsets stay
 * a 415.
 *
 * @example
 * ```ts
 * unicodeCharset('utf-16'); // a decoder
 * unicodeCharset('koi8-r'); // undefined
 * ```
 */
export const unicodeCharset: ForeignCharsets = (label) =>
  label.startsWith('utf-') ? anyKnownCharset(label) : undefined;
