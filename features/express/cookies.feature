@express
Feature: Express 4's res.cookie and res.clearCookie
  Set-Cookie headers serialised by the cookie package, appended one per call, signed with req.secret.

  Rule: XFILE-011 res.cookie appends a Set-Cookie header

    Scenario: A string value is encoded and the path defaults to /
      Given the app:
        """js
        app.get('/', (req, res) => {
          world.chained = res.cookie('greeting', 'hello world; x=1') === res;
          res.send('ok');
        });
        """
      When I GET "/"
      Then the header "Set-Cookie" is "greeting=hello%20world%3B%20x%3D1; Path=/"
      And this holds:
        """js
        assert.equal(world.chained, true);
        """

    Scenario: An object value is j: and its JSON
      Given the app:
        """js
        app.get('/', (req, res) => res.cookie('cart', { items: [1, 2] }).send('ok'));
        """
      When I GET "/"
      Then the header "Set-Cookie" is "cart=j%3A%7B%22items%22%3A%5B1%2C2%5D%7D; Path=/"

    Scenario: Numbers are strings, null is j:null
      Given the app:
        """js
        app.get('/', (req, res) => res.cookie('n', 42).cookie('z', null).send('ok'));
        """
      Then this holds:
        """js
        const answer = await fetch(world.baseURL + '/');
        assert.deepEqual(answer.headers.getSetCookie(), ['n=42; Path=/', 'z=j%3Anull; Path=/']);
        """

    Scenario: Every attribute
      Given the app:
        """js
        app.get('/', (req, res) =>
          res
            .cookie('sid', 'abc', {
              path: '/admin', domain: 'example.com', secure: true, httpOnly: true,
              sameSite: 'lax', priority: 'high', partitioned: true,
            })
            .send('ok'),
        );
        """
      When I GET "/"
      Then the header "Set-Cookie" is "sid=abc; Domain=example.com; Path=/admin; HttpOnly; Secure; Partitioned; Priority=High; SameSite=Lax"

    Scenario Outline: sameSite <given> is SameSite=<sent>
      Given the app:
        """js
        app.get('/', (req, res) => res.cookie('a', 'b', { sameSite: <given> }).send('ok'));
        """
      When I GET "/"
      Then the header "Set-Cookie" is "a=b; Path=/; SameSite=<sent>"

      Examples:
        | given    | sent   |
        | true     | Strict |
        | 'strict' | Strict |
        | 'lax'    | Lax    |
        | 'none'   | None   |

    Scenario: A custom encode, and the caller's options left alone
      Given the app:
        """js
        const options = { encode: (value) => value.toUpperCase(), maxAge: 2000 };
        app.get('/', (req, res) => {
          res.cookie('a', 'shout', options).send('ok');
          world.options = options;
        });
        """
      When I GET "/"
      Then the header "Set-Cookie" contains "a=SHOUT; Max-Age=2; Path=/"
      And this holds:
        """js
        assert.equal(world.options.maxAge, 2000);
        assert.equal(world.options.expires, undefined);
        assert.equal(world.options.path, undefined);
        """

  Rule: XFILE-012 maxAge is milliseconds: Max-Age in seconds and Expires

    Scenario: maxAge gives Max-Age in whole seconds and an Expires that far ahead
      Given the app:
        """js
        app.get('/', (req, res) => {
          world.before = Date.now();
          res.cookie('a', 'b', { maxAge: 90_500 }).send('ok');
        });
        """
      When I GET "/"
      Then the header "Set-Cookie" contains "a=b; Max-Age=90; Path=/; Expires="
      And this holds:
        """js
        const expires = Date.parse(/Expires=([^;]+)/.exec(response.headers['set-cookie'])[1]);
        // Expires has whole seconds: it lies within a second of the moment plus 90.5 s.
        assert.ok(expires >= Math.floor((world.before + 90_500) / 1000) * 1000 - 1000);
        assert.ok(expires <= Date.now() + 90_500);
        """

    Scenario: expires alone sends only Expires
      Given the app:
        """js
        app.get('/', (req, res) => res.cookie('a', 'b', { expires: new Date(Date.UTC(2030, 0, 2, 3, 4, 5)) }).send('ok'));
        """
      When I GET "/"
      Then the header "Set-Cookie" is "a=b; Path=/; Expires=Wed, 02 Jan 2030 03:04:05 GMT"

    Scenario: Neither makes a session cookie
      Given the app:
        """js
        app.get('/', (req, res) => res.cookie('a', 'b').send('ok'));
        """
      When I GET "/"
      Then the header "Set-Cookie" is "a=b; Path=/"

  Rule: XFILE-013 Signed cookies use req.secret

    Scenario: signed: true sends s: and the value signed with req.secret
      Given the app:
        """js
        app.use((req, res, next) => { req.secret = 'kit secret'; next(); });
        app.get('/', (req, res) => res.cookie('user', { id: 7 }, { signed: true }).send('ok'));
        """
      When I GET "/"
      Then the header "Set-Cookie" contains "user=s%3Aj%3A%7B%22id%22%3A7%7D."
      And this holds:
        """js
        const { unsign } = require('cookie-signature');
        const value = decodeURIComponent(/^user=([^;]+)/.exec(response.headers['set-cookie'])[1]);
        assert.equal(unsign(value.slice(2), 'kit secret'), 'j:{"id":7}');
        assert.equal(unsign(value.slice(2), 'another secret'), false);
        """

    Scenario: Without req.secret a signed cookie is a 500 that names nothing
      Given the app:
        """js
        app.get('/', (req, res) => res.cookie('user', 'x', { signed: true }).send('ok'));
        app.use((err, req, res, next) => {
          world.failure = { message: err.message, status: err.status };
          next(err);
        });
        """
      When I GET "/"
      Then the status is 500
      And the body is "Internal Server Error"
      And the header "Set-Cookie" is absent
      And this holds:
        """js
        assert.deepEqual(world.failure, {
          message: 'cookieParser("secret") required for signed cookies',
          status: 500,
        });
        """

  Rule: XFILE-014 Several cookies are several Set-Cookie headers

    Scenario: Each call appends; one set before is kept
      Given the app:
        """js
        app.get('/', (req, res) => {
          res.setHeader('Set-Cookie', 'first=1');
          res.cookie('second', '2').cookie('third', '3').clearCookie('fourth').send('ok');
        });
        """
      Then this holds:
        """js
        const answer = await fetch(world.baseURL + '/');
        assert.deepEqual(answer.headers.getSetCookie(), [
          'first=1',
          'second=2; Path=/',
          'third=3; Path=/',
          'fourth=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT',
        ]);
        """

  Rule: XFILE-015 A cookie that would break the header is refused with a 500

    Scenario Outline: <case> is a 500 and no Set-Cookie
      Given the app:
        """js
        // not typed: some rows pass options of the wrong type, which throw a TypeError
        app.get('/', (req, res) => res.cookie(<args>).send('ok'));
        """
      When I GET "/"
      Then the status is 500
      And the body is "Internal Server Error"
      And the header "Set-Cookie" is absent
      And the server still answers GET "/" with 500

      Examples:
        | case                          | args                                               |
        | a name with a space           | 'a b', 'x'                                         |
        | a name with CR LF             | 'a\\r\\nSet-Cookie: evil', 'x'                     |
        | a name with =                 | 'a=b', 'x'                                         |
        | an encode that lets ; through | 'a', 'x; Domain=evil.com', { encode: String }      |
        | a domain with CR LF           | 'a', 'x', { domain: 'ok.com\\r\\nX-Evil: 1' }      |
        | a path with ;                 | 'a', 'x', { path: '/; HttpOnly' }                  |
        | a maxAge that is no number    | 'a', 'x', { maxAge: 'soon' }                       |
        | an unknown sameSite           | 'a', 'x', { sameSite: 'sometimes' }                |
        | an invalid expires            | 'a', 'x', { expires: new Date('no date') }         |

    Scenario: A value from the client is encoded, never injected
      Given the app:
        """js
        app.get('/', (req, res) => res.cookie('q', req.query.v).send('ok'));
        """
      When I GET "/?v=x%0D%0ASet-Cookie%3A%20evil%3D1%3B%20Domain%3Devil.com"
      Then the status is 200
      And the header "Set-Cookie" is "q=x%0D%0ASet-Cookie%3A%20evil%3D1%3B%20Domain%3Devil.com; Path=/"

  Rule: XFILE-016 res.clearCookie expires the cookie with the same path and domain

    Scenario: An empty value expired at the epoch, path /
      Given the app:
        """js
        app.post('/logout', (req, res) => {
          world.chained = res.clearCookie('sid') === res;
          res.sendStatus(204);
        });
        """
      When I POST "/logout"
      Then the status is 204
      And the header "Set-Cookie" is "sid=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT"
      And this holds:
        """js
        assert.equal(world.chained, true);
        """

    Scenario: The path, domain and flags it was set with
      Given the app:
        """js
        app.get('/', (req, res) =>
          res.clearCookie('sid', { path: '/admin', domain: 'example.com', secure: true, sameSite: 'none' }).send('ok'),
        );
        """
      When I GET "/"
      Then the header "Set-Cookie" is "sid=; Domain=example.com; Path=/admin; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Secure; SameSite=None"

    Scenario: As Express 4.21, a maxAge given to clearCookie is still applied
      Given the app:
        """js
        app.get('/', (req, res) => res.clearCookie('sid', { maxAge: 60_000 }).send('ok'));
        """
      When I GET "/"
      Then the header "Set-Cookie" contains "sid=; Max-Age=60; Path=/; Expires="
      And this holds:
        """js
        assert.doesNotMatch(response.headers['set-cookie'], /1970/);
        """
