/**
 * HARD-009: property tests of the core's path handling. The matcher's agreement with a reference matcher
 * is in test/core/route-index.test.ts and the shape of canonical paths in test/core/canonical-path.test.ts;
 * here: nothing throws for any string, and no path reaches a route behind a guard on its prefix.
 */
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import { canonicalPath, pathOfTarget } from '../../src/core/router/canonical-path.ts';
import kit, { type KitRequest, type KitResponse, Router } from '../../src/index.ts';
import { rawGet } from '../support/raw-get.ts';

// Any string at all: UTF-16 code units including lone surrogates, control characters and NUL.
const anyString = fc.string({ unit: 'binary', maxLength: 200 });
// Strings made of the characters that matter to paths, so the interesting shapes come up often.
const pathish = fc
  .array(
    fc.constantFrom(
      '/',
      '.',
      '%',
      '2',
      'e',
      'E',
      'f',
      'F',
      '\\',
      ';',
      'a',
      '..',
      '%2e',
      '%2f',
      '//',
      'é',
      '\0',
    ),
    {
      maxLength: 40,
    },
  )
  .map((parts) => parts.join(''));

describe('canonicalPath and pathOfTarget', () => {
  it('never throw, whatever the string', () => {
    fc.assert(
      fc.property(fc.oneof(anyString, pathish), (raw) => {
        canonicalPath(raw);
        pathOfTarget(raw);
      }),
      { numRuns: 5000 },
    );
  });

  it('give a path starting with "/" a canonical form that is stable; leave anything else alone', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          anyString,
          pathish,
          pathish.map((p) => `/${p}`),
        ),
        (raw) => {
          const result = canonicalPath(raw);
          if (!raw.startsWith('/')) {
            assert.equal(result, raw);
            return;
          }
          assert.ok(result.startsWith('/'), result);
          assert.ok(!result.includes('//'), result);
          for (const segment of result.split('/')) {
            assert.ok(!['.', '..'].includes(segment.replace(/%2e/gi, '.')), result);
          }
          assert.equal(canonicalPath(result), result);
        },
      ),
      { numRuns: 5000 },
    );
  });
});

describe('a guard on /admin, through a real server', () => {
  const hits: string[] = [];
  let server: Server;
  let port = 0;

  before(async () => {
    const app = kit();
    const hit = (req: KitRequest, res: KitResponse): void => {
      hits.push(req.originalUrl);
      res.send('secret');
    };
    app.use('/admin', (_req: KitRequest, res: KitResponse) => res.status(401).send('guarded'));
    app.get('/admin', hit);
    app.get('/admin/x', hit);
    app.all('/admin/:id', hit);
    app.get('/admin/:id/:more', hit);
    app.get('/admin/*', hit);
    const inner = new Router();
    inner.get('/secret', hit);
    app.use('/admin', inner);
    // Echoes its parameter inside brackets: "/admin%5csecret/x" lands here with section "admin\secret"
    // (a backslash, encoded or raw, is data, not a separator), and that is not the secret.
    app.get('/:section/x', (req: KitRequest, res: KitResponse) =>
      res.send(`section [${req.params.section}]`),
    );
    app.get('*', (_req: KitRequest, res: KitResponse) => res.status(404).send('nothing here'));
    // app.handler on a server kitjs did not create: the path a host such as a test harness takes.
    server = createServer(app.handler);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as { port: number }).port;
  });

  after(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  const send = (path: string): Promise<string> => rawGet(port, path);

  // Weighted towards "admin" right after an odd start, so most runs aim at the guard.
  const admin = fc.oneof(
    { weight: 5, arbitrary: fc.constantFrom('admin', 'ADMIN', 'aDmIn', 'Admin') },
    {
      weight: 3,
      arbitrary: fc.constantFrom(
        '%61dmin',
        'adm%69n',
        '%41DMIN',
        'admin;x',
        'admin%2fx',
        'admin%2Fsecret',
        'admin%5csecret',
        'admin\\x',
        'admin%00',
        '\uff41dmin',
        'adm\u0130n',
        'admin.',
        'admin%20',
        '%09admin',
        'admin%c0%af',
      ),
    },
  );
  const other = fc.oneof(
    fc.constantFrom(
      '.',
      '..',
      '%2e',
      '%2E%2e',
      '.%2e',
      '%2e.',
      '',
      '..%2f',
      '%c0%ae',
      'x',
      'secret',
      'public',
    ),
    fc.constantFrom('%2f', '%5c', '\\', ';', '%', '%zz', '\u00e9', '%C3%A9', '*', '?', '#', '%3f', '%23'),
    fc.string({ unit: 'grapheme-ascii', maxLength: 4 }),
  );
  const segment = fc.oneof({ weight: 2, arbitrary: admin }, { weight: 3, arbitrary: other });
  const start = fc.constantFrom(
    '/',
    '//',
    '///',
    '/./',
    '/../',
    '/%2e/',
    '\\',
    '/\\',
    '*/',
    '*//',
    'x://',
    'http://localhost/',
    'http://localhost//',
    'HTTP://h/./',
  );
  const joiner = fc.oneof(
    { weight: 3, arbitrary: fc.constant('/') },
    { weight: 2, arbitrary: fc.constantFrom('//', '\\', '/./', '%2f', '/../', '/%2e%2e/', '/;/') },
  );
  const hostilePath = fc
    .tuple(start, admin, fc.array(fc.tuple(joiner, segment), { maxLength: 6 }))
    .map(([first, head, rest]) => first + head + rest.map(([j, s]) => j + s).join(''));

  it('is never skipped, whatever the path', { timeout: 60_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(hostilePath, async (path) => {
        hits.length = 0;
        const answer = await send(path);
        assert.deepEqual(
          hits,
          [],
          `reached the admin route through ${JSON.stringify(path)}: ${answer.slice(0, 60)}`,
        );
        assert.ok(!answer.endsWith('secret'), JSON.stringify(path));
      }),
      { numRuns: 1000 },
    );
  });

  it('a backslash is data: "/admin%5csecret/x" is the section route, not the guard (found by the property above)', async () => {
    assert.match(await send('/admin%5csecret/x'), /^HTTP\/1\.1 200 [\s\S]*section \[admin\\secret\]$/);
    assert.match(await send('/admin%5csecret//x'), /^HTTP\/1\.1 200 [\s\S]*section \[admin\\secret\]$/);
    // Raw, as it crosses the wire (a browser's URL parser would have turned it into "/" first).
    assert.match(await send('/admin\\secret/x'), /^HTTP\/1\.1 200 [\s\S]*section \[admin\\secret\]$/);
    assert.deepEqual(hits, []);
  });

  it('answers the plain spellings itself, so the property is not vacuous', async () => {
    for (const path of [
      '/admin',
      '/admin/x',
      '/ADMIN/secret',
      '//admin/y',
      '/public/../admin/x',
      '/admin/a/b/c',
    ]) {
      assert.match(await send(path), /^HTTP\/1\.1 401 [\s\S]*guarded$/, path);
    }
    assert.deepEqual(hits, []);
  });
});
