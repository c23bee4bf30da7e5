/** Where kitjs itself lives, in both of its builds, for resolving files and optional packages next to it. */

/**
 * This module's location: `import.meta.url` in the ESM build and under tsx; `__filename` in the CommonJS
 * build, where esbuild empties `import.meta`. `import.meta.url` is asked first because `node -e` defines a
 * global `__filename` of `'[eval]'` that an ES module would otherwise pick up.
 */
export function moduleLocation(): string {
  const url = (import.meta as { url?: string }).url;
  return url ? url : __filename;
}
