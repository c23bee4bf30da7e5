import type { AddressInfo } from 'node:net';
import type { KitApp } from '../../src/index.ts';

/** Starts `app` on a free port of 127.0.0.1 and resolves with its base URL (`http://127.0.0.1:<port>`). */
export async function listenLocally(app: KitApp): Promise<string> {
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}
