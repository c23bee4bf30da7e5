/** Where kitjs itself lives, in both of its builds: for resolving files and optional packages next to it, and for telling its stack frames from the application's. */

/**
 * This module's location: `import.meta.url` in the ESM build and under tsx; `__filename` in the CommonJS
 * build, where esbuild empties `import.meta`. `import.meta.url` is asked first because `node -e` defines a
 * global `__filename` of `'[eval]'` that an ES module would otherwise pick up.
 */
export function moduleLocation(): string {
  const url = (import.meta as { url?: string }).url;
  return url ? url : __filename;
}

/**
 * The `file:line` of the application code that called kitjs (XROUTE-017 names where a route was registered):
 * the first frame of the stack that is not kitjs's own (found under the folder of this module's build, src/
 * or dist/). ROUTE-022 names where a path kitjs's syntax refuses was registered the same way.
 */
export function callerLocation(): string {
  const here = moduleLocation().replace(/^file:\/\//, '');
  // dist/ holds the build's files side by side; in src/ this module sits in base/, beside core/ and the rest.
  const folder = here.slice(0, here.lastIndexOf('/') + 1).replace(/\/base\/$/, '/');
  // The package ships src/ beside dist/ for its source maps: under --enable-source-maps a frame of the
  // build reads as its source file, which is kitjs's own too.
  const own = [folder, folder.replace(/\/dist\/$/, '/src/')];
  const limit = Error.stackTraceLimit;
  // Registration runs through a few frames of kitjs (router, index, compiler) before this one.
  Error.stackTraceLimit = 40;
  const stack = new Error().stack?.split('\n').slice(1) ?? [];
  Error.stackTraceLimit = limit;
  for (const frame of stack) {
    // `at fn (/app/routes.js:12:5)`, `at /app/routes.js:12:5`, `at eval (eval at f (/app/x.js:3:1), ...)`:
    // the first `/path:line:column` of the frame is where it runs.
    for (const token of frame.split(/[\s(),]+/)) {
      const place = token.replace(/^file:\/\//, '');
      const column = place.lastIndexOf(':');
      const line = place.lastIndexOf(':', column - 1);
      if (!place.startsWith('/') || line <= 0 || !/^\d+$/.test(place.slice(line + 1, column))) continue;
      const file = place.slice(0, line);
      if (!own.some((prefix) => file.startsWith(prefix))) return `${file}:${place.slice(line + 1, column)}`;
      break;
    }
  }
  return 'unknown location';
}
