@body @kit-error-codes @kit-http-error
Feature: Body parser errors carry body-parser's fields
  An error handler written for Express's body-parser reads err.type, err.body, err.limit... and tests
  `err instanceof SyntaxError`; kitjs's parser errors answer it, and keep kitjs's code.

  Rule: BODY-029 Parser errors carry body-parser's fields

    Background:
      Given the app:
        """js
        const refuse = () => { throw new Error('bad signature'); };
        app.post('/json', json({ limit: 16 }), (req, res) => res.json(req.body));
        app.post('/form', urlencoded({ parameterLimit: 2 }), (req, res) => res.json(req.body));
        app.post('/signed', json({ verify: refuse }), (req, res) => res.json(req.body));
        app.use((err, req, res, next) => {
          const fields = {};
          for (const name of ['code', 'type', 'status', 'statusCode', 'expose', 'limit', 'length', 'charset', 'encoding', 'message']) {
            if (err[name] !== undefined) fields[name] = err[name];
          }
          if (err.body !== undefined) fields.body = String(err.body);
          fields.is = ['SyntaxError', 'KitError', 'HttpError'].filter((name) =>
            err instanceof { SyntaxError, KitError, HttpError }[name]);
          res.status(err.status).json(fields);
        });
        """

    Scenario: A malformed JSON body is a SyntaxError, a KitError and an HttpError, with the text as body
      When I POST "/json" with content type "application/json" and exactly these bytes:
        """
        {"a":
        """
      Then the status is 400
      And the JSON body is:
        """json
        { "code": "KIT_ERR_BODY_INVALID_JSON", "type": "entity.parse.failed", "status": 400, "statusCode": 400,
          "expose": true, "message": "Malformed JSON body", "body": "{\"a\":",
          "is": ["SyntaxError", "KitError", "HttpError"] }
        """

    Scenario: A body over the limit names the limit and the declared length
      When I POST "/json" with content type "application/json" and the body:
        """
        {"name":"a little too long"}
        """
      Then the status is 413
      And the JSON body is:
        """json
        { "code": "KIT_ERR_BODY_TOO_LARGE", "type": "entity.too.large", "status": 413, "statusCode": 413,
          "expose": true, "limit": 16, "length": 28, "message": "Request body too large (limit 16 bytes)",
          "is": ["KitError", "HttpError"] }
        """

    Scenario: A charset the parser does not read names the charset
      When I POST "/json" with content type "application/json; charset=KOI8-R" and the body:
        """
        {}
        """
      Then the status is 415
      And the JSON body includes:
        """json
        { "code": "KIT_ERR_BODY_UNSUPPORTED_CHARSET", "type": "charset.unsupported", "charset": "koi8-r",
          "message": "Unsupported charset" }
        """

    Scenario: A content coding the parser does not read names the coding
      When I POST "/json" with headers and the body:
        | content-type     | application/json |
        | content-encoding | compress         |
        | body             | {}               |
      Then the status is 415
      And the JSON body includes:
        """json
        { "code": "KIT_ERR_BODY_UNSUPPORTED_ENCODING", "type": "encoding.unsupported", "encoding": "compress" }
        """

    Scenario: Too many form parameters
      When I POST "/form" with content type "application/x-www-form-urlencoded" and the body:
        """
        a=1&b=2&c=3
        """
      Then the status is 413
      And the JSON body includes:
        """json
        { "code": "KIT_ERR_BODY_TOO_MANY_PARAMETERS", "type": "parameters.too.many", "body": "a=1&b=2&c=3",
          "message": "Too many parameters" }
        """

    Scenario: A verify refusal carries the bytes it refused
      When I POST "/signed" with content type "application/json" and the body:
        """
        {"amount":5}
        """
      Then the status is 403
      And the JSON body is:
        """json
        { "code": "KIT_ERR_BODY_VERIFY_FAILED", "type": "entity.verify.failed", "status": 403, "statusCode": 403,
          "expose": true, "message": "bad signature", "body": "{\"amount\":5}", "is": ["KitError", "HttpError"] }
        """

    Scenario: A verify error with its own status and type keeps them, and gains the body
      Given the app:
        """js
        const refuse = () => { throw Object.assign(new Error('stale'), { status: 409, type: 'entity.stale' }); };
        app.post('/', json({ verify: refuse }), (req, res) => res.json(req.body));
        app.use((err, req, res, next) => res.status(err.status).json({ type: err.type, body: String(err.body) }));
        """
      When I POST "/" with content type "application/json" and the body:
        """
        {"v":1}
        """
      Then the status is 409
      And the JSON body is:
        """json
        { "type": "entity.stale", "body": "{\"v\":1}" }
        """

    Scenario: A class extending HttpError does not claim the JSON error
      Given the app:
        """js
        class TeapotError extends HttpError {}
        app.post('/', json(), (req, res) => res.json(req.body));
        app.use((err, req, res, next) => res.status(err.status).json({
          teapot: err instanceof TeapotError, error: err instanceof Error, name: err.name,
          chain: Object.getPrototypeOf(err) === SyntaxError.prototype,
        }));
        """
      When I POST "/" with content type "application/json" and exactly these bytes:
        """
        nope
        """
      Then the JSON body is:
        """json
        { "teapot": false, "error": true, "name": "SyntaxError", "chain": true }
        """
