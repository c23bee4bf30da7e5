// Compiled by `npm run test:types`: sse() (spec/sse.md) types its stream from `events` (SSE-011), and what it
// returns is a route handler of every flavour (SSE-001).
import { Type } from '@sinclair/typebox';
import kit, { type SseEvent, type SseEventOf, type SseStream, sse } from 'kitjs';
import express from 'kitjs/express';
import express5 from 'kitjs/express5';
import type { SseRouteHandler, sse as sseFromSubpath } from 'kitjs/sse';
import { z } from 'zod';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
function expectType<T extends true>(_check?: T): void {}

expectType<Equal<typeof sse, typeof sseFromSubpath>>();

// Untyped: any event; the handler may write, return a source, or both.
const clock: SseRouteHandler = sse(async (stream) => {
  expectType<Equal<typeof stream.lastEventId, string | undefined>>();
  expectType<Equal<Awaited<ReturnType<typeof stream.send>>, boolean>>();
  await stream.send({ event: 'tick', id: 1, data: { at: Date.now() } });
  await stream.send({ data: 'plain', retry: 1000 });
  // @ts-expect-error: an id is a string or a number
  await stream.send({ id: true });
});
const generated = sse({ heartbeat: false }, async function* () {
  yield { data: 1 };
  yield { event: 'done', data: null };
});

// The same handler on every flavour's routes and routers.
kit().get('/clock', clock);
express().get('/clock', clock);
express5().get('/clock', generated);
express5.Router().get(
  '/clock/:zone',
  sse(async (stream, req) => stream.send({ data: req.params.zone })),
);

// Typed: the declared names only, each with its schema's data; `message` may leave `event` out.
const progress = z.object({ done: z.number() });
sse({ events: { progress, message: Type.Object({ text: Type.String() }) } }, async (stream) => {
  await stream.send({ event: 'progress', data: { done: 0.5 } });
  await stream.send({ data: { text: 'hello' } });
  // @ts-expect-error: `done` is a number
  await stream.send({ event: 'progress', data: { done: 'half' } });
  // @ts-expect-error: no such event
  await stream.send({ event: 'other', data: {} });
  // @ts-expect-error: `progress` must be named
  await stream.send({ data: { done: 1 } });
});

type Typed = SseEventOf<{ progress: typeof progress }>;
expectType<Equal<Typed['data'], { done: number }>>();
expectType<Equal<SseEventOf<Record<string, never>>, SseEvent>>();

// A handler written apart types its stream by the events.
async function relay(stream: SseStream<{ progress: typeof progress }>): Promise<void> {
  await stream.send({ event: 'progress', data: { done: 1 } });
}
sse({ events: { progress } }, relay);

// @ts-expect-error: sse() needs a handler after its options
sse({ heartbeat: 1000 });
// @ts-expect-error: heartbeat is milliseconds or false
sse({ heartbeat: '15s' }, () => {});
