/** Reads `/** ... *\/` blocks with comment-parser and gives each tag's text back line by line, with line numbers. */
import type { Block, Spec } from 'comment-parser';
import { lazyDependency } from '../../base/optional-package.js';

export type { Block, Spec };

// Loaded when setupSwagger first reads a file, not when kitjs or kitjs/docs is imported (issue 47).
const loadCommentParser = lazyDependency<typeof import('comment-parser')>('comment-parser');

/**
 * Every JSDoc block of a source text. Spacing is preserved so YAML and JSON bodies keep their indentation.
 *
 * @example
 * ```ts
 * readBlocks('/**\n * GET /ping\n *\/')[0].description; // 'GET /ping'
 * ```
 */
export function readBlocks(text: string): Block[] {
  return loadCommentParser().parse(text, { spacing: 'preserve' });
}

/** The 1-based line a tag starts on. */
export function tagLine(spec: Spec): number {
  return (spec.source[0]?.number ?? 0) + 1;
}

/** The 1-based line a block starts on. */
export function blockLine(block: Block): number {
  return (block.source[0]?.number ?? 0) + 1;
}

/** The block's free text (before the first tag), one entry per line, trimmed, empty lines dropped. */
export function blockTextLines(block: Block): Array<{ text: string; line: number }> {
  const out: Array<{ text: string; line: number }> = [];
  for (const line of block.source) {
    if (line.tokens.tag !== '') break;
    const text = line.tokens.description.trim();
    if (text !== '') out.push({ text, line: line.number + 1 });
  }
  return out;
}

/** Everything written after `@tag` on the tag's first line, type and name included, verbatim. */
export function tagHead(spec: Spec): string {
  const t = spec.source[0]?.tokens;
  if (!t) return '';
  return `${t.type}${t.postType}${t.name}${t.postName}${t.description}`.trim();
}

/** The lines that follow the tag's first line (JSON examples, YAML), without the closing `*\/` line. */
export function tagBody(spec: Spec): string[] {
  // comment-parser puts a body line's indentation in postDelimiter; the first space belongs to ` * `.
  const lines = spec.source
    .slice(1)
    .filter((line) => !(line.tokens.end !== '' && line.tokens.description.trim() === ''))
    .map((line) => `${line.tokens.postDelimiter.slice(1)}${line.tokens.description}`);
  while (lines.length > 0 && lines[lines.length - 1]!.trim() === '') lines.pop();
  return lines;
}

/** The whole text of a tag (head and body) as one trimmed string, lines joined with `sep`. */
export function tagText(spec: Spec, sep = ' '): string {
  return [tagHead(spec), ...tagBody(spec).map((line) => line.trim())].filter((s) => s !== '').join(sep);
}
