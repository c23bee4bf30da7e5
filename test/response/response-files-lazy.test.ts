/** Express 4's file and cookie members load their packages on first use: a plain kit() request loads none. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runChild } from '../db/helpers.js';
import { lazyProbe } from '../support/lazy-probe.ts';

const PACKAGES = ['send', 'cookie', 'cookie-signature', 'content-disposition'];

// One app; each route uses one member, and the packages loaded are read after each request.
const script = lazyProbe(
  PACKAGES,
  `
const app = kit();
app.use((req, res, next) => { req.secret = 'kit'; next(); });
app.get('/plain', (req, res) => res.send('plain'));
app.get('/cookie', (req, res) => res.cookie('a', 'b').send('c'));
app.get('/signed', (req, res) => res.cookie('a', 'b', { signed: true }).send('s'));
app.get('/attachment', (req, res) => res.attachment('a.txt').send('a'));
app.get('/file', (req, res) => res.sendFile(${JSON.stringify(new URL(import.meta.url).pathname)}));
const server = app.listen(0, '127.0.0.1', async () => {
  for (const path of ['/plain', '/cookie', '/signed', '/attachment', '/file']) {
    await (await fetch('http://127.0.0.1:' + server.address().port + path)).arrayBuffer();
    seen[path] = loaded();
  }
  await app.close();
  console.log(JSON.stringify(seen));
});
`,
);

describe('file and cookie members and their packages', () => {
  it('loads none on import nor for a plain request, and each on first use', () => {
    const child = runChild(script);
    assert.equal(child.status, 0, child.stderr);
    assert.deepEqual(JSON.parse(child.stdout), {
      onImport: [],
      '/plain': [],
      '/cookie': ['cookie'],
      '/signed': ['cookie', 'cookie-signature'],
      '/attachment': ['cookie', 'cookie-signature', 'content-disposition'],
      '/file': ['send', 'cookie', 'cookie-signature', 'content-disposition'],
    });
  });
});
