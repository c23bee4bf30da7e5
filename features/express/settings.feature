@express
Feature: Express's settings table
  app.set/get/enable/disable and app.settings, with kitjs's defaults for kit().

  Rule: EXP-002 app.set, app.get(name), enable, disable, enabled, disabled, settings

    Scenario: Settings are assigned, read and toggled
      Given the app:
        """js
        const returned = app.set('title', 'My Site');
        app.enable('feature x').disable('feature y');
        world.seen = {
          chained: returned === app,
          title: app.get('title'),
          read: app.set('title'),
          table: app.settings.title,
          x: [app.enabled('feature x'), app.disabled('feature x')],
          y: [app.enabled('feature y'), app.disabled('feature y')],
          unset: app.get('never set'),
        };
        app.get('/', (req, res) => res.send('route'));
        """
      When I GET "/"
      Then the body is "route"
      And this holds:
        """js
        assert.deepEqual(world.seen, {
          chained: true, title: 'My Site', read: 'My Site', table: 'My Site',
          x: [true, false], y: [false, true], unset: undefined,
        });
        """

    Scenario: A setting written straight into app.settings takes effect in a kitjs/express app
      Given the Express app:
        """js
        app.get('/j', (req, res) => res.json({ a: 1 }));
        """
      When I GET "/j"
      Then the body is "{\"a\":1}"
      And this holds:
        """js
        world.app.settings['json spaces'] = 2;
        const spaced = await world.send('GET', '/j');
        assert.equal(spaced.text, '{\n  "a": 1\n}');
        delete world.app.settings['json spaces'];
        const again = await world.send('GET', '/j');
        assert.equal(again.text, '{"a":1}');
        """

    Scenario Outline: A value <setting> cannot take is a TypeError at once
      Given the app:
        """js
        try { app.set('<setting>', <value>); world.thrown = 'nothing'; } catch (err) { world.thrown = err.name; }
        """
      Then this holds:
        """js
        assert.equal(world.thrown, 'TypeError');
        """

      Examples:
        | setting      | value       |
        | etag         | 'sometimes' |
        | query parser | 'fancy'     |
        | trust proxy  | 'not-an-ip' |

  Rule: EXP-003 Defaults: kitjs's for kit(), Express 4's for kitjs/express

    Scenario: kit() keeps kitjs's own defaults
      Given the app:
        """js
        world.defaults = ['x-powered-by', 'etag', 'query parser', 'subdomain offset', 'trust proxy',
          'jsonp callback name', 'case sensitive routing', 'strict routing'].map((name) => app.get(name));
        app.get('/', (req, res) => res.send('hi'));
        """
      When I GET "/?a=1&a=2"
      Then the header "X-Powered-By" is absent
      And the header "ETag" is absent
      And this holds:
        """js
        assert.deepEqual(world.defaults, [false, false, 'strings', 2, false, 'callback', false, false]);
        """

    Scenario: express() has Express's settings and says X-Powered-By: Express
      Given the Express app:
        """js
        world.defaults = ['x-powered-by', 'etag', 'query parser', 'env', 'subdomain offset', 'trust proxy',
          'jsonp callback name', 'case sensitive routing', 'strict routing', 'view cache'].map((name) => app.get(name));
        world.views = app.get('views') === require('node:path').resolve('views');
        app.get('/', (req, res) => res.send('hi'));
        """
      When I GET "/"
      Then the header "X-Powered-By" is "Express"
      And this holds:
        """js
        const env = process.env.NODE_ENV || 'development';
        assert.deepEqual(world.defaults,
          [true, 'weak', 'extended', env, 2, false, 'callback', undefined, undefined, env === 'production' || undefined]);
        assert.equal(world.views, true);
        """

    Scenario: Disabling x-powered-by removes the header
      Given the Express app:
        """js
        app.disable('x-powered-by');
        app.get('/', (req, res) => res.send('hi'));
        """
      When I GET "/"
      Then the header "X-Powered-By" is absent

  Rule: EXP-005 req.app, res.app and app.locals

    Scenario: The request and response know their app, and app.locals is shared
      Given the app:
        """js
        app.locals.title = 'Shop';
        app.get('/', (req, res) => res.json({
          same: req.app === app && res.app === app,
          title: req.app.locals.title,
          settings: req.app.locals.settings === app.settings,
        }));
        """
      When I GET "/"
      Then the JSON body is:
        """json
        { "same": true, "title": "Shop", "settings": true }
        """
