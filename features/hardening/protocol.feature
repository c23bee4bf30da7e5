@hardening
Feature: Raw-socket protocol faults
  Bytes no HTTP client would send, written straight to the socket of the server `listen` starts. Node's
  parser does the refusing; these scenarios prove it stays so with kitjs's server options, and that what
  follows a fault on the connection is never read as a request of its own.

  Background:
    Given the app:
      """js
      world.reached = [];
      app.use((req, res, next) => { world.reached.push(`${req.method} ${req.path}`); next(); });
      app.post('/upload', async (req, res) => {
        let size = 0;
        for await (const chunk of req) size += chunk.length;
        res.send(`read ${size}`);
      });
      app.post('/ignore', (req, res) => res.send('ignored the body'));
      app.get('/smuggled', (req, res) => res.send('smuggled'));
      app.get('/ok', (req, res) => res.send('ok'));
      """

  Rule: HARD-004 Protocol faults are refused by the parser kitjs's server uses

    Scenario: an HTTP/1.1 request without Host is a 400
      When I send the raw request:
        """
        GET /ok HTTP/1.1
        Connection: close
        """
      Then the status is 400
      And this holds:
        """js
        assert.deepEqual(world.reached, []);
        """
      And the server still answers GET "/ok" with 200

    Scenario: one header line over 16 KiB is a 431
      When I send a raw GET "/ok" with a header of 20000 bytes
      Then the status is 431
      And this holds:
        """js
        assert.deepEqual(world.reached, []);
        """
      And the server still answers GET "/ok" with 200

    Scenario: many headers adding up to more than 16 KiB are a 431
      When I send a raw GET "/ok" with 3000 headers
      Then the status is 431
      And the server still answers GET "/ok" with 200

    Scenario: headers just under the limit are served
      When I send a raw GET "/ok" with a header of 8000 bytes
      Then the status is 200
      And the body is "ok"

    Scenario Outline: a request with <first> and <second> is a 400 and nothing is smuggled
      When I send the raw request:
        """
        POST /upload HTTP/1.1
        Host: localhost
        <first>
        <second>

        0

        GET /smuggled HTTP/1.1
        Host: localhost\r\n
        """
      Then the status is 400
      And the header "Connection" is "close"
      And this holds:
        """js
        assert.equal(world.rawResponses.length, 1, 'one answer, then the connection closed');
        assert.ok(!world.reached.includes('GET /smuggled'), `reached: ${world.reached}`);
        """
      And the server still answers GET "/ok" with 200

      Examples:
        | first                                | second                       |
        | Content-Length: 6                    | Transfer-Encoding: chunked   |
        | Transfer-Encoding: chunked           | Content-Length: 6            |
        | Content-Length: 6                    | Content-Length: 40           |
        | Content-Length: 6, 40                | X-Note: a list               |
        | Transfer-Encoding: chunked, identity | X-Note: chunked not last     |
        | Transfer-Encoding: xchunked          | X-Note: unknown coding       |
        | Transfer-Encoding : chunked          | X-Note: space before colon   |
        | Transfer-Encoding: chunked           | Transfer-Encoding: identity  |
        | Transfer-Encoding:                   | \tchunked                    |

    Scenario Outline: a chunk size of "<size>" is a 400 and nothing is smuggled
      When I send the raw request:
        """
        POST /upload HTTP/1.1
        Host: localhost
        Transfer-Encoding: chunked

        <size>
        hello
        0

        GET /smuggled HTTP/1.1
        Host: localhost\r\n
        """
      Then the status is 400
      And this holds:
        """js
        assert.ok(!world.reached.includes('GET /smuggled'), `reached: ${world.reached}`);
        """
      And the server still answers GET "/ok" with 200

      Examples:
        | size                  |
        | zz                    |
        | -5                    |
        | +5                    |
        | 0x5                   |
        | \x205                 |
        | 5\x20                 |
        | 5\t                   |
        | 5\x00                 |
        | ffffffffffffffffffff  |

    Scenario: a handler that ignores the body answers, and the bad chunk after it smuggles nothing
      When I send the raw request:
        """
        POST /ignore HTTP/1.1
        Host: localhost
        Transfer-Encoding: chunked

        zz
        hello
        0

        GET /smuggled HTTP/1.1
        Host: localhost\r\n
        """
      Then the status is 200
      And the body is "ignored the body"
      And this holds:
        """js
        assert.equal(world.rawResponses.length, 1);
        assert.deepEqual(world.reached, ['POST /ignore']);
        """
      And the server still answers GET "/ok" with 200

    Scenario Outline: <fault> is a 400
      When I send the raw request:
        """
        <request line>
        Host: localhost
        <header>
        Connection: close
        """
      Then the status is 400
      And this holds:
        """js
        assert.deepEqual(world.reached, []);
        """
      And the server still answers GET "/ok" with 200

      Examples:
        | fault                           | request line        | header       |
        | a NUL byte in a header value    | GET /ok HTTP/1.1    | X-A: a\x00b  |
        | a CR alone in a header value    | GET /ok HTTP/1.1    | X-A: a\rb    |
        | a space in a header name        | GET /ok HTTP/1.1    | X A: b       |
        | a header line without a colon   | GET /ok HTTP/1.1    | X-A b        |
        | an unknown HTTP version         | GET /ok HTTP/1.7    | X-A: b       |
        | a request line with two targets | GET /ok /x HTTP/1.1 | X-A: b       |

    Scenario: line ends that are a bare LF are a 400
      When I send the raw request:
        """
        GET /ok HTTP/1.1\nHost: localhost\nConnection: close\n\n
        """
      Then the status is 400
      And this holds:
        """js
        assert.deepEqual(world.reached, []);
        """
      And the server still answers GET "/ok" with 200
