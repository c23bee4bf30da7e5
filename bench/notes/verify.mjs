// The notes harness's side of a server (bench/notes.mjs, bench/notes-profile.mjs): how one is started, and the
// checks it must pass before it is measured: log in, refuse a missing or forged token, answer the seed's 20
// notes as the same bytes.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { log, normalize, request } from '../lib.mjs';
import { expectedNotesBody, LOGIN_BODY } from './seed.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The servers of bench/notes/servers/, in the order they are started. */
export const NOTES_SERVERS = ['fastify', 'express', 'kitjs', 'kitjs-sequelize'];

/** The bytes every server must answer `GET /notes` with, and its Content-Type. */
export const EXPECTED = Buffer.from(expectedNotesBody());
export const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * What bench/pinned.mjs starts for server `name`: bench/notes/servers/<name>.mjs, or `file` (an app outside
 * the repository), logging to `<logDir>/<name>.log`.
 */
export function notesServer(name, file, logDir) {
  return {
    label: name,
    file: file ?? path.join(here, 'servers', `${name}.mjs`),
    env: { LOG_FILE: path.join(logDir, `${name}.log`) },
    probe: { method: 'GET', path: '/notes' },
    // Seeding hashes a password with bcrypt and fills the tables: allow for a slow machine.
    startTimeoutMs: 60_000,
  };
}

/** Logs in as the seeded user, checks the guard and the answer's bytes, and sets the requests to load. */
export async function prepareNotes(srv) {
  const login = await request(srv.port, {
    method: 'POST',
    path: '/login',
    headers: { 'content-type': 'application/json' },
    body: LOGIN_BODY,
  });
  if (login.status !== 200)
    throw new Error(`${srv.label}: POST /login answered ${login.status}: ${login.body}`);
  const { token } = JSON.parse(login.body);
  if (typeof token !== 'string') throw new Error(`${srv.label}: POST /login gave no token: ${login.body}`);
  const get = { method: 'GET', path: '/notes', headers: { authorization: `Bearer ${token}` } };
  const problems = [];
  const denied = await request(srv.port, { method: 'GET', path: '/notes' });
  if (denied.status !== 401) problems.push(`GET /notes without a token answered ${denied.status}, not 401`);
  const forged = await request(srv.port, {
    method: 'GET',
    path: '/notes',
    headers: { authorization: `Bearer ${token.slice(0, -4)}${token.endsWith('AAAA') ? 'BBBB' : 'AAAA'}` },
  });
  if (forged.status !== 401)
    problems.push(`GET /notes with a forged token answered ${forged.status}, not 401`);
  const res = await request(srv.port, get);
  if (res.status !== 200) problems.push(`GET /notes answered ${res.status}`);
  if (!res.body.equals(EXPECTED)) {
    problems.push(
      `GET /notes body differs from the seed's 20 notes:\n  got      ${res.body}\n  expected ${EXPECTED}`,
    );
  }
  if (normalize(res.headers['content-type']) !== normalize(JSON_TYPE)) {
    problems.push(`Content-Type ${res.headers['content-type']}, not ${JSON_TYPE}`);
  }
  if (problems.length)
    throw Object.assign(new Error(`${srv.label}: ${problems.join('; ')}`), { exitCode: 1 });
  srv.requests = [get];
  log(`${srv.label}: verified (${res.body.length} bytes; 401 without a token and with a forged one)`);
}
