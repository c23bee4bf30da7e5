// kitjs's sse() from the built package: on kit(), or on kitjs/express5 with SSE_FLAVOUR=express5.
import kit from 'kitjs';
import express5 from 'kitjs/express5';
import { sse } from 'kitjs/sse';
import { countOf, HEARTBEAT_MS, memory, payload } from './sse-shared.mjs';

const app = process.env.SSE_FLAVOUR === 'express5' ? express5() : kit();

app.get(
  '/stream',
  sse({ heartbeat: HEARTBEAT_MS }, async (stream, req) => {
    const n = countOf(req.url);
    for (let i = 0; i < n; i++) if (!(await stream.send({ id: i, data: payload(i) }))) return;
  }),
);
app.get(
  '/idle',
  sse({ heartbeat: HEARTBEAT_MS }, async (stream) => {
    await stream.send({ event: 'ready', data: {} });
    await stream.untilClosed();
  }),
);
app.get('/mem', (_req, res) => res.json(memory()));

app.listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => process.exit(0));
