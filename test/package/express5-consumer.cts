// Compiled by `npm run test:package`: `require('kitjs/express5')` is the express function, as with Express 5.
import express = require('kitjs/express5');
import kit = require('kitjs');

const app: express.Application = express();
app.use(express.json(), express.urlencoded({ extended: true }));
app.use('/files', express.static('public'));
const router = express.Router();
router.get('/:id', (req: express.Request, res: express.Response) => res.json({ id: req.params.id }));
router.get('/files/*path', (req: express.Request, res: express.Response) => res.json(req.params.path));
app.use('/api', router, new express.Router());
const handler: express.ErrorRequestHandler = (err, _req, res, _next: express.NextFunction) =>
  res.status(500).send(String(err));
app.use(handler);

// kitjs/express5 shares the one core with kitjs and kitjs/express (scripts/build.mjs).
const fromKit: ReturnType<typeof express.Router> = new kit.Router();
const expressApp: kit.KitApp = express();
expressApp.use('/kit', fromKit);
const host = (req: express.Request): string | undefined => req.host;
app.set('host', host);
export = app;
