// The Express app of every workload, written the way Express's docs and most apps do it, given the `express`
// function to build it with: Express 5 (servers/express.mjs), Express 4 (servers/express4.mjs) or kitjs's
// Express 4 flavour (servers/kitjs-express.mjs), so that the three run the same code.
import cors from 'cors';
import helmet from 'helmet';
import jwt from 'jsonwebtoken';
import pino from 'pino';
import {
  HELMET_OPTIONS,
  JSON_PAYLOAD,
  makeRoutes,
  makeUser,
  meBody,
  routeBody,
  routeCount,
  stackParts,
} from './shared.mjs';

/** The usual hand-rolled pino request logger (what pino-http does): one line when the response ends. */
function requestLogger(logger) {
  return (req, res, next) => {
    const start = performance.now();
    res.on('finish', () => {
      logger.info(
        {
          req: { method: req.method, url: req.originalUrl },
          res: { statusCode: res.statusCode },
          responseTime: performance.now() - start,
        },
        'request completed',
      );
    });
    next();
  };
}

/** The usual jsonwebtoken middleware: Bearer token in, `req.user` out, 401 otherwise. */
function authenticate(secret) {
  return (req, res, next) => {
    const header = req.get('authorization');
    if (!header?.startsWith('Bearer ')) return res.status(401).json({ error: 'Unauthorized' });
    try {
      req.user = jwt.verify(header.slice(7), secret, { algorithms: ['HS256'] });
    } catch {
      return res.status(401).json({ error: 'Unauthorized' });
    }
    next();
  };
}

/**
 * Builds the app of `workload` on `express` and listens on PORT (127.0.0.1).
 * With ID_PATTERN (e.g. `(\\d+)`, the cold start's Express-syntax app) every fourth `:id` of the `router`
 * workload carries that pattern: Express 4 and kitjs/express take it, Express 5 refuses it.
 */
export async function serve(express, workload = process.argv[2]) {
  const app = express();
  switch (workload) {
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
        const path =
          process.env.ID_PATTERN && r.index % 4 === 3
            ? r.path.replace(':id', `:id${process.env.ID_PATTERN}`)
            : r.path;
        app[r.method.toLowerCase()](path, (req, res) => {
          res.json(routeBody(r.index, req.params));
        });
      }
      break;
    case 'echo':
      app.use(express.json());
      app.post('/echo', (req, res) => {
        res.json(req.body);
      });
      break;
    case 'stack': {
      const on = stackParts();
      if (on.logger) app.use(requestLogger(pino()));
      if (on.security) app.use(helmet(HELMET_OPTIONS));
      if (on.cors) app.use(cors());
      if (on.json) app.use(express.json());
      app.get('/users/:id', (req, res) => {
        res.json({ id: req.params.id });
      });
      break;
    }
    case 'auth':
      app.get('/me', authenticate(process.env.JWT_SECRET), (req, res) => {
        res.json(meBody(req.user));
      });
      break;
    case 'api': {
      const { UserIn, UserOut } = await import('./api-zod.mjs');
      app.use(express.json());
      app.post('/users', (req, res) => {
        const parsed = UserIn.safeParse(req.body);
        if (!parsed.success)
          return res.status(400).json({ error: 'Bad Request', issues: parsed.error.issues });
        res.status(201).json(UserOut.parse(makeUser(parsed.data)));
      });
      break;
    }
    default:
      throw new Error(`unknown workload ${workload}`);
  }

  app.listen(Number(process.env.PORT), '127.0.0.1');

  // Exit cleanly on SIGTERM, so that `node --cpu-prof` writes its profile.
  process.on('SIGTERM', () => process.exit(0));
}
