@cors
Feature: cors() and credentials, and its option checks

  Rule: CORS-007 Credentials are allowed only together with named origins

    Scenario: credentials with a listed origin
      Given the app:
        """
        app.use(cors({ origin: ['https://app.test'], credentials: true }));
        app.get('/me', (req, res) => res.json({ ok: true }));
        """
      When I GET "/me" with headers:
        | name   | value            |
        | Origin | https://app.test |
      Then the header "Access-Control-Allow-Origin" is "https://app.test"
      And the header "Access-Control-Allow-Credentials" is "true"
      When I OPTIONS "/me" with headers:
        | name                          | value            |
        | Origin                        | https://app.test |
        | Access-Control-Request-Method | GET              |
      Then the status is 204
      And the header "Access-Control-Allow-Credentials" is "true"

    @hardening
    Scenario Outline: <call> throws a TypeError at setup
      Given the app:
        """
        try {
          <call>;
          world.thrown = undefined;
        } catch (err) {
          world.thrown = err;
        }
        """
      Then this holds:
        """
        assert.ok(world.thrown instanceof TypeError, 'a TypeError at setup');
        assert.match(world.thrown.message, /credentials/);
        """

      Examples:
        | call                                          |
        | cors({ credentials: true })                   |
        | cors({ origin: '*', credentials: true })      |
        | cors({ origin: true, credentials: true })     |

    Scenario: a function answering * with credentials grants nothing
      Given the app:
        """
        app.use(cors({ origin: () => '*', credentials: true }));
        app.get('/me', (req, res) => res.send('ok'));
        """
      When I GET "/me" with headers:
        | name   | value            |
        | Origin | https://app.test |
      Then the status is 200
      And the header "Access-Control-Allow-Origin" is absent
      And the header "Access-Control-Allow-Credentials" is absent

  Rule: CORS-013 Bad options throw a TypeError at setup

    Scenario Outline: <call> throws a TypeError naming <name>
      Given the app:
        """
        try {
          // not typed: some rows pass options of the wrong type, which throw a TypeError
          <call>;
          world.thrown = undefined;
        } catch (err) {
          world.thrown = err;
        }
        """
      Then this holds:
        """
        assert.ok(world.thrown instanceof TypeError, 'a TypeError at setup');
        assert.match(world.thrown.message, /<name>/);
        """

      Examples:
        | call                                            | name              |
        | cors('https://app.test')                        | options           |
        | cors({ origin: 'https://app.test/' })           | origin            |
        | cors({ origin: ['https://a.test', '*'] })       | origin            |
        | cors({ origin: 42 })                            | origin            |
        | cors({ methods: 'GET,POST' })                   | methods           |
        | cors({ allowedHeaders: ['X Bad'] })             | allowedHeaders    |
        | cors({ exposedHeaders: 'X-Id' })                | exposedHeaders    |
        | cors({ credentials: 'yes' })                    | credentials       |
        | cors({ maxAge: -5 })                            | maxAge            |
        | cors({ maxAge: '600' })                         | maxAge            |
        | cors({ preflightContinue: true })               | preflightContinue |

    Scenario: valid options do not throw and the app serves
      Given the app:
        """
        app.use(cors({
          origin: ['https://app.test', 'http://localhost:3000'],
          methods: ['GET'],
          allowedHeaders: ['Authorization'],
          exposedHeaders: [],
          credentials: true,
          maxAge: 0,
        }));
        app.get('/', (req, res) => res.send('ok'));
        """
      Then the server still answers GET "/" with 200
