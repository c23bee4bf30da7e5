// Hono on @hono/node-server, written the way its docs do it (built-in secureHeaders and cors).
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { secureHeaders } from 'hono/secure-headers';
import { validator } from 'hono/validator';
import jwt from 'jsonwebtoken';
import pino from 'pino';
import { JSON_PAYLOAD, makeRoutes, makeUser, meBody, routeBody, routeCount, stackParts } from '../shared.mjs';

const workload = process.argv[2];
const app = new Hono();
// c.json() says `application/json`; every other server adds the charset, so Hono is told to as well.
const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8' };

switch (workload) {
  case 'hello':
    app.get('/', (c) => c.text('hello'));
    break;
  case 'json':
    app.get('/json', (c) => c.json(JSON_PAYLOAD, 200, JSON_HEADERS));
    break;
  case 'param':
    app.get('/users/:id', (c) => c.json({ id: c.req.param('id') }, 200, JSON_HEADERS));
    break;
  case 'router':
    for (const r of makeRoutes(routeCount())) {
      app.on(r.method, r.path, (c) => c.json(routeBody(r.index, c.req.param()), 200, JSON_HEADERS));
    }
    break;
  case 'echo':
    app.post('/echo', async (c) => c.json(await c.req.json(), 200, JSON_HEADERS));
    break;
  case 'stack': {
    // Hono has no body-parser middleware (bodies are parsed on demand), so `json` has no piece here.
    const on = stackParts();
    const logger = pino();
    if (on.logger)
      app.use(async (c, next) => {
        const start = performance.now();
        await next();
        logger.info(
          {
            req: { method: c.req.method, url: c.req.path },
            res: { statusCode: c.res.status },
            responseTime: performance.now() - start,
          },
          'request completed',
        );
      });
    // The same headers as kitjs's security() (and helmet as configured for Express and Fastify).
    if (on.security)
      app.use(
        secureHeaders({
          contentSecurityPolicy: { defaultSrc: ["'self'"] },
          crossOriginResourcePolicy: false,
          crossOriginOpenerPolicy: false,
          originAgentCluster: false,
          referrerPolicy: false,
          strictTransportSecurity: false,
        }),
      );
    if (on.cors) app.use(cors());
    app.get('/users/:id', (c) => c.json({ id: c.req.param('id') }, 200, JSON_HEADERS));
    break;
  }
  case 'auth': {
    const secret = process.env.JWT_SECRET;
    app.use('/me', async (c, next) => {
      const header = c.req.header('authorization');
      try {
        if (!header?.startsWith('Bearer ')) throw new Error('no token');
        c.set('user', jwt.verify(header.slice(7), secret, { algorithms: ['HS256'] }));
      } catch {
        return c.json({ error: 'Unauthorized' }, 401, JSON_HEADERS);
      }
      await next();
    });
    app.get('/me', (c) => c.json(meBody(c.get('user')), 200, JSON_HEADERS));
    break;
  }
  case 'api': {
    // Hono's validator() with a Zod schema (what @hono/zod-validator wraps); it answers 400 itself when the
    // body is not JSON.
    const { UserIn, UserOut } = await import('../api-zod.mjs');
    app.post(
      '/users',
      validator('json', (value, c) => {
        const parsed = UserIn.safeParse(value);
        if (!parsed.success)
          return c.json({ error: 'Bad Request', issues: parsed.error.issues }, 400, JSON_HEADERS);
        return parsed.data;
      }),
      (c) => c.json(UserOut.parse(makeUser(c.req.valid('json'))), 201, JSON_HEADERS),
    );
    break;
  }
  default:
    throw new Error(`unknown workload ${workload}`);
}

serve({ fetch: app.fetch, port: Number(process.env.PORT), hostname: '127.0.0.1' });

// Exit cleanly on SIGTERM, so that `node --cpu-prof` writes its profile.
process.on('SIGTERM', () => process.exit(0));
