@logging
Feature: requestLogger writes one line per request

  Rule: LOG-007 requestLogger writes one line per request

    Scenario: method, url, status and elapsed milliseconds
      Given the log lines are captured
      And the app:
        """
        app.use(requestLogger);
        app.get('/items', (req, res) => res.json([1, 2]));
        """
      When I GET "/items?page=2"
      Then the status is 200
      And a log line includes:
        """
        { "level": 30, "method": "GET", "url": "/items?page=2", "status": 200, "msg": "request completed" }
        """
      And the log lines hold:
        """
        const line = lines.find((l) => l.url === '/items?page=2');
        assert.equal(typeof line.durationMs, 'number');
        assert.ok(line.durationMs >= 0 && line.durationMs < 5000);
        assert.equal(lines.filter((l) => l.msg === 'request completed').length, 1);
        """

    Scenario: the URL as it arrived, also below a mounted router
      Given the log lines are captured
      And the app:
        """
        app.use(requestLogger);
        const api = new Router();
        api.post('/orders', (req, res) => res.status(201).json({ id: 1 }));
        app.use('/api', api);
        """
      When I POST "/api/orders" with the JSON body:
        """
        {}
        """
      Then the status is 201
      And a log line includes:
        """
        { "method": "POST", "url": "/api/orders", "status": 201 }
        """

  Rule: LOG-008 The level follows the status

    Scenario Outline: a <status> is logged at level <level>
      Given the log lines are captured
      And the app:
        """
        app.use(requestLogger);
        app.get('/s', (req, res) => res.status(<status>).send('x'));
        """
      When I GET "/s"
      Then the status is <status>
      And a log line includes:
        """
        { "level": <level>, "status": <status>, "url": "/s" }
        """

      Examples:
        | status | level |
        | 200    | 30    |
        | 204    | 30    |
        | 302    | 30    |
        | 400    | 40    |
        | 404    | 40    |
        | 500    | 50    |
        | 503    | 50    |

    @kit-lifecycle
    Scenario: with LOG_LEVEL=warn only failed requests are logged
      Given the environment variable "LOG_LEVEL" is "warn"
      When a fresh Node process runs:
        """
        const app = kit();
        app.use(requestLogger);
        app.get('/ok', (req, res) => res.send('ok'));
        app.get('/bad', (req, res) => res.status(400).send('bad'));
        const server = app.listen(0, '127.0.0.1');
        await new Promise((resolve) => server.once('listening', resolve));
        const base = `http://127.0.0.1:${server.address().port}`;
        await (await fetch(`${base}/ok`)).text();
        await (await fetch(`${base}/bad`)).text();
        await new Promise((resolve) => setTimeout(resolve, 50));
        await app.close();
        """
      Then the log lines hold:
        """
        assert.deepEqual(lines.map((line) => [line.level, line.url, line.status]), [[40, '/bad', 400]]);
        """

  Rule: LOG-009 Aborted requests are logged too

    Scenario: a client that hangs up before the answer
      Given the log lines are captured
      And the app:
        """
        app.use(requestLogger);
        app.get('/slow', () => {});
        app.get('/ok', (req, res) => res.send('ok'));
        """
      When a client requests "/slow" and hangs up before the answer
      Then a log line includes:
        """
        { "level": 40, "method": "GET", "url": "/slow", "aborted": true, "msg": "request aborted" }
        """
      And the server still answers GET "/ok" with 200

  Rule: LOG-010 requestLogger never writes headers or bodies

    Scenario: credentials sent with a request do not reach the log
      Given the log lines are captured
      And the app:
        """
        app.use(requestLogger);
        app.post('/session', json(), (req, res) => res.set('Set-Cookie', 'sid=server-secret').sendStatus(204));
        """
      When I POST "/session" with headers and the body:
        | name          | value                        |
        | Authorization | Bearer eyJsecret.token.value |
        | Cookie        | sid=client-secret            |
        | Content-Type  | application/json             |
        | body          | {"password":"hunter2"}       |
      Then the status is 204
      And a log line includes:
        """
        { "method": "POST", "url": "/session", "status": 204 }
        """
      And no log line contains "eyJsecret"
      And no log line contains "client-secret"
      And no log line contains "server-secret"
      And no log line contains "hunter2"
      And the log lines hold:
        """
        const line = lines.find((l) => l.url === '/session');
        const own = Object.keys(line).filter((key) => !['level', 'time', 'pid', 'hostname', 'msg'].includes(key));
        assert.deepEqual(own.sort(), ['durationMs', 'method', 'reqId', 'status', 'url']);
        """

  Rule: LOG-012 Credentials in the query string are redacted from logged URLs

    Scenario Outline: ?<name>=... is logged as [Redacted]
      Given the log lines are captured
      And the app:
        """
        app.use(requestLogger);
        app.get('/me', (req, res) => res.json({ seen: req.query['<name>'] }));
        """
      When I GET "/me?page=2&<name>=s3cret-value&sort=asc"
      Then the status is 200
      And a log line includes:
        """
        { "msg": "request completed", "url": "/me?page=2&<name>=[Redacted]&sort=asc" }
        """
      And no log line contains "s3cret-value"

      Examples:
        | name          |
        | token         |
        | access_token  |
        | ID_TOKEN      |
        | refresh_token |
        | api_key       |
        | apikey        |
        | key           |
        | password      |
        | secret        |
        | signature     |
        | code          |

    @kit-lifecycle
    Scenario: an app with a logger of its own gets the redacted URL too
      Given the app:
        """
        const lines = [];
        const own = { level: 'info', info: (obj) => lines.push(obj), warn: (obj) => lines.push(obj), error: (obj) => lines.push(obj), child() { return own; } };
        const inner = kit({ logger: own });
        inner.use(requestLogger);
        inner.get('/hook', (req, res) => res.send('ok'));
        inner.get('/lines', (req, res) => res.json(lines.map((line) => line.url)));
        return inner.listen(0, '127.0.0.1');
        """
      When I GET "/hook?access_token=abc.def.ghi"
      And I GET "/lines"
      Then the JSON body is:
        """
        ["/hook?access_token=[Redacted]"]
        """

    Scenario: a failing request's error line keeps the token out as well
      Given the log lines are captured
      And the app:
        """
        app.get('/boom', () => {
          throw new Error('boom');
        });
        """
      When I GET "/boom?token=s3cret-value"
      Then the status is 500
      And a log line includes:
        """
        { "msg": "request failed", "url": "/boom?token=[Redacted]" }
        """
      And no log line contains "s3cret-value"
