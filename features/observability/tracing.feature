@observability
Feature: A tracing channel around each route handler, and OpenTelemetry's route through it

  Rule: OBS-006 A tracing channel around each route handler

    Scenario: one start/end pair per request, with the route's pattern
      Given the app:
        """js
        const { tracingChannel } = require('node:diagnostics_channel');
        world.events = [];
        world.handlers = {
          start: (c) => world.events.push(['start', c.route, c.request.url, typeof c.response.end]),
          end: (c) => world.events.push(['end', c.route]),
          asyncStart: (c) => world.events.push(['asyncStart', c.route]),
          asyncEnd: (c) => world.events.push(['asyncEnd', c.route]),
          error: (c) => world.events.push(['error', c.route, c.error.message]),
        };
        tracingChannel('kitjs.request.handler').subscribe(world.handlers);
        app.use((req, res, next) => next());
        app.get('/users/:id', (req, res) => res.json({ id: req.params.id }));
        """
      When I GET "/users/42"
      Then the status is 200
      And this holds:
        """js
        require('node:diagnostics_channel').tracingChannel('kitjs.request.handler').unsubscribe(world.handlers);
        assert.deepEqual(world.events, [
          ['start', '/users/:id', '/users/42', 'function'],
          ['end', '/users/:id'],
        ]);
        """

    Scenario: a route with a schema and a handler timeout publishes its own handlers only
      Given the app:
        """js
        const { tracingChannel } = require('node:diagnostics_channel');
        world.events = [];
        world.handlers = {
          start: (c) => world.events.push(['start', c.route]),
          end: (c) => world.events.push(['end', c.route]),
        };
        tracingChannel('kitjs.request.handler').subscribe(world.handlers);
        const nQuery = { type: 'object', properties: { n: { type: 'integer' } } };
        app.get('/slow', { schema: { query: nQuery }, handlerTimeout: 5000 }, (req, res) => res.json({ n: req.query.n }));
        app.get('/guarded', { schema: { query: nQuery } }, (req, res, next) => next(), (req, res) => res.json({ ok: true }));
        """
      When I GET "/slow?n=3"
      Then the status is 200
      When I GET "/guarded"
      Then the status is 200
      And this holds:
        """js
        require('node:diagnostics_channel').tracingChannel('kitjs.request.handler').unsubscribe(world.handlers);
        assert.deepEqual(world.events, [
          ['start', '/slow'],
          ['end', '/slow'],
          // The route's own middleware calls next() inside its call: the handler's pair nests in it.
          ['start', '/guarded'],
          ['start', '/guarded'],
          ['end', '/guarded'],
          ['end', '/guarded'],
        ]);
        """

    Scenario: an async handler's promise is followed, a mounted route has its prefix, a rejection is published
      Given the app:
        """js
        const { tracingChannel } = require('node:diagnostics_channel');
        world.events = [];
        world.handlers = {
          start: (c) => world.events.push(['start', c.route]),
          end: (c) => world.events.push(['end', c.route]),
          asyncStart: (c) => world.events.push(['asyncStart', c.route]),
          asyncEnd: (c) => world.events.push(['asyncEnd', c.route]),
          error: (c) => world.events.push(['error', c.route, c.error.message]),
        };
        tracingChannel('kitjs.request.handler').subscribe(world.handlers);
        const api = new Router();
        api.get('/items/:n', async (req, res) => {
          await new Promise((resolve) => setImmediate(resolve));
          res.json({ n: req.params.n });
        });
        api.get('/broken', async () => {
          throw new Error('broken on purpose');
        });
        app.use('/api', api);
        """
      When I GET "/api/items/7"
      Then the status is 200
      When I GET "/api/broken"
      Then the status is 500
      And this holds:
        """js
        require('node:diagnostics_channel').tracingChannel('kitjs.request.handler').unsubscribe(world.handlers);
        assert.deepEqual(world.events, [
          ['start', '/api/items/:n'],
          ['end', '/api/items/:n'],
          ['asyncStart', '/api/items/:n'],
          ['asyncEnd', '/api/items/:n'],
          ['start', '/api/broken'],
          ['end', '/api/broken'],
          ['error', '/api/broken', 'broken on purpose'],
          ['asyncStart', '/api/broken'],
          ['asyncEnd', '/api/broken'],
        ]);
        """

  Rule: OBS-012 kitjs/otel names OpenTelemetry's server span by its route

    Scenario: the route a subscriber sees is the one a span is named by
      Given the app:
        """js
        const { tracingChannel } = require('node:diagnostics_channel');
        world.routes = [];
        world.handlers = { start: (c) => world.routes.push(`${c.request.method} ${c.route}`) };
        tracingChannel('kitjs.request.handler').subscribe(world.handlers);
        app.get('/users/:id', (req, res) => res.json({ id: req.params.id }));
        """
      When I GET "/users/42"
      Then this holds:
        """js
        require('node:diagnostics_channel').tracingChannel('kitjs.request.handler').unsubscribe(world.handlers);
        assert.deepEqual(world.routes, ['GET /users/:id']);
        """
