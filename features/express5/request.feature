@express5
Feature: kitjs/express5 requests: req.query, req.host, and the readings both Express flavours share

  Rule: X5-009 req.query is a getter with the 'simple' parser by default

    Scenario: The default 'simple' parser keeps brackets in keys and makes arrays of repeated keys
      Given the Express 5 app:
        """js
        app.get('/', (req, res) => res.json(req.query));
        """
      When I GET "/?a[b]=1&c=2&c=3"
      Then the JSON body is:
        """json
        { "a[b]": "1", "c": ["2", "3"] }
        """

    Scenario Outline: The query parser setting <setting> reads ?a[b]=1 as <query>
      Given the Express 5 app:
        """js
        app.set('query parser', <setting>);
        app.get('/', (req, res) => res.json(req.query));
        """
      When I GET "/?a[b]=1"
      Then the JSON body is:
        """json
        <query>
        """

      Examples:
        | setting    | query                |
        | 'extended' | { "a": { "b": "1" } } |
        | false      | {}                   |

    Scenario: req.query is read from req.url when it is read, and a middleware replaces it with defineProperty
      Given the Express 5 app:
        """js
        app.use('/rewrite', (req, res, next) => { req.url = '/?page=2'; next(); });
        app.get('/rewrite', (req, res) => res.json(req.query));
        app.use('/define', (req, res, next) => {
          Object.defineProperty(req, 'query', { value: { page: Number(req.query.page) }, writable: true, configurable: true, enumerable: true });
          next();
        });
        app.get('/define', (req, res) => res.json(req.query));
        """
      When I GET "/rewrite?page=1"
      Then the JSON body is:
        """json
        { "page": "2" }
        """
      When I GET "/define?page=3"
      Then the JSON body is:
        """json
        { "page": 3 }
        """

    @kit-better
    Scenario: A validating middleware may assign req.query, which Express 5's getter refuses
      Given the Express 5 app:
        """js
        app.use((req, res, next) => {
          req.query = { page: Math.max(1, Number(req.query.page) || 1) };
          next();
        });
        app.get('/list', (req, res) => res.json(req.query));
        """
      When I GET "/list?page=-4&debug=1"
      Then the JSON body is:
        """json
        { "page": 1 }
        """
      When I GET "/list?page=3"
      Then the JSON body is:
        """json
        { "page": 3 }
        """

  Rule: X5-013 req.host keeps the port

    Scenario: req.host is the Host header with its port; req.hostname drops it
      Given the Express 5 app:
        """js
        app.get('/', (req, res) => res.json({ host: req.host, hostname: req.hostname }));
        """
      When I send the raw request:
        """
        GET / HTTP/1.1
        Host: example.com:8080
        Connection: close
        """
      Then the JSON body is:
        """json
        { "host": "example.com:8080", "hostname": "example.com" }
        """

    Scenario: With trust proxy, req.host is the first X-Forwarded-Host, port included
      Given the Express 5 app:
        """js
        app.set('trust proxy', true);
        app.get('/', (req, res) => res.json({ host: req.host, hostname: req.hostname }));
        """
      When I send the raw request:
        """
        GET / HTTP/1.1
        Host: inner.local:3000
        X-Forwarded-Host: public.example:8443, other.example
        Connection: close
        """
      Then the JSON body is:
        """json
        { "host": "public.example:8443", "hostname": "public.example" }
        """

  Rule: X5-018 The request's Express readings both flavours share

    Scenario: req.get('set-cookie') is an array; req.is() is null without a body
      Given the Express 5 app:
        """js
        app.get('/', (req, res) => res.json({
          setCookie: req.get('set-cookie'),
          header: req.header('Set-Cookie'),
          is: req.is('json'),
        }));
        """
      When I send the raw request:
        """
        GET / HTTP/1.1
        Host: localhost
        Set-Cookie: a=1
        Set-Cookie: b=2
        Connection: close
        """
      Then the JSON body is:
        """json
        { "setCookie": ["a=1", "b=2"], "header": ["a=1", "b=2"], "is": null }
        """

    Scenario: req.path keeps a doubled slash as sent
      Given the Express 5 app:
        """js
        app.use((req, res) => res.json({ path: req.path }));
        """
      When I GET the raw path "//a//b?x=1"
      Then the JSON body is:
        """json
        { "path": "//a//b" }
        """
