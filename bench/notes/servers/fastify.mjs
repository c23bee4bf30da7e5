// The notes app on Fastify 5, the way its docs lead: better-sqlite3 with prepared statements, @fastify/jwt
// (`request.jwtVerify()` in an `authenticate` decorator, run onRequest), TypeBox schemas in the route options
// (ajv for the body, fast-json-stringify for the reply), its pino logger at info to a file (`logger.file`).
import fastifyJwt from '@fastify/jwt';
import bcrypt from 'bcrypt';
import Fastify from 'fastify';
import { LoginIn, LoginOut, NoteList } from '../schemas.mjs';
import { FIND_USER_SQL, LIST_NOTES_SQL, logFileFor, NOTES, PASSWORD, SCHEMA_SQL, USERS } from '../seed.mjs';

// better-sqlite3 13 ships prebuilt N-API 10 binaries, which Node 20 cannot load; 12 (compiled on install)
// runs on Node 20 and 22+. The same API: the alias only picks the build this Node can run.
const major = Number(process.versions.node.split('.')[0]);
const { default: Database } = await import(major >= 22 ? 'better-sqlite3-13' : 'better-sqlite3');

const db = new Database(':memory:');
for (const sql of SCHEMA_SQL) db.exec(sql);
const passwordHash = await bcrypt.hash(PASSWORD, 10);
const insertUser = db.prepare('INSERT INTO users (id, email, passwordHash) VALUES (?, ?, ?)');
const insertNote = db.prepare('INSERT INTO notes (id, ownerId, text, createdAt) VALUES (?, ?, ?, ?)');
db.transaction(() => {
  for (const user of USERS) insertUser.run(user.id, user.email, passwordHash);
  for (const note of NOTES) insertNote.run(note.id, note.ownerId, note.text, note.createdAt);
})();
const findUser = db.prepare(FIND_USER_SQL);
const listNotes = db.prepare(LIST_NOTES_SQL);

const app = Fastify({ logger: { level: 'info', file: logFileFor('fastify') } });
await app.register(fastifyJwt, { secret: process.env.JWT_SECRET, sign: { expiresIn: '1h' } });
app.decorate('authenticate', async (request, reply) => {
  try {
    await request.jwtVerify();
  } catch (err) {
    reply.send(err);
  }
});

app.post('/login', { schema: { body: LoginIn, response: { 200: LoginOut } } }, async (request, reply) => {
  const user = findUser.get(request.body.email);
  if (!user || !(await bcrypt.compare(request.body.password, user.passwordHash))) {
    return reply.code(401).send({ error: 'Wrong email or password' });
  }
  return { token: app.jwt.sign({ id: user.id, email: user.email }) };
});

app.get(
  '/notes',
  { onRequest: [app.authenticate], schema: { response: { 200: NoteList } } },
  async (request) => listNotes.all(request.user.id),
);

await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
console.log(
  `notes/fastify listening on http://127.0.0.1:${app.server.address().port} (better-sqlite3 ${major >= 22 ? '13' : '12'})`,
);

process.on('SIGTERM', () => process.exit(0));
