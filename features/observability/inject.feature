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
