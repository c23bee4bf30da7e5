/** Reads `@example request - <title>` and `@example response - <status> - <title>` tags and their JSON bodies. */
import { type Spec, tagBody, tagLine } from './comment-blocks.js';
import type { Warn } from './schema-extras.js';

/** One example found in an operation block. */
export interface ExampleEntry {
  kind: 'request' | 'response';
  /** The status a response example belongs to. */
  status?: string;
  summary?: string;
  value: unknown;
  line: number;
}

/**
 * Parses one `@example` tag. The body is parsed as JSON (the peer package kept it as a string); a body
 * that is not JSON is kept as text with a warning, an empty one or an unknown kind is dropped with a warning
 * (DOCS-011).
 *
 * @example
 * ```ts
 * // @example response - 200 - a user
 * // { "id": 1 }
 * parseExample(spec, warn); // { kind: 'response', status: '200', summary: 'a user', value: { id: 1 }, line: 9 }
 * ```
 */
export function parseExample(spec: Spec, warn: Warn): ExampleEntry | undefined {
  const kind = spec.name.toLowerCase();
  if (kind !== 'request' && kind !== 'response') {
    warn('@example must start with "request - <title>" or "response - <status> - <title>"');
    return undefined;
  }
  // Not describe(): a title such as "a date" must not lose a word to the format segment.
  const head = (spec.source[0]?.tokens.description ?? '').replace(/^\s*-(?:\s+|$)/, '').trim();
  // The lookbehind starts a match only where a run of spaces starts, so a long run is not rescanned (no ReDoS).
  const segments = head === '' ? [] : head.split(/(?<!\s)\s+-\s+/);
  const entry: ExampleEntry = { kind, value: undefined, line: tagLine(spec) };
  if (kind === 'response') {
    const status = segments.shift();
    if (!status) {
      warn('@example response needs a status: "response - <status> - <title>"');
      return undefined;
    }
    entry.status = status;
  }
  const summary = segments.join(' - ').trim();
  if (summary !== '') entry.summary = summary;
  const text = tagBody(spec).join('\n').trim();
  if (text === '') {
    warn('@example has no body: write the JSON on the lines after the tag');
    return undefined;
  }
  try {
    entry.value = JSON.parse(text);
  } catch (err) {
    warn(`@example body is not valid JSON (${(err as Error).message}); it is shown as text`);
    entry.value = text;
  }
  return entry;
}

/** Numbers examples `example1`, `example2`... in the order they were written. */
export function examplesObject(
  entries: readonly ExampleEntry[],
): Record<string, { summary?: string; value: unknown }> {
  const out: Record<string, { summary?: string; value: unknown }> = {};
  entries.forEach((entry, i) => {
    out[`example${i + 1}`] =
      entry.summary === undefined ? { value: entry.value } : { summary: entry.summary, value: entry.value };
  });
  return out;
}
