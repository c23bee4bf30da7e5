// The notes app on kitjs with the database path its docs lead to today: SQLiteManager's Sequelize
// (`db.sequelize.define`, `Model.findAll`); otherwise the same as kitjs.mjs (authMiddleware, a TypeBox reply
// schema, requestLogger at info to LOG_FILE). The before of issue 47's before/after.
import { DataTypes } from 'sequelize';
import { LoginIn, NoteList } from '../schemas.mjs';
import { logFileFor, NOTES, NOTES_PER_PAGE, PASSWORD, USERS } from '../seed.mjs';

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

process.env.LOG_FILE = logFileFor('kitjs-sequelize');

const db = new SQLiteManager(':memory:');
const User = db.sequelize.define('User', {
  email: { type: DataTypes.STRING, allowNull: false, unique: true },
  passwordHash: { type: DataTypes.STRING, allowNull: false },
});
const Note = db.sequelize.define(
  'Note',
  {
    ownerId: { type: DataTypes.INTEGER, allowNull: false, references: { model: User, key: 'id' } },
    text: { type: DataTypes.TEXT, allowNull: false },
  },
  { indexes: [{ fields: ['ownerId'] }] },
);
await db.connect();
await db.sequelize.sync();
const passwordHash = await hashPassword(PASSWORD);
await User.bulkCreate(USERS.map((user) => ({ ...user, passwordHash })));
await Note.bulkCreate(NOTES);

const app = kit();
app.use(requestLogger);

app.post('/login', json(), { schema: { body: LoginIn } }, async (req, res) => {
  const user = await User.findOne({ where: { email: req.body.email } });
  if (!user || !(await comparePassword(req.body.password, user.passwordHash))) {
    throw new HttpError(401, 'Wrong email or password');
  }
  res.json({ token: generateToken({ id: user.id, email: user.email }) });
});

app.get('/notes', authMiddleware, { schema: { response: { 200: NoteList } } }, async (req, res) => {
  const notes = await Note.findAll({
    where: { ownerId: req.user.id },
    attributes: ['id', 'text', 'createdAt'],
    order: [['id', 'ASC']],
    limit: NOTES_PER_PAGE,
  });
  res.json(notes);
});

const server = app.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  // A build with SQLiteManager's drivers (issue 47) runs Sequelize on one of them; before it, on sqlite3.
  console.log(
    `notes/kitjs-sequelize listening on http://127.0.0.1:${server.address().port} (SQLite driver ${db.driver ?? 'sqlite3'})`,
  );
});
app.onClose(() => db.close());

process.on('SIGTERM', () => process.exit(0));
