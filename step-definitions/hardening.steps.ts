/** Hardening steps: raw requests too large or too hostile to write out in a doc string. */
import { When } from '@cucumber/cucumber';
import { parseResponses, sendRawBytes } from './support/raw-http.js';
import type { KitWorld } from './support/world.js';

const noAnswer = {
  status: 0,
  headers: {},
  body: Buffer.alloc(0),
  text: '',
  json: (): unknown => {
    throw new Error('the server sent no response');
  },
};

/** Sends `bytes` over a raw socket and makes the first answer the last response, as the generic raw step does. */
async function sendRaw(world: KitWorld, bytes: Buffer, method: string): Promise<void> {
  world.rawResponses = parseResponses(await sendRawBytes(world.port(), bytes), method);
  world.response = world.rawResponses[0] ?? noAnswer;
}

When(
  'I send a raw GET {string} with a header of {int} bytes',
  async function (this: KitWorld, path: string, size: number) {
    // One header line of `size` bytes in all (name, colon, space and value), to cross the parser's limit.
    const name = 'X-Padding';
    const value = 'a'.repeat(Math.max(0, size - name.length - 2));
    const head = `GET ${path} HTTP/1.1\r\nHost: localhost\r\n${name}: ${value}\r\nConnection: close\r\n\r\n`;
    await sendRaw(this, Buffer.from(head, 'latin1'), 'GET');
  },
);

When(
  'I send a raw GET {string} with {int} headers',
  async function (this: KitWorld, path: string, count: number) {
    // Many small headers: the limit is on their total size, not only on one line.
    let head = `GET ${path} HTTP/1.1\r\nHost: localhost\r\n`;
    for (let i = 0; i < count; i++) head += `X-H${i}: v\r\n`;
    head += 'Connection: close\r\n\r\n';
    await sendRaw(this, Buffer.from(head, 'latin1'), 'GET');
  },
);
