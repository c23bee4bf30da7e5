// Compiled by `npm run test:types` (tsc --strict, against the built package): inline handlers are typed
// on every registrar without a single parameter annotation; `@ts-expect-error` marks what must be refused.
import kit, { type ErrorHandler, type KitApp, type RequestHandler, type Route, Router } from 'kitjs';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
function expectType<T extends true>(_check?: T): void {}

const app: KitApp = kit();

// Every method registrar types an inline (req, res, next).
app.get('/a', (req, res, next) => {
  expectType<Equal<typeof req.body, unknown>>();
  res.status(200).json({ path: req.path, host: req.hostname });
  next();
});
app.post('/a', (req, res) => res.json(req.body));
app.put('/a', (req, res) => res.send(req.ip));
app.patch('/a', (_req, res) => res.sendStatus(204));
app.delete('/a', (_req, res) => res.redirect('/'));
app.head('/a', (_req, res) => res.end());
app.options('/a', (_req, res) => res.set('Allow', 'GET').end());
app.all('/a', (req, _res, next) => next(req.get('x-skip') === undefined ? undefined : 'route'));

// Params from the path literal.
app.get('/users/:id', (req, res) => {
  const id: string = req.params.id;
  expectType<Equal<typeof req.params, { id: string }>>();
  // @ts-expect-error: no parameter "name" in '/users/:id'
  req.params.name;
  res.json({ id });
});
app.get('/posts/:p/c/:c?', (req, res) => {
  expectType<Equal<typeof req.params, { p: string; c?: string }>>();
  // @ts-expect-error: an optional parameter may be undefined
  const c: string = req.params.c;
  res.json({ p: req.params.p, c: c ?? req.params.c ?? 'none' });
});
app.get('/files/*', (req, res) => {
  expectType<Equal<typeof req.params, { 0: string }>>();
  res.send(req.params[0]);
});
app.get('/a/:x/b/*', (req, res) => res.json([req.params.x, req.params[0]]));
app.get('/', (req, res) => {
  expectType<Equal<typeof req.params, {}>>();
  res.end();
});

// A path that is not a literal: any name, maybe undefined.
declare const somePath: string;
app.get(somePath, (req, res) => {
  expectType<Equal<typeof req.params, Record<string, string | undefined>>>();
  // @ts-expect-error: may be undefined
  const v: string = req.params.anything;
  res.json(v);
});
declare const prefix: string;
app.get(`${prefix}/:id`, (req, res) => res.json(req.params.id ?? null));

// An inline four-parameter function is an error handler, on routes and in use().
app.get(
  '/e/:id',
  (_req, _res, next) => next(new Error('boom')),
  (err, req, res, next) => {
    expectType<Equal<typeof err, unknown>>();
    const id: string = req.params.id;
    if (res.headersSent) return next(err);
    res.status(500).json({ id, error: String(err) });
  },
);
app.use((req, _res, next) => {
  expectType<Equal<typeof req.params, Record<string, string | undefined>>>();
  next();
});
app.use((err, _req, res, _next) => res.status(500).json({ error: String(err) }));
app.use('/api', (req, _res, next) => next(req.baseUrl));
app.use('/api', (err, _req, _res, next) => next(err));
app.use(
  (_req, _res, next) => next(),
  [(_req, _res, next) => next(), (err, _req, _res, next) => next(err)],
  (err, _req, res, _next) => res.status(500).send(String(err)),
);

// Arrays and pre-typed handlers keep working.
const logIt: RequestHandler = (req, _res, next) => {
  console.log(req.method, req.url);
  next();
};
const onError: ErrorHandler = (err, _req, res) => res.status(500).json({ error: String(err) });
app.get('/arr/:id', [logIt, [logIt]], logIt, (req, res) => res.json(req.params.id), onError);
app.use(logIt, [logIt, onError]).use('/x', [logIt], onError);

// Typed body, query and reply, Fastify-style.
interface NewUser {
  email: string;
  name?: string;
}
interface User {
  id: number;
  email: string;
}
app.post<{ Body: NewUser; Reply: User }>('/users', (req, res) => {
  const email: string = req.body.email;
  res.status(201).json({ id: 1, email });
  // @ts-expect-error: the reply is a User
  res.json({ id: 'one', email });
  // @ts-expect-error: the body has no such field
  req.body.password;
});
app.get<{ Query: { page?: string }; Params: { id: string } }>('/q/:id', (req, res) => {
  const page: string | undefined = req.query.page;
  res.json({ page, id: req.params.id });
});
app.get('/q2', (req, res) => {
  expectType<Equal<typeof req.query, Record<string, string | undefined>>>();
  res.end();
});

// route(path)
app
  .route('/books/:isbn')
  .get((req, res) => res.json({ isbn: req.params.isbn }))
  .put<{ Body: { title: string } }>((req, res) => res.json({ isbn: req.params.isbn, title: req.body.title }))
  .delete((req, _res, next) => {
    // @ts-expect-error: no parameter "id" in '/books/:isbn'
    req.params.id;
    next();
  })
  .all((err, _req, _res, next) => next(err));

// Router
const router = new Router();
router.get('/:id', (req, res) => res.json({ id: req.params.id }));
router.use((err, _req, res, _next) => res.status(500).end(String(err)));
router.route('/r/:slug').post((req, res) => res.send(req.params.slug));
const chained: Router = router.post('/x', logIt).use('/y', logIt);
app.use('/router', router, chained);
app.use(kit());

// What must be refused.
// @ts-expect-error: a handler must be a function
app.get('/bad', 42);
// @ts-expect-error: a handler must be a function
app.use('/bad', 'handler');
// @ts-expect-error: a route needs a string path
app.get(42, logIt);
// @ts-expect-error: a five-parameter function is no handler
app.use((_a: unknown, _b: unknown, _c: unknown, _d: unknown, _e: unknown) => undefined);

export { app };

// A handler typed for one path's params fits that path. On a path without them it is accepted too, as
// middleware typed for Express is (ForeignMiddleware in src/core/types/foreign-middleware.ts explains the trade).
const showUser: RequestHandler<{ Params: { id: string } }> = (req, res) => res.json(req.params.id);
app.get('/people/:id', showUser);

// The path of route() is kept in its type; a wildcard alone captures params[0].
const books: Route<'/books/:isbn'> = app.route('/books/:isbn');
books.get((req, res) => res.send(req.params.isbn));
app.get('*', (req, res) => res.send(req.params[0]));

// Express 4 routing (XROUTE): RegExp and array paths, Express syntax, every method, param(), req.route.
app.get(/^\/commits\/(\w+)$/, (req, res) => {
  expectType<Equal<typeof req.params, Record<string, string | undefined>>>();
  res.send(req.params[0] ?? '');
});
app.get(['/about', /^\/team$/], (req, res) => res.send(req.path));
app.get('/user/:id(\\d+)', (req, res) => {
  // Syntax beyond kitjs's own forms: a dictionary, never a wrong name like 'id(\\d+)'.
  expectType<Equal<typeof req.params, Record<string, string | undefined>>>();
  res.send(req.params.id ?? '');
});
app.get('/flights/:from-:to', (req, res) => res.json(req.params));
app.propfind('/dav/:file', (req, res) => {
  expectType<Equal<typeof req.params, { file: string }>>();
  res.status(207).end();
});
app['m-search']('/ssdp', (_req, res) => res.end());
app.param('id', (req, _res, next, value, name) => {
  expectType<Equal<typeof value, string | undefined>>();
  expectType<Equal<typeof name, string>>();
  next(req.params.id === undefined ? 'route' : undefined);
});
app.param(['a', 'b'], (_req, _res, next) => next());
const purgeable: Route<'/books/:isbn'> = app
  .route('/books/:isbn')
  .purge((req, res) => res.send(req.params.isbn));
purgeable.stack.map((layer) => layer.method);
const methods: Record<string, boolean> = purgeable.methods;
app.get('/who', (req, res) => res.json({ path: req.route?.path, methods: req.route?.methods ?? methods }));
new Router({ caseSensitive: true, strict: true, mergeParams: true }).lock('/x', (_req, res) => res.end());
// @ts-expect-error: a number is not a path
app.get(42, (_req, res) => res.end());
