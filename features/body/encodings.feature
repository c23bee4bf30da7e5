@body
Feature: Charsets and content encodings of bodies
  Parsers decode only the charsets they know (415 for the rest) and inflate gzip, deflate and br
  bodies with the limit counted on the inflated bytes, so a compressed bomb cannot fill memory.

  Background:
    Given the app:
      """
      app.use(json({ limit: '1mb' }));
      app.use(urlencoded());
      app.post('/echo', (req, res) => {
        world.handled = true;
        res.json(req.body);
      });
      app.get('/health', (req, res) => res.send('ok'));
      """

  Rule: BODY-010 Only known charsets are decoded

    Scenario Outline: json() accepts charset <charset>
      When I POST "/echo" with content type "application/json; charset=<charset>" and the body:
        """
        { "word": "naïve" }
        """
      Then the status is 200
      And the JSON body is:
        """
        { "word": "naïve" }
        """

      Examples:
        | charset  |
        | utf-8    |
        | UTF-8    |
        | utf8     |

    Scenario Outline: json() refuses charset <charset> with 415 before reading
      When I POST "/echo" with content type "application/json; charset=<charset>" and the body:
        """
        { "word": "naïve" }
        """
      Then the status is 415
      And the body is "Unsupported charset"
      And this holds:
        """
        assert.equal(world.handled, undefined);
        """
      And the server still answers GET "/health" with 200

      Examples:
        | charset    |
        | utf-16     |
        | iso-8859-1 |
        | koi8-r     |
        | nonsense   |

    Scenario: urlencoded() decodes ISO-8859-1 forms
      When I send the raw request:
        """
        POST /echo HTTP/1.1
        Host: localhost
        Content-Type: application/x-www-form-urlencoded; charset=ISO-8859-1
        Content-Length: 20
        Connection: close

        city=M%FCnchen&x=\xe9t\xe9
        """
      Then the status is 200
      And the JSON body is:
        """
        { "city": "München", "x": "été" }
        """

    Scenario: urlencoded() refuses other charsets with 415
      When I POST "/echo" with content type "application/x-www-form-urlencoded; charset=utf-16le" and the body:
        """
        a=1
        """
      Then the status is 415
      And the server still answers GET "/health" with 200

  Rule: BODY-011 Compressed bodies are inflated within the limit

    Scenario Outline: a <coding> body is inflated before parsing
      When I POST "/echo" with content encoding "<coding>" and the compressed JSON body:
        """
        { "compressed": true, "coding": "<coding>" }
        """
      Then the status is 200
      And the JSON body is:
        """
        { "compressed": true, "coding": "<coding>" }
        """

      Examples:
        | coding   |
        | gzip     |
        | x-gzip   |
        | deflate  |
        | br       |
        | GZIP     |
        | identity |

    Scenario: a gzip bomb stops at the limit with 413 and no handler runs
      When I POST "/echo" a gzip-compressed JSON body that inflates to 64 MB
      Then the status is 413
      And the header "Connection" is "close"
      And this holds:
        """
        assert.equal(world.handled, undefined);
        """
      And the server still answers GET "/health" with 200

    Scenario Outline: content coding "<coding>" is refused with 415
      When I POST "/echo" with headers and the body:
        | name             | value            |
        | Content-Type     | application/json |
        | Content-Encoding | <coding>         |
        | body             | {"a":1}          |
      Then the status is 415
      And the body is "Unsupported content encoding"
      And the server still answers GET "/health" with 200

      Examples:
        | coding    |
        | compress  |
        | zstd      |
        | gzip, br  |
        | rot13     |

    Scenario: bytes that do not inflate are a 400
      When I POST "/echo" with headers and the body:
        | name             | value               |
        | Content-Type     | application/json    |
        | Content-Encoding | gzip                |
        | body             | {"not":"gzip data"} |
      Then the status is 400
      And the body is "Malformed compressed body"
      And the header "Connection" is "close"
      And this holds:
        """
        assert.equal(world.handled, undefined);
        """
      And the server still answers GET "/health" with 200
