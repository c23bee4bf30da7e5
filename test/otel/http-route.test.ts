/** OBS-012: with the OpenTelemetry SDK and instrumentation-http set up as their docs say, kitjs/otel names the server span by its route. */
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { SpanKind } from '@opentelemetry/api';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';

// The SDK first, then the instrumentation, then node:http required (instrumentation-http patches it as it
// is required), then the app: the order their docs give.
const exporter = new InMemorySpanExporter();
const provider = new NodeTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
provider.register();
registerInstrumentations({ instrumentations: [new HttpInstrumentation()] });
const http = createRequire(import.meta.url)('node:http') as typeof import('node:http');
const { kit, Router } = await import('../../src/index.ts');
const { instrumentKit } = await import('../../src/otel.ts');

function get(port: number, path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      })
      .on('error', reject);
  });
}

const isServer = (span: { kind: SpanKind }): boolean => span.kind === SpanKind.SERVER;

async function serverSpans(): Promise<Array<{ name: string; route: unknown }>> {
  // The server span ends when the response finishes, which may be just after the client has read it.
  for (let tries = 0; tries < 200 && !exporter.getFinishedSpans().some(isServer); tries++)
    await new Promise((resolve) => setTimeout(resolve, 10));
  return exporter
    .getFinishedSpans()
    .filter(isServer)
    .map((span) => ({ name: span.name, route: span.attributes['http.route'] }));
}

describe('kitjs/otel (OBS-012)', () => {
  const instrumentation = instrumentKit();
  const app = kit();
  app.get('/users/:id', (req, res) => res.json({ id: req.params.id }));
  const api = new Router();
  api.get('/items/:n', async (req, res) => {
    await new Promise((resolve) => setImmediate(resolve));
    res.json({ n: req.params.n });
  });
  app.use('/api', api);
  const server = app.listen(0, '127.0.0.1');
  let port = 0;

  before(async () => {
    await new Promise((resolve) => server.once('listening', resolve));
    port = (server.address() as AddressInfo).port;
  });
  after(async () => {
    instrumentation.stop();
    await app.close();
    await provider.shutdown();
  });

  it('names the server span GET /users/:id, with http.route', async () => {
    exporter.reset();
    assert.equal(await get(port, '/users/42'), 200);
    assert.deepEqual(await serverSpans(), [{ name: 'GET /users/:id', route: '/users/:id' }]);
  });

  it('puts the mount prefix in front of a mounted router route, after an await', async () => {
    exporter.reset();
    assert.equal(await get(port, '/api/items/7'), 200);
    assert.deepEqual(await serverSpans(), [{ name: 'GET /api/items/:n', route: '/api/items/:n' }]);
  });

  it('leaves a request no route answered without http.route', async () => {
    exporter.reset();
    assert.equal(await get(port, '/nowhere'), 404);
    const spans = await serverSpans();
    assert.equal(spans.length, 1);
    assert.equal(spans[0]?.route, undefined);
  });

  it('stops adding routes once stopped', async () => {
    const other = instrumentKit();
    other.stop();
    other.stop();
    exporter.reset();
    assert.equal(await get(port, '/users/1'), 200);
    assert.deepEqual(await serverSpans(), [{ name: 'GET /users/:id', route: '/users/:id' }]);
  });
});
