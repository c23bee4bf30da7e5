@observability
Feature: Every request has an id, and its logger carries it

  Rule: OBS-001 Every request has an id, and req.log's lines carry it

    Scenario: two requests get two ids, each stable within its request
      Given the app:
        """js
        app.get('/id', (req, res) => res.json({ first: req.id, again: req.id }));
        """
      When I GET "/id"
      Then the status is 200
      And this holds:
        """js
        const one = response.json();
        assert.equal(typeof one.first, 'string');
        assert.equal(one.first, one.again);
        world.firstId = one.first;
        """
      When I GET "/id"
      Then this holds:
        """js
        assert.notEqual(response.json().first, world.firstId);
        """

    Scenario: req.log's lines carry the request's id as reqId
      Given the log lines are captured
      And the app:
        """js
        app.get('/charge', (req, res) => {
          req.log.info({ step: 'charge' }, 'charging');
          res.json({ id: req.id });
        });
        """
      When I GET "/charge"
      Then the status is 200
      And the log lines hold:
        """js
        const line = lines.find((l) => l.step === 'charge');
        assert.ok(line, 'the handler logged');
        assert.equal(line.msg, 'charging');
        assert.equal(typeof line.reqId, 'string');
        assert.ok(line.reqId.length > 0);
        """

    @kit-lifecycle
    Scenario: requestIdLogLabel renames the field
      Given the log lines are captured
      And the app:
        """js
        const labelled = kit({ requestIdLogLabel: 'requestId' });
        labelled.get('/labelled', (req, res) => {
          req.log.info({ step: 'labelled' }, 'labelled');
          res.json({ id: req.id });
        });
        const server = labelled.listen(0, '127.0.0.1');
        await new Promise((resolve) => server.once('listening', resolve));
        return server;
        """
      When I GET "/labelled"
      Then the log lines hold:
        """js
        const line = lines.find((l) => l.step === 'labelled');
        assert.ok(line);
        assert.equal(line.reqId, undefined);
        assert.equal(typeof line.requestId, 'string');
        """

  Rule: OBS-002 The id is a cheap counter unless the app gives a generator

    @kit-lifecycle
    Scenario: genReqId makes the id
      Given the app:
        """js
        let n = 0;
        const custom = kit({ genReqId: () => `order-${++n}` });
        custom.get('/who', (req, res) => res.json({ id: req.id }));
        const server = custom.listen(0, '127.0.0.1');
        await new Promise((resolve) => server.once('listening', resolve));
        return server;
        """
      When I GET "/who"
      Then the JSON body is:
        """json
        { "id": "order-1" }
        """

    @kit-lifecycle
    Scenario: a generator that throws costs the request its custom id, not the request
      Given the app:
        """js
        const failing = kit({ genReqId: () => { throw new Error('no ids today'); } });
        failing.get('/who', (req, res) => res.json({ id: req.id }));
        const server = failing.listen(0, '127.0.0.1');
        await new Promise((resolve) => server.once('listening', resolve));
        return server;
        """
      When I GET "/who"
      Then the status is 200
      And this holds:
        """js
        assert.match(response.json().id, /^req-[0-9a-z]+$/);
        """

    @kit-lifecycle
    Scenario Outline: a generator's unsafe id (<what>) is replaced, the request is served, and the app is warned once
      Given the log lines are captured
      And the app:
        """js
        // The generator trusts the query, and the id goes into the reply header: a CR or LF there would
        // be a throw with nothing to catch it.
        // not typed: some generators return what is not a string, on purpose
        const echoing = kit({
          genReqId: (req) => { <generator> },
          requestIdReplyHeader: 'x-request-id',
        });
        echoing.get('/who', (req, res) => res.json({ id: req.id }));
        const server = echoing.listen(0, '127.0.0.1');
        await new Promise((resolve) => server.once('listening', resolve));
        return server;
        """
      When I GET the raw path "/who?rid=a%0D%0ASet-Cookie:%20x=1"
      Then the status is 200
      And this holds:
        """js
        const id = response.json().id;
        assert.match(id, /^req-[0-9a-z]+$/);
        assert.equal(response.headers['x-request-id'], id);
        assert.equal(response.headers['set-cookie'], undefined);
        """
      When I GET the raw path "/who?rid=again%0A"
      Then the status is 200
      And the log lines hold:
        """js
        const warnings = lines.filter((l) => typeof l.msg === 'string' && l.msg.startsWith('genReqId'));
        assert.equal(warnings.length, 1, 'one warning for the app, not one per request');
        assert.equal(warnings[0].level, 40);
        assert.ok(!text.some((t) => t.includes('Set-Cookie')), 'the value itself is never logged');
        """

      Examples:
        | what                       | generator                                                                               |
        | a CR and LF from the query | return new URL(req.url, 'http://x').searchParams.get('rid');                            |
        | too long                   | return 'x'.repeat(129);                                                                 |
        | not a string               | return { toString: () => new URL(req.url, 'http://x').searchParams.get('rid') };        |
        | a promise                  | return Promise.resolve('order-1');                                                      |
        | a throw                    | throw new Error('no ids today');                                                        |

  Rule: OBS-003 An id from a header only when the app opts in, and only a safe one

    Scenario: without the option the header is not read
      Given the app:
        """js
        app.get('/who', (req, res) => res.json({ id: req.id }));
        """
      When I GET "/who" with headers:
        | name         | value        |
        | X-Request-Id | chosen-by-me |
      Then this holds:
        """js
        assert.notEqual(response.json().id, 'chosen-by-me');
        """

    @kit-lifecycle
    Scenario: an opted-in header's safe value is the id, in req.log's lines too
      Given the log lines are captured
      And the app:
        """js
        const traced = kit({ requestIdHeader: 'x-request-id' });
        traced.get('/who', (req, res) => {
          req.log.info({ step: 'who' }, 'who');
          res.json({ id: req.id });
        });
        const server = traced.listen(0, '127.0.0.1');
        await new Promise((resolve) => server.once('listening', resolve));
        return server;
        """
      When I GET "/who" with headers:
        | name         | value                                |
        | X-Request-Id | 4bf92f35-77b3-4da6-a3ce-929d0e0e4736 |
      Then the JSON body is:
        """json
        { "id": "4bf92f35-77b3-4da6-a3ce-929d0e0e4736" }
        """
      And a log line includes:
        """json
        { "step": "who", "reqId": "4bf92f35-77b3-4da6-a3ce-929d0e0e4736" }
        """

    @kit-lifecycle
    Scenario Outline: a hostile id (<what>) is refused and replaced
      Given the app:
        """js
        const traced = kit({ requestIdHeader: 'x-request-id' });
        traced.get('/who', (req, res) => res.json({ id: req.id }));
        const server = traced.listen(0, '127.0.0.1');
        await new Promise((resolve) => server.once('listening', resolve));
        return server;
        """
      When I send the raw request:
        """
        GET /who HTTP/1.1
        Host: 127.0.0.1
        X-Request-Id: <value>
        Connection: close
        """
      Then the status is 200
      And this holds:
        """js
        const id = response.json().id;
        assert.match(id, /^req-[0-9a-z]+$/);
        """

      Examples:
        | what                   | value                                                                                                                                     |
        | too long               | aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa |
        | a quote                | abc"},"level":60,"x":"                                                                                                                   |
        | a space and markup     | abc <script>                                                                                                                             |
        | a newline once decoded | abc%0A{"level":60}                                                                                                                       |

  Rule: OBS-004 The id can be sent back in a response header

    @kit-lifecycle
    Scenario: requestIdReplyHeader echoes the id, on a 404 too
      Given the app:
        """js
        const echoing = kit({ requestIdHeader: 'x-request-id', requestIdReplyHeader: 'x-request-id' });
        echoing.get('/who', (req, res) => res.json({ id: req.id }));
        const server = echoing.listen(0, '127.0.0.1');
        await new Promise((resolve) => server.once('listening', resolve));
        return server;
        """
      When I GET "/who" with headers:
        | name         | value   |
        | X-Request-Id | abc-123 |
      Then the header "X-Request-Id" is "abc-123"
      When I GET "/nowhere"
      Then the status is 404
      And this holds:
        """js
        assert.match(response.headers['x-request-id'], /^req-[0-9a-z]+$/);
        """

    Scenario: no reply header unless asked for
      Given the app:
        """js
        app.get('/who', (req, res) => res.json({ id: req.id }));
        """
      When I GET "/who"
      Then the header "X-Request-Id" is absent

  Rule: OBS-005 requestLogger's line carries the id

    Scenario: the access line and the handler's lines share the id
      Given the log lines are captured
      And the app:
        """js
        app.use(requestLogger);
        app.get('/orders', (req, res) => {
          req.log.info({ step: 'orders' }, 'listing orders');
          res.json([]);
        });
        """
      When I GET "/orders"
      Then the log lines hold:
        """js
        const access = lines.find((l) => l.msg === 'request completed' && l.url === '/orders');
        const own = lines.find((l) => l.step === 'orders');
        assert.ok(access && own);
        assert.equal(typeof access.reqId, 'string');
        assert.equal(access.reqId, own.reqId);
        """
