// Compiled by `npm run test:package`: `require('kitjs/express')` is the express function, as with Express.
import express = require('kitjs/express');

const app: express.Application = express();
app.use(express.json(), express.urlencoded());
app.use('/files', express.static('public'));
const router = express.Router();
router.get('/:id', (req: express.Request, res: express.Response) => res.json({ id: req.params.id }));
app.use('/api', router, new express.Router());
const handler: express.RequestHandler = (_req, _res, next: express.NextFunction) => next();
app.use(handler, express.query());
export = app;
