@express5
Feature: kitjs/express5 bodies: req.body undefined until parsed, body-parser 2's readings
  Express 5's parsers (body-parser 2) leave req.body undefined when there is nothing of theirs to read, and
  express.urlencoded() reads the simple form by default.

  Rule: X5-007 req.body is undefined until a parser sets it, and stays undefined when the type does not match

    Scenario: Without a parser, req.body is undefined
      Given the Express 5 app:
        """js
        app.post('/', (req, res) => res.json({ undefined: req.body === undefined, has: 'body' in req }));
        """
      When I POST "/" with the JSON body:
        """json
        { "a": 1 }
        """
      Then the JSON body includes:
        """json
        { "undefined": true }
        """

    Scenario Outline: express.<parser>() leaves req.body undefined for <what>
      Given the Express 5 app:
        """js
        app.use(express.<parser>());
        app.all('/', (req, res) => res.json({ undefined: req.body === undefined }));
        """
      When I <method> "/" with content type "<type>" and the body:
        """
        <body>
        """
      Then the status is 200
      And the JSON body is:
        """json
        { "undefined": true }
        """

      Examples:
        | parser     | what                 | method | type                              | body     |
        | json       | a text body          | POST   | text/plain                        | {"a":1}  |
        | text       | a JSON body          | POST   | application/json                  | {"a":1}  |
        | raw        | a JSON body          | POST   | application/json                  | {"a":1}  |
        | urlencoded | a JSON body          | PUT    | application/json                  | {"a":1}  |

    Scenario: A parser leaves req.body undefined for a request with no body
      Given the Express 5 app:
        """js
        app.use(express.json(), express.urlencoded(), express.text(), express.raw());
        app.get('/', (req, res) => res.json({ undefined: req.body === undefined }));
        """
      When I GET "/"
      Then the JSON body is:
        """json
        { "undefined": true }
        """

    Scenario: A parser of the body's type sets req.body
      Given the Express 5 app:
        """js
        app.post('/', express.json(), (req, res) => res.json({ body: req.body }));
        """
      When I POST "/" with the JSON body:
        """json
        { "a": 1 }
        """
      Then the JSON body is:
        """json
        { "body": { "a": 1 } }
        """

  Rule: X5-008 express.urlencoded(): extended false by default; with extended, qs depth 32

    Scenario: By default the simple parser: brackets stay in the key, repeated keys make arrays
      Given the Express 5 app:
        """js
        app.post('/', express.urlencoded(), (req, res) => res.json(req.body));
        """
      When I POST "/" with content type "application/x-www-form-urlencoded" and the body:
        """
        a[b]=1&c=2&c=3
        """
      Then the JSON body is:
        """json
        { "a[b]": "1", "c": ["2", "3"] }
        """

    Scenario: extended true nests with qs
      Given the Express 5 app:
        """js
        app.post('/', express.urlencoded({ extended: true }), (req, res) => res.json(req.body));
        """
      When I POST "/" with content type "application/x-www-form-urlencoded" and the body:
        """
        a[b]=1&c=2&c=3
        """
      Then the JSON body is:
        """json
        { "a": { "b": "1" }, "c": ["2", "3"] }
        """

    Scenario: extended true reads 32 levels and answers 400 past them
      Given the Express 5 app:
        """js
        app.post('/', express.urlencoded({ extended: true }), (req, res) => res.send('parsed'));
        app.use((err, req, res, next) => res.status(err.status).json({ type: err.type, message: err.message }));
        """
      When I POST "/" with content type "application/x-www-form-urlencoded" and the body:
        """
        a[b][b][b][b][b][b][b][b][b][b][b][b][b][b][b][b][b][b][b][b][b][b][b][b][b][b][b][b][b][b][b][b]=1
        """
      Then the status is 200
      And the body is "parsed"
      When I POST "/" with content type "application/x-www-form-urlencoded" and the body:
        """
        a[b][b][b][b][b][b][b][b][b][b][b][b][b][b][b][b][b][b][b][b][b][b][b][b][b][b][b][b][b][b][b][b][b]=1
        """
      Then the status is 400
      And the JSON body is:
        """json
        { "type": "querystring.parse.rangeError", "message": "The input exceeded the depth" }
        """

    Scenario: a depth given is as strict: one level more is a 400, in any parameter
      Given the Express 5 app:
        """js
        app.post('/', express.urlencoded({ extended: true, depth: 1 }), (req, res) => res.json(req.body));
        app.use((err, req, res, next) => res.status(err.status).send(err.message));
        """
      When I POST "/" with content type "application/x-www-form-urlencoded" and the body:
        """
        a[b]=1&c=2
        """
      Then the JSON body is:
        """json
        { "a": { "b": "1" }, "c": "2" }
        """
      When I POST "/" with content type "application/x-www-form-urlencoded" and the body:
        """
        a[b]=1&c[d][e]=2
        """
      Then the status is 400
      And the body is "The input exceeded the depth"
