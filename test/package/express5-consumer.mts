// Compiled by `npm run test:package`: `import express from 'kitjs/express5'` with the Express type names.
import { type KitApp, type KitRequest, type KitResponse, Router } from 'kitjs';
import express4 from 'kitjs/express';
import express, { type Application, type Request, type Response } from 'kitjs/express5';

const app: Application = express();
app.get('/users{/:id}', (req: Request, res: Response) => res.json({ id: req.params.id ?? null }));
app.get('/:file{.:ext}', (req: Request, res: Response) => res.send(req.params.file));
// X5-002: Express 5 removed the singular accepts* names; the plural ones stay.
app.get('/charset', (req: Request, res: Response) => {
  // @ts-expect-error: req.acceptsCharset is Express 4's only (XREQ-011)
  res.send(req.acceptsCharset('utf-8') || req.acceptsCharsets('utf-8'));
});
const server = app.listen(0, (err?: Error) => {
  if (err) throw err;
  server.close();
});

// One core for every entry: a Router of one is a Router of the others.
const fromKit: ReturnType<typeof express.Router> = new Router();
const fromExpress4: Router = express4.Router();
const fromExpress5: Router = express.Router();
const appOf5: KitApp = express();
appOf5.use('/a', fromKit, fromExpress4, fromExpress5);
const request: KitRequest = express.request;
const response: KitResponse = express.response;

export const inferredExpress5App = express();
export const inferredExpress5Router = express.Router();
export const inferredJson = express.json({ limit: '1kb' });
export { app, request, response };
