@hardening
Feature: Connections: pipelining and clients that leave
  Several requests on one connection, and clients that hang up in the middle of a body or an answer.
  A body shorter than its Content-Length and chunked or gzip bodies cut off are in features/body
  (BODY-012); slow headers and bodies (408) in features/core (APP-008).

  Rule: HARD-005 Pipelined requests are answered in order

    Scenario: three requests written at once are answered in the order sent, the slow one first
      Given the app:
        """js
        app.get('/slow', async (req, res) => {
          await new Promise((resolve) => setTimeout(resolve, 100));
          res.send('slow');
        });
        app.get('/fast', (req, res) => res.send('fast'));
        app.get('/fail', () => { throw new Error('boom'); });
        app.post('/echo', json(), (req, res) => res.send(req.body.n));
        """
      When I send the raw request:
        """
        GET /slow HTTP/1.1
        Host: localhost

        GET /fail HTTP/1.1
        Host: localhost

        POST /echo HTTP/1.1
        Host: localhost
        Content-Type: application/json
        Content-Length: 13

        {"n":"third"}GET /fast HTTP/1.1
        Host: localhost
        Connection: close\r\n
        """
      Then this holds:
        """js
        const answers = world.rawResponses.map((r) => `${r.status} ${r.text}`);
        assert.deepEqual(answers, ['200 slow', '500 Internal Server Error', '200 third', '200 fast']);
        """
      And the server still answers GET "/fast" with 200

  Rule: HARD-006 A client that leaves mid-body or mid-response does not hurt the server

    Scenario: the client closes while a handler reads its body
      Given the log lines are captured
      And the app:
        """js
        world.failure = new Promise((resolve) => { world.onFailure = resolve; });
        world.reading = new Promise((resolve) => { world.onReading = resolve; });
        app.post('/read', async (req, res) => {
          try {
            for await (const chunk of req) world.onReading(chunk);
            res.send('complete');
          } catch (err) {
            world.onFailure(err.code ?? err.message);
            throw err;
          }
        });
        app.get('/ok', (req, res) => res.send('ok'));
        """
      Then this holds:
        """js
        const net = require('node:net');
        const socket = net.connect(world.server.address().port, '127.0.0.1');
        await new Promise((resolve) => socket.once('connect', resolve));
        socket.write('POST /read HTTP/1.1\r\nHost: localhost\r\nContent-Length: 100000\r\n\r\n' + 'a'.repeat(5000));
        // Cut once the handler is reading: a fixed sleep could cut before the request reached it.
        await world.reading;
        socket.destroy();
        assert.equal(await world.failure, 'ECONNRESET');
        """
      And the server still answers GET "/ok" with 200
      And a log line includes:
        """json
        { "level": 30, "method": "POST", "url": "/read" }
        """
      And the log lines hold:
        """js
        // A client hanging up is not a server error: no error line, no stack to fill the log with.
        assert.deepEqual(lines.filter((line) => line?.level >= 50), []);
        """

    Scenario: the client closes while a handler is still writing
      Given the app:
        """js
        world.outcome = new Promise((resolve) => { world.onOutcome = resolve; });
        app.get('/stream', async (req, res) => {
          const thrown = [];
          let closed = false;
          res.on('close', () => { closed = true; });
          res.writeHead(200, { 'Content-Type': 'text/plain' });
          for (let i = 0; i < 40; i++) {
            try { res.write('x'.repeat(4096)); } catch (err) { thrown.push(err.message); }
            await new Promise((resolve) => setTimeout(resolve, 5));
          }
          try { res.end('the end'); } catch (err) { thrown.push(err.message); }
          world.onOutcome({ closed, thrown });
        });
        app.get('/big', (req, res) => res.send(Buffer.alloc(8 * 1024 * 1024, 97)));
        app.get('/ok', (req, res) => res.send('ok'));
        """
      Then this holds:
        """js
        const net = require('node:net');
        for (const path of ['/stream', '/big']) {
          const socket = net.connect(world.server.address().port, '127.0.0.1');
          socket.write(`GET ${path} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
          await new Promise((resolve) => socket.once('data', resolve));
          socket.destroy();
        }
        assert.deepEqual(await world.outcome, { closed: true, thrown: [] });
        """
      And the server still answers GET "/ok" with 200

  Rule: HARD-011 A slow client is cut off within the bound while others are served

    @kit-lifecycle
    Scenario: headers dribbled a byte at a time get 408 and a closed socket, and another client is answered meanwhile
      Given the app:
        """js
        const strict = kit({ headersTimeout: 800, requestTimeout: 5000 });
        strict.get('/', (req, res) => res.send('ok'));
        const server = strict.listen(0, '127.0.0.1');
        await new Promise((resolve) => server.once('listening', resolve));
        return server;
        """
      Then this holds:
        """js
        const net = require('node:net');
        const socket = net.connect(world.server.address().port, '127.0.0.1');
        let received = '';
        socket.on('data', (chunk) => { received += chunk; });
        const closed = new Promise((resolve) => socket.once('close', resolve));
        // One byte every 100 ms: far more often than the bound, so only a bound on the whole header cuts it.
        const header = 'GET / HTTP/1.1\r\nHost: localhost\r\nX-Slow: ' + 'a'.repeat(200);
        let sent = 0;
        const drip = setInterval(() => {
          if (socket.destroyed || sent >= header.length) return clearInterval(drip);
          socket.write(header[sent++]);
        }, 100);
        // Served while the slow client holds its socket.
        const other = await fetch(`http://127.0.0.1:${world.server.address().port}/`);
        assert.equal(await other.text(), 'ok');
        await closed;
        clearInterval(drip);
        assert.match(received, /^HTTP\/1\.1 408 /);
        assert.ok(sent < header.length, `the socket stayed open for the whole header (${sent} bytes)`);
        """
      And the server still answers GET "/" with 200

    @kit-lifecycle
    Scenario: a body that stalls gets 408 and a closed socket at the request bound
      Given the app:
        """js
        const strict = kit({ headersTimeout: 500, requestTimeout: 1000 });
        strict.post('/upload', json(), (req, res) => res.json(req.body));
        const server = strict.listen(0, '127.0.0.1');
        await new Promise((resolve) => server.once('listening', resolve));
        return server;
        """
      Then this holds:
        """js
        const net = require('node:net');
        const socket = net.connect(world.server.address().port, '127.0.0.1');
        let received = '';
        socket.on('data', (chunk) => { received += chunk; });
        const closed = new Promise((resolve) => socket.once('close', resolve));
        socket.write('POST /upload HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"a":');
        await closed;
        assert.match(received, /^HTTP\/1\.1 408 /);
        """
      And the server still answers GET "/" with 404
