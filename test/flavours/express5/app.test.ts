/**
 * kitjs/express5 through a real socket: req.params as router 2 gives it (X5-004), res.status's refusals in
 * Express 5's words (X5-010), app.listen handing a server error to its callback (X5-015), and failures
 * written to stderr as Express writes them, nothing under env 'test' (X5-017).
 */
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, describe, it } from 'node:test';
import express from '../../../src/express5.ts';

const servers: Array<{ close(): void }> = [];
after(() => {
  for (const server of servers) server.close();
});

/** Starts `app` on 127.0.0.1, port 0, and GETs `path`: status and body. */
async function get(app: ReturnType<typeof express>, path: string): Promise<{ status: number; body: string }> {
  const server = await new Promise<ReturnType<typeof app.listen>>((resolve) => {
    const started = app.listen(0, '127.0.0.1', () => resolve(started));
  });
  servers.push(server);
  const { port } = server.address() as AddressInfo;
  const response = await fetch(`http://127.0.0.1:${port}${path}`);
  return { status: response.status, body: await response.text() };
}

describe('kitjs/express5 apps', () => {
  it('X5-004: params with a null prototype, a splat as an array, an unmatched optional part absent', async () => {
    const app = express();
    app.get('/files/*path', (req, res) => {
      res.json({ proto: Object.getPrototypeOf(req.params) === null, path: req.params.path });
    });
    app.get('/:file{.:ext}', (req, res) =>
      res.json({ keys: Object.keys(req.params), ext: 'ext' in req.params }),
    );
    assert.deepEqual(JSON.parse((await get(app, '/files/a/b%20c.txt')).body), {
      proto: true,
      path: ['a', 'b c.txt'],
    });
    assert.deepEqual(JSON.parse((await get(app, '/report')).body), { keys: ['file'], ext: false });
  });

  it("X5-010: res.status refuses what is not an integer from 100 to 999, in Express 5's words", async () => {
    const app = express();
    app.set('env', 'test');
    app.get('/', (_req, res) => {
      res.status('200' as never).end();
    });
    app.use(
      (
        err: Error,
        _req: unknown,
        res: { status(code: number): { send(body: string): void } },
        _next: unknown,
      ) => {
        res.status(500).send(err.message);
      },
    );
    const { status, body } = await get(app, '/');
    assert.equal(status, 500);
    assert.equal(body, 'Invalid status code: "200". Status code must be an integer.');
  });

  it('X5-015: app.listen(port, cb) hands EADDRINUSE to the callback', async () => {
    const first = express();
    const taken = await new Promise<ReturnType<typeof first.listen>>((resolve) => {
      const server = first.listen(0, '127.0.0.1', () => resolve(server));
    });
    servers.push(taken);
    const { port } = taken.address() as AddressInfo;
    const err = await new Promise<unknown>((resolve) => {
      express().listen(port, '127.0.0.1', resolve);
    });
    assert.equal((err as NodeJS.ErrnoException).code, 'EADDRINUSE');
  });

  it("X5-017: an unhandled error's stack goes to stderr, nothing to stdout; nothing under env 'test'", async () => {
    const written: string[] = [];
    const original = process.stderr.write.bind(process.stderr);
    const originalOut = process.stdout.write.bind(process.stdout);
    const outWritten: string[] = [];
    process.stderr.write = ((chunk: string) => {
      written.push(String(chunk));
      return true;
    }) as typeof process.stderr.write;
    process.stdout.write = ((chunk: string) => {
      outWritten.push(String(chunk));
      return true;
    }) as typeof process.stdout.write;
    try {
      const loud = express();
      loud.set('env', 'development');
      loud.get('/', () => {
        throw new Error('loud failure');
      });
      const quiet = express();
      quiet.set('env', 'test');
      quiet.get('/', () => {
        throw new Error('quiet failure');
      });
      assert.equal((await get(loud, '/')).status, 500);
      assert.equal((await get(quiet, '/')).status, 500);
    } finally {
      process.stderr.write = original;
      process.stdout.write = originalOut;
    }
    const err = written.join('');
    assert.match(err, /Error: loud failure\n {4}at /);
    assert.doesNotMatch(err, /quiet failure/);
    assert.doesNotMatch(outWritten.join(''), /failure/);
  });
});
