/** Splits the text after a tag's name into its description and the `- format`, `- enum:`, `- default:`, `- json:` and media-type segments. */

/** Formats recognised as a ` - <format>` segment; anything else stays part of the description. */
export const KNOWN_FORMATS: ReadonlySet<string> = new Set([
  'int32',
  'int64',
  'float',
  'double',
  'byte',
  'binary',
  'date',
  'date-time',
  'time',
  'duration',
  'password',
  'email',
  'idn-email',
  'uuid',
  'uri',
  'uri-reference',
  'url',
  'hostname',
  'ipv4',
  'ipv6',
  'regex',
]);

// Only registered top-level types count, so a lone "and/or" segment stays text.
const MEDIA_TYPE = /^(?:application|text|image|audio|video|multipart|font|model|message|\*)\/[\w.+*-]+$/i;

/** The pieces of a tag's trailing text. */
export interface Described {
  /** The prose, with any ` - ` that is not a recognised segment kept as text. */
  description: string;
  format?: string;
  enumValues?: string[];
  defaultValue?: string;
  /** Raw text after `json:`; the caller parses it so it can warn with a line number. */
  json?: string;
  mediaType?: string;
}

/**
 * Reads `text` (a tag's description, with or without its leading `- `). Segments are separated by ` - `.
 * The first plain segment is always prose; after it, the recognised ones are peeled off wherever they sit
 * (`enum:`, `default:` and `json:` anywhere) and the others are joined back with ` - `, so a dash inside
 * a sentence is never mistaken for a separator (DOCS-007).
 *
 * @example
 * ```ts
 * describe('- The year - int64 - enum:2020,2021');
 * // { description: 'The year', format: 'int64', enumValues: ['2020', '2021'] }
 * ```
 */
export function describe(text: string, options: { mediaTypes?: boolean } = {}): Described {
  const trimmed = text.replace(/^\s*-(?:\s+|$)/, '').trim();
  const result: Described = { description: '' };
  if (trimmed === '') return result;
  const kept: string[] = [];
  for (const raw of splitOnDashes(trimmed)) {
    const segment = raw.trim();
    if (/^enum:/i.test(segment)) {
      result.enumValues = segment
        .slice(5)
        .split(',')
        .map((value) => value.trim())
        .filter((value) => value !== '');
    } else if (/^default:/i.test(segment)) {
      result.defaultValue = segment.slice(8).trim();
    } else if (/^json:/i.test(segment)) {
      result.json = segment.slice(5).trim();
    } else if (kept.length === 0) {
      // The first plain segment is always prose, so "- password" describes rather than formats.
      kept.push(segment);
    } else if (result.format === undefined && KNOWN_FORMATS.has(segment)) {
      result.format = segment;
    } else if (options.mediaTypes && result.mediaType === undefined && MEDIA_TYPE.test(segment)) {
      result.mediaType = segment.toLowerCase();
    } else {
      kept.push(segment);
    }
  }
  result.description = kept.join(' - ');
  return result;
}

const SPACE = /\s/;

/**
 * Splits `text` at each ` - ` separator: a run of white space, a dash, a run of white space. A scan
 * rather than a regular expression, so its cost is linear by construction (HARD-008): no backtracking
 * over long runs of spaces, and no checker verdict that depends on a fuzzer's luck.
 */
function splitOnDashes(text: string): string[] {
  const parts: string[] = [];
  let start = 0;
  let at = 0;
  while (at < text.length) {
    if (!SPACE.test(text.charAt(at))) {
      at++;
      continue;
    }
    let dash = at;
    while (dash < text.length && SPACE.test(text.charAt(dash))) dash++;
    const after = dash + 1;
    if (text.charAt(dash) === '-' && after < text.length && SPACE.test(text.charAt(after))) {
      let next = after;
      while (next < text.length && SPACE.test(text.charAt(next))) next++;
      parts.push(text.slice(start, at));
      start = next;
      at = next;
    } else {
      at = dash;
    }
  }
  parts.push(text.slice(start));
  return parts;
}
