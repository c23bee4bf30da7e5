// Compiled by `npm run test:types`: route options with a schema type the handler's request from the
// schema's output (spec/schemas.md, Types): Zod and Valibot through Standard Schema's types, TypeBox through `static`.
import { Type } from '@sinclair/typebox';
import kit, { Router } from 'kitjs';
import * as v from 'valibot';
import { z } from 'zod';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
function expectType<T extends true>(_check?: T): void {}

const app = kit();

const newUser = z.object({ name: z.string(), age: z.number().default(0) });
app.post('/users', { schema: { body: newUser } }, (req, res) => {
  expectType<Equal<typeof req.body, { name: string; age: number }>>();
  // @ts-expect-error: the schema has no "nmae"
  req.body.nmae;
  res.status(201).json(req.body);
});

// Params and query from Valibot's output; the body stays unknown without a body schema.
app.get(
  '/items/:id',
  {
    schema: {
      params: v.object({ id: v.pipe(v.string(), v.transform(Number)) }),
      query: v.object({ q: v.string() }),
    },
  },
  (req, res) => {
    expectType<Equal<typeof req.params, { id: number }>>();
    expectType<Equal<typeof req.query, { q: string }>>();
    expectType<Equal<typeof req.body, unknown>>();
    res.json({ id: req.params.id + 1, q: req.query.q });
  },
);

// TypeBox: its `static` type.
new Router().put('/n/:n', { schema: { body: Type.Object({ n: Type.Integer() }) } }, (req, res) => {
  const n: number = req.body.n;
  // @ts-expect-error: n is a number
  const wrong: string = req.body.n;
  res.json({ n, wrong, param: req.params.n });
});

// A hand-written JSON Schema validates but types nothing: the path's params, the body unknown.
app.patch('/raw/:id', { schema: { body: { type: 'object' } } }, (req, res) => {
  expectType<Equal<typeof req.body, unknown>>();
  expectType<Equal<typeof req.params, { id: string }>>();
  res.end();
});

// Without options, nothing changes.
app.post('/plain', (req, res) => {
  expectType<Equal<typeof req.body, unknown>>();
  res.end();
});

// route(path) registrars take options too, typed from the route's path and the schema.
app.route('/books/:isbn').get({ schema: { query: z.object({ full: z.stringbool() }) } }, (req, res) => {
  expectType<Equal<typeof req.query, { full: boolean }>>();
  expectType<Equal<typeof req.params, { isbn: string }>>();
  res.end();
});

// Replies (spec/schemas.md, Types): res.status(code).json/send take that status's declared output; res.json without a
// status the union of the declared outputs.
const user = z.object({ id: z.number(), name: z.string() });
const problem = v.object({ error: v.string() });
app.post('/accounts', { schema: { response: { 201: user, '4xx': problem } } }, (req, res) => {
  res.status(201).json({ id: 1, name: 'Ada' });
  res.status(201).send({ id: 1, name: 'Ada' });
  // @ts-expect-error: 201's reply has no "nmae"
  res.status(201).json({ id: 1, nmae: 'Ada' });
  // @ts-expect-error: 201's reply needs a numeric id
  res.status(201).send({ id: '1', name: 'Ada' });
  res.status(404).json({ error: 'no such account' });
  // @ts-expect-error: 404 takes the 4xx reply
  res.status(404).json({ id: 1, name: 'Ada' });
  res.status(201).send('a string is not a reply schema matter');
  // A status with no reply declared takes anything, as without a schema.
  res.status(500).json({ anything: true });
  res.json({ error: 'either declared reply' });
  // @ts-expect-error: neither declared reply
  res.json({ nope: 1 });
  expectType<Equal<typeof req.body, unknown>>();
});

// TypeBox's static; default covers every status without its own key.
app.get('/me', { schema: { response: { default: Type.Object({ id: Type.Integer() }) } } }, (_req, res) => {
  res.status(200).json({ id: 1 });
  // @ts-expect-error: the default reply's id is a number
  res.status(200).json({ id: 'one' });
});

// A hand-written JSON Schema reply types nothing; without a response schema status() is as before.
app.get('/raw-reply', { schema: { response: { 200: { type: 'object' } } } }, (_req, res) => {
  res.status(200).json({ whatever: 1 });
});
app.get('/no-reply-schema', (_req, res) => {
  res.status(201).json({ whatever: 1 });
  const chained: typeof res = res.status(201);
  chained.end();
});

// DOCS-030: the OpenAPI words sit in the schema, typed; they leave the request's types as they were.
app.get(
  '/orders/:id',
  {
    schema: {
      params: z.object({ id: z.coerce.number() }),
      summary: 'One order',
      description: 'By its number.',
      tags: ['orders'],
      operationId: 'getOrder',
      deprecated: false,
      security: [{ bearerAuth: [] }, { oauth: ['orders:read'] }],
      hide: false,
    },
  },
  (req, res) => {
    expectType<Equal<typeof req.params, { id: number }>>();
    res.json({ id: req.params.id });
  },
);
// @ts-expect-error: tags is an array of strings
app.get('/x', { schema: { tags: 'orders' } }, (_req, res) => res.end());
// @ts-expect-error: the words are not route options of their own
app.get('/x', { summary: 'List' }, (_req, res) => res.end());
// @ts-expect-error: each requirement maps a scheme to its scopes
app.get('/x', { schema: { security: [{ bearerAuth: 'read' }] } }, (_req, res) => res.end());
