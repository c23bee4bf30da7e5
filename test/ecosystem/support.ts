/** Shared by the ecosystem tests: the app flavours each package runs on, and a real server on 127.0.0.1. */
import type { AddressInfo } from 'node:net';
import { after } from 'node:test';
import kit, { type KitApp } from 'kitjs';
import express from 'kitjs/express';

/** A way to make an app, named for the test titles; `skip` says why the flavour cannot run here. */
export interface Flavour {
  name: string;
  create: () => KitApp;
  skip?: string;
}

/**
 * kitjs/express5 (issue 36), loaded by a specifier TypeScript does not resolve, so these tests still compile
 * and run, with its tests skipped and the reason shown, on a kitjs built without it.
 */
async function loadExpress5(): Promise<Flavour> {
  const specifier: string = 'kitjs/express5';
  const name = 'kitjs/express5';
  try {
    const loaded = (await import(specifier)) as { default: () => KitApp };
    return { name, create: () => loaded.default() };
  } catch (error) {
    const reason = `this kitjs build has no ${specifier} entry (${(error as Error).message.split('\n')[0]})`;
    return { name, create: () => kit(), skip: reason };
  }
}

// The tests load kitjs as an application does, by name (test/ecosystem/package.json links it to this
// repo), so they run the built package and typecheck against its declarations: `kit()` and `kitjs/express`.
const flavours: Flavour[] = [
  { name: 'kit()', create: () => kit() },
  { name: 'kitjs/express', create: () => express() },
  await loadExpress5(),
];

/** Every flavour the packages run on: `kit()`, `kitjs/express` and `kitjs/express5` (skipped when missing). */
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
