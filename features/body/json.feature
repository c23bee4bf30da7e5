@body
Feature: json() parses JSON request bodies
  json() reads application/json (and +json) bodies into req.body, only for its own media type and
  never for GET, HEAD or OPTIONS, and refuses malformed or prototype-poisoning JSON with a 400.

  Background:
    Given the app:
      """
      app.use(json());
      app.post('/echo', (req, res) => res.json({ body: req.body === undefined ? 'untouched' : req.body }));
      app.get('/echo', (req, res) => res.json({ body: req.body === undefined ? 'untouched' : req.body }));
      app.options('/echo', (req, res) => res.json({ body: req.body === undefined ? 'untouched' : req.body }));
      app.get('/health', (req, res) => res.send('ok'));
      """

  Rule: BODY-001 json() turns a JSON body into req.body

    Scenario: a JSON object arrives as an object
      When I POST "/echo" with the JSON body:
        """
        { "name": "Ada", "tags": ["math", "engines"], "age": 36, "admin": false, "boss": null }
        """
      Then the status is 200
      And the JSON body is:
        """
        { "body": { "name": "Ada", "tags": ["math", "engines"], "age": 36, "admin": false, "boss": null } }
        """

    Scenario: any JSON value is accepted at the top level
      When I POST "/echo" with the JSON body:
        """
        [1, "two", 3]
        """
      Then the JSON body is:
        """
        { "body": [1, "two", 3] }
        """

    Scenario: +json media types are JSON too
      When I POST "/echo" with content type "application/merge-patch+json" and the body:
        """
        { "op": "replace" }
        """
      Then the JSON body is:
        """
        { "body": { "op": "replace" } }
        """

  Rule: BODY-002 Only the parser's own media type is read

    Scenario Outline: the media type matches however it is spelled (<type>)
      When I POST "/echo" with content type "<type>" and the body:
        """
        {"ok":true}
        """
      Then the JSON body is:
        """
        { "body": { "ok": true } }
        """

      Examples:
        | type                              |
        | application/json                  |
        | APPLICATION/JSON                  |
        | application/json; charset=utf-8  |
        | application/json ; charset=UTF-8  |
        | application/json;charset=utf-8   |

    Scenario Outline: other media types pass untouched (<type>)
      When I POST "/echo" with content type "<type>" and the body:
        """
        {"ok":true}
        """
      Then the status is 200
      And the JSON body is:
        """
        { "body": "untouched" }
        """

      Examples:
        | type                              |
        | text/plain                        |
        | application/jsonp                 |
        | application/x-www-form-urlencoded |
        | json                              |

    Scenario Outline: json() and req.is() agree on every spelling (<case>)
      Given the app:
        """
        app.use(json());
        app.post('/agree', (req, res) => {
          res.json({ isJson: req.is('application/json') !== false, parsed: req.body !== undefined });
        });
        """
      When I send the raw request:
        """
        POST /agree HTTP/1.1
        Host: localhost
        Content-Type: <header>
        Content-Length: 7
        Connection: close

        {"a":1}
        """
      Then the status is 200
      And the JSON body is:
        """
        { "isJson": <json>, "parsed": <json> }
        """

      Examples:
        | case                 | header                           | json  |
        | tab before ;         | application/json\t;charset=utf-8 | true  |
        | empty parameter      | application/json;                | true  |
        | two empty parameters | application/json; ;charset=utf-8 | true  |
        | mixed case           | APPLICATION/Json                 | true  |
        | missing type         | ; charset=utf-8                  | false |
        | missing semicolon    | application/json charset=utf-8   | false |
        | space in the type    | application/ json                | false |

  Rule: BODY-003 GET, HEAD and OPTIONS bodies are never parsed

    Scenario Outline: a <method> request with a JSON body is left alone
      When I send the raw request:
        """
        <method> /echo HTTP/1.1
        Host: localhost
        Content-Type: application/json
        Content-Length: 9
        Connection: close

        {"a":"b"}
        """
      Then the status is 200
      And the JSON body is:
        """
        { "body": "untouched" }
        """

      Examples:
        | method  |
        | GET     |
        | OPTIONS |

  Rule: BODY-004 A request without a body gets an empty object

    Scenario: no Content-Length and no Transfer-Encoding
      When I send the raw request:
        """
        POST /echo HTTP/1.1
        Host: localhost
        Content-Type: application/json
        Connection: close

        """
      Then the status is 200
      And the JSON body is:
        """
        { "body": {} }
        """

    Scenario: Content-Length 0
      When I POST "/echo" with headers:
        | name           | value            |
        | Content-Type   | application/json |
        | Content-Length | 0                |
      Then the JSON body is:
        """
        { "body": {} }
        """

    Scenario: a chunked body of zero bytes
      When I send the raw request:
        """
        POST /echo HTTP/1.1
        Host: localhost
        Content-Type: application/json
        Transfer-Encoding: chunked
        Connection: close

        0

        """
      Then the status is 200
      And the JSON body is:
        """
        { "body": {} }
        """

  Rule: BODY-005 Malformed JSON is a 400

    Scenario Outline: a malformed body is answered 400 by the default handler (<case>)
      When I POST "/echo" with content type "application/json" and exactly these bytes:
        """
        <body>
        """
      Then the status is 400
      And the media type is "text/plain"
      And the body is "Malformed JSON body"
      And the server still answers GET "/health" with 200

      Examples:
        | case              | body         |
        | cut short         | {"name":     |
        | single quotes     | {'name':'x'} |
        | bare key          | {name: 1}    |
        | trailing comma    | [1,2,]       |

    @kit-error-codes
    Scenario: setErrorHandler sees the error with its status and code
      Given the app:
        """
        app.use(json());
        app.post('/echo', (req, res) => res.json(req.body));
        app.setErrorHandler((err, req, res) => {
          res.status(err.status ?? 500).json({ status: err.status, code: err.code });
        });
        """
      When I POST "/echo" with content type "application/json" and exactly these bytes:
        """
        {"broken":
        """
      Then the status is 400
      And the JSON body is:
        """
        { "status": 400, "code": "KIT_ERR_BODY_INVALID_JSON" }
        """

  Rule: BODY-006 Prototype-poisoning keys in JSON are refused

    Scenario Outline: a forbidden key is refused with 400 and pollutes nothing (<case>)
      When I POST "/echo" with content type "application/json" and the body:
        """
        <body>
        """
      Then the status is 400
      And the body is "Forbidden key in JSON body"
      And this holds:
        """
        assert.equal({}.polluted, undefined);
        assert.equal(Reflect.get(Object.prototype, 'polluted'), undefined);
        """
      And the server still answers GET "/health" with 200

      Examples:
        | case                  | body                                              |
        | __proto__             | {"__proto__": {"polluted": true}}                 |
        | nested __proto__      | {"user": {"__proto__": {"polluted": true}}}       |
        | escaped __proto__     | {"\u005f_proto__": {"polluted": true}}            |
        | constructor.prototype | {"constructor": {"prototype": {"polluted": true}}} |

    Scenario: a constructor field that is plain data passes
      When I POST "/echo" with the JSON body:
        """
        { "constructor": "Brunel", "prototypeName": "SS Great Britain" }
        """
      Then the status is 200
      And the JSON body is:
        """
        { "body": { "constructor": "Brunel", "prototypeName": "SS Great Britain" } }
        """

  Rule: BODY-018 A body is read only once

    Scenario: json() at the app and again in a router
      Given the app:
        """
        const api = new Router();
        api.use(json());
        api.post('/items', (req, res) => res.status(201).json(req.body));
        app.use(json());
        app.use('/api', api);
        """
      When I POST "/api/items" with the JSON body:
        """
        { "sku": "A-1" }
        """
      Then the status is 201
      And the JSON body is:
        """
        { "sku": "A-1" }
        """
