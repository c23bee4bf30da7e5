import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { statusOf } from '../../src/errors.js';
import { type ServeStaticOptions, serveStatic } from '../../src/middleware/serve-static.js';
import type { KitRequest, KitResponse } from '../../src/types.js';

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

test('serves a file with its type, validators and cache header', async () => {
  const reply = await call(plain, '/css/site.css');
  assert.equal(reply.status, 200);
  assert.equal(reply.headers['content-type'], 'text/css; charset=utf-8');
  assert.equal(reply.body.toString(), 'body {\n  color: #333;\n}\n');
  assert.match(String(reply.headers.etag), /^W\/"/);
  assert.ok(reply.headers['last-modified']);
  assert.equal(reply.headers['cache-control'], 'public, max-age=0');
  assert.equal(reply.headers['accept-ranges'], 'bytes');
});

test('options turn validators off and set max-age', async () => {
  const reply = await call(tuned, '/css/site.css');
  assert.equal(reply.status, 200);
  assert.equal(reply.headers.etag, undefined);
  assert.equal(reply.headers['last-modified'], undefined);
  assert.equal(reply.headers['cache-control'], 'public, max-age=86400');
});

test('the 200 KB file streams whole, and a Range gets exactly its bytes', async () => {
  const expected = readFileSync(join(ROOT, 'large.bin'));
  const whole = await call(plain, '/large.bin');
  assert.equal(whole.headers['content-length'], '204800');
  assert.equal(
    createHash('sha256').update(whole.body).digest('hex'),
    createHash('sha256').update(expected).digest('hex'),
  );
  const part = await call(plain, '/large.bin', 'GET', { range: 'bytes=100000-100009' });
  assert.equal(part.status, 206);
  assert.equal(part.headers['content-range'], 'bytes 100000-100009/204800');
  assert.deepEqual(part.body, expected.subarray(100000, 100010));
  const beyond = await call(plain, '/large.bin', 'GET', { range: 'bytes=300000-' });
  assert.equal(beyond.status, 416);
  assert.equal(beyond.headers['content-range'], 'bytes */204800');
  assert.equal(beyond.headers.etag, undefined, 'an error answer carries no file validators');
});

test('conditional requests answer 304', async () => {
  const first = await call(plain, '/index.html');
  const byTag = await call(plain, '/index.html', 'GET', { 'if-none-match': String(first.headers.etag) });
  assert.equal(byTag.status, 304);
  assert.equal(byTag.body.length, 0);
  const byDate = await call(plain, '/index.html', 'GET', {
    'if-modified-since': String(first.headers['last-modified']),
  });
  assert.equal(byDate.status, 304);
  const failed = await call(plain, '/index.html', 'GET', { 'if-match': '"nope"' });
  assert.equal(failed.status, 412);
});

test('HEAD has the length and no body; other methods fall through', async () => {
  const head = await call(plain, '/data.json', 'HEAD');
  assert.equal(head.status, 200);
  assert.equal(head.headers['content-length'], '12');
  assert.equal(head.body.length, 0);
  const post = await call(plain, '/data.json', 'POST');
  assert.equal(post.headers['x-next'], 'miss');
});

test('index file, directory redirect, and index: false', async () => {
  const index = await call(plain, '/');
  assert.match(index.body.toString(), /Home page/);
  const nested = await call(plain, '/nested/');
  assert.match(nested.body.toString(), /Nested index/);
  const redirect = await call(plain, '/nested?x=1');
  assert.equal(redirect.status, 301);
  assert.equal(redirect.headers.location, '/nested/?x=1');
  const noIndexDir = await call(plain, '/assets/');
  assert.equal(noIndexDir.headers['x-next'], 'miss');
  const off = await call(tuned, '/nested/');
  assert.equal(off.headers['x-next'], 'miss');
  const offNoSlash = await call(tuned, '/nested');
  assert.equal(offNoSlash.headers['x-next'], 'miss');
});

test('a mounted server redirects with its prefix', async () => {
  const reply = await call(mounted, '/assets/nested');
  assert.equal(reply.status, 301);
  assert.equal(reply.headers.location, '/assets/nested/');
  const file = await call(mounted, '/assets/css/site.css');
  assert.equal(file.status, 200);
});

test('dotfiles: ignore falls through, deny answers 403', async () => {
  assert.equal((await call(plain, '/.secret')).headers['x-next'], 'miss');
  assert.equal((await call(plain, '/.private/notes.txt')).headers['x-next'], 'miss');
  assert.equal((await call(tuned, '/.secret')).status, 403);
  const allowed = await serve({ dotfiles: 'allow' });
  try {
    const reply = await call(allowed, '/.secret');
    assert.equal(reply.status, 200);
    assert.equal(reply.body.toString(), 'SECRET=do-not-serve\n');
  } finally {
    allowed.close();
  }
});

test('hostile paths are refused and the server keeps serving', async () => {
  const cases: Array<[string, number | 'miss']> = [
    ['/%2e%2e/%2e%2e/etc/passwd', 403],
    ['/css/..%2f..%2fpackage.json', 403],
    ['/..%5c..%5cpackage.json', 403],
    ['/..\\..\\package.json', 403],
    ['/index.html%00.css', 400],
    ['/%E0%A4%A', 400],
    ['/css%2fsite.css', 'miss'],
    ['/css%5csite.css', 'miss'],
    ['/css\\site.css', 'miss'],
  ];
  for (const [path, expected] of cases) {
    const reply = await call(plain, path);
    if (expected === 'miss') assert.equal(reply.headers['x-next'], 'miss', path);
    else assert.equal(reply.status, expected, path);
    assert.ok(!reply.body.toString().includes('SECRET') && !reply.body.toString().includes('"name"'), path);
  }
  assert.equal((await call(plain, '/css/site.css')).status, 200);
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
