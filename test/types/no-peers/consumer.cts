// The CommonJS view, in the same project without optional peers.
import kit = require('kitjs');

const app: kit.KitApp = kit();
app.use(kit.json());
const db: kit.SQLiteManager = new kit.SQLiteManager(':memory:');
export = { app, db };
