/** A child script that imports kitjs's src and reports which of some packages Node has loaded, step by step. */
import { srcUrl } from '../db/helpers.js';

/**
 * The text of an ES module that imports `kit` from src/, defines `loaded()` (which of `packages` are in
 * Node's module cache) and `seen` (starting with `onImport`), then runs `body`, which must record more
 * steps in `seen` and finally print `JSON.stringify(seen)`.
 *
 * @example
 * ```ts
 * runChild(lazyProbe(['accepts'], "const app = kit(); ... console.log(JSON.stringify(seen));"));
 * ```
 */
export function lazyProbe(packages: readonly string[], body: string): string {
  return `
import { createRequire } from 'node:module';
const { default: kit } = await import(${JSON.stringify(srcUrl('index.ts'))});
const require = createRequire(import.meta.url);
const names = ${JSON.stringify(packages)};
const loaded = () => names.filter((m) => Object.keys(require.cache).some((f) => f.includes('/node_modules/' + m + '/')));
const seen = { onImport: loaded() };
${body}
`;
}
