@body
Feature: Parsers and the request around them
  A body parser leaves the request's async context as it found it, and a request stream that earlier
  middleware set to decode text is named as the application's error, not the client's.

  Rule: BODY-020 Parsers keep the request's async context

    Background:
      Given the app:
        """js
        const { AsyncLocalStorage } = require('node:async_hooks');
        const storage = new AsyncLocalStorage();
        app.use((req, res, next) => storage.run({ id: req.get('x-request-id') ?? 'none' }, next));
        app.use(json());
        app.use(urlencoded());
        app.post('/echo', (req, res) => res.json({ store: storage.getStore() ?? null, body: req.body }));
        """

    Scenario Outline: the store entered before json() is the store after it (<coding>)
      When I POST "/echo" with content encoding "<coding>" and the compressed JSON body:
        """
        { "a": 1 }
        """
      Then the status is 200
      And the JSON body is:
        """json
        { "store": { "id": "none" }, "body": { "a": 1 } }
        """

      Examples:
        | coding   |
        | identity |
        | gzip     |

    Scenario: the store entered before urlencoded() is the store after it
      When I POST "/echo" with headers and the body:
        | Content-Type | application/x-www-form-urlencoded |
        | X-Request-Id | r-42                              |
        | body         | name=Ada                          |
      Then the status is 200
      And the JSON body is:
        """json
        { "store": { "id": "r-42" }, "body": { "name": "Ada" } }
        """

  Rule: BODY-021 A request stream set to decode text, or already read, is the application's error

    Background:
      Given the app:
        """js
        app.use((req, res, next) => { req.setEncoding('utf8'); next(); });
        app.use(json());
        app.post('/echo', (req, res) => { world.handled = true; res.json(req.body); });
        app.setErrorHandler((err, req, res) => res.status(err.status ?? 500).json({ code: err.code }));
        app.get('/health', (req, res) => res.send('ok'));
        """

    @kit-error-codes
    Scenario: a small body is refused with a 500 that names the cause
      When I POST "/echo" with the JSON body:
        """
        { "a": 1 }
        """
      Then the status is 500
      And the JSON body is:
        """json
        { "code": "KIT_ERR_BODY_STREAM_DECODED" }
        """
      And the header "Connection" is "close"
      And the server still answers GET "/health" with 200

    @kit-error-codes
    Scenario: a body in many chunks, plain or compressed, is refused the same way and nothing crashes
      Then this holds:
        """js
        const { gzipSync } = require('node:zlib');
        const text = JSON.stringify({ s: 'x'.repeat(200000) });
        for (const { coding, body } of [{ coding: 'identity', body: text }, { coding: 'gzip', body: gzipSync(text) }]) {
          const answer = await fetch(`${world.baseURL}/echo`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'content-encoding': coding },
            body,
          });
          assert.equal(answer.status, 500, coding);
          assert.deepEqual(await answer.json(), { code: 'KIT_ERR_BODY_STREAM_DECODED' }, coding);
        }
        assert.equal(world.handled, undefined);
        """
      And the server still answers GET "/health" with 200

    @kit-error-codes
    Scenario: a body that middleware already read is a 500 too, not the client's fault
      Given the app:
        """js
        app.use((req, res, next) => { req.on('end', next); req.resume(); });
        app.use(json());
        app.post('/echo', (req, res) => { world.handled = true; res.json(req.body); });
        app.use((err, req, res, next) => res.status(err.status).json({ code: err.code, type: err.type }));
        """
      When I POST "/echo" with the JSON body:
        """
        { "a": 1 }
        """
      Then the status is 500
      And the JSON body is:
        """json
        { "code": "KIT_ERR_BODY_ALREADY_READ", "type": "stream.not.readable" }
        """
      And this holds:
        """js
        assert.equal(world.handled, undefined);
        """
