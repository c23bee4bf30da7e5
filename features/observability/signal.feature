@observability
Feature: req.signal and the handler timeout

  Rule: OBS-007 req.signal aborts when the client goes away

    Scenario: a client that hangs up aborts the signal
      Given the app:
        """js
        world.aborted = [];
        app.get('/slow', (req) => {
          req.signal.addEventListener('abort', () => world.aborted.push(req.signal.reason.name));
        });
        """
      When a client requests "/slow" and hangs up before the answer
      Then this holds:
        """js
        for (let tries = 0; tries < 200 && world.aborted.length === 0; tries++)
          await new Promise((resolve) => setTimeout(resolve, 10));
        assert.deepEqual(world.aborted, ['AbortError']);
        """
      And the server still answers GET "/slow-not-there" with 404

    Scenario: a finished response never aborts its signal
      Given the app:
        """js
        world.signals = [];
        app.get('/quick', (req, res) => {
          world.signals.push(req.signal);
          res.send('done');
        });
        """
      When I GET "/quick"
      Then the body is "done"
      And this holds:
        """js
        await new Promise((resolve) => setTimeout(resolve, 20));
        assert.equal(world.signals[0].aborted, false);
        """

  Rule: OBS-008 A handler timeout answers 503

    @kit-lifecycle @kit-error-codes
    Scenario: a handler past the app's handlerTimeout gets a 503 through the error handler, its signal aborted
      Given the app:
        """js
        world.reasons = [];
        const timed = kit({ handlerTimeout: 100 });
        timed.get('/hang', (req) => {
          req.signal.addEventListener('abort', () => world.reasons.push(req.signal.reason.name));
        });
        timed.get('/fast', (req, res) => res.send('fast'));
        timed.setErrorHandler((err, req, res) => res.status(err.status).json({ code: err.code }));
        const server = timed.listen(0, '127.0.0.1');
        await new Promise((resolve) => server.once('listening', resolve));
        return server;
        """
      When I GET "/hang"
      Then the status is 503
      And the JSON body is:
        """json
        { "code": "KIT_ERR_HANDLER_TIMEOUT" }
        """
      And this holds:
        """js
        assert.deepEqual(world.reasons, ['TimeoutError']);
        """
      When I GET "/fast"
      Then the body is "fast"

    Scenario: a route's own handlerTimeout, with kitjs's default 503
      Given the app:
        """js
        app.get('/report', { handlerTimeout: 100 }, () => {});
        """
      When I GET "/report"
      Then the status is 503

    @kit-lifecycle
    Scenario: a response already started is left to finish
      Given the app:
        """js
        const timed = kit({ handlerTimeout: 50 });
        timed.get('/stream', (req, res) => {
          res.write('part one;');
          setTimeout(() => res.end('part two'), 150);
        });
        const server = timed.listen(0, '127.0.0.1');
        await new Promise((resolve) => server.once('listening', resolve));
        return server;
        """
      When I GET "/stream"
      Then the status is 200
      And the body is "part one;part two"

    Scenario: a handlerTimeout that is not a whole number of milliseconds is refused at setup
      Given the app:
        """js
        world.refused = [];
        // As JSON configuration would give them (typed any, as a config file is).
        for (const options of JSON.parse('[{"handlerTimeout":-1},{"handlerTimeout":1.5},{"handlerTimeout":"5s"},{"handlerTimeout":2147483648}]')) {
          try {
            app.get('/x', options, (req, res) => res.end());
          } catch (err) {
            world.refused.push(err.constructor.name);
          }
        }
        """
      When I GET "/x"
      Then the status is 404
      And this holds:
        """js
        assert.deepEqual(world.refused, ['TypeError', 'TypeError', 'TypeError', 'TypeError']);
        """
