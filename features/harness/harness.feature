@harness
Feature: The conformance harness
  The suite's own promises: a scenario cannot leak state into the next one, and every way of sending a
  request feeds the same checks.

  Rule: HARNESS-001 A scenario leaves nothing behind

    Scenario: A scenario sets a variable and writes into its temporary directory
      Given the environment variable "KIT_HARNESS_PROBE" is "set by the first scenario"
      And the app:
        """js
        const { writeFileSync } = require('node:fs');
        writeFileSync(require('node:path').join(tmpDir, 'probe.txt'), 'left behind?');
        globalThis.kitHarnessTmpDir = tmpDir;
        app.get('/', (req, res) => res.send(process.env.KIT_HARNESS_PROBE));
        """
      When I GET "/"
      Then the body is "set by the first scenario"

    Scenario: The next scenario finds neither the variable nor the directory
      Given the app:
        """js
        const { existsSync } = require('node:fs');
        const dir = globalThis.kitHarnessTmpDir;
        app.get('/', (req, res) =>
          res.json({ probe: process.env.KIT_HARNESS_PROBE ?? null, dirLeft: dir ? existsSync(dir) : null }),
        );
        """
      Then this holds:
        """js
        // Run alone, this scenario has nothing to check: it says so instead of passing.
        assert.equal(typeof globalThis.kitHarnessTmpDir, 'string', 'run this scenario together with the one before it');
        """
      When I GET "/"
      Then the JSON body is:
        """json
        { "probe": null, "dirLeft": false }
        """

  Rule: HARNESS-002 Every way of sending a request reads the answer the same way

    Scenario: One answer read through Playwright, a raw path and a raw socket
      Given the app:
        """js
        app.get('/same', (req, res) => res.set('X-Probe', 'Yes').json({ same: true }));
        """
      When I GET "/same"
      Then the status is 200
      And the header "x-probe" is "Yes"
      And the media type is "application/json"
      And the JSON body is:
        """json
        { "same": true }
        """
      When I GET the raw path "/same"
      Then the status is 200
      And the header "X-Probe" is "Yes"
      And the media type is "application/json"
      And the JSON body is:
        """json
        { "same": true }
        """
      When I send the raw request:
        """
        GET /same HTTP/1.1
        Host: localhost
        Connection: close
        """
      Then the status is 200
      And the header "X-Probe" is "Yes"
      And the media type is "application/json"
      And the JSON body is:
        """json
        { "same": true }
        """
