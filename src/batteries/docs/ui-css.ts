/** Moves the `data:` images out of swagger-ui's stylesheet into files, so a CSP of `img-src 'self'` allows them. */
import { loadMimeTypes } from '../../base/optional-package.js';

/** An image taken out of the stylesheet, served at `img/<name>` beside it. */
export interface ExtractedImage {
  name: string;
  type: string;
  body: Buffer;
}

// url("data:..."), url('data:...') or url(data:...): the quoted forms may hold escaped quotes.
// The grammar, as the regex this replaced wrote it:
//   url\(\s*(?:"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'|(data:[^)\s]*))\s*\)   (global)
// Scanned by hand: that regex, searching globally, rescanned the rest of the text from every `url(` whose
// quote is never closed (quadratic). Here every "where does this run end" is computed once per position.

/** One `url(...)` of the stylesheet: its extent, and the double-quoted, single-quoted or bare text inside. */
interface UrlMatch {
  start: number;
  end: number;
  dq?: string;
  sq?: string;
  bare?: string;
}

/** What `.` does not match, so a backslash before one escapes nothing and ends the quoted form unmatched. */
const LINE_TERMINATORS = new Set(['\n', '\r', '\u2028', '\u2029']);

/** Every `url(...)` of `css` that the grammar above matches, left to right as a global search finds them. */
function findUrls(css: string): UrlMatch[] {
  const n = css.length;
  // afterSpace[i]: the first index >= i that is not whitespace (\s). bareEnd[i]: the first index >= i that is
  // `)` or whitespace. dqEnd[i] / sqEnd[i]: the index of the `"` / `'` that closes a string whose text starts at
  // i, stepping over backslash escapes, or -1 when none does. All four are filled right to left in one pass.
  const afterSpace = new Int32Array(n + 1);
  const bareEnd = new Int32Array(n + 1);
  const dqEnd = new Int32Array(n + 2).fill(-1);
  const sqEnd = new Int32Array(n + 2).fill(-1);
  afterSpace[n] = n;
  bareEnd[n] = n;
  for (let i = n - 1; i >= 0; i--) {
    const ch = css[i]!;
    const space = /\s/.test(ch);
    afterSpace[i] = space ? afterSpace[i + 1]! : i;
    bareEnd[i] = space || ch === ')' ? i : bareEnd[i + 1]!;
    if (ch === '\\') {
      const escapes = i + 1 < n && !LINE_TERMINATORS.has(css[i + 1]!);
      dqEnd[i] = escapes ? dqEnd[i + 2]! : -1;
      sqEnd[i] = escapes ? sqEnd[i + 2]! : -1;
    } else {
      dqEnd[i] = ch === '"' ? i : dqEnd[i + 1]!;
      sqEnd[i] = ch === "'" ? i : sqEnd[i + 1]!;
    }
  }
  /** The index just past the `)` that closes a url( whose value ends at `at` (spaces may come first), or -1. */
  const closed = (at: number): number => {
    const paren = afterSpace[at]!;
    return css[paren] === ')' ? paren + 1 : -1;
  };

  const matches: UrlMatch[] = [];
  let from = 0;
  for (;;) {
    const start = css.indexOf('url(', from);
    if (start === -1) break;
    const value = afterSpace[start + 4]!;
    const opening = css[value];
    let match: UrlMatch | undefined;
    if (opening === '"' || opening === "'") {
      const quote = (opening === '"' ? dqEnd : sqEnd)[value + 1]!;
      const end = quote === -1 ? -1 : closed(quote + 1);
      if (end !== -1) {
        const text = css.slice(value + 1, quote);
        match = opening === '"' ? { start, end, dq: text } : { start, end, sq: text };
      }
    } else if (css.startsWith('data:', value)) {
      const stop = bareEnd[value + 5]!;
      const end = closed(stop);
      if (end !== -1) match = { start, end, bare: css.slice(value, stop) };
    }
    if (match === undefined) {
      from = start + 1;
    } else {
      matches.push(match);
      from = match.end;
    }
  }
  return matches;
}

/** Undoes CSS string escapes (`\"`, `\\`, `\41 `). */
function cssUnescape(text: string): string {
  return text.replace(
    /\\(?:([0-9a-fA-F]{1,6})\s?|([\s\S]))/g,
    (_, hex: string | undefined, ch: string | undefined) =>
      hex ? String.fromCodePoint(Number.parseInt(hex, 16)) : (ch ?? ''),
  );
}

/** Decodes a `data:` URL into its media type and bytes; undefined when it is not one. */
function decodeDataUrl(url: string): { type: string; body: Buffer } | undefined {
  const match = /^data:([^,]*),(.*)$/s.exec(url);
  if (!match) return undefined;
  const params = match[1]!.split(';').map((p) => p.trim());
  const isBase64 = params.includes('base64');
  const type = params[0] || 'text/plain';
  const payload = match[2]!;
  if (isBase64) return { type, body: Buffer.from(payload, 'base64') };
  const bytes = payload.replace(/%([0-9a-fA-F]{2})/g, (_, hex: string) =>
    String.fromCharCode(Number.parseInt(hex, 16)),
  );
  return { type, body: Buffer.from(bytes, 'latin1') };
}

/**
 * Rewrites every `url(data:...)` of `css` to `url("img/<n>.<ext>")` and returns the images, so the
 * stylesheet needs nothing but same-origin files (DOCS-018, DOCS-019). Identical images share one file.
 *
 * @example
 * ```ts
 * const { css, images } = extractDataImages('a{background:url("data:image/svg+xml,<svg/>")}');
 * // css: 'a{background:url("img/0.svg")}', images: [{ name: '0.svg', type: 'image/svg+xml', body: <svg/> }]
 * ```
 */
export function extractDataImages(css: string): { css: string; images: ExtractedImage[] } {
  const images: ExtractedImage[] = [];
  const byUrl = new Map<string, string>();
  const rewrite = (
    whole: string,
    dq: string | undefined,
    sq: string | undefined,
    bare: string | undefined,
  ): string => {
    const url = bare ?? cssUnescape(dq ?? sq ?? '');
    if (!url.startsWith('data:')) return whole;
    let name = byUrl.get(url);
    if (name === undefined) {
      const decoded = decodeDataUrl(url);
      if (!decoded) return whole;
      name = `${images.length}.${loadMimeTypes().extension(decoded.type) || 'bin'}`;
      byUrl.set(url, name);
      images.push({ name, ...decoded });
    }
    return `url("img/${name}")`;
  };
  let rewritten = '';
  let copied = 0;
  for (const { start, end, dq, sq, bare } of findUrls(css)) {
    rewritten += css.slice(copied, start) + rewrite(css.slice(start, end), dq, sq, bare);
    copied = end;
  }
  rewritten += css.slice(copied);
  return { css: rewritten, images };
}
