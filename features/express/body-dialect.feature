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
