// Compiled by `npm run test:package`: the CommonJS view of the package is the kit function, as with Express.
import kit = require('kitjs');

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
export = [app, same, alsoSame];
