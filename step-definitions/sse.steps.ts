/**
 * Server-sent events steps (features/sse/, spec/sse.md): a client that holds an event stream open over
 * node:http and reads it as an EventSource would (test/sse/event-source.ts: the HTML standard's parser), so
 * a scenario can wait for events, heartbeats and the end, read slowly, or leave.
 */
import assert from 'node:assert/strict';
import { After, type DataTable, Then, When } from '@cucumber/cucumber';
import { openStream, type StreamClient } from '../test/sse/event-source.js';
import { noteRequest } from './support/exchange.js';
import { makeResponse } from './support/raw-http.js';
import type { KitWorld } from './support/world.js';

/** How long a wait for something the stream should bring may last: a bound for a loaded machine, not a timing. */
const WAIT_MS = 10_000;

// The stream each scenario holds open, by World (the World's own fields are its methods' state).
const clients = new WeakMap<KitWorld, StreamClient>();

function clientOf(world: KitWorld): StreamClient {
  const client = clients.get(world);
  if (client === undefined)
    throw new Error('no event stream is open: use "When a client opens the event stream"');
  return client;
}

async function open(world: KitWorld, path: string, headers: Record<string, string> = {}): Promise<void> {
  world.port();
  noteRequest({ method: 'GET', path, headers });
  const client = await openStream(`${world.baseURL}${path}`, {
    headers: { accept: 'text/event-stream', ...headers },
  });
  clients.set(world, client);
  // The status and headers feed the generic `Then the status is` / `the header ... is` steps.
  const pairs = Object.entries(client.headers).flatMap(
    ([name, value]): Array<[string, string]> =>
      Array.isArray(value) ? value.map((one): [string, string] => [name, one]) : [[name, String(value)]],
  );
  world.response = makeResponse(client.status, pairs, Buffer.alloc(0));
}

function headersOf(table: DataTable): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of table.raw()) if (name !== undefined) headers[name] = value ?? '';
  return headers;
}

When('a client opens the event stream {string}', function (this: KitWorld, path: string) {
  return open(this, path);
});

When(
  'a client opens the event stream {string} with headers:',
  function (this: KitWorld, path: string, table: DataTable) {
    return open(this, path, headersOf(table));
  },
);

// SSE-006: a client that stops reading: the socket's buffers fill and the server sees a slow reader.
When(
  'a client opens the event stream {string} and reads nothing',
  async function (this: KitWorld, path: string) {
    await open(this, path);
    clientOf(this).pause();
  },
);

When('the client reads again', function (this: KitWorld) {
  clientOf(this).resume();
});

// SSE-007: the client leaves, as a page closing its EventSource does.
When('the client disconnects', function (this: KitWorld) {
  clientOf(this).disconnect();
});

// The events an EventSource would have dispatched so far, once there are as many as expected.
Then('the client receives the events:', async function (this: KitWorld, expected: string) {
  const events = JSON.parse(expected) as unknown[];
  const client = clientOf(this);
  await client.until((c) => c.parser.events.length >= events.length || c.ended, WAIT_MS);
  assert.deepEqual(client.parser.events, events);
});

Then('the client receives {int} events', async function (this: KitWorld, count: number) {
  const client = clientOf(this);
  await client.until((c) => c.parser.events.length >= count || c.ended, WAIT_MS);
  assert.equal(client.parser.events.length, count);
});

// SSE-004: a comment line `: heartbeat`.
Then('the client receives a heartbeat comment', async function (this: KitWorld) {
  await clientOf(this).until((c) => c.parser.comments.includes(' heartbeat'), WAIT_MS);
});

// SSE-005: the reconnection delay the stream set with `retry:`.
Then("the client's reconnection delay is {int} ms", async function (this: KitWorld, ms: number) {
  const client = clientOf(this);
  await client.until((c) => c.parser.retry !== undefined || c.ended, WAIT_MS);
  assert.equal(client.parser.retry, ms);
});

Then('the stream ends', { timeout: WAIT_MS + 5000 }, async function (this: KitWorld) {
  const client = clientOf(this);
  await client.until((c) => c.ended, WAIT_MS);
});

// The bytes as they arrived, written as a JSON string so that line breaks and trailing blank lines show.
Then("the stream's text, as a JSON string, is:", async function (this: KitWorld, expected: string) {
  const client = clientOf(this);
  await client.until((c) => c.ended, WAIT_MS);
  assert.equal(client.text, JSON.parse(expected) as string);
});

After(function (this: KitWorld) {
  clients.get(this)?.disconnect();
  clients.delete(this);
});
