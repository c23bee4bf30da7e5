// Compiled by `npm run test:types` (tsc --strict): AUTH-017, `req.user` is defined in the handlers registered
// after authMiddleware in the same call, typed by the app; AUTH-015's options are typed.
import kit, {
  type AuthMiddleware,
  type AuthUser,
  authMiddleware,
  generateToken,
  type KitRequest,
  Router,
  type TokenPayload,
  verifyToken,
} from 'kitjs';
import { z } from 'zod';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
function expectType<T extends true>(_check?: T): void {}

// An app declares what its tokens carry on Express.User, as passport's typings have apps do.
declare global {
  namespace Express {
    interface User {
      role: 'admin' | 'member';
    }
  }
}

const app = kit();
const router = new Router();

// The plain guard, first after the path: req.user is AuthUser, defined.
app.get('/me', authMiddleware, (req, res) => {
  expectType<Equal<typeof req.user, AuthUser>>();
  const id: string | number = req.user.id;
  const role: 'admin' | 'member' = req.user.role;
  res.json({ id, role, email: req.user.email });
});
// Params stay typed from the path.
app.get('/users/:userId', authMiddleware, (req, res) => res.json({ by: req.user.id, of: req.params.userId }));
// Every handler after the guard, also error handlers, and on routers and route(path).
app.post(
  '/posts',
  authMiddleware,
  (req, _res, next) => {
    req.user.email.toLowerCase();
    next();
  },
  (err: unknown, req, res, _next) => res.status(500).json({ err: String(err), user: req.user.id }),
);
router.put('/settings', authMiddleware, (req, res) => res.json({ role: req.user.role }));
app.route('/profile/:section').get(authMiddleware, (req, res) => res.json([req.user.id, req.params.section]));
// The called form is the same guard.
app.get('/again', authMiddleware(), (req, res) => res.json(req.user.id));

// A guard with options and the app's own claims type.
interface Claims {
  id: number;
  email: string;
  tenant: string;
}
const tenantGuard = authMiddleware<Claims>({
  secret: 'x'.repeat(32),
  algorithms: ['HS512'],
  allowNoExpiry: false,
});
expectType<Equal<typeof tenantGuard, AuthMiddleware<Claims>>>();
app.get('/tenant', tenantGuard, (req, res) => {
  const id: number = req.user.id;
  const tenant: string = req.user.tenant;
  res.json({ id, tenant });
});

// Without the guard in the call, req.user may be undefined.
app.get('/open', (req, res) => {
  // @ts-expect-error: no guard before this handler, req.user is possibly undefined
  res.json(req.user.id);
});
app.use('/admin', authMiddleware);
app.get('/admin/stats', (req, res) => {
  // @ts-expect-error: the guard was registered by another call; the types cannot follow use() order
  res.json(req.user.id);
});
// A plain middleware first is no guard.
const plain = (_req: KitRequest, _res: unknown, next: () => void): void => next();
app.get('/plain', plain, (req, res) => {
  // @ts-expect-error: plain middleware guarantees nothing
  res.json(req.user.id);
});
app.get('/tenant-wrong', tenantGuard, (req, res) => {
  // @ts-expect-error: a claim Claims does not declare is unknown (TokenPayload's index signature), not a role
  const role: 'admin' | 'member' = req.user.tenantRole;
  res.json(role);
});

// Options are typed.
// @ts-expect-error: RS256 is not an HMAC algorithm
authMiddleware({ algorithms: ['RS256'] });
// @ts-expect-error: allowNoExpiry is a boolean
authMiddleware({ allowNoExpiry: 'yes' });
// @ts-expect-error: unknown option
authMiddleware({ expiresIn: '1h' });
// @ts-expect-error: secret is a string or bytes
authMiddleware({ secret: 42 });

// The token helpers take a secret per call.
const token = generateToken({ id: 1, email: 'a@b.c' }, { secret: 'x'.repeat(32), expiresIn: '15m' });
generateToken({ id: 1, email: 'a@b.c' }, '15m');
const claims = verifyToken(token, { secret: Buffer.from('x'.repeat(32)), allowNoExpiry: true });
expectType<Equal<typeof claims, TokenPayload | null>>();
// @ts-expect-error: algorithm is one HMAC name
generateToken({ id: 1, email: 'a@b.c' }, { algorithm: ['HS256'] });

// Inline guards, called in the registration itself, are guards too.
app.get('/inline', authMiddleware({ secret: 'x'.repeat(32) }), (req, res) => res.json(req.user.id));
app.get('/inline-typed', authMiddleware<Claims>({ allowNoExpiry: true }), (req, res) => {
  const id: number = req.user.id;
  res.json(id);
});
app.route('/inline-route').post(authMiddleware({}), (req, res) => res.json(req.user.email));

// SCHEMA-015: a guard and route options together, in either order: req.user is defined and the body is the
// schema's output, both at once; the claims keep the guard's type.
const Note = {
  type: 'object',
  properties: { title: { type: 'string' } },
  required: ['title'],
  additionalProperties: false,
} as const;
const noteSchema = { body: z.object({ title: z.string() }) };
app.post('/notes', { schema: noteSchema }, authMiddleware, (req, res) => {
  expectType<Equal<typeof req.user, AuthUser>>();
  const title: string = req.body.title;
  res.status(201).json({ title, by: req.user.id });
});
app.post('/notes-first', authMiddleware, { schema: noteSchema }, (req, res) => {
  expectType<Equal<typeof req.user, AuthUser>>();
  const title: string = req.body.title;
  res.status(201).json({ title, by: req.user.email });
});
app.post('/notes-tenant', { schema: noteSchema, handlerTimeout: 2000 }, tenantGuard, (req, res) => {
  const tenant: string = req.user.tenant;
  const title: string = req.body.title;
  res.json({ tenant, title });
});
app.put('/notes/:noteId', { schema: noteSchema }, authMiddleware(), (req, res) => {
  res.json({ id: req.params.noteId, title: req.body.title, by: req.user.role });
});
router.post('/notes', { schema: noteSchema }, authMiddleware, (req, res) => res.json(req.user.id));
app.route('/notes/:noteId/copy').post({ schema: noteSchema }, authMiddleware, (req, res) => {
  res.json([req.params.noteId, req.body.title, req.user.id]);
});
app.route('/notes/:noteId/move').post(authMiddleware, { schema: noteSchema }, (req, res) => {
  res.json([req.params.noteId, req.body.title, req.user.id]);
});
app.post('/notes-wrong', { schema: noteSchema }, authMiddleware, (req, res) => {
  // @ts-expect-error: the schema has no field "body" named titel
  res.json(req.body.titel);
});
app.post('/notes-json-schema', { schema: { body: Note } }, authMiddleware, (req, res) =>
  res.json(req.user.id),
);
