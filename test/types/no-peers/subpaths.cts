// Compiled by scripts/type-tests.mjs (tsconfig.subpaths.json): the CommonJS views of kitjs/auth, kitjs/db
// and kitjs/docs are the objects of their named exports. What this file exports is annotated: a CommonJS
// entry's types are aliases in its `export =` namespace, and an inferred KitApp could not be named (TS2883).
import auth = require('kitjs/auth');
import db = require('kitjs/db');
import docs = require('kitjs/docs');
import express = require('kitjs/express');

const app: express.Application = express();
app.get('/me', auth.authMiddleware, (req, res) => res.json({ user: req.user }));
const manager: db.SQLiteManager = new db.SQLiteManager(':memory:');
const options: docs.SetupSwaggerOptions = { info: { title: 'subpaths', version: '1' }, path: '/docs' };
const setup: docs.SwaggerSetup = docs.setupSwagger(app, options);
app.set('manager', manager);
app.set('openapi', setup.document);
export = app;
