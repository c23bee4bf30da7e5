// sse() over real sockets on 127.0.0.1 (spec/sse.md): backpressure and the slow-client bound (SSE-006), the
// client leaving (SSE-007), the end (SSE-008), errors (SSE-009), app.close() (SSE-010), typed events (SSE-011),
// the heartbeat (SSE-004), HEAD (SSE-002) and the setup checks (SSE-001). The three flavours' scenarios are
// features/sse/; these are the cases a scenario reads poorly (buffers, counts, timers). No timing assertions:
// every wait is for a condition, with a generous bound.
import assert from 'node:assert/strict';
import { EventEmitter, on } from 'node:events';
import type { ServerResponse } from 'node:http';
import { after, describe, it } from 'node:test';
import { Type } from '@sinclair/typebox';
import { z } from 'zod';
import kit, { HttpError, type KitApp, sse } from '../../src/index.ts';
import { listenLocally } from '../support/listen.ts';
import { openStream } from './event-source.ts';

const apps: KitApp[] = [];
after(() => Promise.all(apps.map((app) => app.close({ timeout: 1000 }))));

async function serve(build: (app: KitApp) => void): Promise<string> {
  const app = kit();
  build(app);
  apps.push(app);
  return listenLocally(app);
}

/** Waits until `read()` holds, checking every 20 ms, for at most `ms` (a bound, not a timing). */
async function eventually(read: () => boolean, what: string, ms = 10_000): Promise<void> {
  for (let waited = 0; !read(); waited += 20) {
    if (waited > ms) throw new Error(`never: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Waits until `count()` stops changing across five checks 50 ms apart: the producer is blocked. */
async function stalled(count: () => number): Promise<number> {
  let last = -1;
  let same = 0;
  for (let checks = 0; checks < 400 && same < 5; checks++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    const now = count();
    same = now === last ? same + 1 : 0;
    last = now;
  }
  assert.ok(same >= 5, 'the producer never stalled');
  return last;
}

describe('backpressure (SSE-006)', () => {
  it('a handler that awaits each send is held by a slow reader: bounded buffer, nothing lost', async () => {
    const TOTAL = 512;
    const chunk = 'x'.repeat(64 * 1024);
    let sent = 0;
    let mostWaiting = 0;
    let highWaterMark = 0;
    const url = await serve((app) =>
      app.get(
        '/firehose',
        sse({ heartbeat: false }, async (stream, _req, res) => {
          highWaterMark = (res as ServerResponse).writableHighWaterMark;
          for (let i = 0; i < TOTAL; i++) {
            if (!(await stream.send({ id: i, data: chunk }))) return;
            sent = i + 1;
            mostWaiting = Math.max(mostWaiting, res.writableLength);
          }
        }),
      ),
    );
    const client = await openStream(`${url}/firehose`);
    client.pause();
    const heldAt = await stalled(() => sent);
    // 32 MiB were to be sent; the kernel's socket buffers take a few MiB, then the handler waits.
    assert.ok(heldAt < TOTAL, `the handler sent all ${TOTAL} events to a client that reads nothing`);
    assert.ok(
      mostWaiting <= highWaterMark + chunk.length + 256,
      `${mostWaiting} bytes waited in the response, above its high-water mark ${highWaterMark} and one event`,
    );
    client.resume();
    await client.done;
    assert.equal(sent, TOTAL);
    assert.equal(client.parser.events.length, TOTAL);
    assert.equal(client.parser.lastEventId, String(TOTAL - 1));
  });

  it('a producer that does not await is cut at maxBuffered, and its sends resolve to false', async () => {
    const chunk = 'y'.repeat(16 * 1024);
    const outcome: { refused: number; reason?: string; mostWaiting: number } = { refused: 0, mostWaiting: 0 };
    const url = await serve((app) =>
      app.get(
        '/flood',
        sse({ heartbeat: false, maxBuffered: 256 * 1024 }, async (stream, _req, res) => {
          stream.onClose(() => {
            outcome.reason = (stream.signal.reason as Error).message;
          });
          await stream.send({ data: 'first' });
          const writes: Array<Promise<boolean>> = [];
          for (let i = 0; i < 2000; i++) {
            writes.push(stream.send({ data: chunk }));
            outcome.mostWaiting = Math.max(outcome.mostWaiting, res.writableLength);
          }
          outcome.refused = (await Promise.all(writes)).filter((written) => !written).length;
        }),
      ),
    );
    const client = await openStream(`${url}/flood`);
    client.pause();
    await eventually(() => outcome.reason !== undefined, 'the stream was cut');
    await eventually(() => outcome.refused > 0, 'the sends past the bound were refused');
    assert.match(outcome.reason ?? '', /too slowly/);
    assert.ok(outcome.mostWaiting <= 256 * 1024 + chunk.length, `${outcome.mostWaiting} bytes waited`);
    client.disconnect();
  });
});

describe('the client leaving (SSE-007)', () => {
  it('aborts the signal, runs onClose once, wakes a sleep, and later sends write nothing', async () => {
    const seen: string[] = [];
    let afterwards: boolean | undefined;
    const url = await serve((app) =>
      app.get(
        '/ticker',
        sse({ heartbeat: false }, async (stream) => {
          stream.signal.addEventListener('abort', () => seen.push(`signal:${stream.signal.reason.name}`));
          stream.onClose(() => seen.push('onClose'));
          await stream.send({ data: 'one' });
          const slept = await stream.sleep(60_000);
          seen.push(`slept:${slept}`);
          afterwards = await stream.send({ data: 'two' });
          stream.onClose(() => seen.push('late onClose'));
        }),
      ),
    );
    const client = await openStream(`${url}/ticker`);
    await client.until((c) => c.parser.events.length === 1);
    client.disconnect();
    await eventually(() => afterwards !== undefined, 'the handler went on');
    assert.deepEqual(seen, ['signal:AbortError', 'onClose', 'slept:false', 'late onClose']);
    assert.equal(afterwards, false);
  });

  it('stops a returned async generator: its finally runs, and it is never read again', async () => {
    let yielded = 0;
    let cleaned = false;
    const url = await serve((app) =>
      app.get(
        '/generated',
        sse({ heartbeat: false }, async function* () {
          try {
            for (;;) {
              yielded++;
              yield { data: yielded };
              await new Promise((resolve) => setTimeout(resolve, 5));
            }
          } finally {
            cleaned = true;
          }
        }),
      ),
    );
    const client = await openStream(`${url}/generated`);
    await client.until((c) => c.parser.events.length >= 3);
    client.disconnect();
    await eventually(() => cleaned, 'the generator was stopped');
    const atStop = yielded;
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.equal(yielded, atStop);
  });

  it('a source waiting for its next event is let go at once (events.on)', async () => {
    const bus = new EventEmitter();
    let closed = false;
    const url = await serve((app) =>
      app.get(
        '/bus',
        sse({ heartbeat: false }, async (stream) => {
          stream.onClose(() => {
            closed = true;
          });
          await stream.comment('subscribed');
          for await (const [message] of on(bus, 'message', { signal: stream.signal })) {
            await stream.send({ data: message });
          }
        }),
      ),
    );
    const client = await openStream(`${url}/bus`);
    await client.until((c) => c.text.includes(': subscribed'));
    bus.emit('message', 'hello');
    await client.until((c) => c.parser.events.length === 1);
    client.disconnect();
    await eventually(() => closed && bus.listenerCount('message') === 0, 'the subscription was dropped');
  });
});

describe('the end of a stream (SSE-008) and app.close() (SSE-010)', () => {
  it('untilClosed keeps a subscribing handler open until close() ends it', async () => {
    let resolved = false;
    const url = await serve((app) =>
      app.get(
        '/sub',
        sse({ heartbeat: false }, async (stream) => {
          await stream.send({ data: 'ready' });
          setTimeout(() => stream.close(), 20);
          await stream.untilClosed();
          resolved = true;
        }),
      ),
    );
    const client = await openStream(`${url}/sub`);
    await client.done;
    assert.equal(client.parser.events[0]?.data, 'ready');
    await eventually(() => resolved, 'untilClosed resolved');
  });

  it('app.close() ends the open streams, so the drain does not wait for its timeout', {
    timeout: 30_000,
  }, async () => {
    const app = kit();
    const reasons: string[] = [];
    app.get(
      '/forever',
      sse({ heartbeat: false }, async (stream) => {
        stream.onClose(() => reasons.push((stream.signal.reason as Error).message));
        await stream.send({ data: 'open' });
        await stream.untilClosed();
      }),
    );
    const url = await listenLocally(app);
    const clients = await Promise.all([openStream(`${url}/forever`), openStream(`${url}/forever`)]);
    await Promise.all(clients.map((client) => client.until((c) => c.parser.events.length === 1)));
    // A 60 s drain timeout: this test's own 30 s bound fails if the drain waits on the streams.
    await app.close({ timeout: 60_000 });
    await Promise.all(clients.map((client) => client.done));
    assert.deepEqual(reasons, ['The app is closing', 'The app is closing']);
  });
});

describe('errors (SSE-009)', () => {
  it("before the stream opened: the app's error handler answers with its status", async () => {
    const url = await serve((app) => {
      app.get(
        '/jobs/:id',
        sse(async () => {
          throw new HttpError(404, 'No such job');
        }),
      );
      app.setErrorHandler((err, _req, res) => {
        res.status((err as HttpError).status).json({ error: (err as Error).message });
      });
    });
    const client = await openStream(`${url}/jobs/7`);
    await client.done;
    assert.equal(client.status, 404);
    assert.match(String(client.headers['content-type']), /application\/json/);
    assert.deepEqual(JSON.parse(client.text), { error: 'No such job' });
  });

  it('after it opened: an error event with the problem details, 5xx showing nothing, then the end', async () => {
    const url = await serve((app) => {
      app.get(
        '/fails',
        sse({ heartbeat: false }, async (stream, req) => {
          await stream.send({ data: 'before' });
          if (req.query.kind === 'client') throw new HttpError(409, 'Stale cursor', { code: 'STALE' });
          throw new Error('database password is hunter2');
        }),
      );
    });
    const server = await openStream(`${url}/fails`);
    await server.done;
    assert.equal(server.status, 200);
    assert.deepEqual(
      server.parser.events.map((event) => [event.type, event.data]),
      [
        ['message', 'before'],
        ['error', '{"type":"about:blank","title":"Internal Server Error","status":500}'],
      ],
    );
    assert.doesNotMatch(server.text, /hunter2/);
    const client = await openStream(`${url}/fails?kind=client`);
    await client.done;
    assert.deepEqual(JSON.parse(client.parser.events[1]?.data ?? ''), {
      type: 'about:blank',
      title: 'Conflict',
      status: 409,
      detail: 'Stale cursor',
      code: 'STALE',
    });
  });

  it('onError answers in place of the error event; a refused field is a failure like any other', async () => {
    const url = await serve((app) =>
      app.get(
        '/custom',
        sse(
          {
            heartbeat: false,
            onError: async (err, stream) => {
              await stream.send({ event: 'oops', data: { code: (err as { code?: string }).code } });
            },
          },
          async (stream) => {
            await stream.send({ data: 'ok' });
            await stream.send({ event: 'bad\nname', data: 'x' });
          },
        ),
      ),
    );
    const client = await openStream(`${url}/custom`);
    await client.done;
    assert.deepEqual(
      client.parser.events.map((event) => [event.type, event.data]),
      [
        ['message', 'ok'],
        ['oops', '{"code":"KIT_ERR_SSE_BAD_FIELD"}'],
      ],
    );
  });
});

describe('typed events (SSE-011)', () => {
  it("checks and writes each event's data with its schema: Zod and TypeBox, extra fields left out", async () => {
    const url = await serve((app) =>
      app.get(
        '/typed',
        sse(
          {
            heartbeat: false,
            events: {
              tick: z.object({ n: z.number() }),
              message: Type.Object({ text: Type.String() }),
            },
          },
          async (stream, req) => {
            await stream.send({ event: 'tick', data: { n: 1, secret: 'x' } as { n: number } });
            await stream.send({ data: { text: 'hi', internal: true } as { text: string } });
            if (req.query.bad === '1') await stream.send({ event: 'tick', data: { n: 'two' } as never });
            if (req.query.bad === '2') await stream.send({ event: 'other', data: 1 } as never);
          },
        ),
      ),
    );
    const good = await openStream(`${url}/typed`);
    await good.done;
    assert.deepEqual(
      good.parser.events.map((event) => [event.type, event.data]),
      [
        ['tick', '{"n":1}'],
        ['message', '{"text":"hi"}'],
      ],
    );
    for (const bad of ['1', '2']) {
      const client = await openStream(`${url}/typed?bad=${bad}`);
      await client.done;
      const last = client.parser.events.at(-1);
      assert.equal(last?.type, 'error');
      assert.equal(JSON.parse(last?.data ?? '{}').code, 'KIT_ERR_SSE_DATA_MISMATCH');
    }
  });
});

describe('the heartbeat (SSE-004) and HEAD (SSE-002)', () => {
  it('a stream with nothing to say is opened by its first heartbeat, and keeps beating', async () => {
    const url = await serve((app) =>
      app.get(
        '/quiet',
        sse({ heartbeat: 30 }, (stream) => stream.untilClosed()),
      ),
    );
    const client = await openStream(`${url}/quiet`);
    assert.equal(client.status, 200);
    await client.until((c) => c.parser.comments.filter((text) => text === ' heartbeat').length >= 3);
    assert.deepEqual(client.parser.events, []);
    client.disconnect();
  });

  it('HEAD gets the headers and no body; the handler does not run', async () => {
    let ran = false;
    const url = await serve((app) =>
      app.get(
        '/head',
        sse(() => {
          ran = true;
        }),
      ),
    );
    const client = await openStream(`${url}/head`, { method: 'HEAD' });
    await client.done;
    assert.equal(client.status, 200);
    assert.equal(client.headers['content-type'], 'text/event-stream');
    assert.equal(client.text, '');
    assert.equal(ran, false);
  });
});

describe('setup (SSE-001)', () => {
  it('refuses a missing handler and every bad option with KIT_ERR_SETUP_SSE_OPTIONS', () => {
    const bad: unknown[][] = [
      [],
      [{}],
      [{ heartbeat: 0 }, () => {}],
      [{ heartbeat: 2 ** 31 }, () => {}],
      [{ heartbeat: '15s' }, () => {}],
      [{ retry: -1 }, () => {}],
      [{ maxBuffered: 0 }, () => {}],
      [{ onError: 'log' }, () => {}],
      [{ events: [] }, () => {}],
      [{ events: { tick: 'number' } }, () => {}],
      [{ heartbeats: 100 }, () => {}],
      [null, () => {}],
    ];
    for (const args of bad) {
      assert.throws(
        () => (sse as (...values: unknown[]) => unknown)(...args),
        (err: unknown) =>
          err instanceof TypeError && (err as { code?: string }).code === 'KIT_ERR_SETUP_SSE_OPTIONS',
        JSON.stringify(args),
      );
    }
  });

  it('refuses sse registered uncalled, at registration (APP-010)', () => {
    const app = kit();
    assert.throws(
      () => app.get('/events', sse as never),
      (err: unknown) => (err as { code?: string }).code === 'KIT_ERR_SETUP_FACTORY',
    );
  });
});
