// Compiled by `npm run test:package`: `require('kitjs/express')` is the express function, as with Express.
import express = require('kitjs/express');
import kit = require('kitjs');

const app: express.Application = express();
app.use(express.json(), express.urlencoded());
app.use('/files', express.static('public'));
const router = express.Router();
router.get('/:id', (req: express.Request, res: express.Response) => res.json({ id: req.params.id }));
app.use('/api', router, new express.Router());
const handler: express.RequestHandler = (_req, _res, next: express.NextFunction) => next();
app.use(handler, express.query());

// The CommonJS views of both entries name one set of types (one core, scripts/build.mjs).
type ExpressRouter = ReturnType<typeof express.Router>;
const fromKit: ExpressRouter = new kit.Router();
const fromExpress: kit.Router = express.Router();
const kitApp: express.Application = kit();
const expressApp: kit.KitApp = express();
expressApp.use('/kit', fromKit);
kitApp.use('/express', fromExpress, router);
const response: kit.KitResponse = express.response;
const pair = (req: express.Request, res: express.Response): [kit.KitRequest, kit.KitResponse] => [req, res];
app.set('pair', pair);
app.set('response', response);
export = app;
