@cors
Feature: cors() decides which origins are granted

  Rule: CORS-001 By default every origin is granted with `*`

    Scenario: any origin gets * and no Vary
      Given the app:
        """
        app.use(cors());
        app.get('/data', (req, res) => res.json({ ok: true }));
        """
      When I GET "/data" with headers:
        | name   | value               |
        | Origin | https://anyone.test |
      Then the status is 200
      And the header "Access-Control-Allow-Origin" is "*"
      And the header "Vary" is absent
      And the header "Access-Control-Allow-Credentials" is absent

    Scenario: a request without Origin gets * too
      Given the app:
        """
        app.use(cors({ origin: '*' }));
        app.get('/data', (req, res) => res.send('ok'));
        """
      When I GET "/data"
      Then the status is 200
      And the header "Access-Control-Allow-Origin" is "*"

  Rule: CORS-006 Exposed headers are listed on ordinary responses

    Scenario: exposedHeaders on a simple request, not on a preflight
      Given the app:
        """
        app.use(cors({ exposedHeaders: ['X-Request-Id', 'X-Total-Count'] }));
        app.get('/list', (req, res) => res.set('X-Total-Count', '3').json([1, 2, 3]));
        """
      When I GET "/list" with headers:
        | name   | value            |
        | Origin | https://app.test |
      Then the header "Access-Control-Expose-Headers" is "X-Request-Id, X-Total-Count"
      When I OPTIONS "/list" with headers:
        | name                          | value            |
        | Origin                        | https://app.test |
        | Access-Control-Request-Method | GET              |
      Then the header "Access-Control-Expose-Headers" is absent

    Scenario: no Expose-Headers by default
      Given the app:
        """
        app.use(cors());
        app.get('/list', (req, res) => res.json([]));
        """
      When I GET "/list" with headers:
        | name   | value            |
        | Origin | https://app.test |
      Then the header "Access-Control-Expose-Headers" is absent

  Rule: CORS-008 A configured origin or list is matched exactly and varies by Origin

    Scenario: one origin string
      Given the app:
        """
        app.use(cors({ origin: 'https://app.test' }));
        app.get('/data', (req, res) => res.send('ok'));
        """
      When I GET "/data" with headers:
        | name   | value            |
        | Origin | https://app.test |
      Then the header "Access-Control-Allow-Origin" is "https://app.test"
      And the header "Vary" is "Origin"
      When I GET "/data" with headers:
        | name   | value                 |
        | Origin | https://app.test:8443 |
      Then the header "Access-Control-Allow-Origin" is absent
      And the header "Vary" is "Origin"

    Scenario: a list grants each listed origin and keeps an existing Vary
      Given the app:
        """
        app.use((req, res, next) => { res.set('Vary', 'Accept-Encoding'); next(); });
        app.use(cors({ origin: ['https://a.test', 'https://b.test'] }));
        app.get('/data', (req, res) => res.send('ok'));
        """
      When I GET "/data" with headers:
        | name   | value          |
        | Origin | https://b.test |
      Then the header "Access-Control-Allow-Origin" is "https://b.test"
      And the header "Vary" is "Accept-Encoding, Origin"
      When I GET "/data" with headers:
        | name   | value          |
        | Origin | http://b.test  |
      Then the header "Access-Control-Allow-Origin" is absent

  Rule: CORS-009 `origin: true` reflects the request's origin

    Scenario: the request's origin is echoed
      Given the app:
        """
        app.use(cors({ origin: true }));
        app.get('/data', (req, res) => res.send('ok'));
        """
      When I GET "/data" with headers:
        | name   | value                    |
        | Origin | http://localhost:5173    |
      Then the header "Access-Control-Allow-Origin" is "http://localhost:5173"
      And the header "Vary" is "Origin"
      When I GET "/data"
      Then the header "Access-Control-Allow-Origin" is absent

  Rule: CORS-010 A function decides per origin

    Scenario: a synchronous function
      Given the app:
        """
        app.use(cors({ origin: (origin) => (origin.endsWith('.example.test') ? origin : false) }));
        app.get('/data', (req, res) => res.send('ok'));
        """
      When I GET "/data" with headers:
        | name   | value                    |
        | Origin | https://shop.example.test |
      Then the header "Access-Control-Allow-Origin" is "https://shop.example.test"
      And the header "Vary" is "Origin"
      When I GET "/data" with headers:
        | name   | value              |
        | Origin | https://evil.test  |
      Then the status is 200
      And the header "Access-Control-Allow-Origin" is absent

    Scenario: an async function, also on a preflight
      Given the app:
        """
        const allowed = new Set(['https://app.test']);
        app.use(cors({ origin: async (origin) => (allowed.has(origin) ? origin : false), maxAge: 60 }));
        """
      When I OPTIONS "/data" with headers:
        | name                          | value            |
        | Origin                        | https://app.test |
        | Access-Control-Request-Method | PATCH            |
      Then the status is 204
      And the header "Access-Control-Allow-Origin" is "https://app.test"
      And the header "Access-Control-Max-Age" is "60"

    Scenario: a function that throws is handled as an error, and the server keeps serving
      Given the app:
        """
        app.use(cors({ origin: () => { throw new Error('lookup failed'); } }));
        app.get('/data', (req, res) => res.send('ok'));
        """
      When I GET "/data" with headers:
        | name   | value            |
        | Origin | https://app.test |
      Then the status is 500
      And the body does not contain "lookup failed"
      And the server still answers GET "/data" with 200

  Rule: CORS-011 A disallowed origin gets no CORS headers and the request proceeds

    Scenario: the route still answers, without any CORS header
      Given the app:
        """
        app.use(cors({ origin: 'https://app.test', credentials: true, exposedHeaders: ['X-Id'] }));
        app.get('/data', (req, res) => res.send('route ran'));
        """
      When I GET "/data" with headers:
        | name   | value             |
        | Origin | https://evil.test |
      Then the status is 200
      And the body is "route ran"
      And this holds:
        """
        const cors = Object.keys(response.headers).filter((name) => name.startsWith('access-control-'));
        assert.deepEqual(cors, []);
        """

    Scenario: a disallowed preflight is ended with 204 and no CORS headers
      Given the app:
        """
        app.use(cors({ origin: ['https://app.test'] }));
        app.options('/data', (req, res) => res.send('route ran'));
        """
      When I OPTIONS "/data" with headers:
        | name                          | value             |
        | Origin                        | https://evil.test |
        | Access-Control-Request-Method | DELETE            |
      Then the status is 204
      And the header "Access-Control-Allow-Origin" is absent
      And the header "Access-Control-Allow-Methods" is absent

  Rule: CORS-012 `Origin: null` is never granted implicitly

    @hardening
    Scenario: reflecting does not grant null
      Given the app:
        """
        app.use(cors({ origin: true }));
        app.get('/data', (req, res) => res.send('ok'));
        """
      When I GET "/data" with headers:
        | name   | value |
        | Origin | null  |
      Then the status is 200
      And the header "Access-Control-Allow-Origin" is absent

    Scenario: null is granted when listed explicitly
      Given the app:
        """
        app.use(cors({ origin: ['https://app.test', 'null'] }));
        app.get('/data', (req, res) => res.send('ok'));
        """
      When I GET "/data" with headers:
        | name   | value |
        | Origin | null  |
      Then the header "Access-Control-Allow-Origin" is "null"

  Rule: CORS-014 Origin functions written for the cors package work the same

    Scenario Outline: an origin function answering <answer> for "<origin>"
      Given the app:
        """js
        app.use(cors({ origin: <function>, credentials: <credentials> }));
        app.get('/data', (req, res) => res.send('ok'));
        """
      When I GET "/data" with headers:
        | name   | value    |
        | Origin | <origin> |
      Then the status is 200
      And this holds:
        """js
        assert.equal(response.headers['access-control-allow-origin'], <granted> === null ? undefined : <granted>);
        assert.equal(response.headers.vary, 'Origin');
        """

      Examples:
        | answer               | function                                                               | credentials | origin               | granted                |
        | true                 | () => true                                                             | false       | https://a.test       | 'https://a.test'       |
        | true, credentials    | () => true                                                             | true        | https://a.test       | 'https://a.test'       |
        | true for null        | () => true                                                             | false       | null                 | null                   |
        | the string 'null'    | (o) => (o === 'null' ? 'null' : false)                                 | false       | null                 | 'null'                 |
        | a callback true      | (origin, callback) => callback(null, origin.endsWith('.example.test')) | false       | https://x.example.test | 'https://x.example.test' |
        | a callback false     | (origin, callback) => callback(null, origin.endsWith('.example.test')) | false       | https://evil.test    | null                   |
        | a late callback      | (origin, cb) => setTimeout(() => cb(null, true), 5)                    | true        | https://a.test       | 'https://a.test'       |
        | a RegExp             | () => /^https:\/\/[a-z]+\.example\.test$/                          | false       | https://b.example.test | 'https://b.example.test' |
        | a list               | () => ['https://a.test', /\.b\.test$/]                               | false       | https://x.b.test     | 'https://x.b.test'     |
        | a list, no match     | () => ['https://a.test', /\.b\.test$/]                               | false       | https://c.test       | null                   |
        | undefined            | () => undefined                                                        | false       | https://a.test       | null                   |
        | a RegExp for null    | () => /.*/                                                             | false       | null                 | null                   |
        | a list RegExp, null  | () => [/.*/]                                                           | false       | null                 | null                   |
        | a list with 'null'   | () => ['null']                                                         | false       | null                 | 'null'                 |
        | a callback fn return | (origin, callback) => origin.endsWith('.a.test')                       | false       | https://x.a.test     | 'https://x.a.test'     |
        | a callback fn async  | async (origin, callback) => origin === 'https://a.test'               | false       | https://a.test       | 'https://a.test'       |
        | a callback, timer    | (origin, cb) => setTimeout(() => cb(null, 'https://z.test'), 5)        | false       | https://a.test       | 'https://z.test'       |
        | a callback, promise  | (origin, cb) => Promise.resolve().then(() => setTimeout(() => cb(null, true), 5)) | false | https://a.test | 'https://a.test'       |

    Scenario Outline: <what> goes to the error handler instead of granting nothing silently
      Given the app:
        """js
        app.use(cors({ origin: <function> }));
        app.get('/data', (req, res) => res.send('reached'));
        app.setErrorHandler((err, req, res) => res.status(500).json({ error: err.message }));
        """
      When I GET "/data" with headers:
        | name   | value          |
        | Origin | https://a.test |
      Then the status is 500
      And the body contains "<message>"
      And the server still answers GET "/data" with 200

      Examples:
        | what                 | function                                                  | message                                       |
        | an answer of 42      | () => 42                                                  | the origin function answered a number          |
        | an object answer     | async () => ({ origin: true })                            | the origin function answered an object         |
        | a callback error     | (origin, callback) => callback(new Error('lookup down'))  | lookup down                                   |
        | a CR LF answer       | () => 'https://a.test' + String.fromCharCode(13, 10) + 'Set-Cookie: x=1' | not a header-safe origin       |
        | an async CR LF answer | async () => 'https://a.test' + String.fromCharCode(13, 10) + 'X: 1'    | not a header-safe origin       |
        | a callback CR LF     | (o, cb) => cb(null, 'a' + String.fromCharCode(10) + 'b')                | not a header-safe origin       |

