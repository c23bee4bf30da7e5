// Compiled by `npm run test:package`: the CommonJS view of the package has the same surface.
import kitjs = require('kitjs');

const app: kitjs.KitApp = kitjs.default();
const user: kitjs.TokenPayload = { id: 'u1', email: 'a@b.c' };
app.get('/', (_req: kitjs.KitRequest, res: kitjs.KitResponse) => res.json(user));
export = app;
