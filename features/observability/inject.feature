@observability
Feature: app.inject runs a request without a server

  Rule: OBS-009 app.inject runs a request without a server

    Scenario: inject answers without listen, through middleware and body parsers
      Given the app:
        """js
        const local = kit();
        local.use(json());
        local.post('/users', (req, res) => res.status(201).set('X-Made', 'yes').json({ name: req.body.name, q: req.query.q }));
        const reply = await local.inject({ method: 'POST', url: '/users', query: { q: '1' }, payload: { name: 'Ada' } });
        world.reply = { status: reply.statusCode, made: reply.headers['x-made'], json: reply.json() };
        const missing = await local.inject('/nowhere');
        world.missing = missing.statusCode;
        """
      Then this holds:
        """js
        assert.deepEqual(world.reply, { status: 201, made: 'yes', json: { name: 'Ada', q: '1' } });
        assert.equal(world.missing, 404);
        """

    @kit-lifecycle
    Scenario: an injected request is logged by requestLogger as completed, never as aborted
      Given the app:
        """js
        const pino = require('pino');
        const lines = [];
        const local = kit({ logger: pino({}, { write: (line) => lines.push(JSON.parse(line)) }) });
        local.use(requestLogger);
        local.get('/ok', (req, res) => res.json({ ok: true }));
        local.get('/missing', (req, res) => res.status(404).json({ error: 'no' }));
        await local.inject('/ok');
        await local.inject('/missing');
        await new Promise((resolve) => setImmediate(resolve));
        world.lines = lines.map((line) => [line.msg, line.status, line.aborted ?? false]);
        """
      Then this holds:
        """js
        assert.deepEqual(world.lines, [
          ['request completed', 200, false],
          ['request completed', 404, false],
        ]);
        """

    Scenario Outline: a response ended with no body is injected as written, on <flavour>, with the headers it held back
      Given <given>:
        """js
        app.get('/gone', (req, res) => res.status(204).end());
        app.get('/empty', (req, res) => res.end());
        const gone = await app.inject('/gone');
        const empty = await app.inject('/empty');
        world.replies = [gone, empty].map((reply) => [reply.statusCode, reply.body, reply.headers['x-powered-by']]);
        """
      Then this holds:
        """js
        assert.deepEqual(world.replies, [
          [204, '', <banner>],
          [200, '', <banner>],
        ]);
        """

      Examples:
        | flavour         | given             | banner    |
        | kit()           | the app           | undefined |
        | kitjs/express   | the Express app   | 'Express' |
        | kitjs/express5  | the Express 5 app | 'Express' |

    Scenario: inject sends cookies and headers, and the request has an id
      Given the app:
        """js
        const local = kit();
        local.get('/echo', (req, res) => res.json({ cookie: req.get('cookie'), custom: req.get('x-custom'), id: typeof req.id }));
        const reply = await local.inject({ url: '/echo', headers: { 'x-custom': 'here' }, cookies: { sid: 'abc' } });
        world.body = reply.json();
        """
      Then this holds:
        """js
        assert.deepEqual(world.body, { cookie: 'sid=abc', custom: 'here', id: 'string' });
        """

    Scenario: an empty URL is /, and a URL that is not a string is refused at the call
      Given the app:
        """js
        const local = kit();
        local.get('/', (req, res) => res.json({ url: req.url }));
        world.empty = (await local.inject({ url: '' })).json();
        // not typed: a URL that is not a string, on purpose
        world.refused = await local.inject({ url: 42 }).then(() => 'resolved', (err) => [err.name, err.message]);
        """
      Then this holds:
        """js
        assert.deepEqual(world.empty, { url: '/' });
        assert.equal(world.refused[0], 'TypeError');
        assert.match(world.refused[1], /options\.url must be a string/);
        """

    @kit-error-codes
    Scenario: a URL that is not a string is KIT_ERR_INJECT_BAD_OPTIONS
      Given the app:
        """js
        world.code = await kit().inject({ url: undefined }).then(() => 'resolved', (err) => err.code);
        """
      Then this holds:
        """js
        assert.equal(world.code, 'KIT_ERR_INJECT_BAD_OPTIONS');
        """

    Scenario: a stream payload is read as a body; one failing mid-body fails the request as a client leaving does
      Given the app:
        """js
        const { Readable } = require('node:stream');
        const local = kit();
        local.use(json());
        local.post('/echo', (req, res) => res.json(req.body));
        local.use((err, req, res, next) => {
          world.seen = { status: err.status, destroyed: req.destroyed };
          next(err);
        });
        const whole = Readable.from([Buffer.from('{"name":'), Buffer.from('"Ada"}')]);
        const sent = await local.inject({ method: 'POST', url: '/echo', payload: whole, headers: { 'content-type': 'application/json' } });
        world.whole = [sent.statusCode, sent.json()];
        let started = false;
        const failing = new Readable({
          read() {
            if (started) return;
            started = true;
            this.push('{"name":');
            setTimeout(() => this.destroy(new Error('the disk went away')), 5);
          },
        });
        world.failed = await local
          .inject({ method: 'POST', url: '/echo', payload: failing, headers: { 'content-type': 'application/json' } })
          .then((reply) => `resolved ${reply.statusCode}`, (err) => err.message);
        """
      Then this holds:
        """js
        assert.deepEqual(world.whole, [200, { name: 'Ada' }]);
        assert.equal(world.failed, 'the disk went away');
        assert.deepEqual(world.seen, { status: 400, destroyed: true });
        """

  Rule: OBS-010 None of this costs an app that does not use it

    Scenario: an app that reads nothing of it answers as before, and later reads still work
      Given the app:
        """js
        app.get('/plain', (req, res) => res.json({ ok: true }));
        app.get('/late', (req, res) => setImmediate(() => res.json({ id: typeof req.id, signal: req.signal.aborted })));
        """
      When I GET "/plain"
      Then the JSON body is:
        """json
        { "ok": true }
        """
      When I GET "/late"
      Then the JSON body is:
        """json
        { "id": "string", "signal": false }
        """

  Rule: OBS-011 The request's context reaches code that was not given req

    Scenario: a service without req logs with the request's id, after a body parser and an await
      Given the log lines are captured
      And the app:
        """js
        const service = async () => {
          await new Promise((resolve) => setTimeout(resolve, 5));
          requestLog().info({ step: 'service' }, 'in the service');
          return currentRequest().id;
        };
        app.use(requestContext());
        app.use(json());
        app.post('/pay', async (req, res) => res.json({ id: req.id, seen: await service() }));
        """
      When I POST "/pay" with the JSON body:
        """json
        { "amount": 3 }
        """
      Then this holds:
        """js
        const body = response.json();
        assert.equal(body.seen, body.id);
        world.payId = body.id;
        """
      And the log lines hold:
        """js
        const line = lines.find((l) => l.step === 'service');
        assert.ok(line);
        assert.equal(line.reqId, world.payId);
        """

    Scenario: outside a request there is no current request
      Given the app:
        """js
        world.outside = [currentRequest(), typeof requestLog().info];
        """
      Then this holds:
        """js
        assert.deepEqual(world.outside, [undefined, 'function']);
        """
