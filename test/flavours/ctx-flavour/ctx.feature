@harness
Feature: A third flavour plugs into the conformance suite by its module
  The test-only ctx flavour (issue 46) is declared under "flavours" in the profile beside this file, and
  `Given the app of the "ctx" flavour:` builds its apps, with its factory in scope as `flavour`. Run with
  `KIT_IMPL_PROFILE=test/flavours/ctx-flavour/kit-conformance.json node scripts/with-test-tools.mjs node
  scripts/features.mjs test/flavours/ctx-flavour/ctx.feature`. Neither kitjs's core nor the suite names it.

  Scenario: A ctx handler's value is the JSON answer
    Given the app of the "ctx" flavour:
      """js
      app.get('/users/:id', (ctx) => ({ id: ctx.params.id, flavour: ctx.req.flavour }));
      """
    When I GET "/users/7"
    Then the status is 200
    And the media type is "application/json"
    And the JSON body is:
      """json
      { "id": "7", "flavour": "ctx" }
      """

  Scenario: A handler that answers undefined passes on; a status set on the ctx is the reply's
    Given the app of the "ctx" flavour:
      """js
      app.use(json());
      app.post('/items', () => undefined, async (ctx) => ctx.status(201) && { made: ctx.body.name });
      """
    When I POST "/items" with the JSON body:
      """json
      { "name": "pen" }
      """
    Then the status is 201
    And the JSON body is:
      """json
      { "made": "pen" }
      """

  Scenario: Its pages are its own: a JSON 404, and an HttpError's status and message
    Given the app of the "ctx" flavour:
      """js
      app.get('/teapot', () => { throw new HttpError(418, 'short and stout'); });
      """
    When I GET "/nowhere"
    Then the status is 404
    And the JSON body is:
      """json
      { "error": "not found", "path": "/nowhere" }
      """
    When I GET "/teapot"
    Then the status is 418
    And the JSON body is:
      """json
      { "error": "short and stout" }
      """

  Scenario: Its application prototype reaches its apps, never a kit() app
    Given the app of the "ctx" flavour:
      """js
      flavour.application.describeApp = function () { return 'a ctx app'; };
      const plain = kit();
      world.described = [app.describeApp(), typeof plain.describeApp, typeof app, require('node:util').types.isProxy(app)];
      delete flavour.application.describeApp;
      """
    Then this holds:
      """js
      assert.deepEqual(world.described, ['a ctx app', 'undefined', 'function', false]);
      """
