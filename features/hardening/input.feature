@hardening
Feature: Hostile paths
  Paths built to make a matcher backtrack, and paths built to slip past a guard on a prefix. The fixed
  list of bypass spellings is in features/core (ROUTE-015); here a random search through a real server,
  and request targets that are not paths at all.

  Rule: HARD-008 No ReDoS in the core

    Scenario: long hostile paths against parameter, optional and wildcard routes are answered
      Given the app:
        """js
        app.get('/a/:b?/:c?/:d?/:e?/:f?/:g?/:h?/:i?', (req, res) => res.send('optionals'));
        app.get('/files/*', (req, res) => res.send(`files ${req.params[0].length}`));
        app.get('/:x/:y/:z', (req, res) => res.send('three'));
        for (let i = 0; i < 200; i++) app.get(`/r${i}/:id/items/:item`, (req, res) => res.send('item'));
        app.get('/ok', (req, res) => res.send('ok'));
        """
      Then this holds:
        """js
        const http = require('node:http');
        const port = world.server.address().port;
        const get = (path) => new Promise((resolve, reject) => {
          http.get({ host: '127.0.0.1', port, path, agent: false }, (res) => {
            let body = '';
            res.on('data', (chunk) => { body += chunk; });
            res.on('end', () => resolve(`${res.statusCode} ${body.slice(0, 20)}`));
          }).on('error', reject);
        });
        const answers = [];
        for (const path of [
          '/a' + '/a'.repeat(3000),
          '/a/' + 'a'.repeat(12000),
          '/files' + '/x'.repeat(3000),
          '/' + '/'.repeat(6000) + 'a',
          '/a' + '/%2e%2e'.repeat(1500) + '/a',
          '/a' + '/:*?()'.repeat(1500),
          '/r199' + '/%'.repeat(2000),
          '/' + 'a/'.repeat(4000),
        ]) answers.push(await get(path));
        assert.equal(answers.length, 8);
        for (const answer of answers) assert.match(answer, /^(200|400|404|414|431) /);
        """
      And the server still answers GET "/ok" with 200

  Rule: HARD-009 One canonical path for any input

    Scenario: random paths never reach a route behind a guard on its prefix
      Given the app:
        """js
        world.hits = [];
        const hit = (req, res) => { world.hits.push(req.originalUrl); res.send('secret'); };
        app.use('/admin', (req, res) => res.status(401).send('guarded'));
        app.get('/admin', hit);
        app.get('/admin/x', hit);
        app.all('/admin/:id', hit);
        app.get('/admin/*', hit);
        const inner = new Router();
        inner.get('/secret', hit);
        app.use('/admin', inner);
        app.get('/:section/x', (req, res) => res.send(`section ${req.params.section}`));
        app.get('*', (req, res) => res.status(404).send('nothing here'));
        """
      Then this holds:
        """js
        const fc = require('fast-check');
        const net = require('node:net');
        const port = world.server.address().port;
        // One raw request per path, bytes as written (UTF-8 for non-ASCII), read until the server closes.
        const send = (path) => new Promise((resolve, reject) => {
          const socket = net.connect(port, '127.0.0.1');
          let received = '';
          socket.on('data', (chunk) => { received += chunk.toString('latin1'); });
          socket.on('close', () => resolve(received));
          socket.on('error', (err) => ('code' in err && err.code === 'ECONNRESET' ? resolve(received) : reject(err)));
          socket.write(Buffer.from(`GET ${path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`, 'utf8'));
        });
        // Weighted towards "admin" right after an odd start, so most runs aim at the guard, not at random text.
        const admin = fc.oneof(
          { weight: 5, arbitrary: fc.constantFrom('admin', 'ADMIN', 'aDmIn') },
          { weight: 3, arbitrary: fc.constantFrom('%61dmin', 'adm%69n', '%41DMIN', 'admin;x', 'admin%2fx', 'admin%2Fsecret',
            'admin%5csecret', 'admin\\x', 'admin%00', 'ａdmin', 'admin.', 'admin%20', '%09admin') },
        );
        const other = fc.constantFrom('.', '..', '%2e', '%2E%2e', '.%2e', '%2e.', '', '..%2f', '%c0%ae', 'x', 'secret',
          'public', '%2f', '%5c', '\\', ';', '%', '%zz', 'é', '%C3%A9', '*', '?', '#');
        const segment = fc.oneof({ weight: 2, arbitrary: admin }, { weight: 3, arbitrary: other });
        const start = fc.constantFrom('/', '//', '/./', '/../', '\\', '*/', '*//', 'x://', 'http://localhost/', 'http://localhost//');
        const joiner = fc.oneof({ weight: 3, arbitrary: fc.constant('/') }, { weight: 2, arbitrary: fc.constantFrom('//', '\\', '/./', '%2f', '/../') });
        const path = fc.tuple(start, admin, fc.array(fc.tuple(joiner, segment), { maxLength: 5 }))
          .map(([first, head, rest]) => first + head + rest.map(([j, s]) => j + s).join(''));
        await fc.assert(
          fc.asyncProperty(path, async (p) => {
            world.hits.length = 0;
            await send(p);
            assert.deepEqual(world.hits, [], `reached the admin route through ${JSON.stringify(p)}`);
          }),
          { numRuns: 300 },
        );
        // The property is not vacuous: the guard answers the plain spellings, and it is the only answer.
        for (const p of ['/admin', '/admin/x', '/ADMIN/secret', '//admin/y', '/public/../admin/x']) {
          assert.match(await send(p), /^HTTP\/1\.1 401 [\s\S]*guarded$/, p);
        }
        assert.deepEqual(world.hits, []);
        """
      And the server still answers GET "/x/x" with 200

    Scenario Outline: the request target "<target>" is not a path and reaches no route
      Given the app:
        """js
        app.use('/admin', (req, res) => res.status(401).send('guarded'));
        app.get('/admin/:id', (req, res) => res.send('secret'));
        app.get('/:a/:b', (req, res) => res.send('two segments'));
        app.get('/ok', (req, res) => res.send('ok'));
        """
      When I send the raw request:
        """
        GET <target> HTTP/1.1
        Host: localhost
        Connection: close
        """
      Then the status is <status>
      And the body does not contain "secret"
      And the body does not contain "two segments"
      And the server still answers GET "/ok" with 200

      Examples:
        | target           | status |
        | */admin/x        | 404    |
        | *//admin/x       | 404    |
        | x://admin/x      | 404    |
        | admin://h/admin/x | 404   |
        | *                | 404    |
        | admin/x          | 400    |

  Rule: HARD-010 No spelling of a path reaches anything the plain spelling does not

    Scenario: random encodings of unreserved characters reach the same route and never skip a guard
      Given the app:
        """js
        const { mkdirSync, writeFileSync } = require('node:fs');
        const { join } = require('node:path');
        mkdirSync(join(tmpDir, 'admin'));
        writeFileSync(join(tmpDir, 'admin', 'secret.txt'), 'the-secret-file');
        app.use('/admin', (req, res) => res.status(401).send('guarded'));
        app.use(serveStatic(tmpDir));
        app.get('/users/:id/files/*', (req, res) => res.json({ route: 'files', params: req.params }));
        """
      Then this holds:
        """js
        const fc = require('fast-check');
        const http = require('node:http');
        const port = world.server.address().port;
        const get = (path) => new Promise((resolve, reject) => {
          http.get({ host: '127.0.0.1', port, path, agent: false }, (res) => {
            let body = '';
            res.on('data', (chunk) => { body += chunk; });
            res.on('end', () => resolve({ status: res.statusCode, body }));
          }).on('error', reject);
        });
        const unreserved = /[A-Za-z0-9._~-]/;
        const spell = (path, picks) => [...path].map((c, i) => {
          const pick = picks[i % picks.length];
          if (!pick.encode || !unreserved.test(c)) return c;
          const hex = c.charCodeAt(0).toString(16).padStart(2, '0');
          return `%${pick.upper ? hex.toUpperCase() : hex}`;
        }).join('');
        const picks = fc.array(fc.record({ encode: fc.boolean(), upper: fc.boolean() }), { minLength: 1, maxLength: 30 });
        const value = fc.stringMatching(/^[A-Za-z0-9_~-]{1,8}$/);
        await fc.assert(
          fc.asyncProperty(value, value, picks, async (id, file, chosen) => {
            const plain = `/users/${id}/files/${file}`;
            const [expected, actual] = [await get(plain), await get(spell(plain, chosen))];
            assert.equal(expected.status, 200);
            assert.deepEqual(JSON.parse(actual.body), JSON.parse(expected.body));
          }),
          { numRuns: 60 },
        );
        await fc.assert(
          fc.asyncProperty(picks, fc.constantFrom('', '/.', '/x/..', '//'), async (chosen, detour) => {
            const answer = await get(detour + spell('/admin/secret.txt', chosen));
            assert.ok(!answer.body.includes('the-secret-file'), `the file left: ${answer.status}`);
            assert.equal(answer.status, 401);
          }),
          { numRuns: 60 },
        );
        """
      And the server still answers GET "/users/1/files/x" with 200

