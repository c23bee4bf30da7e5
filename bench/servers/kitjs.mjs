// kitjs, imported by package name (the built dist/, the way users get it). With KITJS_MODULE (a file URL to
// another build's dist entry, set by `run.mjs --baseline`), the same app runs on that build instead.
import { JSON_PAYLOAD, makeRoutes, makeUser, meBody, routeBody, routeCount, stackParts } from '../shared.mjs';

// A namespace import: an older build may lack an export that only some workloads use.
const {
  default: kit,
  authMiddleware,
  cors,
  json,
  requestLogger,
  security,
} = await import(process.env.KITJS_MODULE || 'kitjs');

const workload = process.argv[2];
const app = kit();

// `mixed` (the soak test) serves every workload but `stack` from one app.
const parts = workload === 'mixed' ? ['hello', 'json', 'param', 'router', 'echo', 'auth'] : [workload];
for (const part of parts) {
  switch (part) {
    case 'hello':
      app.get('/', (_req, res) => {
        res.type('text/plain').send('hello');
      });
      break;
    case 'json':
      app.get('/json', (_req, res) => {
        res.json(JSON_PAYLOAD);
      });
      break;
    case 'param':
      app.get('/users/:id', (req, res) => {
        res.json({ id: req.params.id });
      });
      break;
    case 'router':
      for (const r of makeRoutes(routeCount())) {
        app[r.method.toLowerCase()](r.path, (req, res) => {
          res.json(routeBody(r.index, req.params));
        });
      }
      break;
    case 'echo':
      app.use(json());
      app.post('/echo', (req, res) => {
        res.json(req.body);
      });
      break;
    case 'stack': {
      const on = stackParts();
      if (on.logger) app.use(requestLogger);
      if (on.security) app.use(security());
      if (on.cors) app.use(cors());
      if (on.json) app.use(json());
      app.get('/users/:id', (req, res) => {
        res.json({ id: req.params.id });
      });
      break;
    }
    case 'auth':
      app.get('/me', authMiddleware, (req, res) => {
        res.json(meBody(req.user));
      });
      break;
    case 'api': {
      // The same route with either kind of schema: TypeBox's JSON Schema (the driver's `kitjs`) or, with
      // API_SCHEMA=zod, Zod's Standard Schema (`kitjs-zod`). The response schema leaves out what it does not
      // declare.
      const { UserIn, UserOut } = await import(
        process.env.API_SCHEMA === 'zod' ? '../api-zod.mjs' : '../api-typebox.mjs'
      );
      app.use(json());
      app.post('/users', { schema: { body: UserIn, response: { 201: UserOut } } }, (req, res) => {
        res.status(201).json(makeUser(req.body));
      });
      break;
    }
    default:
      throw new Error(`unknown workload ${part}`);
  }
}

app.listen(Number(process.env.PORT), '127.0.0.1');

// Exit cleanly on SIGTERM, so that `node --cpu-prof` writes its profile.
process.on('SIGTERM', () => process.exit(0));
