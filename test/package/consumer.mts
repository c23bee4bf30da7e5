// Compiled by `npm run test:package` against the built package: every public type imports from 'kitjs'.

import addFormats from 'ajv-formats';
import type {
  AppErrorHandler,
  ErrorHandler,
  KitApp,
  KitRequest,
  KitResponse,
  Middleware,
  NextFunction,
  Plugin,
  RequestHandler,
  Route,
  TokenPayload,
} from 'kitjs';
import kit, { json, Router } from 'kitjs';
import { authMiddleware } from 'kitjs/auth';
import { mongodbManager } from 'kitjs/db';
import { setupSwagger } from 'kitjs/docs';

const app: KitApp = kit();
const handler: RequestHandler = (req: KitRequest, res: KitResponse, next: NextFunction) => {
  if (req.params.id === undefined) return next();
  res.status(200).json({ id: req.params.id, body: req.body });
};
const onError: ErrorHandler = (err, _req, res, _next) => res.status(500).send(String(err));
const appError: AppErrorHandler = (_err, _req, res) => res.sendStatus(500);
const chain: Middleware[] = [handler, onError];
const plugin: Plugin<{ prefix: string }> = (instance, options) => {
  instance.get(`${options.prefix}/x`, handler);
};
const route: Route<'/r'> = app.route('/r').get(handler);
const user: TokenPayload = { id: 1, email: 'a@b.c' };
const router = new Router();
router.get('/:id', ...chain);
app.use(json()).use('/api', router).setErrorHandler(appError);
await app.register(plugin, { prefix: '/p' });
// req.app and req.route are the core's KitApp and Route (its types name each other in a circle): an
// assignment to string or number fails only while they are.
app.get('/own', (req, res) => {
  const owner: KitApp = req.app;
  // @ts-expect-error req.app is the app, not a string
  const notText: string = res.app;
  // @ts-expect-error req.route is a Route, not a number
  const notRoute: number | undefined = req.route;
  res.json({ owner: typeof owner, notText, notRoute });
});

// SCHEMA-014: a CommonJS ajv plugin's default import under NodeNext is its module to the types; it is taken.
const formatted = kit({ ajv: { plugins: [addFormats], formats: ['email', 'uuid'] } });
// @ts-expect-error formats are format names, true or false
kit({ ajv: { formats: ['e-mail'] } });

// The subpath entries share the root's types (one core): their exports are the root's own.
const guarded: RequestHandler = authMiddleware;
app.get('/me', guarded, (req, res) => res.json({ user: req.user }));
const docs = setupSwagger(app, { info: { title: 'consumer', version: '1' } });
const disconnected: Promise<void> = mongodbManager.disconnect();

export { disconnected, docs, formatted, route, user };
