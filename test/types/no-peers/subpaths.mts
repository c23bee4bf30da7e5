// Compiled by scripts/type-tests.mjs in a project of its own (kitjs under node_modules, no optional peer),
// in a program with no import of 'kitjs' (tsconfig.subpaths.json): each subpath entry (kitjs/auth, kitjs/db,
// kitjs/docs, kitjs/express, kitjs/express5, kitjs/sse) types what it exports by itself, and a library's exports typed
// by inference are named through it. The tsconfig checks declarations: a type only dist/core.d.ts names fails with
// TS2883 (inside this repository `kitjs` resolves to itself, where any path is portable, so test/package
// cannot see this).
import { generateToken, hashPassword, type TokenPayload } from 'kitjs/auth';
import { type SequelizeDialect, SQLiteManager } from 'kitjs/db';
import { type OpenApiDocument, setupSwagger } from 'kitjs/docs';
import express from 'kitjs/express';
import express5 from 'kitjs/express5';
import { type SseStream, sse } from 'kitjs/sse';

const user: TokenPayload = { id: 1, email: 'a@b.c' };
export const token: string = generateToken(user);
export const hashed: Promise<string> = hashPassword('correct horse');
export const database = new SQLiteManager(':memory:');
export const dialect: SequelizeDialect = 'sqlite';
export const app = express();
export const docs = setupSwagger(app, { info: { title: 'subpaths', version: '1' } });
export const document: OpenApiDocument = docs.document;

// kitjs/express's members, each typed with names kitjs/express exports.
export const jsonParser = express.json;
export const staticFiles = express.static;
export const queryParser = express.query;
export const RouteClass = express.Route;
export const route = new express.Route('/books/:isbn');
export const router = express.Router();
route.get((req, res) => res.json({ isbn: req.params.isbn }));

// kitjs/express5's members, each typed with names kitjs/express5 exports (its Router and Route types are the
// ones kitjs/express names, exported under its own names).
export const app5 = express5();
export const jsonParser5 = express5.json;
export const urlencodedParser5 = express5.urlencoded;
export const staticFiles5 = express5.static;
export const RouterFactory5 = express5.Router;
export const RouteClass5 = express5.Route;
export const route5 = new express5.Route('/books/:isbn');
export const router5 = express5.Router();
route5.get((req, res) => res.json({ isbn: req.params.isbn }));

// kitjs/sse's handler, on kitjs/express5's app: an inferred export named through kitjs/sse.
export const events = sse({ retry: 1000 }, async (stream: SseStream) => {
  await stream.send({ event: 'ready', data: { at: Date.now() } });
});
app5.get('/events', events);
