@express
Feature: Express 4's final handler under kitjs/express
  What a kitjs/express app answers when nothing in its stack did: Express 4's HTML pages, with the error's
  stack shown only to a developer on the same machine. kit() keeps its plain-text answers.

  Rule: EXP-011 kitjs/express ends the stack as Express 4's final handler, and shows errors only to a local developer

    Scenario: An unmatched request is Express 4's HTML page, its path percent-encoded and escaped
      Given the Express app:
        """js
        app.get('/here', (req, res) => res.send('here'));
        """
      When I GET the raw path "/x/<script>alert('1')&y?q=<b>"
      Then the status is 404
      And the content type is "text/html; charset=utf-8"
      And the header "Content-Security-Policy" is "default-src 'none'"
      And the header "X-Content-Type-Options" is "nosniff"
      And the body is:
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <title>Error</title>
        </head>
        <body>
        <pre>Cannot GET /x/%3Cscript%3Ealert(&#39;1&#39;)&amp;y</pre>
        </body>
        </html>

        """
      When I DELETE "/here"
      Then the status is 404
      And the body contains "<pre>Cannot DELETE /here</pre>"

    Scenario: On loopback in development, the error page shows the stack, escaped
      Given the Express app:
        """js
        app.set('env', 'development');
        app.get('/boom', () => { throw new Error('broken <b>  here'); });
        app.get('/teapot', (req, res, next) => next(Object.assign(new Error('short and stout'), { status: 418 })));
        """
      When I GET "/boom"
      Then the status is 500
      And the content type is "text/html; charset=utf-8"
      And the header "Content-Security-Policy" is "default-src 'none'"
      And the header "X-Content-Type-Options" is "nosniff"
      And the body contains "<pre>Error: broken &lt;b&gt; &nbsp;here<br> &nbsp; &nbsp;at "
      And the body does not contain "<b>"
      When I GET "/teapot"
      Then the status is 418
      And the body contains "<pre>Error: short and stout<br> &nbsp; &nbsp;at "

    Scenario: With env production, the error page shows only the status text, with the error's headers
      Given the Express app:
        """js
        app.set('env', 'production');
        app.get('/down', () => {
          throw Object.assign(new Error('database at 10.0.0.7'), { status: 503, headers: { 'Retry-After': '7' } });
        });
        app.get('/user', (req, res, next) => next(Object.assign(new Error('no user 42'), { statusCode: 404 })));
        app.get('/gone', (req, res, next) => { res.status(410); next(new Error('moved to /tmp/x')); });
        """
      When I GET "/down"
      Then the status is 503
      And the content type is "text/html; charset=utf-8"
      And the header "Retry-After" is "7"
      And the body is:
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <title>Error</title>
        </head>
        <body>
        <pre>Service Unavailable</pre>
        </body>
        </html>

        """
      When I GET "/user"
      Then the status is 404
      And the body contains "<pre>Not Found</pre>"
      And the body does not contain "no user 42"
      When I GET "/gone"
      Then the status is 410
      And the body contains "<pre>Gone</pre>"
      And the body does not contain "/tmp/x"

    Scenario: A request a proxy forwarded gets only the status text, even on loopback in development
      Given the Express app:
        """js
        app.set('env', 'development');
        app.get('/boom', () => { throw new Error('secret at 10.0.0.7'); });
        """
      When I GET "/boom" with headers:
        | X-Forwarded-For | 203.0.113.9 |
      Then the status is 500
      And the body contains "<pre>Internal Server Error</pre>"
      And the body does not contain "10.0.0.7"

    Scenario: The core's protections hold under the Express page: a hostile error, a started response, the log
      Given the process output is captured
      And the Express app:
        """js
        app.set('env', 'development');
        const hostile = new Proxy({}, { get() { throw new Error('trap'); }, getPrototypeOf() { throw new Error('trap'); } });
        app.get('/hostile', () => { throw hostile; });
        app.get('/partial', (req, res, next) => { res.write('the beginning'); next(new Error('failed after writing')); });
        app.get('/ok', (req, res) => res.send('ok'));
        """
      When I GET "/hostile"
      Then the status is 500
      And the content type is "text/html; charset=utf-8"
      And the body contains "<pre>Internal Server Error</pre>"
      And the server still answers GET "/ok" with 200
      And this holds:
        """js
        const http = require('node:http');
        const outcome = await new Promise((resolve) => {
          http.get({ host: '127.0.0.1', port: world.server.address().port, path: '/partial', agent: false }, (res) => {
            res.on('data', () => {});
            res.on('end', () => resolve('complete'));
            res.on('error', () => resolve('cut'));
          }).on('error', () => resolve('cut'));
        });
        assert.equal(outcome, 'cut');
        """
      And standard error contains "Error: failed after writing"
      And standard output does not contain "failed after writing"

    Scenario: The top-level app's final handler answers for its sub-apps, whichever their flavour
      Given the Express app:
        """js
        const inner = kit();
        inner.get('/there', (req, res) => res.send('there'));
        app.use('/k', inner);
        const outer = kit();
        const expressInner = express();
        expressInner.get('/there', (req, res) => res.send('there'));
        outer.use('/e', expressInner);
        world.outer = outer.listen(0, '127.0.0.1');
        """
      When I GET "/k/missing"
      Then the status is 404
      And the body contains "<pre>Cannot GET /k/missing</pre>"
      And this holds:
        """js
        if (!world.outer.listening) await new Promise((resolve) => world.outer.once('listening', resolve));
        const answer = await fetch(`http://127.0.0.1:${world.outer.address().port}/e/missing`);
        assert.equal(answer.status, 404);
        assert.equal(answer.headers.get('content-type'), 'text/plain; charset=utf-8');
        assert.equal(await answer.text(), 'Not Found');
        await new Promise((resolve) => world.outer.close(resolve));
        """

    Scenario: kit() keeps its plain 404 and shows no stack, even on loopback in development
      Given the app:
        """js
        app.set('env', 'development');
        app.get('/crash', () => { throw new Error('secret at 10.0.0.7'); });
        """
      When I GET "/missing"
      Then the status is 404
      And the content type is "text/plain; charset=utf-8"
      And the body is "Not Found"
      When I GET "/crash"
      Then the status is 500
      And the content type is "text/plain; charset=utf-8"
      And the header "Content-Security-Policy" is absent
      And the body is "Internal Server Error"

  Rule: EXP-015 An unhandled error is written to stderr as Express writes it, never to stdout

    Scenario: A 5xx and a 4xx error's stacks go to stderr, nothing to stdout
      Given the process output is captured
      And the Express app:
        """js
        app.set('env', 'development');
        app.get('/boom', () => { throw new Error('kaboom'); });
        app.get('/missing', (req, res, next) => next(Object.assign(new Error('no such page'), { status: 404 })));
        """
      When I GET "/boom"
      Then the status is 500
      When I GET "/missing"
      Then the status is 404
      And standard error contains "Error: kaboom"
      And standard error contains "Error: no such page"
      And standard error contains "    at "
      And standard output does not contain "kaboom"
      And standard output does not contain "no such page"

    Scenario: Under the env 'test', nothing is written
      Given the process output is captured
      And the Express app:
        """js
        app.set('env', 'test');
        app.get('/boom', () => { throw new Error('quiet failure'); });
        app.get('/missing', (req, res, next) => next(Object.assign(new Error('quiet miss'), { status: 404 })));
        """
      When I GET "/boom"
      Then the status is 500
      When I GET "/missing"
      Then the status is 404
      And standard error does not contain "quiet"
      And standard output does not contain "quiet"

    Scenario: An app given a logger logs its 5xx to it and its 4xx nowhere, as kit() does
      Given the process output is captured
      And the Express app:
        """js
        const lines = [];
        world.lines = lines;
        const pino = require('pino');
        const own = express({ logger: pino({ level: 'info' }, { write: (line) => lines.push(line) }) });
        own.set('env', 'development');
        own.get('/boom', () => { throw new Error('to my logger'); });
        own.get('/missing', (req, res, next) => next(Object.assign(new Error('client fault'), { status: 404 })));
        return own.listen(0, '127.0.0.1');
        """
      When I GET "/boom"
      Then the status is 500
      When I GET "/missing"
      Then the status is 404
      And standard error does not contain "to my logger"
      And standard error does not contain "client fault"
      And this holds:
        """js
        const entries = world.lines.map((line) => JSON.parse(line));
        assert.ok(entries.some((entry) => entry.level === 50 && entry.err?.message === 'to my logger'), world.lines.join(''));
        assert.ok(!world.lines.join('').includes('client fault'), world.lines.join(''));
        """
