@security
Feature: security() sets security response headers

  Rule: SEC-001 Safe headers by default

    Scenario: every default header, and no X-Powered-By
      Given the app:
        """
        app.use(security());
        app.get('/', (req, res) => res.send('<h1>home</h1>'));
        """
      When I GET "/"
      Then the status is 200
      And the header "Content-Security-Policy" is "default-src 'self'"
      And the header "X-Frame-Options" is "SAMEORIGIN"
      And the header "X-Content-Type-Options" is "nosniff"
      And the header "X-XSS-Protection" is "0"
      And the header "X-DNS-Prefetch-Control" is "off"
      And the header "X-Permitted-Cross-Domain-Policies" is "none"
      And the header "X-Download-Options" is "noopen"
      And the header "X-Powered-By" is absent

    Scenario: true keeps a header's default
      Given the app:
        """
        app.use(security({ xFrameOptions: true, contentSecurityPolicy: true }));
        app.get('/', (req, res) => res.send('ok'));
        """
      When I GET "/"
      Then the header "X-Frame-Options" is "SAMEORIGIN"
      And the header "Content-Security-Policy" is "default-src 'self'"

  Rule: SEC-002 `false` turns a header off

    Scenario Outline: <option>: false leaves out <header> and keeps the others
      Given the app:
        """
        app.use(security({ <option>: false }));
        app.get('/', (req, res) => res.send('ok'));
        """
      When I GET "/"
      Then the header "<header>" is absent
      And the header "<other>" is "<other value>"

      Examples:
        | option                       | header                            | other                  | other value |
        | contentSecurityPolicy        | Content-Security-Policy           | X-Frame-Options        | SAMEORIGIN  |
        | xFrameOptions                | X-Frame-Options                   | X-Content-Type-Options | nosniff     |
        | xContentTypeOptions          | X-Content-Type-Options            | X-Frame-Options        | SAMEORIGIN  |
        | xXssProtection               | X-XSS-Protection                  | X-Frame-Options        | SAMEORIGIN  |
        | dnsPrefetchControl           | X-DNS-Prefetch-Control            | X-Frame-Options        | SAMEORIGIN  |
        | permittedCrossDomainPolicies | X-Permitted-Cross-Domain-Policies | X-Frame-Options        | SAMEORIGIN  |
        | downloadOptions              | X-Download-Options                | X-Frame-Options        | SAMEORIGIN  |

  Rule: SEC-003 The Content-Security-Policy can be a string or a directives object

    Scenario: a policy string
      Given the app:
        """
        app.use(security({ contentSecurityPolicy: "default-src 'none'; img-src 'self' data:" }));
        app.get('/', (req, res) => res.send('ok'));
        """
      When I GET "/"
      Then the header "Content-Security-Policy" is "default-src 'none'; img-src 'self' data:"

    Scenario: a directives object in camelCase and header spelling
      Given the app:
        """
        app.use(security({
          contentSecurityPolicy: {
            defaultSrc: ["'self'"],
            'script-src': ["'self'", 'https://cdn.example.test'],
            imgSrc: '*',
            upgradeInsecureRequests: true,
          },
        }));
        app.get('/', (req, res) => res.send('ok'));
        """
      When I GET "/"
      Then the header "Content-Security-Policy" is "default-src 'self'; script-src 'self' https://cdn.example.test; img-src *; upgrade-insecure-requests"

  Rule: SEC-004 X-Frame-Options is SAMEORIGIN or DENY

    Scenario: DENY in any case
      Given the app:
        """
        app.use(security({ xFrameOptions: 'deny' }));
        app.get('/', (req, res) => res.send('ok'));
        """
      When I GET "/"
      Then the header "X-Frame-Options" is "DENY"

  Rule: SEC-005 The remaining headers accept their documented values

    Scenario: values replace the defaults
      Given the app:
        """
        app.use(security({
          xXssProtection: '1; mode=block',
          dnsPrefetchControl: 'on',
          permittedCrossDomainPolicies: 'by-content-type',
        }));
        app.get('/', (req, res) => res.send('ok'));
        """
      When I GET "/"
      Then the header "X-XSS-Protection" is "1; mode=block"
      And the header "X-DNS-Prefetch-Control" is "on"
      And the header "X-Permitted-Cross-Domain-Policies" is "by-content-type"

  Rule: SEC-006 X-Powered-By is removed, even when set earlier

    Scenario: a header set by earlier middleware is removed
      Given the app:
        """
        app.use((req, res, next) => { res.set('X-Powered-By', 'PHP/5.4'); next(); });
        app.use(security());
        app.get('/', (req, res) => res.send('ok'));
        """
      When I GET "/"
      Then the status is 200
      And the header "X-Powered-By" is absent

    Scenario: removePoweredBy false keeps it
      Given the app:
        """
        app.use((req, res, next) => { res.set('X-Powered-By', 'kit-demo'); next(); });
        app.use(security({ removePoweredBy: false }));
        app.get('/', (req, res) => res.send('ok'));
        """
      When I GET "/"
      Then the header "X-Powered-By" is "kit-demo"

  Rule: SEC-007 Headers are set before the route runs, so a route can override them

    Scenario: a route replaces one header for its response
      Given the app:
        """
        app.use(security());
        app.get('/embed', (req, res) => res.set('X-Frame-Options', 'DENY').send('ok'));
        """
      When I GET "/embed"
      Then the header "X-Frame-Options" is "DENY"
      And the header "X-Content-Type-Options" is "nosniff"

    Scenario: a 404 carries the headers too
      Given the app:
        """
        app.use(security());
        """
      When I GET "/nowhere"
      Then the status is 404
      And the header "X-Content-Type-Options" is "nosniff"
      And the header "Content-Security-Policy" is "default-src 'self'"

  Rule: SEC-008 Bad options throw a TypeError at setup

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
        | call                                                                  | name                         |
        | security('strict')                                                    | options                      |
        | security({ frameguard: { action: 'deny' } })                          | frameguard                   |
        | security({ xFrameOptions: 'ALLOW-FROM https://a.test' })              | xFrameOptions                |
        | security({ xContentTypeOptions: 'nosniff' })                          | xContentTypeOptions          |
        | security({ xXssProtection: '1; report=https://a.test' })              | xXssProtection               |
        | security({ dnsPrefetchControl: { allow: true } })                     | dnsPrefetchControl           |
        | security({ permittedCrossDomainPolicies: 'everything' })              | permittedCrossDomainPolicies |
        | security({ downloadOptions: 1 })                                      | downloadOptions              |
        | security({ removePoweredBy: 'yes' })                                  | removePoweredBy              |
        | security({ contentSecurityPolicy: '' })                               | contentSecurityPolicy        |
        | security({ contentSecurityPolicy: "default-src 'self'" + String.fromCharCode(13, 10) + 'X-Evil: 1' }) | contentSecurityPolicy |
        | security({ contentSecurityPolicy: { scriptSrc: ["'self'; img-src *"] } }) | scriptSrc                 |
        | security({ contentSecurityPolicy: { 'bad name': ['*'] } })            | bad name                     |
        | security({ contentSecurityPolicy: "default-src https://例え.jp" })     | contentSecurityPolicy        |
        | security({ contentSecurityPolicy: "default-src 'self'" + String.fromCharCode(1) }) | contentSecurityPolicy |
        | security({ contentSecurityPolicy: { imgSrc: ['https://例え.jp'] } })   | imgSrc                       |
        | security({ contentSecurityPolicy: {} })                               | contentSecurityPolicy        |
