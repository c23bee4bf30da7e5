@response
Feature: The response
  Handlers answer with Express's senders. Every body kitjs produces carries an exact Content-Length.

  Rule: RES-001 res.status() sets the status and chains

    Scenario: status() chains into a sender
      Given the app:
        """js
        app.get('/', (req, res) => res.status(201).send('made'));
        """
      When I GET "/"
      Then the status is 201
      And the body is "made"

    Scenario Outline: An invalid status is a 500 and the server keeps serving
      Given the app:
        """js
        // not typed: a status that is not a number throws a TypeError
        app.get('/bad', (req, res) => res.status(<code>).send('never'));
        app.get('/ok', (req, res) => res.send('ok'));
        """
      When I GET "/bad"
      Then the status is 500
      And the body does not contain "never"
      And the server still answers GET "/ok" with 200

      Examples:
        | code     |
        | 99       |
        | 1000     |
        | 200.5    |
        | '200'    |
        | NaN      |

  Rule: RES-002 res.json() sends JSON

    Scenario: json() sets the JSON content type and length
      Given the app:
        """js
        app.get('/', (req, res) => res.json({ name: 'café', list: [1, 2] }));
        """
      When I GET "/"
      Then the content type is "application/json; charset=utf-8"
      And the header "Content-Length" is "29"
      And the JSON body is:
        """json
        { "name": "café", "list": [1, 2] }
        """

    Scenario: A Content-Type set before json() is kept
      Given the app:
        """js
        app.get('/', (req, res) => res.type('application/problem+json').json({ title: 'x' }));
        """
      When I GET "/"
      Then the media type is "application/problem+json"

    Scenario Outline: A value JSON cannot carry is a 500 with nothing sent before it
      Given the app:
        """js
        app.get('/bad', (req, res) => { <setup>; res.json(value); });
        app.get('/ok', (req, res) => res.send('ok'));
        """
      When I GET "/bad"
      Then the status is 500
      And the media type is "text/plain"
      And the body is "Internal Server Error"
      And the server still answers GET "/ok" with 200

      Examples:
        | setup                                   |
        | const value = {}; value.self = value    |
        | const value = { big: 10n }              |

  Rule: RES-003 res.send() picks the type from the value

    Scenario Outline: send(<value>) answers <type>
      Given the app:
        """js
        app.get('/', (req, res) => res.send(<value>));
        """
      When I GET "/"
      Then the content type is "<type>"
      And the body is:
        """
        <body>
        """

      Examples:
        | value                       | type                            | body           |
        | '<b>hi</b>'                 | text/html; charset=utf-8        | <b>hi</b>      |
        | Buffer.from('raw bytes')    | application/octet-stream        | raw bytes      |
        | { ok: true }                | application/json; charset=utf-8 | {"ok":true}    |
        | [1, 2]                      | application/json; charset=utf-8 | [1,2]          |
        | 42                          | application/json; charset=utf-8 | 42             |

    Scenario: send() without a value sends an empty body
      Given the app:
        """js
        app.get('/', (req, res) => res.send());
        """
      When I GET "/"
      Then the status is 200
      And the header "Content-Length" is "0"
      And the body is empty

    Scenario: A Content-Type set earlier wins
      Given the app:
        """js
        app.get('/', (req, res) => res.type('text').send('plain words'));
        """
      When I GET "/"
      Then the content type is "text/plain; charset=utf-8"

  Rule: RES-004 res.sendStatus() sends the status text

    Scenario Outline: sendStatus(<code>)
      Given the app:
        """js
        app.get('/', (req, res) => res.sendStatus(<code>));
        """
      When I GET "/"
      Then the status is <code>
      And the media type is "text/plain"
      And the body is "<text>"

      Examples:
        | code | text                  |
        | 201  | Created               |
        | 404  | Not Found             |
        | 503  | Service Unavailable   |
        | 599  | 599                   |

  Rule: RES-005 res.redirect() redirects

    Scenario Outline: Redirect forms
      Given the app:
        """js
        app.get('/old', (req, res) => res.redirect(<arguments>));
        """
      When I GET "/old"
      Then the status is <status>
      And the header "Location" is "<location>"
      And the media type is "text/plain"

      Examples:
        | arguments                 | status | location           |
        | '/new'                    | 302    | /new               |
        | '/moved', 301             | 301    | /moved             |
        | 307, '/temp'              | 307    | /temp              |
        | '/a b?q=ü'                | 302    | /a%20b?q=%C3%BC    |

    Scenario: The injected header never appears
      Given the app:
        """js
        app.get('/old', (req, res) => res.redirect('/x\r\nSet-Cookie: evil=1'));
        """
      When I GET "/old"
      Then the status is 302
      And the header "Location" is "/x%0D%0ASet-Cookie:%20evil=1"
      And the header "Set-Cookie" is absent

    Scenario: A status that is not 3xx is a 500
      Given the app:
        """js
        app.get('/old', (req, res) => res.redirect('/new', 200));
        """
      When I GET "/old"
      Then the status is 500
      And the header "Location" is absent

  Rule: RES-006 res.set() sets one header or several

    Scenario: One header, several, and chaining
      Given the app:
        """js
        app.get('/', (req, res) => res.set('X-One', '1').set({ 'X-Two': '2', 'X-Three': 3 }).send('ok'));
        """
      When I GET "/"
      Then the header "X-One" is "1"
      And the header "X-Two" is "2"
      And the header "X-Three" is "3"

    Scenario: A header value with CR/LF is refused
      Given the app:
        """js
        app.get('/bad', (req, res) => res.set('X-Bad', 'a\r\nInjected: yes').send('never'));
        app.get('/ok', (req, res) => res.send('ok'));
        """
      When I GET "/bad"
      Then the status is 500
      And the header "Injected" is absent
      And the server still answers GET "/ok" with 200

  Rule: RES-007 res.type() sets the Content-Type from a name or a type

    Scenario Outline: type(<value>)
      Given the app:
        """js
        app.get('/', (req, res) => res.type(<value>).send('x'));
        """
      When I GET "/"
      Then the content type is "<type>"

      Examples:
        | value              | type                            |
        | 'json'             | application/json; charset=utf-8 |
        | 'html'             | text/html; charset=utf-8        |
        | '.css'             | text/css; charset=utf-8         |
        | 'text/plain'       | text/plain; charset=utf-8       |
        | 'image/png'        | image/png                       |
        | 'no-such-type'     | application/octet-stream        |

    Scenario Outline: a type Node refuses (<how>) is refused at the call, not when a timer sends, and the server lives
      Given the app:
        """js
        app.get('/', (req, res) => {
          <call>;
          setTimeout(() => res.send('late'), 5);
        });
        app.get('/alive', (req, res) => res.send('alive'));
        """
      When I GET the raw path "/?t=text/x%0D%0ASet-Cookie:%20a=1"
      Then the status is 500
      And the header "Set-Cookie" is absent
      When I GET the raw path "/?t=text/%C4%80"
      Then the status is 500
      When I GET "/alive"
      Then the body is "alive"

      Examples:
        | how                   | call                                    |
        | res.type              | res.type(req.query.t)                   |
        | res.set(Content-Type) | res.set('Content-Type', req.query.t)    |

  Rule: RES-008 res.locals is req.locals

    Scenario: Values set on res.locals are on req.locals
      Given the app:
        """js
        app.use((req, res, next) => { res.locals.greeting = 'hi'; next(); });
        app.get('/', (req, res) => res.send(req.locals.greeting));
        """
      When I GET "/"
      Then the body is "hi"

  Rule: RES-009 Bodies carry their length; HEAD, 204 and 304 carry none

    Scenario: Content-Length counts bytes, not characters
      Given the app:
        """js
        app.get('/', (req, res) => res.send('héllo ✓'));
        """
      When I GET "/"
      Then the header "Content-Length" is "10"

    Scenario: 204 and 304 go out without body or content headers
      Given the app:
        """js
        app.get('/none', (req, res) => res.status(204).send('ignored'));
        app.get('/same', (req, res) => res.status(304).json({ ignored: true }));
        """
      When I GET "/none"
      Then the status is 204
      And the header "Content-Type" is absent
      And the header "Content-Length" is absent
      And the body is empty
      When I GET "/same"
      Then the status is 304
      And the header "Content-Type" is absent
      And the header "Content-Length" is absent
      And the body is empty

  Rule: RES-010 One response per request

    Scenario: A second response in the handler is refused and the first arrives intact
      Given the app:
        """js
        app.get('/twice', (req, res) => {
          res.send('first');
          world.returned = res.json({ second: true });
        });
        app.get('/ok', (req, res) => res.send('ok'));
        """
      When I GET "/twice"
      Then the status is 200
      And the body is "first"
      And the server still answers GET "/ok" with 200

    Scenario: A late response from a timer neither writes nor ends the process
      Given the app:
        """js
        app.get('/race', (req, res) => {
          setTimeout(() => { res.json({ late: true }); world.lateSent = true; }, 30);
          res.status(503).send('timed out');
        });
        app.get('/ok', (req, res) => res.send('ok'));
        """
      When I GET "/race"
      Then the status is 503
      And the body is "timed out"
      And this holds:
        """js
        await new Promise((resolve) => setTimeout(resolve, 80));
        assert.equal(world.lateSent, true);
        """
      And the server still answers GET "/ok" with 200

    @kit-error-codes
    Scenario: The refused second response is logged as an error carrying the request's id
      Given the log lines are captured
      And the app:
        """js
        app.get('/twice', (req, res) => {
          world.twiceId = req.id;
          res.send('first');
          res.json({ second: true });
        });
        """
      When I GET "/twice"
      Then the body is "first"
      And the log lines hold:
        """js
        const line = lines.find((l) => l.err?.code === 'KIT_ERR_RESPONSE_SENT');
        assert.ok(line, 'the refused response was logged');
        assert.equal(line.level, 50);
        assert.equal(line.reqId, world.twiceId);
        assert.equal(line.url, '/twice');
        """

  Rule: RES-011 The header getters see what the response sends

    Scenario: A type set by type() is seen before the response is sent
      Given the app:
        """js
        app.get('/', (req, res) => {
          res.type('csv');
          res.json({ type: res.getHeader('Content-Type'), has: res.hasHeader('content-type'), names: res.getHeaderNames() });
        });
        """
      When I GET "/"
      Then the media type is "text/csv"
      And the JSON body is:
        """json
        { "type": "text/csv; charset=utf-8", "has": true, "names": ["content-type"] }
        """

    Scenario Outline: After <sender>, a listener on 'finish' sees the Content-Type and Content-Length sent
      Given the app:
        """js
        app.get('/', (req, res) => {
          res.on('finish', () => {
            world.seen = {
              type: res.getHeader('content-type'),
              length: Number(res.getHeader('Content-Length')),
              all: res.getHeaders(),
              has: res.hasHeader('Content-Length'),
            };
          });
          res.<sender>;
        });
        """
      When I GET "/"
      Then this holds:
        """js
        assert.equal(world.seen.type, response.headers['content-type']);
        assert.equal(world.seen.length, Number(response.headers['content-length']));
        assert.equal(world.seen.all['content-type'], response.headers['content-type']);
        assert.equal(Number(world.seen.all['content-length']), Number(response.headers['content-length']));
        assert.equal(world.seen.has, true);
        """

      Examples:
        | sender                 |
        | json({ a: 1 })         |
        | send('<p>hi</p>')      |
        | type('text').send('x') |
        | sendStatus(202)        |

    Scenario: A wrapper on writeHead sees the headers arrive, and a header it removes stays gone
      Given the app:
        """js
        app.get('/', (req, res) => {
          const writeHead = res.writeHead;
          res.writeHead = function (code, headers) {
            // What compression does: take what writeHead was given into the response, then change it.
            for (const [name, value] of Object.entries(headers ?? {})) this.setHeader(name, value);
            world.typeInWrapper = this.getHeader('content-type');
            this.removeHeader('Content-Length');
            return writeHead.call(this, code);
          };
          res.on('finish', () => { world.lengthAfter = res.getHeader('content-length') ?? null; });
          res.type('csv').send('a,b');
        });
        """
      When I GET "/"
      Then the body is "a,b"
      And the header "Content-Length" is absent
      And this holds:
        """js
        assert.equal(world.typeInWrapper, 'text/csv; charset=utf-8');
        assert.equal(world.lengthAfter, null);
        """

    Scenario: With x-powered-by and etag on, the getters see the banner and the ETag before and after the response
      Given the app:
        """js
        app.set('x-powered-by', true);
        app.set('etag', 'weak');
        app.get('/', (req, res) => {
          world.before = { banner: res.getHeader('X-Powered-By'), etag: res.getHeader('ETag') ?? null };
          res.on('finish', () => {
            world.after = { banner: res.getHeader('x-powered-by'), etag: res.getHeader('etag'), names: res.getHeaderNames() };
          });
          res.type('text').send('hello');
        });
        """
      When I GET "/"
      Then the body is "hello"
      And the header "X-Powered-By" is "Express"
      And this holds:
        """js
        assert.match(response.headers.etag, /^W\/"5-/);
        assert.deepEqual(world.before, { banner: 'Express', etag: null });
        assert.equal(world.after.banner, 'Express');
        assert.equal(world.after.etag, response.headers.etag);
        assert.deepEqual([...world.after.names].sort(), ['content-length', 'content-type', 'etag', 'x-powered-by']);
        """

    Scenario: A banner a handler removes is not sent, and a fresh request gets a 304 with the ETag
      Given the app:
        """js
        app.set('x-powered-by', true);
        app.set('etag', 'weak');
        app.get('/quiet', (req, res) => {
          res.removeHeader('X-Powered-By');
          res.send('quiet');
        });
        app.get('/tagged', (req, res) => res.send('tagged'));
        """
      When I GET "/quiet"
      Then the body is "quiet"
      And the header "X-Powered-By" is absent
      When I GET "/tagged"
      Then this holds:
        """js
        const again = await world.send('GET', '/tagged', { headers: { 'if-none-match': response.headers.etag } });
        assert.equal(again.status, 304);
        assert.equal(again.headers.etag, response.headers.etag);
        assert.equal(again.headers['x-powered-by'], 'Express');
        assert.equal(again.headers['content-type'], undefined);
        """

    Scenario: An app run by another server's handler hands the response back with the type and banner it set
      Given the app:
        """js
        app.set('x-powered-by', true);
        app.use((req, res, next) => {
          res.type('csv');
          next();
        });
        const http = require('node:http');
        const server = http.createServer((req, res) => app(req, res, () => res.end('a,b')));
        await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
        return server;
        """
      When I GET "/"
      Then the body is "a,b"
      And the media type is "text/csv"
      And the header "X-Powered-By" is "Express"

  Rule: RES-012 One argument to json, jsonp and send

    Scenario Outline: res.<member>(201, value) in a kit() app is a TypeError that names the kit spelling
      Given the app:
        """js
        app.get('/two', (req, res) => {
          try {
            // not typed: Express 4's two-argument form, which kit()'s types leave out
            res.<member>(201, { id: 1 });
          } catch (err) {
            world.refusal = { name: err.name, message: err.message };
            throw err;
          }
        });
        app.get('/ok', (req, res) => res.send('ok'));
        """
      When I GET "/two"
      Then the status is 500
      And this holds:
        """js
        assert.equal(world.refusal.name, 'TypeError');
        assert.match(world.refusal.message, /res\.<member>\(status, body\) is Express 4's form/);
        assert.match(world.refusal.message, /res\.status\(status\)\.<member>\(body\)/);
        """
      And the server still answers GET "/ok" with 200

      Examples:
        | member |
        | json   |
        | jsonp  |
        | send   |

    Scenario: res.send with a lone number sends the number as JSON
      Given the app:
        """js
        app.get('/n', (req, res) => res.send(404));
        """
      When I GET "/n"
      Then the status is 200
      And the body is "404"
