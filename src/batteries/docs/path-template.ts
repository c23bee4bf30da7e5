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

/** One path parameter of a route's pattern, as {@link routeTemplate} writes it. */
export interface TemplateParam {
  /** The name in `req.params`: the `:name`, or `0`, `1`... for each `*` in order. */
  name: string;
  /** `:name?`: the route also answers without it. */
  optional: boolean;
  /** `*`: any rest of the path, slashes included. */
  wildcard: boolean;
}

const NAME_START = /[A-Za-z_$]/;
const NAME_PART = /[\w$]/;

/**
 * A route's pattern written as an OpenAPI path template, with its parameters (DOCS-028): `:name` and `:name?`
 * become `{name}` (a `(regex)` after the name is left out), each `*` becomes `{0}`, `{1}`... (the names
 * `req.params` gives them). A RegExp route, listed by `app.routes()` as its source text (`/^\/files/i`), has no
 * template: `undefined`.
 *
 * @example
 * ```ts
 * routeTemplate('/users/:id?/files/*');
 * // { template: '/users/{id}/files/{0}', params: [{ name: 'id', optional: true, wildcard: false },
 * //   { name: '0', optional: false, wildcard: true }] }
 * ```
 */
export function routeTemplate(path: string): { template: string; params: TemplateParam[] } | undefined {
  // `^`, `$` and an escaped slash belong to a RegExp's text, never to a string pattern.
  if (!path.startsWith('/') || /[\^$]|\\\//.test(path)) return undefined;
  const params: TemplateParam[] = [];
  let template = '';
  let stars = 0;
  let i = 0;
  while (i < path.length) {
    const c = path[i] as string;
    if (c === ':' && NAME_START.test(path[i + 1] ?? '')) {
      let end = i + 2;
      while (end < path.length && NAME_PART.test(path[end] as string)) end++;
      const name = path.slice(i + 1, end);
      if (path[end] === '(') end = afterGroup(path, end);
      const optional = path[end] === '?';
      if (optional) end++;
      params.push({ name, optional, wildcard: false });
      template += `{${name}}`;
      i = end;
    } else if (c === '*') {
      const name = String(stars++);
      params.push({ name, optional: false, wildcard: true });
      template += `{${name}}`;
      i++;
    } else {
      template += c;
      i++;
    }
  }
  return { template, params };
}

/** The index after the `)` closing the `(` at `open`, nested groups and escapes counted. */
function afterGroup(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const c = text[i];
    if (c === '\\') i++;
    else if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return i + 1;
  }
  return text.length;
}
