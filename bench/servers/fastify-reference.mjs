// The reference app's service (reference-app/) written on Fastify 5 the way its docs do it, for bench/cold-start.mjs's
// time to a first answer of a real app: the same parts loaded and set up before it listens. Its own pino logger
// logging each request (requestLogger), helmet and CORS as plugins (security(), cors()), a 16 KB JSON body
// limit, Zod schemas for the bodies and replies through Fastify's validator and serializer compilers, the
// users and the login attempts in SQLite in memory through Sequelize (kitjs's SQLiteManager is Sequelize on
// sqlite3), tables created at start, bcrypt's dummy hash made at start, jsonwebtoken for the tokens, JSON 404s
// and errors, 405 on the POST-only paths, /healthz and /readyz. Not here: the OpenAPI document and swagger-ui
// (setupSwagger), which the kitjs app builds at start and which @fastify/swagger would add here; the kitjs
// app does that work in its figure. The figure is the time to `GET /healthz`; the other routes are for a look
// by hand: PORT=3000 node bench/servers/fastify-reference.mjs.
import { randomBytes } from 'node:crypto';
import fastifyCors from '@fastify/cors';
import fastifyHelmet from '@fastify/helmet';
import bcrypt from 'bcrypt';
import Fastify from 'fastify';
import jwt from 'jsonwebtoken';
import { DataTypes, Sequelize } from 'sequelize';
import { z } from 'zod';

const secret = process.env.JWT_SECRET || randomBytes(32).toString('hex');

const email = z.string().trim().toLowerCase();
const registerBody = z.object({
  email: email.max(254).regex(/^[^\s@]+@[^\s@]+$/),
  password: z
    .string()
    .refine((p) => [...p].length >= 8)
    .refine((p) => Buffer.byteLength(p, 'utf8') <= 72),
});
const loginBody = z.object({ email, password: z.string() });
const publicUser = z.object({ id: z.union([z.number().int(), z.string()]), email: z.string() });
const loginReply = z.object({ token: z.string() });

const db = new Sequelize({ dialect: 'sqlite', storage: ':memory:', logging: false });
const User = db.define(
  'User',
  {
    email: { type: DataTypes.STRING, allowNull: false, unique: true },
    passwordHash: { type: DataTypes.STRING, allowNull: false },
  },
  { tableName: 'users' },
);
db.define(
  'LoginAttempt',
  {
    key: { type: DataTypes.STRING(300), primaryKey: true, field: 'throttle_key' },
    attempts: { type: DataTypes.INTEGER, allowNull: false },
    windowEnds: { type: DataTypes.BIGINT, allowNull: false, field: 'window_ends' },
  },
  { tableName: 'login_attempts', timestamps: false },
);
await db.authenticate();
await db.sync();

const app = Fastify({
  logger: true,
  bodyLimit: 16 * 1024,
  trustProxy: Number(process.env.TRUST_PROXY ?? 0),
});
app.setValidatorCompiler(({ schema }) => (data) => {
  const parsed = schema.safeParse(data);
  return parsed.success ? { value: parsed.data } : { error: parsed.error };
});
app.setSerializerCompiler(
  ({ schema }) =>
    (data) =>
      JSON.stringify(schema.parse(data)),
);
await app.register(fastifyHelmet);
await app.register(fastifyCors);

const dummyHash = bcrypt.hash(randomBytes(18).toString('base64'), 10);
dummyHash.catch(() => {});

app.post(
  '/register',
  { schema: { body: registerBody, response: { 201: publicUser } } },
  async (request, reply) => {
    const { email, password } = request.body;
    const user = await User.create({ email, passwordHash: await bcrypt.hash(password, 10) });
    return reply.code(201).send({ id: user.get('id'), email: user.get('email') });
  },
);
app.post('/login', { schema: { body: loginBody, response: { 200: loginReply } } }, async (request, reply) => {
  const { email, password } = request.body;
  const user = await User.findOne({ where: { email } });
  const matches = await bcrypt.compare(password, user ? user.get('passwordHash') : await dummyHash);
  if (!user || !matches) return reply.code(401).send({ error: 'Invalid email or password' });
  return { token: jwt.sign({ id: user.get('id'), email: user.get('email') }, secret, { expiresIn: '1h' }) };
});
app.get(
  '/me',
  {
    preHandler: async (request, reply) => {
      const [scheme, token] = (request.headers.authorization ?? '').split(' ');
      try {
        if (scheme !== 'Bearer') throw new Error('no token');
        request.user = jwt.verify(token, secret, { algorithms: ['HS256'] });
      } catch {
        return reply.code(401).send({ error: 'Unauthorized' });
      }
    },
  },
  async (request) => ({ user: request.user }),
);
for (const url of ['/register', '/login']) {
  app.route({
    method: ['GET', 'PUT', 'PATCH', 'DELETE'],
    url,
    handler: async (_request, reply) =>
      reply.code(405).header('Allow', 'POST').send({ error: 'Method Not Allowed: use POST' }),
  });
}
app.get('/healthz', async (_request, reply) =>
  reply.header('Cache-Control', 'no-store').send({ status: 'ok' }),
);
app.get('/readyz', async (_request, reply) => {
  reply.header('Cache-Control', 'no-store');
  await db.authenticate();
  return { status: 'ready' };
});
app.setNotFoundHandler((_request, reply) => reply.code(404).send({ error: 'Not Found' }));
app.setErrorHandler((err, _request, reply) => {
  const status = err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
  if (status === 500) app.log.error({ err }, 'request failed');
  reply.code(status).send({ error: status === 500 ? 'Internal Server Error' : err.message });
});

await app.listen({ port: Number(process.env.PORT ?? 3000), host: process.env.HOST ?? '127.0.0.1' });

process.on('SIGTERM', async () => {
  await app.close();
  await db.close();
  process.exit(0);
});
