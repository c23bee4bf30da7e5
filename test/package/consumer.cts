// Compiled by `npm run test:package`: the CommonJS view of the package is the kit function, as with Express.
import kit = require('kitjs');
import auth = require('kitjs/auth');
import db = require('kitjs/db');
import docs = require('kitjs/docs');

const app: kit.KitApp = kit();
app.use(kit.json(), kit.cors());
const user: kit.TokenPayload = { id: 'u1', email: 'a@b.c' };
app.get('/users/:id', (req, res) => res.json({ user, id: req.params.id }));
app.use((err, _req, res, _next) => res.status(500).json({ error: String(err) }));
const router: kit.Router = new kit.Router();
router.route('/r/:slug').get((req, res) => res.send(req.params.slug));
app.use('/api', router);
const same: kit.KitApp = kit.default();
const alsoSame: kit.KitApp = kit.kit();
const handler: kit.RequestHandler<{ Params: { id: string } }> = (req, res) => res.json(req.params.id);
app.get('/h/:id', handler);
// req.app and req.route are the core's KitApp and Route (its types name each other in a circle): an
// assignment to string or number fails only while they are.
app.get('/own', (req, res) => {
  const owner: kit.KitApp = req.app;
  const path: unknown = req.route?.path;
  // @ts-expect-error req.route is a Route, not a number
  const notRoute: number | undefined = req.route;
  // @ts-expect-error req.app is the app, not a string
  const notText: string = res.app;
  res.json({ owner: typeof owner, path, notText, notRoute });
});
// The subpath entries' exports are the root's own (one core).
const sameHash: typeof kit.hashPassword = auth.hashPassword;
const manager: kit.SQLiteManager = new db.SQLiteManager(':memory:');
const setup: kit.SwaggerSetup = docs.setupSwagger(app, { info: { title: 'consumer', version: '1' } });
export = [app, same, alsoSame, sameHash, manager, setup];
