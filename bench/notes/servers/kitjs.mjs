// The notes app on kitjs, the way its docs lead: SQLiteManager's SQL methods (exec, run, all), bcrypt through
// hashPassword/comparePassword, generateToken and authMiddleware, a TypeBox reply schema in the route options,
// requestLogger at info to the file LOG_FILE names. The driver is SQLiteManager's choice (the fastest at hand
// among node:sqlite and better-sqlite3, which bench/notes installs); the listening line names it.
import { LoginIn, NoteList } from '../schemas.mjs';
import { FIND_USER_SQL, LIST_NOTES_SQL, logFileFor, NOTES, PASSWORD, SCHEMA_SQL, USERS } from '../seed.mjs';

// By package name (the built dist/); KITJS_MODULE (notes.mjs --baseline) runs the same app on another build.
const {
  default: kit,
  authMiddleware,
  comparePassword,
  generateToken,
  HttpError,
  hashPassword,
  json,
  requestLogger,
  SQLiteManager,
} = await import(process.env.KITJS_MODULE || 'kitjs');

// kitjs's logger reads LOG_FILE at each line (LOG-005); the harness sets it, a run by hand gets a temp file.
process.env.LOG_FILE = logFileFor('kitjs');

const db = new SQLiteManager(':memory:');
if (typeof db.all !== 'function') {
  console.error('notes/kitjs: this build of kitjs has no SQLiteManager#all (the SQL methods of issue 47)');
  process.exit(3);
}
await db.connect();
for (const sql of SCHEMA_SQL) await db.exec(sql);
const passwordHash = await hashPassword(PASSWORD);
for (const user of USERS) {
  await db.run('INSERT INTO users (id, email, passwordHash) VALUES (?, ?, ?)', [
    user.id,
    user.email,
    passwordHash,
  ]);
}
for (const note of NOTES) {
  await db.run('INSERT INTO notes (id, ownerId, text, createdAt) VALUES (?, ?, ?, ?)', [
    note.id,
    note.ownerId,
    note.text,
    note.createdAt,
  ]);
}

const app = kit();
app.use(requestLogger);

app.post('/login', json(), { schema: { body: LoginIn } }, async (req, res) => {
  const [user] = await db.all(FIND_USER_SQL, [req.body.email]);
  if (!user || !(await comparePassword(req.body.password, user.passwordHash))) {
    throw new HttpError(401, 'Wrong email or password');
  }
  res.json({ token: generateToken({ id: user.id, email: user.email }) });
});

app.get('/notes', authMiddleware, { schema: { response: { 200: NoteList } } }, async (req, res) => {
  res.json(await db.all(LIST_NOTES_SQL, [req.user.id]));
});

const server = app.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  console.log(
    `notes/kitjs listening on http://127.0.0.1:${server.address().port} (SQLite driver ${db.driver})`,
  );
});
app.onClose(() => db.close());

// Exit cleanly on SIGTERM, so that `node --cpu-prof` writes its profile.
process.on('SIGTERM', () => process.exit(0));
