// Compiled by `npm run test:types`: Express 4's response members (spec/express-response.md), typed on
// inline handlers without annotations; `@ts-expect-error` marks what must be refused.
import kit, { type FormatHandlers, type KitApp } from 'kitjs';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
function expectType<T extends true>(_check?: T): void {}

const app: KitApp = kit();

app.get('/members', (req, res) => {
  const type = res.get('Content-Type');
  expectType<Equal<typeof type, number | string | string[] | undefined>>();
  res
    .append('Set-Cookie', 'a=1')
    .append('Set-Cookie', ['b=2'])
    .header('X-A', '1')
    .header({ 'X-B': ['1', '2'] })
    .contentType('json')
    .vary('Accept')
    .vary(['Origin'])
    .links({ next: '/page/2' })
    .location('back')
    .status(200);
  res.format({
    html: (_rq, rs) => rs.send('<p>hi</p>'),
    json: () => res.json({ ok: true }),
    default: (_rq, _rs, next) => next?.(),
  });
  res.jsonp({ ok: req.path });
});

app.get('/legacy', (_req, res) => {
  // @ts-expect-error: Express 4's (status, body) forms are kitjs/express's (RES-012)
  res.send(201, 'made');
  // @ts-expect-error: Express 4's (status, body) forms are kitjs/express's (RES-012)
  res.json(202, { a: 1 });
  // @ts-expect-error: Express 4's (status, body) forms are kitjs/express's (RES-012)
  res.jsonp(203, [1]);
  res.redirect('back');
  // @ts-expect-error: a Content-Type array is refused (a TypeError at run time too)
  res.contentType(['json']);
});

interface User {
  id: number;
}
app.get<{ Reply: User }>('/user', (_req, res) => {
  res.status(200).json({ id: 1 });
  res.jsonp({ id: 1 });
  // @ts-expect-error: the reply is a User
  res.jsonp({ id: 'one' });
  // @ts-expect-error: the reply is a User
  res.status(200).json({ id: 'one' });
});

const handlers: FormatHandlers = { text: (_req, res) => res.send('text') };
void handlers;
