/** Checks a path given to res.sendFile / res.download and turns it into the one absolute file it may name. */
import { isAbsolute, join, resolve } from 'node:path';

/** Where a sendFile path leads: a file to hand to `send`, or a refusal with its status. */
export type FilePathResolution =
  | {
      kind: 'file';
      /** The absolute file-system path; inside `root` when a root was given. */
      absolute: string;
      /** The same path percent-encoded segment by segment, for `send`, which decodes it once. */
      sendPath: string;
      /** Some segment (below `root`, or anywhere without one) starts with a dot. */
      dotfile: boolean;
    }
  | { kind: 'refuse'; status: 400 | 403; reason: string };

const SEPARATOR = /[/\\]/;

/**
 * Resolves `path` (a file-system path, never percent-decoded) against the absolute `root`, or on its own
 * when `root` is undefined (XFILE-003). The caller has already checked that `path` is a non-empty string,
 * absolute unless a root is given.
 *
 * - a NUL byte or a lone surrogate → refuse 400: no file name holds one, and they are the usual tools for
 *   cutting a path short;
 * - a `..` segment anywhere (split on `/` and `\`) → refuse 403: with a root it could leave it, without one
 *   it is a path built from client input that `send` refuses too;
 * - empty and `.` segments are skipped, so `root` + path is always inside `root`.
 *
 * Percent signs are ordinary characters here (`%2e%2e` names a file called `%2e%2e`): the path is
 * re-encoded for `send`, which decodes it exactly once.
 *
 * @example
 * ```ts
 * resolveFilePath('a/b.txt', '/srv/files'); // { kind: 'file', absolute: '/srv/files/a/b.txt', ... }
 * resolveFilePath('../etc/passwd', '/srv/files'); // { kind: 'refuse', status: 403, ... }
 * ```
 */
export function resolveFilePath(path: string, root: string | undefined): FilePathResolution {
  if (path.includes('\0')) return { kind: 'refuse', status: 400, reason: 'NUL byte' };
  const segments: string[] = [];
  let dotfile = false;
  for (const segment of path.split(SEPARATOR)) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') return { kind: 'refuse', status: 403, reason: 'dot-dot segment' };
    if (segment.startsWith('.')) dotfile = true;
    segments.push(segment);
  }
  // Without a root, the dots of the whole path count, as in Express (send looks at every segment).
  if (root === undefined && !isAbsolute(path)) return { kind: 'refuse', status: 400, reason: 'not absolute' };
  const base = root === undefined ? '/' : resolve(root);
  const absolute = join(base, ...segments);
  let sendPath: string;
  try {
    sendPath = absolute
      .split(SEPARATOR)
      .map((part) => encodeURIComponent(part))
      .join('/');
  } catch {
    // encodeURIComponent throws on a lone surrogate, which names no file.
    return { kind: 'refuse', status: 400, reason: 'lone surrogate' };
  }
  return { kind: 'file', absolute, sendPath, dotfile };
}
