/** Shared by the ecosystem tests: the app flavours each package runs on, and a real server on 127.0.0.1. */
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { after } from 'node:test';
import kit, { type KitApp } from '../../src/index.ts';

/** A way to make an app, named for the test titles. */
export interface Flavour {
  name: string;
  create: () => KitApp;
}

// The Express-flavoured entry point (`kitjs/express`, src/express.ts) joins the run as soon as it exists,
// so the same tests prove both `kit()` and `express()` against each package. It is imported by URL so that
// this file typechecks before it exists; its default export is taken to be Express's `express()` factory.
const expressEntry = new URL('../../src/express.ts', import.meta.url);
const flavours: Flavour[] = [{ name: 'kit()', create: () => kit() }];
if (existsSync(expressEntry)) {
  const loaded = (await import(expressEntry.href)) as { default: () => KitApp };
  flavours.push({ name: 'kitjs/express', create: () => loaded.default() });
}

/** Every flavour the packages run on: `kit()`, plus `kitjs/express` once src/express.ts exists. */
export const appFlavours: readonly Flavour[] = flavours;

/**
 * Starts `app` on a free port of 127.0.0.1 and resolves with its base URL; the server is closed when the
 * test file ends.
 */
export async function serve(app: KitApp): Promise<string> {
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  after(() => app.close({ timeout: 100 }));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}
