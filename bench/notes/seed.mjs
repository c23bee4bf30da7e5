// The notes workload's data, schema and requests, shared by every notes server and by bench/notes.mjs, so
// that every framework stores the same rows and answers the same bytes. Plain data: no framework, no driver.

/** The password of every seeded user; the harness logs in as USERS[0] with it. */
export const PASSWORD = 'correct horse battery staple';

/** The users, in insertion order (ids 1, 2, 3). The harness logs in as the first. */
export const USERS = [
  { id: 1, email: 'ada@example.com' },
  { id: 2, email: 'grace@example.com' },
  { id: 3, email: 'edsger@example.com' },
];

/** How many notes each user owns; GET /notes answers the first NOTES_PER_PAGE of the caller's. */
export const NOTES_PER_USER = 30;
export const NOTES_PER_PAGE = 20;

const SUBJECTS = [
  'buy milk and bread on the way home',
  'call the plumber about the "dripping" tap',
  'read chapter 4 of Structure and Interpretation',
  'renew the café membership before Friday',
  'write the quarterly report, section \\ appendix',
  'book train tickets to Zürich for the conference',
];

/**
 * Every note, in id order (1 … 90): the three users' notes interleaved, so that `WHERE ownerId = ?` has rows
 * to skip. `createdAt` is an ISO 8601 string (what `Date#toJSON` writes), so a server storing a DATE and one
 * storing TEXT answer the same characters. Some texts need JSON escaping (a quote, a backslash) and one
 * carries non-ASCII letters.
 */
export const NOTES = Array.from({ length: USERS.length * NOTES_PER_USER }, (_, i) => ({
  id: i + 1,
  ownerId: (i % USERS.length) + 1,
  text: `Note ${Math.floor(i / USERS.length) + 1}: ${SUBJECTS[i % SUBJECTS.length]}`,
  createdAt: new Date(Date.UTC(2024, 2, 10, 9, 0, 0) + i * 61_000).toISOString(),
}));

/** The SQL schema the servers that write SQL run (one statement a string), in order. */
export const SCHEMA_SQL = [
  'CREATE TABLE users (id INTEGER PRIMARY KEY, email TEXT NOT NULL UNIQUE, passwordHash TEXT NOT NULL)',
  'CREATE TABLE notes (id INTEGER PRIMARY KEY, ownerId INTEGER NOT NULL REFERENCES users (id), text TEXT NOT NULL, createdAt TEXT NOT NULL)',
  'CREATE INDEX notes_owner ON notes (ownerId)',
];

/** The statements of the two routes, for the servers that write SQL. */
export const FIND_USER_SQL = 'SELECT id, email, passwordHash FROM users WHERE email = ?';
export const LIST_NOTES_SQL = `SELECT id, text, createdAt FROM notes WHERE ownerId = ? ORDER BY id LIMIT ${NOTES_PER_PAGE}`;

/** What `GET /notes` answers the first user, as JSON text: the reference every server's body must equal. */
export function expectedNotesBody() {
  const mine = NOTES.filter((n) => n.ownerId === USERS[0].id).slice(0, NOTES_PER_PAGE);
  return JSON.stringify(mine.map(({ id, text, createdAt }) => ({ id, text, createdAt })));
}

/** The body of `POST /login` the harness sends once per server. */
export const LOGIN_BODY = JSON.stringify({ email: USERS[0].email, password: PASSWORD });

/** The temp file a server logs to unless LOG_FILE names one (the harness always sets it). */
export function logFileFor(name) {
  return process.env.LOG_FILE || `${process.env.TMPDIR || '/tmp'}/kitjs-notes-${name}-${process.pid}.log`;
}
