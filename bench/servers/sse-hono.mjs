// Hono's streamSSE on @hono/node-server, as its docs write it; the heartbeat is the handler's own timer.
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { countOf, HEARTBEAT_MS, memory, payload } from './sse-shared.mjs';

const app = new Hono();

app.get('/stream', (c) =>
  streamSSE(c, async (stream) => {
    const n = countOf(c.req.url);
    for (let i = 0; i < n && !stream.aborted; i++) {
      await stream.writeSSE({ id: String(i), data: JSON.stringify(payload(i)) });
    }
  }),
);
app.get('/idle', (c) =>
  streamSSE(c, async (stream) => {
    const beat = setInterval(() => stream.write(': heartbeat\n\n'), HEARTBEAT_MS);
    await stream.writeSSE({ event: 'ready', data: '{}' });
    await new Promise((resolve) => stream.onAbort(resolve));
    clearInterval(beat);
  }),
);
app.get('/mem', (c) => c.json(memory()));

serve({ fetch: app.fetch, port: Number(process.env.PORT), hostname: '127.0.0.1' });
process.on('SIGTERM', () => process.exit(0));
