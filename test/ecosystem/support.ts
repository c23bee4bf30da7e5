/** Shared by the ecosystem tests: the app flavours each package runs on, and a real server on 127.0.0.1. */
import type { AddressInfo } from 'node:net';
import { after } from 'node:test';
import kit, { type KitApp } from 'kitjs';
import express from 'kitjs/express';

/** A way to make an app, named for the test titles. */
export interface Flavour {
  name: string;
  create: () => KitApp;
}

// The tests load kitjs as an application does, by name (test/ecosystem/package.json links it to this
// repo), so they run the built package and typecheck against its declarations: `kit()` and `kitjs/express`.
const flavours: Flavour[] = [
  { name: 'kit()', create: () => kit() },
  { name: 'kitjs/express', create: () => express() },
];

/** Every flavour the packages run on: `kit()` and `kitjs/express`. */
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
