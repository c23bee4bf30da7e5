@body
Feature: Incomplete bodies
  A client that hangs up before its body is complete never reaches a handler, and the server goes on.

  Rule: BODY-012 An incomplete body never reaches a handler

    Background:
      Given the app:
        """
        app.use(json());
        app.use(urlencoded());
        app.use(customParser);
        app.post('/submit', (req, res) => {
          world.handled = true;
          res.json({ ok: true });
        });
        app.setErrorHandler((err, req, res) => {
          world.errors = [...(world.errors ?? []), err.code];
          res.status(err.status ?? 500).json({ code: err.code });
        });
        app.get('/health', (req, res) => res.send('ok'));
        """

    Scenario Outline: a <type> body shorter than its Content-Length, then the socket closes
      When a client sends these bytes and hangs up:
        """
        POST /submit HTTP/1.1
        Host: localhost
        Content-Type: <type>
        Content-Length: 5000

        <start>
        """
      Then this holds:
        """
        assert.equal(world.handled, undefined);
        assert.ok(response.status !== 200, `a ${response.status} answer to a request that never finished`);
        """
      And the server still answers GET "/health" with 200

      Examples:
        | type                              | start             |
        | application/json                  | {"name":"Ada","bio":" |
        | application/x-www-form-urlencoded | name=Ada&bio=     |
        | application/custom                | partial           |

    Scenario: a chunked body cut off mid-chunk
      When a client sends these bytes and hangs up:
        """
        POST /submit HTTP/1.1
        Host: localhost
        Content-Type: application/json
        Transfer-Encoding: chunked

        100
        {"name":"Ada","bio":"
        """
      Then this holds:
        """
        assert.equal(world.handled, undefined);
        """
      And the server still answers GET "/health" with 200

    Scenario: a gzip body cut off mid-stream
      When a client sends these bytes and hangs up:
        """
        POST /submit HTTP/1.1
        Host: localhost
        Content-Type: application/json
        Content-Encoding: gzip
        Content-Length: 400

        \x1f\x8b\x08\x00\x00\x00\x00\x00\x00\x03
        """
      Then this holds:
        """
        assert.equal(world.handled, undefined);
        """
      And the server still answers GET "/health" with 200
