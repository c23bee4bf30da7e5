// Compiled by `npm run test:package`: `import express from 'kitjs/express'` with the Express type names.
import kit, { type KitApp, type KitRequest, type KitResponse, Router } from 'kitjs';
import express, { type Application, type Request, type Response } from 'kitjs/express';

const app: Application = express();
const blog: Application = express();
app.use('/blog', blog);
blog.on('mount', (parent: Application) => parent.path());
app.engine('txt', (_path, options, callback) => callback(null, String(options.title)));
app.get('/', (req: Request, res: Response) => res.render('home', { title: req.path }));
const server = app.listen({ port: 0, host: '127.0.0.1' }, () => server.close());

// Both entries name one set of types (one core, scripts/build.mjs): Router has private members, so a
// Router declared once per entry would not be assignable from one entry to the other.
type ExpressRouter = ReturnType<typeof express.Router>;
const fromKit: ExpressRouter = new Router();
const fromExpress: Router = express.Router();
const constructed: Router = new express.Router();
const kitApp: Application = kit();
const expressApp: KitApp = express();
expressApp.use('/kit', fromKit, constructed);
kitApp.use('/express', fromExpress);
const request: KitRequest = express.request;
const response: KitResponse = express.response;
const pair = (req: Request, res: Response): [KitRequest, KitResponse] => [req, res];

// A library's exports typed by inference (the tsconfig checks declarations). Here, inside the repository,
// 'kitjs' resolves to itself and any path to dist/ is portable; outside it a type only dist/core.d.ts
// names fails with TS2883, which test/types/no-peers/subpaths.mts checks (scripts/type-tests.mjs).
export const inferredApp = kit();
export const inferredRouter = new Router();
export const inferredExpressApp = express();
export const inferredExpressRouter = express.Router();
export const inferredHandler = express.json({ limit: '1kb' });
export function mount(target = inferredApp) {
  return target.use('/api', inferredRouter, inferredExpressRouter);
}

export { app, pair, request, response };
