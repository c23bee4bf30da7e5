/** Maps the specifier `kitjs` to the implementation under test for every module loaded after it (REF-001). */
// In a child process: `node --import tsx --import <this file> reference-app/server.ts` with KIT_IMPL_URL set to
// the implementation's URL (child-server.ts does both). In the suite's own process and in unit tests:
// `mapKitjs(url)` before the first import of a reference-app module. The hooks are in kitjs-resolve-hooks.mjs.
import { register } from 'node:module';

let mapped: string | undefined;

/** Registers the resolve hooks once per process for `url` (the implementation's file: URL or resolved URL). */
export function mapKitjs(url: string): void {
  if (mapped !== undefined) {
    if (mapped !== url) throw new Error(`kitjs is already mapped to ${mapped}, not ${url}`);
    return;
  }
  mapped = url;
  register('./kitjs-resolve-hooks.mjs', import.meta.url, { data: { url } });
}

const fromParent = process.env.KIT_IMPL_URL;
if (fromParent) mapKitjs(fromParent);
