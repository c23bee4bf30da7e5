@request
Feature: The request
  Handlers get Node's request with Express's conveniences: params, query, body, path, hostname, ip,
  locals, get() and is().

  Rule: REQ-001 req.path is the canonical path without the query string

    Scenario: The path leaves out the query string and stays encoded
      Given the app:
        """js
        app.use((req, res) => res.json({ path: req.path }));
        """
      When I GET "/a%20b/c?x=1"
      Then the JSON body is:
        """json
        { "path": "/a%20b/c" }
        """

  Rule: REQ-002 req.hostname is the Host header without its port

    Scenario Outline: Hostnames with and without ports
      Given the app:
        """js
        app.get('/', (req, res) => res.json({ hostname: req.hostname }));
        """
      When I send the raw request:
        """
        GET / HTTP/1.1
        Host: <host>
        Connection: close
        """
      Then the JSON body is:
        """json
        { "hostname": "<hostname>" }
        """

      Examples:
        | host              | hostname        |
        | example.com       | example.com     |
        | example.com:8080  | example.com     |
        | [::1]:3000        | [::1]           |
        | [2001:db8::1]     | [2001:db8::1]   |

    Scenario: X-Forwarded-Host is ignored and HTTP/1.0 without Host gives ''
      Given the app:
        """js
        app.get('/', (req, res) => res.json({ hostname: req.hostname }));
        """
      When I send the raw request:
        """
        GET / HTTP/1.1
        Host: real.example
        X-Forwarded-Host: fake.example
        Connection: close
        """
      Then the JSON body is:
        """json
        { "hostname": "real.example" }
        """
      When I send the raw request:
        """
        GET / HTTP/1.0
        """
      Then the JSON body is:
        """json
        { "hostname": "" }
        """

  Rule: REQ-003 req.ip is the client's socket address

    Scenario: The ip is the loopback address, whatever X-Forwarded-For says
      Given the app:
        """js
        app.get('/', (req, res) => res.json({ ip: req.ip }));
        """
      When I GET "/" with headers:
        | name            | value    |
        | X-Forwarded-For | 10.9.9.9 |
      Then this holds:
        """js
        assert.match(response.json().ip, /^(::ffff:)?127\.0\.0\.1$/);
        """

  Rule: REQ-004 req.locals is per-request storage shared with res.locals

    Scenario: Locals carry values along one request and start empty on the next
      Given the app:
        """js
        app.use((req, res, next) => {
          res.locals.count = (res.locals.count ?? 0) + 1;
          req.locals.user = 'ada';
          next();
        });
        app.get('/', (req, res) => res.json({ same: req.locals === res.locals, ...res.locals }));
        """
      When I GET "/"
      Then the JSON body is:
        """json
        { "same": true, "count": 1, "user": "ada" }
        """
      When I GET "/"
      Then the JSON body is:
        """json
        { "same": true, "count": 1, "user": "ada" }
        """

  Rule: REQ-005 req.get() reads headers case-insensitively

    Scenario: Header lookup ignores case and treats referer and referrer as one
      Given the app:
        """js
        app.get('/', (req, res) => res.json({
          agent: req.get('X-AGENT'),
          referrer: req.get('Referrer'),
          referer: req.get('referer'),
          missing: req.get('X-Missing') ?? null,
        }));
        """
      When I GET "/" with headers:
        | name    | value              |
        | x-agent | kit-test           |
        | Referer | https://example.com/from |
      Then the JSON body is:
        """json
        { "agent": "kit-test", "referrer": "https://example.com/from", "referer": "https://example.com/from", "missing": null }
        """

  Rule: REQ-006 req.is() compares the Content-Type

    Scenario Outline: req.is(<wanted>) with Content-Type "<header>"
      Given the app:
        """js
        app.post('/', (req, res) => res.json({ result: req.is(<wanted>) }));
        """
      When I POST "/" with headers:
        | name         | value    |
        | Content-Type | <header> |
      Then the JSON body is:
        """json
        { "result": <result> }
        """

      Examples:
        | wanted                       | header                          | result                 |
        | 'json'                       | application/json                | "application/json"     |
        | 'json'                       | Application/JSON; charset=UTF-8 | "application/json"     |
        | 'json'                       | application/json ; charset=utf-8 | "application/json"    |
        | 'application/json'           | application/json                | "application/json"     |
        | 'json'                       | text/plain                      | false                  |
        | 'text/*'                     | text/csv                        | "text/csv"             |
        | '*/*'                        | image/png                       | "image/png"            |
        | '+json'                      | application/vnd.api+json        | "application/vnd.api+json" |
        | 'urlencoded'                 | application/x-www-form-urlencoded | "application/x-www-form-urlencoded" |
        | ['html', 'json']             | application/json                | "application/json"     |
        | 'html'                       | text/html; charset=utf-8        | "text/html"            |

    Scenario: No Content-Type means false
      Given the app:
        """js
        app.get('/', (req, res) => res.json({ result: req.is('json') }));
        """
      When I GET "/"
      Then the JSON body is:
        """json
        { "result": false }
        """

  Rule: REQ-007 req.body is empty until a parser fills it

    Scenario: Without a parser the body is undefined
      Given the app:
        """js
        app.post('/', (req, res) => res.json({ type: typeof req.body }));
        """
      When I POST "/" with the JSON body:
        """json
        { "name": "kit" }
        """
      Then the JSON body is:
        """json
        { "type": "undefined" }
        """

  Rule: REQ-008 req.originalUrl and req.baseUrl

    Scenario: originalUrl keeps the full target; baseUrl is '' at the top
      Given the app:
        """js
        app.get('/top', (req, res) => res.json({ originalUrl: req.originalUrl, baseUrl: req.baseUrl }));
        const nested = new Router();
        nested.get('/leaf', (req, res) => res.json({ originalUrl: req.originalUrl, baseUrl: req.baseUrl }));
        app.use('/branch', nested);
        """
      When I GET "/top?a=1"
      Then the JSON body is:
        """json
        { "originalUrl": "/top?a=1", "baseUrl": "" }
        """
      When I GET "/branch/leaf?b=2"
      Then the JSON body is:
        """json
        { "originalUrl": "/branch/leaf?b=2", "baseUrl": "/branch" }
        """

  Rule: REQ-009 req.is() and the body parsers judge a media type alike

    Scenario: for every Content-Type spelling req.is agrees with the parser that took the body
      Given the app:
        """js
        app.use(json(), urlencoded(), customParser);
        app.post('/', (req, res) => res.json({
          isJson: req.is('json') !== false,
          isForm: req.is('urlencoded') !== false,
          isCustom: req.is('application/custom') !== false,
          body: req.body ?? null,
        }));
        """
      Then this holds:
        """js
        const http = require('node:http');
        const port = world.server.address().port;
        const post = (type, body) => new Promise((resolve, reject) => {
          const req = http.request({ host: '127.0.0.1', port, method: 'POST', path: '/', agent: false,
            headers: { 'Content-Type': type, 'Content-Length': Buffer.byteLength(body) } }, (res) => {
            let text = '';
            res.on('data', (chunk) => { text += chunk; });
            res.on('end', () => resolve({ status: res.statusCode, text }));
          });
          req.on('error', reject);
          req.end(body);
        });
        const spellings = [
          'application/json', 'APPLICATION/JSON', 'application/json; charset=utf-8', 'application/json ;charset=utf-8',
          'application/json\t; charset=utf-8', 'application/json; charset=utf-8; charset=utf-8',
          'application/json-patch+json', 'application/vnd.api+json; ext=x', 'Application/Merge-Patch+JSON',
          'application/problem+json;', 'text/json', 'text/plain+json', 'application/jsonx', 'application/+json',
          'application/json, text/plain', 'json', '', ';', 'application/', '/json',
          'application/x-www-form-urlencoded', 'Application/X-WWW-Form-Urlencoded; charset=utf-8',
          'application/x-www-form-urlencoded;;', 'application/custom', 'APPLICATION/CUSTOM; x=y',
        ];
        let parsedAsJson = 0;
        for (const type of spellings) {
          const asJson = await post(type, '{"a":1}');
          assert.notEqual(asJson.status, 500, `${type}: ${asJson.text}`);
          if (asJson.status !== 200) continue;
          const answer = JSON.parse(asJson.text);
          const jsonParsed = answer.body !== null && answer.body.a === 1;
          assert.equal(answer.isJson, jsonParsed, `${JSON.stringify(type)}: req.is('json') ${answer.isJson}, parsed ${jsonParsed}`);
          if (jsonParsed) parsedAsJson++;
          const formAnswer = await post(type, 'a=2');
          assert.notEqual(formAnswer.status, 500, `${type}: ${formAnswer.text}`);
          // A JSON type refuses a form body with 400: that spelling was judged above.
          if (formAnswer.status !== 200) continue;
          const asForm = JSON.parse(formAnswer.text);
          const formParsed = asForm.body !== null && asForm.body.a === '2';
          assert.equal(asForm.isForm, formParsed, `${JSON.stringify(type)}: req.is('urlencoded') ${asForm.isForm}, parsed ${formParsed}`);
          const customParsed = asForm.body !== null && Object.keys(asForm.body).length === 0;
          assert.equal(asForm.isCustom, customParsed, `${JSON.stringify(type)}: custom ${asForm.isCustom}, parsed ${customParsed}`);
          assert.ok([asForm.isJson, asForm.isForm, asForm.isCustom].filter(Boolean).length <= 1, `${type}: two parsers`);
        }
        // Not vacuous: the JSON spellings above were parsed, +json ones included.
        assert.ok(parsedAsJson >= 9, `only ${parsedAsJson} spellings were parsed as JSON`);
        """

