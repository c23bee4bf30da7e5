/** Unit tests of cors(): option checks at setup and the headers it sends, over a real socket. */
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test } from 'node:test';
import { type CorsOptions, cors } from '../../src/middleware/cors.ts';
import type { KitRequest, KitResponse } from '../../src/types.ts';

interface Answer {
  status: number;
  headers: Headers;
  body: string;
}

/** Serves one request through cors(options) then a handler that answers 200 'next'; returns the response. */
async function call(
  options: CorsOptions,
  method: string,
  headers: Record<string, string>,
  before?: (res: ServerResponse) => void,
): Promise<Answer> {
  const mw = cors(options);
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    before?.(res);
    mw(req as KitRequest, res as KitResponse, (err?: unknown) => {
      res.statusCode = err ? 500 : 200;
      res.end(err ? 'error' : 'next');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    const response = await fetch(`http://127.0.0.1:${port}/x`, { method, headers });
    return { status: response.status, headers: response.headers, body: await response.text() };
  } finally {
    server.close();
  }
}

const preflight = { origin: 'https://a.test', 'access-control-request-method': 'PUT' };

test('default: any origin gets *, no Vary, request proceeds', async () => {
  const r = await call({}, 'GET', { origin: 'https://a.test' });
  assert.equal(r.body, 'next');
  assert.equal(r.headers.get('access-control-allow-origin'), '*');
  assert.equal(r.headers.get('vary'), null);
  assert.equal(r.headers.get('access-control-allow-credentials'), null);
});

test('preflight is answered 204 with the default methods and mirrored headers, never reaching next', async () => {
  const r = await call({}, 'OPTIONS', {
    ...preflight,
    'access-control-request-headers': 'authorization,x-a',
  });
  assert.equal(r.status, 204);
  assert.equal(r.body, '');
  assert.equal(r.headers.get('content-length'), '0');
  assert.equal(r.headers.get('access-control-allow-methods'), 'GET, HEAD, PUT, PATCH, POST, DELETE');
  assert.equal(r.headers.get('access-control-allow-headers'), 'authorization,x-a');
  assert.equal(r.headers.get('vary'), 'Access-Control-Request-Headers');
  assert.equal(r.headers.get('access-control-max-age'), null);
});

test('OPTIONS without Access-Control-Request-Method is not a preflight', async () => {
  const r = await call({}, 'OPTIONS', { origin: 'https://a.test' });
  assert.equal(r.status, 200);
  assert.equal(r.body, 'next');
});

test('configured methods, allowedHeaders and maxAge are announced', async () => {
  const r = await call(
    { methods: ['GET', 'POST'], allowedHeaders: ['Content-Type'], maxAge: 600 },
    'OPTIONS',
    { ...preflight, 'access-control-request-headers': 'x-other' },
  );
  assert.equal(r.headers.get('access-control-allow-methods'), 'GET, POST');
  assert.equal(r.headers.get('access-control-allow-headers'), 'Content-Type');
  assert.equal(r.headers.get('access-control-max-age'), '600');
});

test('a listed origin is reflected with Vary: Origin appended; others get nothing but proceed', async () => {
  const options = {
    origin: ['https://a.test', 'https://b.test'],
    credentials: true,
    exposedHeaders: ['X-Id'],
  };
  const ok = await call(options, 'GET', { origin: 'https://b.test' }, (res) =>
    res.setHeader('Vary', 'Accept'),
  );
  assert.equal(ok.headers.get('access-control-allow-origin'), 'https://b.test');
  assert.equal(ok.headers.get('access-control-allow-credentials'), 'true');
  assert.equal(ok.headers.get('access-control-expose-headers'), 'X-Id');
  assert.equal(ok.headers.get('vary'), 'Accept, Origin');
  const no = await call(options, 'GET', { origin: 'https://evil.test' });
  assert.equal(no.body, 'next');
  assert.equal(no.headers.get('access-control-allow-origin'), null);
  assert.equal(no.headers.get('access-control-allow-credentials'), null);
  assert.equal(no.headers.get('vary'), 'Origin');
});

test('a disallowed preflight ends with 204 and no CORS headers', async () => {
  const r = await call({ origin: 'https://a.test' }, 'OPTIONS', {
    ...preflight,
    origin: 'https://evil.test',
  });
  assert.equal(r.status, 204);
  assert.equal(r.headers.get('access-control-allow-origin'), null);
  assert.equal(r.headers.get('access-control-allow-methods'), null);
});

test('origin true reflects, but never null', async () => {
  const r = await call({ origin: true }, 'GET', { origin: 'https://z.test' });
  assert.equal(r.headers.get('access-control-allow-origin'), 'https://z.test');
  const n = await call({ origin: true }, 'GET', { origin: 'null' });
  assert.equal(n.headers.get('access-control-allow-origin'), null);
  const listed = await call({ origin: ['null'] }, 'GET', { origin: 'null' });
  assert.equal(listed.headers.get('access-control-allow-origin'), 'null');
});

test('a function decides, sync or async; a thrown error goes to next', async () => {
  const fn = (o: string) => (o.endsWith('.good.test') ? o : false);
  assert.equal(
    (await call({ origin: fn }, 'GET', { origin: 'https://x.good.test' })).headers.get(
      'access-control-allow-origin',
    ),
    'https://x.good.test',
  );
  assert.equal(
    (await call({ origin: fn }, 'GET', { origin: 'https://bad.test' })).headers.get(
      'access-control-allow-origin',
    ),
    null,
  );
  const slow = async (o: string) => o;
  assert.equal(
    (await call({ origin: slow }, 'GET', { origin: 'https://q.test' })).headers.get(
      'access-control-allow-origin',
    ),
    'https://q.test',
  );
  const star = () => '*';
  assert.equal(
    (await call({ origin: star, credentials: true }, 'GET', { origin: 'https://q.test' })).headers.get(
      'access-control-allow-origin',
    ),
    null,
  );
  const boom = () => {
    throw new Error('boom');
  };
  assert.equal((await call({ origin: boom }, 'GET', { origin: 'https://q.test' })).status, 500);
});

test('bad options throw TypeError at setup', () => {
  assert.throws(() => cors({ origin: '*', credentials: true }), TypeError);
  assert.throws(() => cors({ credentials: true }), TypeError);
  assert.throws(() => cors({ origin: true, credentials: true }), TypeError);
  assert.throws(() => cors({ origin: 'https://a.test/' }), TypeError);
  assert.throws(() => cors({ origin: ['*'] }), TypeError);
  assert.throws(() => cors({ origin: 5 as unknown as string }), TypeError);
  assert.throws(() => cors({ methods: 'GET' as unknown as string[] }), TypeError);
  assert.throws(() => cors({ allowedHeaders: ['bad header'] }), TypeError);
  assert.throws(() => cors({ maxAge: -1 }), TypeError);
  assert.throws(() => cors({ maxAge: 1.5 }), TypeError);
  assert.throws(
    () => cors({ preflightContinue: true } as unknown as CorsOptions),
    /unknown option "preflightContinue"/,
  );
  assert.doesNotThrow(() => cors({ origin: ['https://a.test'], credentials: true }));
});
