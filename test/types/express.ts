// Compiled by `npm run test:types` against the built package: `kitjs/express` keeps inline handlers typed,
// and the application API of Express 4 (mount, path, request/response prototypes, views, listen) is typed.
import type { EventEmitter } from 'node:events';
import type { RequestListener } from 'node:http';
import type { PathList } from 'kitjs';
import express, { type Application, type Request, type Response } from 'kitjs/express';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
function expectType<T extends true>(_check?: T): void {}

const app = express();
expectType<Equal<typeof app, Application>>();
const emitter: EventEmitter = app;
const blog = express();
blog.on('mount', (parent: Application) => parent.path());
app.use('/blog', blog);
app.use(['/a', '/b'], express());
expectType<Equal<typeof blog.mountpath, string | RegExp | PathList>>();
expectType<Equal<typeof blog.parent, Application | undefined>>();

app.get('/users/:id', (req, res) => {
  expectType<Equal<typeof req.params.id, string>>();
  res.render('user', { id: req.params.id });
});
app.get('/cb', (_req, res) => res.render('x', (err, html) => (err ? res.sendStatus(500) : res.send(html))));
app.engine('txt', (path, options, callback) => callback(null, `${path}${String(options.title)}`));
app.render('mail', { name: 'Tobi' }, (err, html) => console.log(err?.message, html));
app.response.hello = function hello(this: Response) {
  this.send('hi');
};
express.request.whoami = function whoami(this: Request) {
  return this.ip;
};
// Express 4's deprecated members are kitjs/express's Request and Response (XREQ-004, XREQ-011, XREQ-032,
// XRES-003).
app.get('/old', (req: Request, res: Response) => {
  expectType<Equal<typeof req.host, string>>();
  const id: unknown = req.param('id', 0);
  const charset: string | false = req.acceptsCharset('utf-8');
  const languages: string[] = req.acceptsLanguage();
  expectType<Equal<typeof req.acceptsEncoding, typeof req.acceptsEncodings>>();
  console.log(charset, languages);
  res.json(201, { id });
  res.send(404);
  res.sendfile('public/index.html', (err) => console.log(err?.message));
});

const router = express.Router();
const built = new express.Router();
router.get('/', (req, res) => res.send(req.path));
app.use(router, built, express.json(), express.urlencoded(), express.static('public'), express.query());

app.listen(3000, () => {});
app.listen(3000, '127.0.0.1', () => {});
app.listen(3000, '127.0.0.1', 511, () => {});
app.listen('/tmp/app.sock');
app.listen({ port: 0, host: '127.0.0.1' }, () => {});
// The app is a request listener, and given a `next` a middleware of another app (EXP-006).
express().use((req, res, next) => app(req, res, next));
const listener: RequestListener = app;

// @ts-expect-error an engine is a function
app.engine('txt', 'not a function');
// @ts-expect-error render needs the view name
app.render();

export { emitter, listener };
