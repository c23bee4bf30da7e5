@body
Feature: Body size limits
  Every parser holds bodies to a limit ('1mb' unless told): a declared Content-Length over it is refused
  before reading, a chunked body is counted and cut off, and a bad limit fails at setup.

  Rule: BODY-007 limit takes a size string or a byte count, checked at setup

    Scenario: the default limit is 1mb
      Given the app:
        """
        app.use(json());
        app.post('/upload', (req, res) => res.json({ length: req.body.data.length }));
        """
      When I POST "/upload" with the JSON body:
        """
        { "data": "a small body well under a megabyte" }
        """
      Then the status is 200
      And the JSON body is:
        """
        { "length": 34 }
        """

    Scenario: a body just over 1mb is refused by the default limit
      Given the app:
        """
        app.use(json());
        app.post('/upload', (req, res) => res.json({ ok: true }));
        """
      When I send the raw request:
        """
        POST /upload HTTP/1.1
        Host: localhost
        Content-Type: application/json
        Content-Length: 1048577

        {"data":"
        """
      Then the status is 413

    Scenario Outline: limit <limit> admits <ok> bytes and refuses <over>
      Given the app:
        """
        app.use(json({ limit: <limit> }));
        app.post('/upload', (req, res) => res.json({ length: req.body.length }));
        world.okBody = JSON.stringify('x'.repeat(<ok> - 2));
        world.overBody = JSON.stringify('x'.repeat(<over> - 2));
        """
      Then this holds:
        """
        const base = `http://127.0.0.1:${world.port()}`;
        const post = (body) => fetch(`${base}/upload`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
        const ok = await post(world.okBody);
        assert.equal(ok.status, 200);
        assert.deepEqual(await ok.json(), { length: <ok> - 2 });
        const over = await post(world.overBody);
        assert.equal(over.status, 413);
        assert.equal(over.headers.get('connection'), 'close');
        """

      Examples:
        | limit   | ok     | over   |
        | '100kb' | 102400 | 102401 |
        | '5mb'   | 5242880 | 5242881 |
        | '1.5KB' | 1536   | 1537   |
        | 64      | 64     | 65     |

    Scenario Outline: an invalid limit throws a TypeError at setup (<limit>)
      Given the app:
        """
        try {
          json({ limit: <limit> });
          world.thrown = 'nothing';
        } catch (err) {
          world.thrown = `${err.constructor.name}: ${err.message}`;
        }
        """
      Then this holds:
        """
        assert.match(world.thrown, /^TypeError: json\(\): option "limit"/);
        """

      Examples:
        | limit          |
        | 'lots'         |
        | '1 megabyte'   |
        | '-1kb'         |
        | -5             |
        | 1.5            |
        | null           |

    Scenario: urlencoded() checks its limit the same way
      Given the app:
        """
        try {
          urlencoded({ limit: 'big' });
          world.thrown = 'nothing';
        } catch (err) {
          world.thrown = `${err.constructor.name}: ${err.message}`;
        }
        """
      Then this holds:
        """
        assert.match(world.thrown, /^TypeError: urlencoded\(\): option "limit"/);
        """

  Rule: BODY-008 A declared Content-Length over the limit is refused before reading

    Scenario: 413 with Connection: close, no handler runs, the server keeps serving
      Given the app:
        """
        app.use(json({ limit: '1kb' }));
        app.post('/upload', (req, res) => {
          world.handled = true;
          res.json({ ok: true });
        });
        app.get('/health', (req, res) => res.send('ok'));
        """
      When I send the raw request:
        """
        POST /upload HTTP/1.1
        Host: localhost
        Content-Type: application/json
        Content-Length: 50000000

        {"only":"the start"
        """
      Then the status is 413
      And the header "Connection" is "close"
      And the media type is "text/plain"
      And the body is "Request body too large (limit 1024 bytes)"
      And this holds:
        """
        assert.equal(world.handled, undefined);
        """
      And the server still answers GET "/health" with 200

    @kit-error-codes
    Scenario: setErrorHandler receives the 413
      Given the app:
        """
        app.use(json({ limit: '10b' }));
        app.post('/upload', (req, res) => res.json({ ok: true }));
        app.setErrorHandler((err, req, res) => res.status(err.status).json({ code: err.code }));
        """
      When I POST "/upload" with the JSON body:
        """
        { "far": "more than ten bytes" }
        """
      Then the status is 413
      And the header "Connection" is "close"
      And the JSON body is:
        """
        { "code": "KIT_ERR_BODY_TOO_LARGE" }
        """

  Rule: BODY-009 A chunked body is counted and stopped at the limit

    Scenario: chunks past the limit get 413 and no handler runs
      Given the app:
        """
        app.use(json({ limit: '40b' }));
        app.post('/upload', (req, res) => {
          world.handled = true;
          res.json({ ok: true });
        });
        app.get('/health', (req, res) => res.send('ok'));
        """
      When I send the raw request:
        """
        POST /upload HTTP/1.1
        Host: localhost
        Content-Type: application/json
        Transfer-Encoding: chunked

        14
        ["aaaaaaaaaaaaaaaa",
        14
        "bbbbbbbbbbbbbbbbb",
        14
        "ccccccccccccccccc",
        13
        "dddddddddddddddd"]
        0

        """
      Then the status is 413
      And the header "Connection" is "close"
      And this holds:
        """
        assert.equal(world.handled, undefined);
        """
      And the server still answers GET "/health" with 200

    Scenario: chunks within the limit are joined and parsed
      Given the app:
        """
        app.use(json({ limit: '40b' }));
        app.post('/upload', (req, res) => res.json(req.body));
        """
      When I send the raw request:
        """
        POST /upload HTTP/1.1
        Host: localhost
        Content-Type: application/json
        Transfer-Encoding: chunked
        Connection: close

        5
        [1,2,
        2
        3]
        0

        """
      Then the status is 200
      And the JSON body is:
        """
        [1, 2, 3]
        """

  Rule: BODY-019 Setup-time misuse throws a TypeError

    Scenario Outline: <call> throws a TypeError naming the problem
      Given the app:
        """
        try {
          // not typed: some rows pass options of the wrong type, which throw a TypeError
          <call>;
          world.thrown = 'nothing';
        } catch (err) {
          world.thrown = `${err.constructor.name}: ${err.message}`;
        }
        """
      Then this holds:
        """
        assert.match(world.thrown, /^TypeError: <pattern>/);
        """

      Examples:
        | call                             | pattern                            |
        | json('1mb')                      | json\\(\\): options must be an object |
        | urlencoded({ extended: 'yes' })  | urlencoded\\(\\): option "extended" |
        | urlencoded(42)                   | urlencoded\\(\\): options           |

    Scenario: options kitjs does not know, such as Express's strict, are ignored
      Given the app:
        """
        app.use(json({ strict: false, limit: '1kb' }));
        app.post('/echo', (req, res) => res.json(req.body));
        """
      When I POST "/echo" with the JSON body:
        """
        { "ok": true }
        """
      Then the JSON body is:
        """
        { "ok": true }
        """
