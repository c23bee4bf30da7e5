@express @body
Feature: Express's body-parser options on kitjs's parsers
  raw() and text() join json() and urlencoded(), and all four take body-parser 1.x's options, with
  kitjs's own defaults (a 1mb limit, any JSON value) and its refusals kept.

  Rule: BODY-022 raw() gives the body as a Buffer

    Scenario: An octet-stream body arrives as the bytes sent
      Given the app:
        """js
        app.post('/upload', raw(), (req, res) => {
          // not typed: raw() makes req.body a Buffer
          res.json({ buffer: Buffer.isBuffer(req.body), hex: req.body.toString('hex') });
        });
        """
      When I POST "/upload" with content type "application/octet-stream" and the body:
        """
        kit
        """
      Then the status is 200
      And the JSON body is:
        """json
        { "buffer": true, "hex": "6b6974" }
        """

    Scenario: A raw request without a body gets an empty Buffer, another type is untouched
      Given the app:
        """js
        app.post('/upload', raw(), (req, res) => {
          res.json({ buffer: Buffer.isBuffer(req.body), length: req.body?.length ?? null });
        });
        """
      When I POST "/upload" with headers and the body:
        | content-type | application/octet-stream |
        | body         |                          |
      Then the JSON body is:
        """json
        { "buffer": true, "length": 0 }
        """
      When I POST "/upload" with content type "text/plain" and the body:
        """
        not mine
        """
      Then the JSON body is:
        """json
        { "buffer": false, "length": null }
        """

    Scenario: raw and text passed uncalled fail at setup
      Given the app:
        """js
        world.messages = [raw, text].map((factory) => {
          try { app.use(factory); return 'accepted'; } catch (err) { return `${err.name}: ${err.message}`; }
        });
        """
      Then this holds:
        """js
        assert.match(world.messages[0], /^TypeError: .*raw\(\)/);
        assert.match(world.messages[1], /^TypeError: .*text\(\)/);
        """

  Rule: BODY-023 text() gives the body as a string

    Scenario: A text/plain body arrives as a UTF-8 string
      Given the app:
        """js
        app.post('/note', text(), (req, res) => res.json({ type: typeof req.body, body: req.body }));
        """
      When I POST "/note" with content type "text/plain" and the body:
        """
        naïve café
        """
      Then the JSON body is:
        """json
        { "type": "string", "body": "naïve café" }
        """

    Scenario: defaultCharset decodes a body that names no charset, and a charset kitjs does not read is a 415
      Given the app:
        """js
        app.post('/latin', text({ defaultCharset: 'iso-8859-1' }), (req, res) => res.json({ body: req.body }));
        app.post('/note', text(), (req, res) => res.json({ body: req.body }));
        """
      Then this holds:
        """js
        const post = (path, type, bytes) =>
          fetch(`${world.baseURL}${path}`, { method: 'POST', headers: { 'content-type': type }, body: bytes });
        const latin = await post('/latin', 'text/plain', Buffer.from([0x63, 0x61, 0x66, 0xe9]));
        assert.deepEqual(await latin.json(), { body: 'café' });
        const named = await post('/latin', 'text/plain; charset=utf-8', Buffer.from('café'));
        assert.deepEqual(await named.json(), { body: 'café' });
        const refused = await post('/note', 'text/plain; charset=utf-16', Buffer.from('hi'));
        assert.equal(refused.status, 415);
        """

    Scenario: An empty text body is an empty string
      Given the app:
        """js
        app.post('/note', text(), (req, res) => res.json({ body: req.body }));
        """
      When I POST "/note" with headers and the body:
        | content-type | text/plain |
        | body         |            |
      Then the JSON body is:
        """json
        { "body": "" }
        """

  Rule: BODY-024 type chooses which requests a parser reads

    Scenario: A list of types, with a wildcard, replaces the default
      Given the app:
        """js
        app.use(text({ type: ['text/*', 'application/xml'] }));
        app.post('/doc', (req, res) => res.json({ body: req.body ?? null }));
        """
      When I POST "/doc" with content type "application/xml" and the body:
        """
        <a/>
        """
      Then the JSON body is:
        """json
        { "body": "<a/>" }
        """
      When I POST "/doc" with content type "text/html" and the body:
        """
        <p>hi</p>
        """
      Then the JSON body is:
        """json
        { "body": "<p>hi</p>" }
        """
      When I POST "/doc" with content type "text/plain" and the body:
        """
        plain
        """
      Then the JSON body is:
        """json
        { "body": "plain" }
        """
      When I POST "/doc" with content type "application/json" and the body:
        """
        {"a":1}
        """
      Then the JSON body is:
        """json
        { "body": null }
        """

    Scenario: A type function decides, even without a Content-Type
      Given the app:
        """js
        app.use(raw({ type: (req) => req.headers['x-raw'] === 'yes' }));
        app.post('/in', (req, res) => res.json({ buffer: Buffer.isBuffer(req.body) }));
        """
      Then this holds:
        """js
        const post = (headers) => fetch(`${world.baseURL}/in`, { method: 'POST', headers, body: 'abc' });
        assert.deepEqual(await (await post({ 'x-raw': 'yes' })).json(), { buffer: true });
        assert.deepEqual(await (await post({ 'x-raw': 'no', 'content-type': 'application/octet-stream' })).json(), { buffer: false });
        """

    Scenario: json() with type '+json' and a short name
      Given the app:
        """js
        app.post('/vendor', json({ type: 'application/vnd.api+json' }), (req, res) => res.json({ got: req.body ?? null }));
        app.post('/any', json({ type: '*/*' }), (req, res) => res.json({ got: req.body ?? null }));
        """
      When I POST "/vendor" with content type "application/vnd.api+json" and the body:
        """
        {"a":1}
        """
      Then the JSON body is:
        """json
        { "got": { "a": 1 } }
        """
      When I POST "/vendor" with content type "application/json" and the body:
        """
        {"a":1}
        """
      Then the JSON body is:
        """json
        { "got": null }
        """
      When I POST "/any" with content type "text/plain" and the body:
        """
        [1,2]
        """
      Then the JSON body is:
        """json
        { "got": [1, 2] }
        """

  Rule: BODY-025 verify checks the raw bytes before parsing

    Scenario: verify sees the bytes and the charset; a throw is a 403 with its message
      Given the app:
        """js
        app.use(json({
          verify(req, res, buf, encoding) {
            world.seen = { buffer: Buffer.isBuffer(buf), text: buf.toString(), encoding };
            if (req.headers['x-signature'] !== 'ok') throw new Error('Bad signature');
          },
        }));
        app.post('/hook', (req, res) => { world.handled = true; res.json(req.body); });
        """
      When I POST "/hook" with headers and the body:
        | content-type | application/json |
        | x-signature  | forged           |
        | body         | {"a":1}          |
      Then the status is 403
      And the body is "Bad signature"
      And this holds:
        """js
        assert.deepEqual(world.seen, { buffer: true, text: '{"a":1}', encoding: 'utf-8' });
        assert.equal(world.handled, undefined);
        """
      When I POST "/hook" with headers and the body:
        | content-type | application/json |
        | x-signature  | ok               |
        | body         | {"a":1}          |
      Then the status is 200
      And the JSON body is:
        """json
        { "a": 1 }
        """

    Scenario: An error with its own status keeps it, and raw() passes a null encoding
      Given the app:
        """js
        app.use(raw({
          verify(req, res, buf, encoding) {
            world.encoding = encoding;
            const err = Object.assign(new Error('Payment required first'), { status: 402 });
            throw err;
          },
        }));
        app.post('/pay', (req, res) => res.send('paid'));
        """
      When I POST "/pay" with content type "application/octet-stream" and the body:
        """
        1234
        """
      Then the status is 402
      And the body is "Payment required first"
      And this holds:
        """js
        assert.equal(world.encoding, null);
        """

  Rule: BODY-026 inflate: false refuses compressed bodies

    Scenario Outline: inflate <inflate> with a gzip body answers <status>
      Given the app:
        """js
        app.use(json({ inflate: <inflate> }));
        app.post('/echo', (req, res) => res.json(req.body));
        """
      When I POST "/echo" with content encoding "gzip" and the compressed JSON body:
        """
        {"zipped":true}
        """
      Then the status is <status>

      Examples:
        | inflate | status |
        | true    | 200    |
        | false   | 415    |

    Scenario: inflate: false still reads an identity body
      Given the app:
        """js
        app.use(text({ inflate: false }));
        app.post('/echo', (req, res) => res.send(req.body));
        """
      When I POST "/echo" with headers and the body:
        | content-type     | text/plain |
        | content-encoding | identity   |
        | body             | plain      |
      Then the status is 200
      And the body is "plain"

  Rule: BODY-027 json() takes reviver and strict

    Scenario: strict: true accepts objects and arrays only; the default accepts any value
      Given the app:
        """js
        app.post('/strict', json({ strict: true }), (req, res) => res.json({ got: req.body }));
        app.post('/loose', json(), (req, res) => res.json({ got: req.body }));
        """
      When I POST "/strict" with content type "application/json" and the body:
        """
        "just a string"
        """
      Then the status is 400
      And the body is "JSON body must be an object or an array (strict)"
      When I POST "/strict" with content type "application/json" and the body:
        """
          [1, 2]
        """
      Then the JSON body is:
        """json
        { "got": [1, 2] }
        """
      When I POST "/loose" with content type "application/json" and the body:
        """
        42
        """
      Then the JSON body is:
        """json
        { "got": 42 }
        """

    Scenario: reviver shapes the parsed values, and prototype keys are still refused
      Given the app:
        """js
        app.use(json({ reviver: (key, value) => (key === 'at' ? new Date(String(value)).getUTCFullYear() : value) }));
        app.post('/event', (req, res) => res.json(req.body));
        """
      When I POST "/event" with content type "application/json" and the body:
        """
        { "name": "launch", "at": "2024-05-01T00:00:00Z" }
        """
      Then the JSON body is:
        """json
        { "name": "launch", "at": 2024 }
        """
      When I POST "/event" with content type "application/json" and the body:
        """
        { "__proto__": { "admin": true } }
        """
      Then the status is 400
      And the body is "Forbidden key in JSON body"

  Rule: BODY-028 urlencoded() takes parameterLimit, depth and defaultCharset

    Scenario: parameterLimit lowers the count of parameters a form may carry
      Given the app:
        """js
        app.use(urlencoded({ parameterLimit: 2 }));
        app.post('/form', (req, res) => res.json(req.body));
        """
      When I POST "/form" with content type "application/x-www-form-urlencoded" and the body:
        """
        a=1&b=2
        """
      Then the JSON body is:
        """json
        { "a": "1", "b": "2" }
        """
      When I POST "/form" with content type "application/x-www-form-urlencoded" and the body:
        """
        a=1&b=2&c=3
        """
      Then the status is 413
      And the body is "Too many parameters"

    Scenario: depth sets how deep an extended form nests
      Given the app:
        """js
        app.use(urlencoded({ extended: true, depth: 1 }));
        app.post('/form', (req, res) => res.json(req.body));
        """
      When I POST "/form" with content type "application/x-www-form-urlencoded" and the body:
        """
        user[name][first]=Ada
        """
      Then the JSON body is:
        """json
        { "user": { "name": { "[first]": "Ada" } } }
        """

    Scenario: extended: false gives a flat form whose keys never reach a prototype
      Given the app:
        """js
        app.use(urlencoded({ extended: false }));
        app.post('/form', (req, res) => res.json({ body: req.body, polluted: ({}).admin === true }));
        """
      When I POST "/form" with content type "application/x-www-form-urlencoded" and the body:
        """
        a[b]=1&tag=x&tag=y&__proto__[admin]=true&__proto__=z
        """
      Then the JSON body is:
        """json
        { "body": { "a[b]": "1", "tag": ["x", "y"], "__proto__[admin]": "true" }, "polluted": false }
        """

    Scenario: defaultCharset iso-8859-1 decodes a form that names no charset
      Given the app:
        """js
        app.use(urlencoded({ defaultCharset: 'iso-8859-1' }));
        app.post('/form', (req, res) => res.json(req.body));
        """
      When I POST "/form" with content type "application/x-www-form-urlencoded" and the body:
        """
        city=Z%FCrich
        """
      Then the JSON body is:
        """json
        { "city": "Zürich" }
        """

  Rule: BODY-019 Setup-time misuse throws a TypeError

    Scenario Outline: <call> throws a TypeError naming <name>
      Given the app:
        """js
        // not typed: some rows pass options of the wrong type, which throw a TypeError
        try { <call>; world.thrown = undefined; } catch (err) { world.thrown = err; }
        """
      Then this holds:
        """js
        assert.ok(world.thrown instanceof TypeError, 'a TypeError at setup');
        assert.match(world.thrown.message, /<name>/);
        """

      Examples:
        | call                                           | name           |
        | json({ strict: 'yes' })                        | strict         |
        | json({ reviver: {} })                          | reviver        |
        | json({ verify: 'sign' })                       | verify         |
        | json({ inflate: 0 })                           | inflate        |
        | json({ type: 42 })                             | type           |
        | raw({ type: [] })                              | type           |
        | text({ type: 'txet' })                         | type           |
        | raw({ limit: 'lots' })                         | limit          |
        | text({ defaultCharset: 'utf-16' })             | defaultCharset |
        | urlencoded({ parameterLimit: 0 })              | parameterLimit |
        | urlencoded({ parameterLimit: 1.5 })            | parameterLimit |
        | urlencoded({ depth: -1 })                      | depth          |
        | urlencoded({ defaultCharset: 'utf-16' })       | defaultCharset |
        | text('utf-8')                                  | options        |

    Scenario: The TypeErrors start with body-parser's words, which code moved from Express may match
      Given the Express app:
        """js
        world.thrown = [];
        // not typed: each option is of a type the parsers refuse at setup
        for (const make of [
          () => express.json({ verify: 'sign' }),
          () => express.raw({ verify: 1 }),
          () => express.text({ verify: {} }),
          () => express.urlencoded({ verify: true }),
          () => express.urlencoded({ parameterLimit: 0 }),
          () => express.urlencoded({ parameterLimit: 'beep' }),
        ]) {
          try { make(); world.thrown.push('nothing'); } catch (err) { world.thrown.push(String(err)); }
        }
        """
      Then this holds:
        """js
        for (const thrown of world.thrown.slice(0, 4)) assert.match(thrown, /^TypeError: option verify must be function: \w+\(\) got/);
        for (const thrown of world.thrown.slice(4)) assert.match(thrown, /^TypeError: option parameterLimit must be a positive number: urlencoded\(\)/);
        """
