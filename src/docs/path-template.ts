/** The `{name}` parameters of an OpenAPI path template, found without a regular expression. */

/** One `{...}` of a template: where it starts and ends (exclusive) and the text between the braces. */
export interface BracedSpan {
  start: number;
  end: number;
  inner: string;
}

/**
 * Every `{...}` of `text`, left to right: a `{`, at least one character, and the first `}` after it (the inner
 * text may hold a `{`). The same spans a global `\{[^}]+\}` search finds, but string code: with a `{` that is
 * never closed that regex rescanned the rest of the text from every later `{`, which is quadratic.
 *
 * @example
 * ```ts
 * bracedSpans('/a/{x}/b/{y}'); // [{ start: 3, end: 6, inner: 'x' }, { start: 9, end: 12, inner: 'y' }]
 * ```
 */
export function bracedSpans(text: string): BracedSpan[] {
  const spans: BracedSpan[] = [];
  let from = 0;
  for (;;) {
    const start = text.indexOf('{', from);
    if (start === -1) break;
    const close = text.indexOf('}', start + 1);
    // No `}` after this `{` means none after any later `{` either.
    if (close === -1) break;
    if (close === start + 1) {
      // `{}` is not a parameter; the search goes on after the `{`.
      from = close;
      continue;
    }
    spans.push({ start, end: close + 1, inner: text.slice(start + 1, close) });
    from = close + 1;
  }
  return spans;
}

/**
 * `text` with every `{...}` that {@link bracedSpans} finds replaced by what `replace` returns for its inner text.
 *
 * @example
 * ```ts
 * replaceBraced('/a/{x}', (name) => `:${name}`); // '/a/:x'
 * ```
 */
export function replaceBraced(text: string, replace: (inner: string) => string): string {
  let out = '';
  let copied = 0;
  for (const span of bracedSpans(text)) {
    out += text.slice(copied, span.start) + replace(span.inner);
    copied = span.end;
  }
  return out + text.slice(copied);
}
