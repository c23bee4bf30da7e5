/** The flat form parser behind `urlencoded({ extended: false })`: `a=1&a=2&b[c]=3` → `{ a: ['1','2'], 'b[c]': '3' }`. */
import type { BodyDecoding } from './charset.js';

/** A flat form: each name once, a repeated name collecting its values in order. */
export type FlatForm = Record<string, string | string[]>;

const PERCENT_BYTE = /%([0-9a-fA-F]{2})/g;

/**
 * Parses `application/x-www-form-urlencoded` text without nesting (BODY-014). The result is a plain object,
 * and a name that Object.prototype already has (`__proto__`, `constructor`, `toString`...) is dropped, the
 * same rule `qs` applies for `extended: true`, so no form can shadow or reach a prototype member (BODY-015).
 *
 * @example
 * ```ts
 * parseFlatForm('name=Ada+Lovelace&tag=a&tag=b', 'utf8'); // { name: 'Ada Lovelace', tag: ['a', 'b'] }
 * ```
 */
export function parseFlatForm(text: string, decoding: BodyDecoding): FlatForm {
  const form: FlatForm = {};
  for (const pair of text.split('&')) {
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    const name = decode(eq === -1 ? pair : pair.slice(0, eq), decoding);
    if (name === '' || name in Object.prototype) continue;
    const value = eq === -1 ? '' : decode(pair.slice(eq + 1), decoding);
    const previous = form[name];
    if (previous === undefined) form[name] = value;
    else if (typeof previous === 'string') form[name] = [previous, value];
    else previous.push(value);
  }
  return form;
}

function decode(raw: string, decoding: BodyDecoding): string {
  const text = raw.includes('+') ? raw.replaceAll('+', ' ') : raw;
  if (!text.includes('%')) return text;
  if (decoding === 'latin1') {
    return text.replace(PERCENT_BYTE, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  }
  try {
    return decodeURIComponent(text);
  } catch {
    // A stray '%' or a broken UTF-8 sequence: keep the text as sent, as qs does, instead of failing.
    return text;
  }
}
