// Compiled by `npm run test:types`: plugins, the app-wide error and not-found handlers, the app as a listener.
import { createServer } from 'node:http';
import kit, { type KitApp, type Plugin, Router } from 'kitjs';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
function expectType<T extends true>(_check?: T): void {}

const app = kit();

// A typed plugin: its options are checked, its app parameter is a KitApp.
const health: Plugin<{ path: string; detail?: boolean }> = (instance, options) => {
  instance.get(options.path, (_req, res) => res.json({ ok: true, detail: options.detail ?? false }));
};
const registered = app.register(health, { path: '/health' });
expectType<Equal<typeof registered, KitApp | Promise<KitApp>>>();
// @ts-expect-error: a required option is missing
app.register(health);
// @ts-expect-error: an option of the wrong type
app.register(health, { path: 1 });
// @ts-expect-error: a plugin must be a function
app.register({ path: '/x' }, {});

// Inline plugins: the options type comes from the options given; sync gives the app, async a promise.
const sync = app.register(
  (instance, options) => {
    instance.get(`${options.prefix}/:id`, (req, res) => res.json({ id: req.params.id }));
  },
  { prefix: '/v1' },
);
expectType<Equal<typeof sync, KitApp>>();
const later = app.register(async (instance) => {
  const router = new Router();
  router.get('/:slug', (req, res) => res.send(req.params.slug));
  instance.use('/docs', router);
});
expectType<Equal<typeof later, Promise<KitApp>>>();
await later;
// @ts-expect-error: no options were given, so there are none to read
app.register((_instance, options) => options.prefix.length);

// The app-wide error handler and close hooks.
app.setErrorHandler((err, req, res) => {
  expectType<Equal<typeof err, unknown>>();
  res.status(500).json({ error: String(err), path: req.path });
});
app.onClose(async () => undefined);

// ERR-013, ERR-014: the shape of kitjs's own answers, and the not-found handler (it may be async).
const api: KitApp = kit({ errors: 'problem+json' }).setNotFoundHandler(async (req, res) => {
  res.status(404).json({ error: `No route for ${req.method} ${req.path}` });
});
kit({ errors: 'text' }).setNotFoundHandler(() => {
  throw new Error('unknown routes go to the error handler');
});
// @ts-expect-error: 'json' is not one of the shapes
kit({ errors: 'json' });
// @ts-expect-error: a not-found handler is a function of (req, res)
api.setNotFoundHandler('404.html');

// The app is a request listener and mounts like a router.
createServer(app).close();
kit().use('/sub', app);

export { app };
