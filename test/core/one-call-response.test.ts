/**
 * RES-011: the one-writeHead path is taken on every kind of server, with Express's banner and ETag too, left for
 * wrapped responses, and changes nothing seen.
 */
import assert from 'node:assert/strict';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, it } from 'node:test';
import express from '../../src/express.ts';
import kit, { type KitApp } from '../../src/index.ts';

interface Seen {
  oneCall: boolean;
  status: number;
  type: string | undefined;
  length: string | undefined;
  body: string;
  names: string[];
  banner: string | undefined;
  etag: string | undefined;
}

/** Serves one GET through `server` and reports the answer and whether it went out in one writeHead call. */
async function serveOnce(
  makeServer: (app: KitApp) => Server,
  listening = false,
  makeApp: () => KitApp = kit,
): Promise<Seen> {
  let oneCall = false;
  let names: string[] = [];
  const app = makeApp();
  app.get('/x', (_req, res) => {
    res.on('finish', () => {
      // The headers a one-call response went out with are remembered for the getters: the path's mark.
      oneCall = Reflect.get(res, 'sentHeaders') !== undefined;
      names = res.getHeaderNames().sort();
    });
    res.status(201).json({ ok: true });
  });
  const server = makeServer(app);
  if (!listening) server.listen(0, '127.0.0.1');
  if (!server.listening) await new Promise((resolve) => server.once('listening', resolve));
  try {
    const answer = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/x`);
    return {
      oneCall,
      status: answer.status,
      type: answer.headers.get('content-type') ?? undefined,
      length: answer.headers.get('content-length') ?? undefined,
      body: await answer.text(),
      names,
      banner: answer.headers.get('x-powered-by') ?? undefined,
      etag: answer.headers.get('etag') ?? undefined,
    };
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

describe('the one-call response path', () => {
  it('is taken by a server kitjs started', async () => {
    const seen = await serveOnce((app) => app.listen(0, '127.0.0.1'), true);
    assert.equal(seen.oneCall, true);
  });

  it('is taken by a plain node:http server given the app, whose responses kitjs adopts', async () => {
    const seen = await serveOnce((app) => createServer((req, res) => app(req, res)));
    assert.equal(seen.oneCall, true);
    assert.equal(seen.status, 201);
    assert.equal(seen.body, '{"ok":true}');
  });

  it('is left for the ordinary path when headers were set before kitjs saw the response', async () => {
    const seen = await serveOnce((app) =>
      createServer((req, res) => {
        res.setHeader('X-Before', 'yes');
        app(req, res);
      }),
    );
    assert.equal(seen.oneCall, false);
    assert.ok(seen.names.includes('x-before'), JSON.stringify(seen.names));
  });

  it('is left for a response whose setHeader was wrapped, and the answer is the same either way', async () => {
    const on = await serveOnce((app) => createServer(app));
    const off = await serveOnce((app) =>
      createServer((req, res) => {
        wrapSetHeader(res);
        app(req, res);
      }),
    );
    assert.equal(off.oneCall, false);
    assert.deepEqual({ ...off, oneCall: true }, on);
  });

  it("is taken with Express's X-Powered-By and weak ETag on (kitjs/express), and answers as the ordinary path", async () => {
    const on = await serveOnce(
      (app) => createServer(app),
      false,
      () => express() as unknown as KitApp,
    );
    const off = await serveOnce(
      (app) =>
        createServer((req, res) => {
          wrapSetHeader(res);
          app(req, res);
        }),
      false,
      () => express() as unknown as KitApp,
    );
    assert.equal(on.oneCall, true);
    assert.equal(on.banner, 'Express');
    assert.match(on.etag ?? '', /^W\/"b-/);
    assert.deepEqual(on.names, ['content-length', 'content-type', 'etag', 'x-powered-by']);
    assert.equal(off.oneCall, false);
    assert.deepEqual({ ...off, oneCall: true }, on);
  });
});

/** A wrapper on the instance's setHeader, as compression or response-time put there: the ordinary path. */
function wrapSetHeader(res: ServerResponse): void {
  const setHeader = res.setHeader;
  res.setHeader = function wrapped(this: typeof res, ...args: Parameters<typeof setHeader>) {
    return setHeader.apply(this, args);
  };
}
