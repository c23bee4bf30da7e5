// Compiled by `npm run test:types` against the built package: there is one Route type. `req.route`, what
// `route(path)` returns and what `new express.Route(path)` makes are all instances of the Route class, whose
// instance type is the public `Route`: no cast bridges two shapes of it.
import kit, { type KitApp, type Middleware, type PathList, type Route, type RouteLayer } from 'kitjs';
import express from 'kitjs/express';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
function expectType<T extends true>(_check?: T): void {}

/** An instance of the Route class, as `new express.Route(path)` makes it. */
type RouteInstance<Path extends string | RegExp | PathList = string | RegExp | PathList> = InstanceType<
  typeof express.Route<Path>
>;

// --- Within kitjs/express: req.route, app.route() and new express.Route() are one type ------------------
const app = express();

app.get('/books/:isbn', (req, res) => {
  expectType<Equal<typeof req.route, RouteInstance | undefined>>();
  const route = req.route;
  if (route === undefined) return res.sendStatus(500);
  // A registrar given a RegExp or a list makes a route with that path, so the path is not only a string.
  expectType<Equal<typeof route.path, string | RegExp | PathList>>();
  expectType<Equal<typeof route.methods, Record<string, boolean>>>();
  const names: string[] = route.stack.map((layer) => layer.name);
  res.json({ path: String(route.path), methods: route.methods, names, get: route.handlesMethod('get') });
});

const routed = app.route('/books/:isbn');
const made = new express.Route('/books/:isbn');
expectType<Equal<typeof routed, typeof made>>();
expectType<Equal<typeof made, RouteInstance<'/books/:isbn'>>>();
expectType<Equal<typeof made.path, '/books/:isbn'>>();

// A Route made on its own has registrars typed from its path, chainable, as route(path)'s are.
const chained: typeof routed = made
  .get((req, res) => res.send(req.params.isbn))
  .put((req, _res, next) => {
    expectType<Equal<typeof req.params, { isbn: string }>>();
    // @ts-expect-error: no parameter "id" in '/books/:isbn'
    req.params.id;
    next();
  });
routed.all((err, _req, _res, next) => next(err));
app.use((req, res, next) => made.dispatch(req, res, next));
new express.Route(/^\/commits\/(\w+)$/).get((req, res) => {
  expectType<Equal<typeof req.params, Record<string, string | undefined>>>();
  res.send(req.params[0] ?? '');
});
// @ts-expect-error: a Route's path is a string, a RegExp or a list of them
new express.Route(42);

// --- From kitjs: the exported Route and RouteLayer are the same shapes ---------------------------------
const kitApp: KitApp = kit();
kitApp.get('/who', (req, res) => {
  expectType<Equal<typeof req.route, Route | undefined>>();
  const stack: RouteLayer[] | undefined = req.route?.stack;
  res.json({ handlers: stack?.length ?? 0 });
});
expectType<Equal<ReturnType<typeof kitApp.route<'/x'>>, Route<'/x'>>>();
expectType<Equal<RouteLayer['handle'], Middleware>>();
expectType<Equal<RouteLayer['method'], string | undefined>>();
// Each entry point's declarations are a copy of the same types (dist/index.d.ts, dist/express.d.ts), so a
// Route of one is a Route of the other.
const fromExpress: Route<'/books/:isbn'> = made;
const fromKit: RouteInstance<'/books/:isbn'> = kitApp.route('/books/:isbn');

export { chained, fromExpress, fromKit };
