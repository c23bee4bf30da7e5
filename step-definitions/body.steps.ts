/** Body-parsing steps: compressed bodies, a gzip bomb, and a client that hangs up mid-body. */
import { connect } from 'node:net';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { When } from '@cucumber/cucumber';
import { encodeRawRequest, noResponse, parseResponses } from './support/raw-http.js';
import type { KitWorld } from './support/world.js';

const COMPRESSORS: Record<string, (input: Buffer) => Buffer> = {
  gzip: gzipSync,
  'x-gzip': gzipSync,
  deflate: deflateSync,
  br: brotliCompressSync,
  identity: (input) => input,
};

When(
  'I {method} {string} with content encoding {string} and the compressed JSON body:',
  async function (this: KitWorld, method: string, path: string, coding: string, body: string) {
    const compress = COMPRESSORS[coding.toLowerCase()];
    if (!compress) throw new Error(`no compressor for "${coding}" in this step`);
    this.response = await this.send(method, path, {
      headers: { 'content-type': 'application/json', 'content-encoding': coding },
      data: compress(Buffer.from(body, 'utf8')),
    });
  },
);

When(
  'I {method} {string} a gzip-compressed JSON body that inflates to {int} MB',
  async function (this: KitWorld, method: string, path: string, megabytes: number) {
    // Spaces are valid JSON whitespace and compress about a thousandfold: the classic small bomb.
    const bomb = gzipSync(Buffer.alloc(megabytes * 1024 * 1024, 0x20));
    this.response = await this.send(method, path, {
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      data: bomb,
    });
  },
);

When('a client sends these bytes and hangs up:', async function (this: KitWorld, request: string) {
  const bytes = encodeRawRequest(request);
  const port = this.port();
  const received = await new Promise<Buffer>((resolve, reject) => {
    const parts: Buffer[] = [];
    const socket = connect({ host: '127.0.0.1', port });
    socket.on('connect', () => socket.end(bytes));
    socket.on('data', (chunk: Buffer) => parts.push(chunk));
    socket.on('close', () => resolve(Buffer.concat(parts)));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ECONNRESET') resolve(Buffer.concat(parts));
      else reject(error);
    });
  });
  // Give the server a moment to run whatever it would run after the abort before `Then` looks.
  await new Promise((resolve) => setTimeout(resolve, 100));
  this.rawResponses = parseResponses(received, 'POST');
  this.response = this.rawResponses[0] ?? noResponse();
});

When(
  'I {method} {string} with content type {string} and exactly these bytes:',
  async function (this: KitWorld, method: string, path: string, contentType: string, body: string) {
    // A Buffer goes out untouched; Playwright would re-encode a string that is not valid JSON.
    this.response = await this.send(method, path, {
      headers: { 'content-type': contentType },
      data: Buffer.from(body, 'utf8'),
    });
  },
);
