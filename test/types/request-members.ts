// Compiled by `npm run test:types`: the request members are typed on an inline handler's `req`; Express 4's
// deprecated ones are not a kit() request's.
import kit, { type KitApp, query, type RangeResult } from 'kitjs';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
function expectType<T extends true>(_check?: T): void {}

const app: KitApp = kit();
app.use(query({ depth: 2 }));
app.use(query((search) => ({ search })));

app.get('/', (req, res) => {
  expectType<Equal<typeof req.ip, string>>();
  expectType<Equal<typeof req.ips, string[]>>();
  expectType<Equal<typeof req.protocol, string>>();
  expectType<Equal<typeof req.secure, boolean>>();
  expectType<Equal<typeof req.hostname, string>>();
  // @ts-expect-error: Express 4's req.host is kitjs/express's only (XREQ-004)
  void req.host;
  expectType<Equal<typeof req.subdomains, string[]>>();
  expectType<Equal<typeof req.xhr, boolean>>();
  expectType<Equal<typeof req.fresh, boolean>>();
  expectType<Equal<typeof req.stale, boolean>>();
  expectType<Equal<ReturnType<typeof req.range>, RangeResult | undefined>>();
  const one: string | false = req.accepts('json', 'html');
  const fromArray: string | false = req.accepts(['json', 'html']);
  const all: string[] = req.accepts();
  const encoding: string | false = req.acceptsEncodings('gzip');
  const charset: string | false = req.acceptsCharsets('utf-8');
  // @ts-expect-error: Express 4's singular accepts* names are kitjs/express's only (XREQ-011)
  req.acceptsCharset('utf-8');
  const language: string | false = req.acceptsLanguages(['en', 'fr']);
  const header: string | undefined = req.header('x-id');
  // @ts-expect-error: Express 4's req.param is kitjs/express's only (XREQ-032)
  req.param('id', 0);
  const cookies: Record<string, string> | undefined = req.cookies;
  const ranges = req.range(100, { combine: true });
  if (Array.isArray(ranges)) {
    const unit: string = ranges.type;
    const first: number | undefined = ranges[0]?.start;
    res.json({ unit, first });
  }
  // @ts-expect-error: a size is a number
  req.range('100');
  res.json({ one, fromArray, all, encoding, charset, language, header, cookies });
});
