// Compiled by `npm run test:types`: body-parser and serve-static options type their callbacks inline, and
// wrong option types are refused.
import kit, { json, type RawOptions, raw, serveStatic, type TextOptions, text, urlencoded } from 'kitjs';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
function expectType<T extends true>(_check?: T): void {}

const app = kit();

app.use(
  json({
    limit: '100kb',
    inflate: false,
    strict: true,
    type: ['application/json', '+json'],
    reviver: (key, value) => (key === 'at' ? String(value) : value),
    verify(req, res, buf, encoding) {
      expectType<Equal<typeof buf, Buffer>>();
      expectType<Equal<typeof encoding, string | null>>();
      if (req.get('x-signature') === undefined) res.set('X-Reason', 'unsigned');
    },
  }),
);
app.use(urlencoded({ extended: false, parameterLimit: 50, depth: 2, defaultCharset: 'iso-8859-1' }));
app.use(raw({ type: (req) => req.get('x-raw') === '1', limit: 1024 }));
app.use(text({ type: 'text/*', defaultCharset: 'utf-8' }));

const rawOptions: RawOptions = { type: 'image/*' };
const textOptions: TextOptions = { defaultCharset: 'iso-8859-1' };
app.post('/upload', raw(rawOptions), text(textOptions), (req, res) => res.json({ size: String(req.body) }));

// @ts-expect-error: strict is a boolean
json({ strict: 'yes' });
// @ts-expect-error: defaultCharset of urlencoded is 'utf-8' or 'iso-8859-1'
urlencoded({ defaultCharset: 'utf-16' });
// @ts-expect-error: verify is a function
raw({ verify: true });

app.use(
  serveStatic('public', {
    index: ['index.html', 'index.htm'],
    extensions: ['html'],
    fallthrough: false,
    redirect: false,
    acceptRanges: false,
    cacheControl: true,
    immutable: true,
    maxAge: '1y',
    setHeaders(res, path, stat) {
      expectType<Equal<typeof path, string>>();
      res.setHeader('X-Size', String(stat.size));
    },
  }),
);
// @ts-expect-error: extensions is a list or false
serveStatic('public', { extensions: 'html' });
