@cors
Feature: cors() answers preflight requests itself

  Rule: CORS-002 Preflight requests are answered by cors() and go no further

    Scenario: a preflight ends with 204 and an empty body, before any route
      Given the app:
        """
        app.use(cors());
        app.options('/items', (req, res) => res.status(200).send('route reached'));
        """
      When I OPTIONS "/items" with headers:
        | name                          | value              |
        | Origin                        | https://app.test   |
        | Access-Control-Request-Method | POST               |
      Then the status is 204
      And the body is empty
      And the header "Content-Length" is "0"
      And the header "Access-Control-Allow-Origin" is "*"

    @hardening
    Scenario: a preflight asking for Authorization is not refused by authMiddleware
      Given the environment variable "JWT_SECRET" is "a-test-secret-of-enough-length-0123456789"
      And the app:
        """
        app.use(cors({ origin: 'https://app.test' }));
        app.use(authMiddleware);
        app.get('/me', (req, res) => res.json({ id: req.user.id }));
        """
      When I OPTIONS "/me" with headers:
        | name                           | value            |
        | Origin                         | https://app.test |
        | Access-Control-Request-Method  | GET              |
        | Access-Control-Request-Headers | authorization    |
      Then the status is 204
      And the header "Access-Control-Allow-Origin" is "https://app.test"
      And the header "Access-Control-Allow-Headers" is "authorization"
      When I GET "/me" with headers:
        | name   | value            |
        | Origin | https://app.test |
      Then the status is 401
      And the header "Access-Control-Allow-Origin" is "https://app.test"

    Scenario: an OPTIONS request without Access-Control-Request-Method reaches the app
      Given the app:
        """
        app.use(cors());
        app.options('/items', (req, res) => res.status(200).send('route reached'));
        """
      When I OPTIONS "/items" with headers:
        | name   | value            |
        | Origin | https://app.test |
      Then the status is 200
      And the body is "route reached"
      And the header "Access-Control-Allow-Origin" is "*"

  Rule: CORS-003 A preflight announces the allowed methods

    Scenario: the default methods
      Given the app:
        """
        app.use(cors());
        """
      When I OPTIONS "/x" with headers:
        | name                          | value            |
        | Origin                        | https://app.test |
        | Access-Control-Request-Method | DELETE           |
      Then the status is 204
      And the header "Access-Control-Allow-Methods" is "GET, HEAD, PUT, PATCH, POST, DELETE"

    Scenario: configured methods
      Given the app:
        """
        app.use(cors({ methods: ['GET', 'POST'] }));
        """
      When I OPTIONS "/x" with headers:
        | name                          | value            |
        | Origin                        | https://app.test |
        | Access-Control-Request-Method | POST             |
      Then the header "Access-Control-Allow-Methods" is "GET, POST"

  Rule: CORS-004 Allowed headers mirror the request unless configured

    Scenario: without allowedHeaders the requested headers are mirrored
      Given the app:
        """
        app.use(cors());
        """
      When I OPTIONS "/x" with headers:
        | name                           | value                      |
        | Origin                         | https://app.test           |
        | Access-Control-Request-Method  | PUT                        |
        | Access-Control-Request-Headers | content-type,x-request-id  |
      Then the header "Access-Control-Allow-Headers" is "content-type,x-request-id"
      And the header "Vary" contains "Access-Control-Request-Headers"

    Scenario: a preflight asking for no headers gets no Allow-Headers
      Given the app:
        """
        app.use(cors());
        """
      When I OPTIONS "/x" with headers:
        | name                          | value            |
        | Origin                        | https://app.test |
        | Access-Control-Request-Method | GET              |
      Then the status is 204
      And the header "Access-Control-Allow-Headers" is absent

    Scenario: allowedHeaders is sent whatever was asked
      Given the app:
        """
        app.use(cors({ allowedHeaders: ['Content-Type', 'Authorization'] }));
        """
      When I OPTIONS "/x" with headers:
        | name                           | value            |
        | Origin                         | https://app.test |
        | Access-Control-Request-Method  | PUT              |
        | Access-Control-Request-Headers | x-other          |
      Then the header "Access-Control-Allow-Headers" is "Content-Type, Authorization"

  Rule: CORS-005 Max-Age is sent only when configured

    Scenario: maxAge is announced on preflights
      Given the app:
        """
        app.use(cors({ maxAge: 600 }));
        """
      When I OPTIONS "/x" with headers:
        | name                          | value            |
        | Origin                        | https://app.test |
        | Access-Control-Request-Method | GET              |
      Then the header "Access-Control-Max-Age" is "600"

    Scenario: no Max-Age without the option
      Given the app:
        """
        app.use(cors());
        """
      When I OPTIONS "/x" with headers:
        | name                          | value            |
        | Origin                        | https://app.test |
        | Access-Control-Request-Method | GET              |
      Then the status is 204
      And the header "Access-Control-Max-Age" is absent
