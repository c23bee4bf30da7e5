/** Finds the annotated files a `filesPattern` names, never looking inside node_modules. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { convertPathToPattern, globSync } from 'tinyglobby';
import type { SourceText } from './build-document.js';
import type { DocsWarning } from './types.js';

/**
 * The patterns used when `filesPattern` is not given (DOCS-021): every JavaScript and TypeScript module
 * kind, so an ESM (`.mjs`) or TypeScript project is documented without configuration; never declaration
 * files or build output, which would repeat what the sources already say.
 */
export const DEFAULT_FILES_PATTERN: readonly string[] = [
  './**/*.{js,mjs,cjs,ts,mts,cts}',
  '!**/*.d.{ts,mts,cts}',
  '!**/{dist,build,coverage}/**',
];

/** Rewrites a pattern that leaves `baseDir` (`../x/*.js`) as an absolute one, which the glob library accepts. */
function normalisePattern(pattern: string, baseDir: string): string {
  const negated = pattern.startsWith('!');
  const body = negated ? pattern.slice(1) : pattern;
  if (!body.startsWith('..')) return pattern;
  const absolute = `${convertPathToPattern(path.resolve(baseDir))}/${body}`;
  return negated ? `!${absolute}` : absolute;
}

/**
 * The absolute paths of the files matching `patterns` under `baseDir`, sorted so documents are built in
 * the same order on every machine. Symbolic links are not followed, so a link cannot pull in
 * node_modules either (DOCS-002).
 *
 * @example
 * ```ts
 * findAnnotatedFiles('./routes/**\/*.js', process.cwd()); // ['/app/routes/users.js', ...]
 * ```
 */
export function findAnnotatedFiles(patterns: string | readonly string[], baseDir: string): string[] {
  const list = (typeof patterns === 'string' ? [patterns] : [...patterns]).map((p) =>
    normalisePattern(p, baseDir),
  );
  return globSync(list, {
    cwd: baseDir,
    absolute: true,
    onlyFiles: true,
    followSymbolicLinks: false,
    ignore: ['**/node_modules/**'],
  }).sort();
}

/**
 * Reads the files; one that cannot be read becomes a warning instead of an exception (DOCS-002, DOCS-015).
 *
 * @example
 * ```ts
 * const warnings: DocsWarning[] = [];
 * readSources(['/app/routes/users.js'], '/app', warnings); // [{ file: 'routes/users.js', text: '...' }]
 * ```
 */
export function readSources(
  files: readonly string[],
  baseDir: string,
  warnings: DocsWarning[],
): SourceText[] {
  const sources: SourceText[] = [];
  for (const file of files) {
    const shown = path.relative(baseDir, file) || file;
    try {
      sources.push({ file: shown, text: readFileSync(file, 'utf8') });
    } catch (err) {
      warnings.push({ file: shown, line: 0, message: `could not be read: ${(err as Error).message}` });
    }
  }
  return sources;
}
