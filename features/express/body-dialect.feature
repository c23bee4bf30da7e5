@express @body @kit-error-codes
Feature: kitjs/express's body parsers speak body-parser 1.x's dialect
  `const { name = 'anon' } = req.body` works behind express.json() whatever the request, and an error
  handler written for body-parser reads its fields and messages; kit()'s own parsers keep kitjs's rules.

  Rule: EXP-012 kitjs/express's parsers speak body-parser 1.x's dialect

    Scenario: req.body is {} behind each of express's parsers for a request it does not read
      Given the Express app:
        """js
        for (const parser of ['json', 'urlencoded', 'text', 'raw']) {
          app.all(`/${parser}`, express[parser](), (req, res) => {
            const { name = 'anon' } = req.body;
            res.json({ name, body: req.body, plain: Object.getPrototypeOf(req.body) === Object.prototype });
          });
        }
        """
      Then this holds:
        """js
        const cases = [
          ['json', 'GET', undefined, undefined],
          ['json', 'POST', 'text/plain', 'hello'],
          ['json', 'POST', undefined, '{"name":"ada"}'],
          ['urlencoded', 'POST', 'application/json', '{"name":"ada"}'],
          ['text', 'GET', undefined, undefined],
          ['raw', 'DELETE', 'application/x-www-form-urlencoded', 'name=ada'],
        ];
        for (const [parser, method, type, body] of cases) {
          const answer = await fetch(`${world.baseURL}/${parser}`, {
            method,
            headers: type === undefined ? {} : { 'content-type': type },
            body: body === undefined ? undefined : Buffer.from(body),
          });
          const label = `${parser} ${method} ${type}`;
          assert.equal(answer.status, 200, label);
          assert.deepEqual(await answer.json(), { name: 'anon', body: {}, plain: true }, label);
        }
        """

    Scenario: A request that announces no body keeps {} behind raw() and text(); an empty body is theirs
      Given the Express app:
        """js
        app.post('/raw', express.raw(), (req, res) => res.json({ buffer: Buffer.isBuffer(req.body), body: req.body }));
        app.post('/text', express.text(), (req, res) => res.json({ body: req.body }));
        """
      When I send the raw request:
        """
        POST /raw HTTP/1.1
        Host: localhost
        Content-Type: application/octet-stream
        Connection: close


        """
      Then the JSON body is:
        """json
        { "buffer": false, "body": {} }
        """
      When I POST "/raw" with headers and the body:
        | content-type | application/octet-stream |
        | body         |                          |
      Then the JSON body includes:
        """json
        { "buffer": true }
        """
      When I POST "/text" with headers and the body:
        | content-type | text/plain |
        | body         |            |
      Then the JSON body is:
        """json
        { "body": "" }
        """

    Scenario: A body set by earlier middleware is kept, and kit()'s json() leaves req.body alone
      Given the Express app:
        """js
        const own = json();
        app.use('/kit', (req, res, next) => own(req, res, next));
        app.get('/kit', (req, res) => res.json({ type: typeof req.body }));
        app.use('/set', (req, res, next) => { req.body = { from: 'earlier' }; next(); }, express.json());
        app.get('/set', (req, res) => res.json(req.body));
        """
      When I GET "/kit"
      Then the JSON body is:
        """json
        { "type": "undefined" }
        """
      When I GET "/set"
      Then the JSON body is:
        """json
        { "from": "earlier" }
        """

    Scenario Outline: The message of <error> is body-parser's
      Given the Express app:
        """js
        app.use(express.json({ limit: 20 }));
        app.use(express.urlencoded({ parameterLimit: 2, inflate: false }));
        app.post('/', (req, res) => res.json(req.body));
        app.use((err, req, res, next) => {
          res.status(err.status || 500).send(`[${err.type}] ${err.message} ${err.code}`);
        });
        """
      When I POST "/" with headers and the body:
        | content-type     | <type>     |
        | content-encoding | <encoding> |
        | body             | <body>     |
      Then the status is <status>
      And the body is:
        """
        <answer>
        """

      Examples:
        | error                 | type                                    | encoding | body                     | status | answer                                                                              |
        | a body over the limit | application/json                        | identity | {"name":"far too long!"} | 413    | [entity.too.large] request entity too large KIT_ERR_BODY_TOO_LARGE                  |
        | an unread charset     | application/json; charset=koi8-r        | identity | {}                       | 415    | [charset.unsupported] unsupported charset "KOI8-R" KIT_ERR_BODY_UNSUPPORTED_CHARSET |
        | an unknown coding     | application/json                        | nulls    | {}                       | 415    | [encoding.unsupported] unsupported content encoding "nulls" KIT_ERR_BODY_UNSUPPORTED_ENCODING |
        | inflate: false        | application/x-www-form-urlencoded       | gzip     | a=1                      | 415    | [encoding.unsupported] content encoding unsupported KIT_ERR_BODY_UNSUPPORTED_ENCODING |
        | too many parameters   | application/x-www-form-urlencoded       | identity | a=1&b=2&c=3              | 413    | [parameters.too.many] too many parameters KIT_ERR_BODY_TOO_MANY_PARAMETERS          |

    Scenario: A malformed or strict-refused JSON body has JSON.parse's message, and is a SyntaxError
      Given the Express app:
        """js
        app.use(express.json());
        app.post('/', (req, res) => res.json(req.body));
        app.use((err, req, res, next) => {
          res.status(err.status).json({ message: err.message, type: err.type, body: err.body,
            syntax: err instanceof SyntaxError, code: err.code, stack: err.stack.split('\n')[0] });
        });
        """
      When I POST "/" with content type "application/json" and exactly these bytes:
        """
        {"user"
        """
      Then the status is 400
      And this holds:
        """js
        let expected;
        try { JSON.parse('{"user"'); } catch (err) { expected = err.message; }
        assert.deepEqual(response.json(), { message: expected, type: 'entity.parse.failed', body: '{"user"',
          syntax: true, code: 'KIT_ERR_BODY_INVALID_JSON', stack: `SyntaxError: ${expected}` });
        """
      When I POST "/" with content type "application/json" and exactly these bytes:
        """
        true
        """
      Then the status is 400
      And this holds:
        """js
        let expected;
        try { JSON.parse('####'); } catch (err) { expected = err.message.replace(/#+/g, (p) => 'true'.slice(0, p.length)); }
        assert.equal(response.json().message, expected);
        assert.equal(response.json().body, 'true');
        """

  Rule: EXP-013 kitjs/express's parsers read what body-parser 1.x reads

    Scenario: express.json() reads UTF-16 and express.text() any charset iconv-lite knows; kit()'s keep their 415
      Given the Express app:
        """js
        world.encodings = [];
        const verify = (req, res, buf, encoding) => { world.encodings.push(encoding); };
        app.post('/json', express.json({ verify }), (req, res) => res.json(req.body));
        app.post('/text', express.text({ verify }), (req, res) => res.json(req.body));
        app.post('/koi8', express.text({ defaultCharset: 'koi8-r' }), (req, res) => res.json(req.body));
        app.post('/kit', text(), (req, res) => res.json(req.body));
        app.use((err, req, res, next) => res.status(err.status).send(`${err.type} ${err.charset}`));
        world.setup = [text, express.text].map((factory) => {
          try { factory({ defaultCharset: 'no-such-charset' }); return 'accepted'; } catch (err) { return err.name; }
        });
        """
      Then this holds:
        """js
        const post = async (path, type, hex) => {
          const answer = await fetch(`${world.baseURL}${path}`, {
            method: 'POST', headers: { 'content-type': type }, body: Buffer.from(hex, 'hex'),
          });
          return `${answer.status} ${await answer.text()}`;
        };
        // {"name":"论"} in UTF-16 with its byte order mark; "name is нет" in KOI8-R.
        const utf16 = 'feff007b0022006e0061006d00650022003a00228bba0022007d';
        const koi8 = '6e616d6520697320cec5d4';
        assert.equal(await post('/json', 'application/json; charset=utf-16', utf16), '200 {"name":"论"}');
        assert.equal(await post('/json', 'application/json; charset=koi8-r', '7b7d'), '415 charset.unsupported koi8-r');
        assert.equal(await post('/text', 'text/plain; charset=KOI8-R', koi8), '200 "name is нет"');
        assert.equal(await post('/text', 'text/plain; charset=no-such-charset', koi8), '415 charset.unsupported no-such-charset');
        assert.equal(await post('/koi8', 'text/plain', koi8), '200 "name is нет"');
        assert.equal(await post('/koi8', 'text/plain; charset=utf-8', '6e616d6520697320e8aeba'), '200 "name is 论"');
        assert.equal(await post('/kit', 'text/plain; charset=koi8-r', koi8), '415 charset.unsupported koi8-r');
        assert.deepEqual(world.encodings, ['utf-16', 'koi8-r']);
        assert.deepEqual(world.setup, ['TypeError', 'TypeError']);
        """

    Scenario: express.urlencoded() keeps the whole part of a fractional parameterLimit, and its arrays grow with the form
      Given the Express app:
        """js
        app.post('/express', express.urlencoded({ parameterLimit: 10.1 }), (req, res) => res.json(req.body));
        app.post('/large', express.urlencoded(), (req, res) => res.json({ array: Array.isArray(req.body.f), size: Object.keys(req.body.f).length }));
        app.post('/kit', urlencoded(), (req, res) => res.json({ array: Array.isArray(req.body.f), size: Object.keys(req.body.f).length }));
        app.use((err, req, res, next) => res.status(err.status).send(err.message));
        world.setup = [urlencoded, express.urlencoded].map((factory) => {
          try { factory({ parameterLimit: 10.1 }); return 'accepted'; } catch (err) { return err.name; }
        }).concat([0.5].map((limit) => {
          try { express.urlencoded({ parameterLimit: limit }); return 'accepted'; } catch (err) { return err.name; }
        }));
        """
      Then this holds:
        """js
        const post = async (path, body) => {
          const answer = await fetch(`${world.baseURL}${path}`, {
            method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body,
          });
          return `${answer.status} ${await answer.text()}`;
        };
        const form = (count) => Array.from({ length: count }, (_, i) => `p${i}=${i}`).join('&');
        assert.equal(await post('/express', form(10)), `200 ${JSON.stringify(Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`p${i}`, String(i)])))}`);
        assert.equal(await post('/express', form(11)), '413 too many parameters');
        const indexed = Array.from({ length: 500 }, (_, i) => `f[${i}]=${i.toString(16)}`).join('&');
        assert.equal(await post('/large', indexed), '200 {"array":true,"size":500}');
        assert.equal(await post('/kit', indexed), '200 {"array":false,"size":500}');
        assert.deepEqual(world.setup, ['TypeError', 'accepted', 'TypeError']);
        """

    Scenario: A body counted past the limit is answered once the client has sent the rest, within a bound
      Given the Express app:
        """js
        // Sees the chunks the parser sees, to tell the client when the limit of 10 bytes has been passed.
        app.use((req, res, next) => {
          let count = 0;
          req.on('data', (chunk) => {
            count += chunk.length;
            if (count > 10) setImmediate(() => world.passed());
          });
          next();
        });
        app.post('/notes', express.text({ limit: 10 }), (req, res) => res.send('read'));
        app.use((err, req, res, next) => res.status(err.status).json({ type: err.type, complete: req.complete }));
        """
      Then this holds:
        """js
        const net = require('node:net');
        const head = 'POST /notes HTTP/1.1\r\nHost: localhost\r\nContent-Type: text/plain\r\n' +
          'Transfer-Encoding: chunked\r\n\r\n14\r\n' + 'x'.repeat(20) + '\r\n';
        // Sends the head and 20 bytes, then `rest` once the server has passed its limit; the answer as text.
        const exchange = async (rest) => {
          const passed = new Promise((resolve) => { world.passed = resolve; });
          const socket = net.connect(world.port(), '127.0.0.1');
          socket.on('error', () => {});
          let answer = '';
          socket.on('data', (bytes) => { answer += bytes; });
          const closed = new Promise((resolve) => socket.once('close', resolve));
          socket.write(head);
          await passed;
          socket.write(rest);
          await closed;
          return answer;
        };
        // The client ends its body: the 413 comes after the whole request was read.
        const ended = await exchange('0\r\n\r\n');
        assert.match(ended, /^HTTP\/1\.1 413 /);
        assert.match(ended, /\{"type":"entity\.too\.large","complete":true\}$/);
        // The client sends more than the limit again without ending: the 413 comes without waiting for the end.
        const endless = await exchange('14\r\n' + 'y'.repeat(20) + '\r\n');
        assert.match(endless, /^HTTP\/1\.1 413 /);
        assert.match(endless, /\{"type":"entity\.too\.large","complete":false\}$/);
        """
