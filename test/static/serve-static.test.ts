import assert from 'node:assert/strict';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { statusOf } from '../../src/base/errors.js';
import { type ServeStaticOptions, serveStatic } from '../../src/batteries/middleware/serve-static.js';
import type { KitRequest, KitResponse } from '../../src/core/types.js';

// The middleware alone on a bare node:http server: the core's canonical req.path is stood in for by the
// raw path, so these tests pin the middleware's own decisions (features/static runs it through kit()).
const ROOT = fileURLToPath(new URL('../../features/fixtures/static', import.meta.url));

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

async function serve(options?: ServeStaticOptions, mount = ''): Promise<Server> {
  const middleware = serveStatic(ROOT, options);
  const server = createServer((req, res) => {
    const url = req.url ?? '/';
    const pathOnly = url.split('?')[0] ?? '/';
    Object.defineProperties(req, {
      path: { value: pathOnly.slice(mount.length) || '/' },
      baseUrl: { value: mount },
      originalUrl: { value: url },
    });
    void middleware(req as KitRequest, res as KitResponse, (err?: unknown) => {
      const status = err === undefined ? 404 : statusOf(err);
      res.writeHead(status, { 'content-type': 'text/plain', 'x-next': err === undefined ? 'miss' : 'error' });
      res.end(err === undefined ? 'fell through' : `error ${status}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

function call(
  server: Server,
  path: string,
  method = 'GET',
  headers: Record<string, string> = {},
): Promise<Reply> {
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

let plain: Server;
let tuned: Server;
let mounted: Server;
before(async () => {
  plain = await serve();
  tuned = await serve({ maxAge: '1d', index: false, dotfiles: 'deny', etag: false, lastModified: false });
  mounted = await serve(undefined, '/assets');
});
after(() => {
  plain.close();
  tuned.close();
  mounted.close();
});

test('names with spaces and unicode are served', async () => {
  assert.equal((await call(plain, '/hello%20world.txt')).body.toString(), 'spaced out\n');
  assert.equal((await call(plain, '/caf%C3%A9.txt')).body.toString(), 'crème brûlée\n');
});

test('the file is piped from a read stream, never read whole', async () => {
  const fs = await import('node:fs');
  const counts = { streams: 0, whole: 0 };
  const original = { createReadStream: fs.default.createReadStream, readFile: fs.default.readFile };
  // send reads `fs.createReadStream` off the CommonJS module object at call time, so this sees its calls.
  fs.default.createReadStream = ((...args: Parameters<typeof original.createReadStream>) => {
    counts.streams++;
    return original.createReadStream(...args);
  }) as typeof original.createReadStream;
  fs.default.readFile = ((...args: Parameters<typeof original.readFile>) => {
    counts.whole++;
    return (original.readFile as (...a: unknown[]) => void)(...args);
  }) as typeof original.readFile;
  try {
    const reply = await call(plain, '/large.bin');
    assert.equal(reply.body.length, 204800);
  } finally {
    Object.assign(fs.default, original);
  }
  assert.equal(counts.streams, 1);
  assert.equal(counts.whole, 0);
});

test('a client that goes away mid-file does not disturb the server', async () => {
  const { port } = plain.address() as AddressInfo;
  await new Promise<void>((resolve) => {
    const req = request({ host: '127.0.0.1', port, path: '/large.bin' }, (res) => {
      res.once('data', () => {
        req.destroy();
        resolve();
      });
    });
    req.on('error', () => resolve());
    req.end();
  });
  const reply = await call(plain, '/large.bin', 'GET', { range: 'bytes=0-9' });
  assert.equal(reply.status, 206);
  assert.equal(reply.body.length, 10);
});
