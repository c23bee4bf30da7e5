/** Finds the annotated files a `filesPattern` names (by default, the code the app runs), never looking inside node_modules. */
import { readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { moduleLocation } from '../../base/module-location.js';
import { lazyDependency } from '../../base/optional-package.js';
import type { SourceText } from './build-document.js';
import type { DocsWarning } from './types.js';

/**
 * The patterns used when `filesPattern` is not given and the app does not run from a build folder (DOCS-021):
 * every JavaScript and TypeScript module kind, so an ESM (`.mjs`) or TypeScript project is documented without
 * configuration; never declaration files or build output, which would repeat what the sources already say.
 */
export const DEFAULT_FILES_PATTERN: readonly string[] = [
  './**/*.{js,mjs,cjs,ts,mts,cts}',
  '!**/*.d.{ts,mts,cts}',
  '!**/{dist,build,coverage}/**',
];

// Loaded when setupSwagger first looks for files, not when kitjs or kitjs/docs is imported (issue 47).
const loadGlob = lazyDependency<typeof import('tinyglobby')>('tinyglobby');

/** The build-output folders an app may run from (DOCS-021); `coverage`, also skipped, runs nothing. */
const BUILD_FOLDERS = new Set(['dist', 'build']);

/**
 * DOCS-021: the patterns used when `filesPattern` is not given. When the app's entry module (`entry`,
 * `process.argv[1]`) is a JavaScript file inside a build folder (`dist/`, `build/`; the one nearest the file)
 * at or below `baseDir`, the app runs compiled: the JavaScript files of that folder are what runs, so they are
 * read (and the TypeScript sources, which would document every operation twice, are not). Otherwise
 * {@link DEFAULT_FILES_PATTERN}. An entry inside node_modules (a test runner, a CLI) or inside kitjs's own
 * folder says nothing of the app, and a `build` folder above `baseDir` (a checkout under `/srv/build/`) is not
 * the app's.
 *
 * @example
 * ```ts
 * defaultFilesPattern('/srv/app', '/srv/app/dist/server.js'); // ['./dist/**\/*.{js,mjs,cjs}']
 * defaultFilesPattern('/srv/app', '/srv/app/src/server.ts');  // DEFAULT_FILES_PATTERN
 * ```
 */
export function defaultFilesPattern(
  baseDir: string,
  entry: string | undefined = process.argv[1],
): readonly string[] {
  // Both real paths: the entry's is (Node runs it from there), and /tmp may be a link (macOS).
  const base = realPath(baseDir) ?? path.resolve(baseDir);
  const folder = buildFolderOf(entry, base);
  if (folder === undefined) return DEFAULT_FILES_PATTERN;
  const relative = path.relative(base, folder);
  const root = relative === '' ? '.' : `./${loadGlob().convertPathToPattern(relative)}`;
  return [`${root}/**/*.{js,mjs,cjs}`];
}

/** The build folder below `baseDir` the entry module runs from, if it is a JavaScript file in one. */
function buildFolderOf(entry: string | undefined, baseDir: string): string | undefined {
  if (entry === undefined || entry === '') return undefined;
  // Node runs the main module from its real path: a linked bin (`/usr/local/bin/app`) names the build.
  const file = realPath(entry);
  if (file === undefined || !/\.[cm]?js$/.test(file)) return undefined;
  const parts = file.split(path.sep);
  if (parts.includes('node_modules')) return undefined;
  let folder: string | undefined;
  for (let at = parts.length - 2; at > 0 && folder === undefined; at--) {
    const candidate = parts.slice(0, at + 1).join(path.sep);
    if (BUILD_FOLDERS.has(parts[at]!) && isWithin(candidate, baseDir)) folder = candidate;
  }
  if (folder === undefined) return undefined;
  // kitjs's own dist/ (a script of kitjs run directly) is not the app's code.
  const own = kitFolder();
  return own !== undefined && isWithin(own, folder) ? undefined : folder;
}

/** The real path of `file`, or undefined when it does not exist. */
function realPath(file: string): string | undefined {
  try {
    return realpathSync(file);
  } catch {
    return undefined;
  }
}

/** Whether `inner` is `outer` or a path below it. */
function isWithin(inner: string, outer: string): boolean {
  const relative = path.relative(outer, inner);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

/** The folder of kitjs's own running files (its dist/, or src/base/ under tsx). */
function kitFolder(): string | undefined {
  const location = moduleLocation();
  const file = realPath(location.startsWith('file:') ? fileURLToPath(location) : location);
  return file === undefined ? undefined : path.dirname(file);
}

/**
 * The positive patterns of `patterns` that find no file under `baseDir` (the `!` ones only take files away):
 * DOCS-021 reports each, since a pattern that finds nothing is almost always a mistake. `found` is what all of
 * them found together, which answers for a single pattern without another walk of the disk.
 *
 * @example
 * ```ts
 * emptyPatterns(['./routes/*.js', './lib/*.js'], '/app', files); // ['./lib/*.js'] when lib/ has no .js file
 * ```
 */
export function emptyPatterns(
  patterns: string | readonly string[],
  baseDir: string,
  found: readonly string[],
): string[] {
  const list = typeof patterns === 'string' ? [patterns] : [...patterns];
  const negated = list.filter((p) => p.startsWith('!'));
  const positive = list.filter((p) => !p.startsWith('!'));
  if (found.length === 0) return positive;
  if (positive.length === 1) return [];
  return positive.filter((p) => findAnnotatedFiles([p, ...negated], baseDir).length === 0);
}

/** Rewrites a pattern that leaves `baseDir` (`../x/*.js`) as an absolute one, which the glob library accepts. */
function normalisePattern(pattern: string, baseDir: string): string {
  const negated = pattern.startsWith('!');
  const body = negated ? pattern.slice(1) : pattern;
  if (!body.startsWith('..')) return pattern;
  const absolute = `${loadGlob().convertPathToPattern(path.resolve(baseDir))}/${body}`;
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
  const { globSync } = loadGlob();
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
