/** The document's default `info`: the name, version and description of the application's package.json. */
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** What the document's `info` starts from when the options leave a part out (DOCS-029). */
export interface DefaultInfo {
  title: string;
  version: string;
  description?: string;
}

/** Used when no package.json is found, or it does not say. */
export const FALLBACK_INFO: DefaultInfo = { title: 'API', version: '0.0.0' };

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value : undefined;

/**
 * The nearest `package.json` at or above `dir` (the options' `baseDir`, by default the working directory),
 * read as `{ title: name, version, description }` (DOCS-029). A part it lacks, or a file that is not a JSON
 * object, falls back to `'API'` and `'0.0.0'` (no description); the search stops at the first package.json,
 * so a nested package never borrows its parent's name.
 *
 * @example
 * ```ts
 * packageInfo('/srv/users-api'); // { title: 'users-api', version: '2.1.0', description: 'Users.' }
 * ```
 */
export function packageInfo(dir: string): DefaultInfo & { file?: string } {
  for (let current = path.resolve(dir); ; ) {
    const file = path.join(current, 'package.json');
    let source: string | undefined;
    try {
      source = readFileSync(file, 'utf8');
    } catch {
      // None here (or unreadable): look one folder up.
    }
    if (source !== undefined) {
      let pkg: Record<string, unknown> = {};
      try {
        const parsed: unknown = JSON.parse(source);
        if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed))
          pkg = parsed as Record<string, unknown>;
      } catch {
        // A broken package.json is npm's to report; the fallbacks do here.
      }
      const description = text(pkg.description);
      return {
        title: text(pkg.name) ?? FALLBACK_INFO.title,
        version: text(pkg.version) ?? FALLBACK_INFO.version,
        ...(description ? { description } : {}),
        file,
      };
    }
    const parent = path.dirname(current);
    if (parent === current) return { ...FALLBACK_INFO };
    current = parent;
  }
}
