// Fastify 5 with @fastify/sse (the Fastify organisation's plugin), written as its README does.
import fastifySse from '@fastify/sse';
import Fastify from 'fastify';
import { countOf, HEARTBEAT_MS, memory, payload } from './sse-shared.mjs';

const app = Fastify();
await app.register(fastifySse, { heartbeatInterval: HEARTBEAT_MS });

app.get('/stream', { sse: true }, async (req, reply) => {
  const n = countOf(req.url);
  for (let i = 0; i < n; i++) {
    if (!reply.sse.isConnected) return;
    await reply.sse.send({ id: String(i), data: payload(i) });
  }
});
app.get('/idle', { sse: true }, async (_req, reply) => {
  reply.sse.keepAlive();
  await reply.sse.send({ event: 'ready', data: {} });
});
app.get('/mem', async () => memory());

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => process.exit(0));
