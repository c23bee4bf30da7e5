// The notes app on Express 5, the way its docs and the usual guides lead: Sequelize models over sqlite3,
// bcrypt, jsonwebtoken in a small `authenticate` middleware, pino-http's request log at info to a file (with
// the Authorization header redacted), `res.json` of the model instances.
import bcrypt from 'bcrypt';
import express from 'express';
import jwt from 'jsonwebtoken';
import pino from 'pino';
import pinoHttp from 'pino-http';
import { DataTypes, Sequelize } from 'sequelize';
import { logFileFor, NOTES, NOTES_PER_PAGE, PASSWORD, USERS } from '../seed.mjs';

const secret = process.env.JWT_SECRET;
const sequelize = new Sequelize({ dialect: 'sqlite', storage: ':memory:', logging: false });
const User = sequelize.define('User', {
  email: { type: DataTypes.STRING, allowNull: false, unique: true },
  passwordHash: { type: DataTypes.STRING, allowNull: false },
});
const Note = sequelize.define(
  'Note',
  {
    ownerId: { type: DataTypes.INTEGER, allowNull: false, references: { model: User, key: 'id' } },
    text: { type: DataTypes.TEXT, allowNull: false },
  },
  { indexes: [{ fields: ['ownerId'] }] },
);
await sequelize.sync();
const passwordHash = await bcrypt.hash(PASSWORD, 10);
await User.bulkCreate(USERS.map((user) => ({ ...user, passwordHash })));
await Note.bulkCreate(NOTES);

const logger = pino(
  { level: 'info', redact: ['req.headers.authorization'] },
  pino.destination(logFileFor('express')),
);

function authenticate(req, res, next) {
  const header = req.headers.authorization ?? '';
  if (!header.startsWith('Bearer ')) return res.status(401).json({ error: 'Missing token' });
  try {
    req.user = jwt.verify(header.slice(7), secret, { algorithms: ['HS256'] });
  } catch {
    return res.status(401).json({ error: 'Invalid token' });
  }
  next();
}

const app = express();
app.use(pinoHttp({ logger }));

app.post('/login', express.json(), async (req, res) => {
  const { email, password } = req.body ?? {};
  const user = typeof email === 'string' ? await User.findOne({ where: { email } }) : null;
  if (!user || typeof password !== 'string' || !(await bcrypt.compare(password, user.passwordHash))) {
    return res.status(401).json({ error: 'Wrong email or password' });
  }
  res.json({ token: jwt.sign({ id: user.id, email: user.email }, secret, { expiresIn: '1h' }) });
});

app.get('/notes', authenticate, async (req, res) => {
  const notes = await Note.findAll({
    where: { ownerId: req.user.id },
    attributes: ['id', 'text', 'createdAt'],
    order: [['id', 'ASC']],
    limit: NOTES_PER_PAGE,
  });
  res.json(notes);
});

const server = app.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  console.log(`notes/express listening on http://127.0.0.1:${server.address().port} (Sequelize on sqlite3)`);
});

process.on('SIGTERM', () => process.exit(0));
