// Fastify 5, written the way its docs do it (plugins for helmet and cors, its own pino logger).
import fastifyCors from '@fastify/cors';
import fastifyHelmet from '@fastify/helmet';
import Fastify, { LogController } from 'fastify';
import jwt from 'jsonwebtoken';
import {
  HELMET_OPTIONS,
  JSON_PAYLOAD,
  makeRoutes,
  makeUser,
  meBody,
  routeBody,
  routeCount,
  stackParts,
} from '../shared.mjs';

const workload = process.argv[2];
const on = stackParts();

/** Fastify's request logging without its 'incoming request' line: one line a request, like the others. */
class CompletedOnly extends LogController {
  incomingRequest() {}
}

// In `stack`, Fastify's own pino logger, to stdout (which the driver discards).
const app = Fastify(
  workload === 'stack' && on.logger
    ? { logger: true, logController: new CompletedOnly() }
    : { logger: false },
);

// `mixed` (the soak test) serves every workload but `stack` from one app.
const parts = workload === 'mixed' ? ['hello', 'json', 'param', 'router', 'echo', 'auth'] : [workload];
for (const part of parts) {
  switch (part) {
    case 'hello':
      app.get('/', (_request, reply) => {
        reply.type('text/plain; charset=utf-8').send('hello');
      });
      break;
    case 'json':
      app.get('/json', () => JSON_PAYLOAD);
      break;
    case 'param':
      app.get('/users/:id', (request) => ({ id: request.params.id }));
      break;
    case 'router':
      for (const r of makeRoutes(routeCount())) {
        app.route({
          method: r.method,
          url: r.path,
          handler: (request) => routeBody(r.index, request.params),
        });
      }
      break;
    case 'echo':
      app.post('/echo', (request) => request.body);
      break;
    case 'stack':
      if (on.security) await app.register(fastifyHelmet, HELMET_OPTIONS);
      if (on.cors) await app.register(fastifyCors);
      // Fastify parses JSON bodies natively; removing the parser means dropping it from the content types.
      if (!on.json) app.removeContentTypeParser('application/json');
      app.get('/users/:id', (request) => ({ id: request.params.id }));
      break;
    case 'auth': {
      const secret = process.env.JWT_SECRET;
      app.decorateRequest('user', null);
      const authenticate = (request, reply, done) => {
        const header = request.headers.authorization;
        try {
          if (!header?.startsWith('Bearer ')) throw new Error('no token');
          request.user = jwt.verify(header.slice(7), secret, { algorithms: ['HS256'] });
        } catch {
          reply.code(401).send({ error: 'Unauthorized' });
          return;
        }
        done();
      };
      app.get('/me', { onRequest: authenticate }, (request) => meBody(request.user));
      break;
    }
    case 'api': {
      // Fastify's own way: ajv checks the body, fast-json-stringify writes the 201 from its schema, which
      // leaves out every key the schema does not declare.
      const { UserIn, UserOut } = await import('../api-typebox.mjs');
      app.post('/users', { schema: { body: UserIn, response: { 201: UserOut } } }, (request, reply) =>
        reply.code(201).send(makeUser(request.body)),
      );
      break;
    }
    default:
      throw new Error(`unknown workload ${part}`);
  }
}

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });

// Exit cleanly on SIGTERM, so that `node --cpu-prof` writes its profile.
process.on('SIGTERM', () => process.exit(0));
