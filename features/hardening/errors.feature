@hardening
Feature: Errors never escape
  The error path itself is attacked: error middleware and error handlers that fail, chains of middleware
  deep enough to overflow a recursive dispatcher, and 5xx errors full of internals. Each attack is
  followed by a normal request that must still work. Sync throws, rejections without an error, a throwing
  error handler, res.json of a cycle or a BigInt, invalid statuses, CR/LF in headers, second responses,
  a second next() and errors after the headers were sent are proved in features/core (ERR-*, RES-*).

  Rule: HARD-001 A failing error handler or error middleware is answered, and the server keeps serving

    Scenario Outline: error middleware that fails with <failure> gives <status>
      Given the app:
        """js
        app.get('/fail', () => { throw new Error('original'); });
        app.use(<middleware>);
        app.get('/ok', (req, res) => res.send('ok'));
        """
      When I GET "/fail"
      Then the status is <status>
      And the body is "<body>"
      And the body does not contain "original"
      And the body does not contain "secret"
      And the server still answers GET "/ok" with 200

      Examples:
        | failure               | middleware                                                                    | status | body                  |
        | a thrown error        | (err, req, res, next) => { throw new Error('secret: error middleware broke'); } | 500    | Internal Server Error |
        | a thrown string       | (err, req, res, next) => { throw 'a secret string'; }                         | 500    | Internal Server Error |
        | a rejected undefined  | (err, req, res, next) => Promise.reject(undefined)                            | 500    | Internal Server Error |
        | an async null         | async (err, req, res, next) => { throw null; }                                | 500    | Internal Server Error |
        | a 4xx error           | async (err, req, res, next) => { throw Object.assign(new Error('teapot'), { status: 418 }); } | 418    | teapot                |

    Scenario: what error middleware throws is the error the next error middleware sees
      Given the app:
        """js
        app.get('/fail', () => { throw new Error('first'); });
        app.use((err, req, res, next) => { throw new Error(`second after ${err.message}`); });
        app.use((err, req, res, next) => res.status(500).json({ seen: err.message }));
        """
      When I GET "/fail"
      Then the status is 500
      And the JSON body is:
        """json
        { "seen": "second after first" }
        """

    Scenario: route error middleware that fails inside a mounted router reaches setErrorHandler
      Given the app:
        """js
        const api = new Router();
        api.get('/x',
          () => { throw new Error('handler'); },
          async (err, req, res, next) => { throw Object.assign(new Error('route error middleware'), { status: 409 }); });
        app.use('/api', api);
        app.get('/ok', (req, res) => res.send('ok'));
        app.setErrorHandler((err, req, res) => res.status(err.status ?? 500).json({ message: err.message }));
        """
      When I GET "/api/x"
      Then the status is 409
      And the JSON body is:
        """json
        { "message": "route error middleware" }
        """
      And the server still answers GET "/ok" with 200

    Scenario Outline: an error handler that rejects with <value> gives the default 500
      Given the app:
        """js
        app.get('/fail', () => { throw new Error('original'); });
        app.get('/ok', (req, res) => res.send('ok'));
        app.setErrorHandler(<handler>);
        """
      When I GET "/fail"
      Then the status is 500
      And the body is "Internal Server Error"
      And the server still answers GET "/ok" with 200

      Examples:
        | value            | handler                                                  |
        | undefined        | async () => { throw undefined; }                         |
        | null             | () => Promise.reject(null)                               |
        | a secret string  | async () => { throw 'a secret string'; }                 |
        | a number         | () => Promise.reject(42)                                 |
        | a late rejection | async () => { await new Promise((r) => setTimeout(r, 5)); throw 'late'; } |

    Scenario: an error handler that answers and then rejects keeps its answer
      Given the app:
        """js
        app.get('/fail', () => { throw new Error('original'); });
        app.get('/ok', (req, res) => res.send('ok'));
        app.setErrorHandler(async (err, req, res) => {
          res.status(503).send('handled');
          throw new Error('after the answer');
        });
        """
      When I GET "/fail"
      Then the status is 503
      And the body is "handled"
      And the server still answers GET "/ok" with 200

  Rule: HARD-002 Ten thousand synchronous middleware never overflow the stack

    Scenario Outline: <shape> is answered and the server keeps serving
      Given the app:
        """js
        const pass = (req, res, next) => next();
        <setup>
        app.get('/ok', (req, res) => res.send('ok'));
        """
      When I GET "/deep"
      Then the status is <status>
      And the body is "<body>"
      And the server still answers GET "/ok" with 200

      Examples:
        | shape                                   | setup                                                                                                                                                                          | status | body   |
        | 10 000 app middleware                   | for (let i = 0; i < 10000; i++) app.use(pass); app.get('/deep', (req, res) => res.send('deep'));                                                                              | 200    | deep   |
        | 10 000 handlers of one route            | app.get('/deep', Array.from({ length: 10000 }, () => pass), (req, res) => res.send('deep'));                                                                                  | 200    | deep   |
        | 10 000 prefix middleware                | for (let i = 0; i < 10000; i++) app.use('/deep', pass); app.get('/deep', (req, res) => res.send('deep'));                                                                     | 200    | deep   |
        | 100 routers of 100 middleware           | for (let r = 0; r < 100; r++) { const router = new Router(); for (let i = 0; i < 100; i++) router.use(pass); app.use('/deep', router); } app.get('/deep', (req, res) => res.send('deep')); | 200    | deep   |
        | routers nested 1 000 deep               | let inner = new Router(); inner.get('/', (req, res) => res.send('deep')); for (let d = 0; d < 1000; d++) { const outer = new Router(); outer.use(pass); outer.use(inner); inner = outer; } app.use('/deep', inner); | 200    | deep   |
        | 10 000 error middleware passing it on   | app.get('/deep', () => { throw new Error('x'); }); for (let i = 0; i < 10000; i++) app.use((err, req, res, next) => next(err)); app.use((err, req, res, next) => res.status(500).send('caught')); | 500    | caught |
        | 10 000 error middleware then next()     | app.get('/deep', () => { throw new Error('x'); }); for (let i = 0; i < 10000; i++) app.use((err, req, res, next) => next(err)); app.use((err, req, res, next) => next()); app.use((req, res) => res.send('recovered')); | 200 | recovered |
        | 10 000 next('route')                    | for (let i = 0; i < 10000; i++) app.get('/deep', (req, res, next) => next('route')); app.get('/deep', (req, res) => res.send('deep'));                                          | 200    | deep   |

  Rule: HARD-003 5xx bodies never carry internals; the logger gets the whole error

    Scenario Outline: a 5xx error carrying <internals> shows only the status text
      Given the log lines are captured
      And the app:
        """js
        app.get('/crash', async () => { throw <error>; });
        app.get('/ok', (req, res) => res.send('ok'));
        """
      When I GET "/crash"
      Then the status is <status>
      And the content type is "text/plain; charset=utf-8"
      And the body is "<body>"
      And this holds:
        """js
        for (const secret of ['SQLITE', 'users.email', '/srv/app', 'hunter2', 'SELECT', 'Error:', '    at ']) {
          assert.ok(!response.text.includes(secret), `the body shows ${secret}`);
          for (const [name, value] of Object.entries(response.headers)) {
            assert.ok(!value.includes(secret), `the header ${name} shows ${secret}`);
          }
        }
        """
      And the server still answers GET "/ok" with 200

      Examples:
        | internals                | error                                                                                                                          | status | body                  |
        | a driver message         | Object.assign(new Error('SQLITE_CONSTRAINT: UNIQUE constraint failed: users.email'), { code: 'SQLITE_CONSTRAINT', errno: 19 }) | 500    | Internal Server Error |
        | a file path and a stack  | Object.assign(new Error('ENOENT: no such file, open /srv/app/config/hunter2.json'), { path: '/srv/app/config/hunter2.json' })    | 500    | Internal Server Error |
        | expose: true             | Object.assign(new Error('SELECT * FROM users WHERE password = hunter2'), { status: 502, expose: true })                          | 502    | Bad Gateway           |
        | a statusCode of 503      | Object.assign(new Error('pool exhausted at /srv/app/db.js:12'), { statusCode: 503, sql: 'SELECT 1' })                             | 503    | Service Unavailable   |

    Scenario: the logger gets the whole error with the request's method and URL
      Given the log lines are captured
      And the app:
        """js
        app.get('/crash', () => {
          throw Object.assign(new Error('SQLITE_CONSTRAINT: UNIQUE constraint failed: users.email'), { code: 'SQLITE_CONSTRAINT' });
        });
        """
      When I GET "/crash?q=1"
      Then the status is 500
      And a log line includes:
        """json
        {
          "level": 50,
          "method": "GET",
          "url": "/crash?q=1",
          "err": { "type": "Error", "message": "SQLITE_CONSTRAINT: UNIQUE constraint failed: users.email", "code": "SQLITE_CONSTRAINT" }
        }
        """
      And the log lines hold:
        """js
        const line = lines.find((l) => l?.err?.code === 'SQLITE_CONSTRAINT');
        assert.match(line.err.stack, /^Error: SQLITE_CONSTRAINT/);
        assert.match(line.err.stack, /\n\s+at /);
        """

    Scenario: when the error handler fails, both errors reach the logger whole
      Given the log lines are captured
      And the app:
        """js
        app.get('/crash', () => { throw Object.assign(new Error('the original failure'), { code: 'E_ORIGINAL' }); });
        app.setErrorHandler(async () => { throw new Error('the handler failure'); });
        """
      When I GET "/crash"
      Then the status is 500
      And the body is "Internal Server Error"
      And a log line includes:
        """json
        {
          "level": 50,
          "err": { "type": "Error", "message": "the handler failure" },
          "original": { "type": "Error", "message": "the original failure", "code": "E_ORIGINAL" }
        }
        """
      And the log lines hold:
        """js
        const line = lines.find((l) => l?.original?.code === 'E_ORIGINAL');
        assert.match(line.original.stack, /^Error: the original failure\n\s+at /);
        assert.match(line.err.stack, /^Error: the handler failure\n\s+at /);
        """

  Rule: HARD-012 A page kitjs writes itself carries its own status line

    Scenario: a reason phrase the app set, CR and LF included, never reaches the error page or 404 written later
      Given the app:
        """js
        app.get('/late', (req, res, next) => {
          res.statusMessage = req.query.m;
          setTimeout(() => next(new Error('later')), 5);
        });
        app.get('/passed', (req, res, next) => {
          res.statusMessage = req.query.m;
          setTimeout(next, 5);
        });
        """
      Then this holds:
        """js
        const http = require('node:http');
        const get = (path) =>
          new Promise((resolve, reject) => {
            http
              .get({ host: '127.0.0.1', port: world.port(), path }, (res) => {
                res.resume();
                res.on('end', () => resolve([res.statusCode, res.statusMessage]));
              })
              .on('error', reject);
          });
        assert.deepEqual(await get('/late?m=Created'), [500, 'Internal Server Error']);
        assert.deepEqual(await get('/late?m=a%0D%0AX-Evil:%201'), [500, 'Internal Server Error']);
        assert.deepEqual(await get('/passed?m=a%0Ab'), [404, 'Not Found']);
        """
      And the server still answers GET "/passed" with 404

    @kit-lifecycle
    Scenario: a handler timeout's 503 goes out whatever reason phrase the timed-out handler set
      Given the app:
        """js
        const slow = kit({ handlerTimeout: 20 });
        slow.get('/slow', (req, res) => {
          res.statusMessage = 'a\nb';
        });
        slow.get('/alive', (req, res) => res.send('alive'));
        const server = slow.listen(0, '127.0.0.1');
        await new Promise((resolve) => server.once('listening', resolve));
        return server;
        """
      When I GET "/slow"
      Then the status is 503
      When I GET "/alive"
      Then the body is "alive"
