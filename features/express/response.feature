@express
Feature: Express 4's response members
  res.send's ETag and 304, the older status forms, the json settings, jsonp, the header members,
  redirect bodies by Accept, and res.format, on the same response as kitjs's own senders.

  Rule: XRES-001 res.send: ETag and 304 for a fresh request

    Scenario: With the etag setting on, a body gets a weak ETag
      Given the app:
        """js
        app.set('etag', 'weak');
        app.get('/text', (req, res) => res.send('hello'));
        app.get('/json', (req, res) => res.json({ a: 1 }));
        app.get('/empty', (req, res) => res.send(''));
        app.get('/none', (req, res) => res.send());
        """
      When I GET "/text"
      Then the status is 200
      And the body is "hello"
      And this holds:
        """js
        const etag = require('etag');
        assert.equal(response.headers.etag, etag('hello', { weak: true }));
        assert.match(response.headers.etag, /^W\/"5-/);
        """
      When I GET "/json"
      Then this holds:
        """js
        assert.equal(response.headers.etag, require('etag')('{"a":1}', { weak: true }));
        """
      When I GET "/empty"
      Then the header "ETag" is "W/\"0-2jmj7l5rSw0yVb/vlWAYkK/YBwk\""
      When I GET "/none"
      Then the header "ETag" is absent

    Scenario: A strong ETag, and an ETag function
      Given the app:
        """js
        app.set('etag', 'strong');
        app.get('/strong', (req, res) => res.send('hello'));
        """
      When I GET "/strong"
      Then this holds:
        """js
        assert.equal(response.headers.etag, require('etag')('hello'));
        assert.doesNotMatch(response.headers.etag, /^W\//);
        """

    Scenario: A fresh GET is answered 304 without a body; a stale one gets the body
      Given the app:
        """js
        app.set('etag', (body, encoding) => {
          world.given = { buffer: Buffer.isBuffer(body), text: String(body), encoding };
          return '"v1"';
        });
        app.get('/', (req, res) => res.send('the whole pagé'));
        """
      When I GET "/" with headers:
        | name          | value |
        | If-None-Match | "v1"  |
      Then the status is 304
      And this holds:
        """js
        assert.deepEqual(world.given, { buffer: true, text: 'the whole pagé', encoding: undefined });
        """
      And the body is empty
      And the header "ETag" is "\"v1\""
      And the header "Content-Type" is absent
      And the header "Content-Length" is absent
      When I GET "/" with headers:
        | name          | value |
        | If-None-Match | "v0"  |
      Then the status is 200
      And the body is "the whole pagé"

    Scenario: A fresh HEAD is a 304 too
      Given the app:
        """js
        app.set('etag', () => '"v1"');
        app.get('/', (req, res) => res.json({ big: 'object' }));
        """
      When I HEAD "/" with headers:
        | name          | value |
        | If-None-Match | "v1"  |
      Then the status is 304

    Scenario: Only GET and HEAD with a 2xx status can be fresh; the ETag is sent for every method
      Given the app:
        """js
        app.set('etag', () => '"v1"');
        app.post('/', (req, res) => res.send('created'));
        app.get('/error', (req, res) => res.status(500).send('failed'));
        """
      When I POST "/" with headers:
        | name          | value |
        | If-None-Match | "v1"  |
      Then the status is 200
      And the body is "created"
      And the header "ETag" is "\"v1\""
      When I GET "/error" with headers:
        | name          | value |
        | If-None-Match | "v1"  |
      Then the status is 500
      And the body is "failed"

    Scenario: An ETag the app set is kept, and counts with the etag setting off
      Given the app:
        """js
        app.set('etag', 'weak');
        app.get('/own', (req, res) => res.set('ETag', '"mine"').send('x'));
        const plain = kit();
        plain.get('/', (req, res) => res.set('ETag', '"v7"').send('body'));
        plain.get('/dated', (req, res) => res.set('Last-Modified', 'Wed, 21 Oct 2015 07:28:00 GMT').send('body'));
        world.plain = plain.listen(0, '127.0.0.1');
        await new Promise((resolve) => world.plain.once('listening', resolve));
        world.plainBase = `http://127.0.0.1:${world.plain.address().port}`;
        """
      When I GET "/own"
      Then the header "ETag" is "\"mine\""
      And this holds:
        """js
        // node:http, not fetch: fetch adds Cache-Control: no-cache to a conditional request, which is never fresh.
        const asked = (path, headers) => new Promise((resolve, reject) => {
          require('node:http').get(world.plainBase + path, { headers }, (res) => {
            let text = '';
            res.on('data', (chunk) => { text += chunk; });
            res.on('end', () => resolve({ status: res.statusCode, text }));
          }).on('error', reject);
        });
        const fresh = await asked('/', { 'If-None-Match': '"v7"' });
        assert.equal(fresh.status, 304);
        assert.equal(fresh.text, '');
        const stale = await asked('/', { 'If-None-Match': '"v6"' });
        assert.equal(stale.status, 200);
        const since = await asked('/dated', { 'If-Modified-Since': 'Thu, 22 Oct 2015 07:28:00 GMT' });
        assert.equal(since.status, 304);
        const before = await asked('/dated', { 'If-Modified-Since': 'Tue, 20 Oct 2015 07:28:00 GMT' });
        assert.equal(before.status, 200);
        assert.equal(before.text, 'body');
        await new Promise((resolve) => world.plain.close(resolve));
        """

  Rule: XRES-002 res.send: the Content-Type of strings and buffers, and 205

    Scenario: A Buffer keeps the Content-Type set before it, charset included
      Given the app:
        """js
        app.get('/', (req, res) => res.set('Content-Type', 'text/plain; charset=iso-8859-1').send(Buffer.from('hi')));
        app.get('/bin', (req, res) => res.send(Buffer.from('hi')));
        """
      When I GET "/"
      Then the content type is "text/plain; charset=iso-8859-1"
      And the body is "hi"
      When I GET "/bin"
      Then the content type is "application/octet-stream"

    Scenario: In a kit() app the type set before a string is the type sent
      Given the app:
        """js
        app.get('/', (req, res) => res.type('application/xml').send('<a/>'));
        """
      When I GET "/"
      Then the content type is "application/xml"

    Scenario: A 205 goes out with Content-Length 0 and no body
      Given the app:
        """js
        app.get('/', (req, res) => res.status(205).send('ignored'));
        """
      When I GET "/"
      Then the status is 205
      And the header "Content-Length" is "0"
      And the body is empty

    Scenario: Under kitjs/express a string is sent as UTF-8 whatever charset the type named
      Given the Express app:
        """js
        app.get('/latin', (req, res) => res.type('text/plain; charset=iso-8859-1').send('café'));
        app.get('/plain', (req, res) => res.set('Content-Type', 'text/csv').send('a,b'));
        """
      When I GET "/latin"
      Then the content type is "text/plain; charset=utf-8"
      And the body is "café"
      When I GET "/plain"
      Then the content type is "text/csv; charset=utf-8"

  Rule: XRES-003 Express 4's older status forms of send, json and jsonp

    Scenario Outline: <call> answers <status>
      Given the Express app:
        """js
        // not typed: Express 4's (status, body) forms, which a route's inferred type leaves out
        app.get('/', (req, res) => <call>);
        """
      When I GET "/"
      Then the status is <status>
      And the body is:
        """
        <body>
        """

      Examples:
        | call                        | status | body    |
        | res.send(201, 'made')       | 201    | made    |
        | res.send('made', 202)       | 202    | made    |
        | res.send(203, 5)            | 203    | 5       |
        | res.json(201, { a: 1 })     | 201    | {"a":1} |
        | res.json({ a: 1 }, 202)     | 202    | {"a":1} |
        | res.jsonp(203, { a: 1 })    | 203    | {"a":1} |

    Scenario: A bad status in the older forms is a RangeError, so a 500
      Given the Express app:
        """js
        // not typed: Express 4's (status, body) form, which a route's inferred type leaves out
        app.get('/', (req, res) => res.send(99, 'never'));
        """
      When I GET "/"
      Then the status is 500
      And the body does not contain "never"


    Scenario: Under kitjs/express res.send(404) sends the status text
      Given the Express app:
        """js
        app.get('/', (req, res) => res.send(404));
        """
      When I GET "/"
      Then the status is 404
      And the media type is "text/plain"
      And the body is "Not Found"

  Rule: XRES-004 res.json honours json replacer, json spaces and json escape

    Scenario: json spaces and json replacer shape the text
      Given the app:
        """js
        app.set('json spaces', 2);
        app.get('/spaces', (req, res) => res.json({ a: 1, b: [2] }));
        app.get('/replacer', (req, res) => {
          req.app.set('json replacer', (key, value) => (key === 'secret' ? undefined : value));
          res.json({ name: 'x', secret: 'y' });
        });
        """
      When I GET "/spaces"
      Then this holds:
        """js
        assert.equal(response.text, JSON.stringify({ a: 1, b: [2] }, null, 2));
        """
      When I GET "/replacer"
      Then this holds:
        """js
        assert.equal(response.text, JSON.stringify({ name: 'x' }, null, 2));
        """

    Scenario: json escape makes <, > and & unicode escapes, in res.json and res.send
      Given the app:
        """js
        app.set('json escape', true);
        app.get('/json', (req, res) => res.json({ html: '<script>a && b</script>' }));
        app.get('/send', (req, res) => res.send({ html: '<b>' }));
        """
      When I GET "/json"
      Then the body is:
        """
        {"html":"\u003cscript\u003ea \u0026\u0026 b\u003c/script\u003e"}
        """
      And this holds:
        """js
        assert.deepEqual(response.json(), { html: '<script>a && b</script>' });
        """
      When I GET "/send"
      Then the body is:
        """
        {"html":"\u003cb\u003e"}
        """

    Scenario: Without the settings the text is JSON.stringify's
      Given the app:
        """js
        app.get('/', (req, res) => res.json({ html: '<b>', n: [1, 2] }));
        """
      When I GET "/"
      Then the body is "{\"html\":\"<b>\",\"n\":[1,2]}"

  Rule: XRES-005 res.jsonp

    Scenario: A callback wraps the JSON in a guarded call, as JavaScript
      Given the app:
        """js
        app.get('/', (req, res) => res.jsonp({ a: 1 }));
        """
      When I GET "/?callback=show"
      Then the body is "/**/ typeof show === 'function' && show({\"a\":1});"
      And the content type is "text/javascript; charset=utf-8"
      And the header "X-Content-Type-Options" is "nosniff"

    Scenario: The callback keeps only identifier characters
      Given the app:
        """js
        app.get('/', (req, res) => res.jsonp('x'));
        """
      When I GET "/?callback=alert(document.cookie)%3B%2F%2F%3Cscript%3E"
      Then the body is "/**/ typeof alertdocument.cookiescript === 'function' && alertdocument.cookiescript(\"x\");"

    Scenario: Callbacks with brackets and dots, the callback name setting, a repeated parameter, U+2028
      Given the app:
        """js
        app.set('jsonp callback name', 'cb');
        app.get('/', (req, res) => res.jsonp({ s: 'a\u2028b\u2029c' }));
        // not typed: Express 4 code assigns req.query; kitjs's types make it read-only
        app.get('/first', (req, res) => { req.query = { cb: ['one', 'two'] }; res.jsonp(1); });
        app.get('/undefined', (req, res) => res.jsonp(undefined));
        """
      When I GET "/?cb=app.handlers[0]"
      Then this holds:
        """js
        assert.equal(response.text, "/**/ typeof app.handlers[0] === 'function' && app.handlers[0]({\"s\":\"a\\u2028b\\u2029c\"});");
        """
      When I GET "/first"
      Then the body is "/**/ typeof one === 'function' && one(1);"
      When I GET "/undefined?cb=f"
      Then the body is "/**/ typeof f === 'function' && f();"

    Scenario: Without a callback it is JSON, with nosniff
      Given the app:
        """js
        app.get('/', (req, res) => res.jsonp({ a: 1 }));
        app.get('/typed', (req, res) => res.type('application/vnd.api+json').jsonp({ a: 1 }));
        """
      When I GET "/?other=x"
      Then the content type is "application/json; charset=utf-8"
      And the header "X-Content-Type-Options" is "nosniff"
      And the JSON body is:
        """json
        { "a": 1 }
        """
      When I GET "/typed"
      Then the media type is "application/vnd.api+json"
      And the header "X-Content-Type-Options" is absent

  Rule: XRES-006 res.get, res.append, res.set and res.header, res.contentType

    Scenario: get reads a header; append adds values; header is set
      Given the app:
        """js
        app.get('/', (req, res) => {
          res.header('X-Id', '7');
          res.append('Set-Cookie', 'a=1; Path=/');
          res.append('Set-Cookie', ['b=2', 'c=3']);
          res.append('Link', '</a>; rel="a"').append('Link', '</b>; rel="b"');
          res.set('X-List', ['x', 'y']);
          res.json({ id: res.get('x-id'), cookies: res.get('Set-Cookie'), missing: res.get('X-None') ?? null });
        });
        """
      When I GET "/"
      Then the JSON body is:
        """json
        { "id": "7", "cookies": ["a=1; Path=/", "b=2", "c=3"], "missing": null }
        """
      And the header "X-Id" is "7"
      And the header "Link" is "</a>; rel=\"a\", </b>; rel=\"b\""
      And the header "X-List" is "x, y"
      And this holds:
        """js
        assert.match(response.headers['set-cookie'], /a=1; Path=\/.*b=2.*c=3/s);
        """

    Scenario Outline: res.set('Content-Type', '<value>') sets <sent>
      Given the app:
        """js
        app.get('/', (req, res) => res.set('Content-Type', '<value>').end('x'));
        """
      When I GET "/"
      Then the content type is "<sent>"

      Examples:
        | value                           | sent                            |
        | text/plain                      | text/plain; charset=utf-8       |
        | application/json                | application/json; charset=utf-8 |
        | text/html; charset=iso-8859-1   | text/html; charset=iso-8859-1   |
        | image/png                       | image/png                       |

    Scenario: A Content-Type array is a TypeError; contentType is type
      Given the app:
        """js
        app.get('/', (req, res) => {
          try { res.set('Content-Type', ['text/plain', 'text/html']); world.thrown = 'nothing'; }
          catch (err) { world.thrown = err.name; }
          res.contentType('json').send('{}');
        });
        """
      When I GET "/"
      Then the content type is "application/json; charset=utf-8"
      And this holds:
        """js
        assert.equal(world.thrown, 'TypeError');
        """

  Rule: XRES-007 res.vary, res.links, res.location

    Scenario: vary adds a field once; links adds entries; location encodes
      Given the app:
        """js
        app.get('/', (req, res) => {
          res.vary('Accept').vary('accept').vary(['Origin', 'Accept-Encoding']).vary([]);
          res.links({ next: '/items?page=2', last: '/items?page=5' });
          res.links({ prev: '/items?page=0', alternate: ['/items.csv', '/items.xml'] });
          res.location('/a b?q=ü').status(201).end();
        });
        """
      When I GET "/"
      Then the status is 201
      And the header "Vary" is "Accept, Origin, Accept-Encoding"
      And the header "Link" is "</items?page=2>; rel=\"next\", </items?page=5>; rel=\"last\", </items?page=0>; rel=\"prev\", </items.csv>; rel=\"alternate\", </items.xml>; rel=\"alternate\""
      And the header "Location" is "/a%20b?q=%C3%BC"

    Scenario: location('back') is the Referer or /, and CR/LF never reach the header
      Given the app:
        """js
        app.get('/back', (req, res) => res.location('back').end());
        app.get('/inject', (req, res) => res.location('/x\r\nSet-Cookie: evil=1').end());
        """
      When I GET "/back" with headers:
        | name    | value         |
        | Referer | /from?page=2  |
      Then the header "Location" is "/from?page=2"
      When I GET "/back"
      Then the header "Location" is "/"
      When I GET "/inject"
      Then the header "Location" is "/x%0D%0ASet-Cookie:%20evil=1"
      And the header "Set-Cookie" is absent

  Rule: XRES-008 res.redirect: a body by the Accept header, and 'back'

    Scenario Outline: Accept <accept> gets the <type> note
      Given the app:
        """js
        app.get('/', (req, res) => res.redirect(301, '/next?a=1&b=2'));
        """
      When I GET "/" with headers:
        | name   | value    |
        | Accept | <accept> |
      Then the status is 301
      And the header "Location" is "/next?a=1&b=2"
      And the header "Vary" is "Accept"
      And the body is:
        """
        <body>
        """

      Examples:
        | accept     | type | body                                                                                        |
        | text/plain | text | Moved Permanently. Redirecting to /next?a=1&b=2                                             |
        | text/html  | HTML | <p>Moved Permanently. Redirecting to /next?a=1&amp;b=2</p>                                 |

    Scenario Outline: Express 4.21's HTML note on <flavour>: escaped, and no link
      Given <given>:
        """js
        app.get('/google', (req, res) => res.redirect('http://google.com'));
        app.get('/lame', (req, res) => res.redirect("<la'me>"));
        app.get('/evil', (req, res) => res.redirect('javascript:eval(document.body.innerHTML=`<p>XSS</p>`);'));
        """
      When I GET "/google" with headers:
        | name   | value     |
        | Accept | text/html |
      Then the body is "<p>Found. Redirecting to http://google.com</p>"
      When I GET "/lame" with headers:
        | name   | value     |
        | Accept | text/html |
      Then the header "Location" is "%3Cla'me%3E"
      And the body is "<p>Found. Redirecting to %3Cla&#39;me%3E</p>"
      When I GET "/evil" with headers:
        | name   | value     |
        | Accept | text/html |
      Then the body is "<p>Found. Redirecting to javascript:eval(document.body.innerHTML=%60%3Cp%3EXSS%3C/p%3E%60);</p>"

      Examples:
        | flavour        | given           |
        | kit()          | the app         |
        | kitjs/express  | the Express app |

    Scenario: Content types of the bodies, no Accept, HEAD, and 'back'
      Given the app:
        """js
        app.all('/', (req, res) => res.redirect('/there'));
        app.get('/back', (req, res) => res.redirect('back'));
        """
      When I GET "/" with headers:
        | name   | value     |
        | Accept | text/html |
      Then the content type is "text/html; charset=utf-8"
      When I GET "/" with headers:
        | name   | value            |
        | Accept | application/json |
      Then the header "Content-Type" is absent
      And the header "Content-Length" is "0"
      And the body is empty
      When I send the raw request:
        """
        GET / HTTP/1.1
        Host: x
        Connection: close
        """
      Then the status is 302
      And the content type is "text/plain; charset=utf-8"
      And the body is "Found. Redirecting to /there"
      When I HEAD "/"
      Then the status is 302
      And the header "Location" is "/there"
      And the body is empty
      When I GET "/back" with headers:
        | name    | value             |
        | Referer | http://x.test/prev |
      Then the status is 302
      And the header "Location" is "http://x.test/prev"

    Scenario: A redirect or jsonp after the response went out is refused, not thrown
      Given the app:
        """js
        app.get('/', (req, res) => {
          res.send('first');
          try { res.redirect('/elsewhere'); res.jsonp({ late: true }); world.thrown = 'nothing'; }
          catch (err) { world.thrown = err.code; }
        });
        """
      When I GET "/"
      Then the status is 200
      And the body is "first"
      And the header "Location" is absent
      And this holds:
        """js
        assert.equal(world.thrown, 'nothing');
        """

  Rule: XRES-009 res.format

    Scenario Outline: Accept <accept> calls the <chosen> handler
      Given the app:
        """js
        app.get('/', (req, res) => res.format({
          'text/plain': () => res.send('text'),
          html: (rq, rs) => rs.send('<p>html</p>'),
          json: () => res.send({ kind: 'json' }),
        }));
        """
      When I GET "/" with headers:
        | name   | value    |
        | Accept | <accept> |
      Then the status is 200
      And the content type is "<type>"
      And the header "Vary" is "Accept"
      And the body is:
        """
        <body>
        """

      Examples:
        | accept                        | chosen | type                            | body            |
        | text/plain                    | text   | text/plain; charset=utf-8       | text            |
        | text/html                     | html   | text/html; charset=utf-8        | <p>html</p>     |
        | application/json              | json   | application/json; charset=utf-8 | {"kind":"json"} |
        | text/html;q=0.5, text/plain   | text   | text/plain; charset=utf-8       | text            |
        | */*                           | first  | text/plain; charset=utf-8       | text            |

    Scenario: No match calls default, else a 406 listing the offered types
      Given the app:
        """js
        app.get('/default', (req, res) => res.format({
          json: () => res.json({}),
          default: (rq, rs) => rs.status(406).send('only json here'),
        }));
        app.get('/none', (req, res) => res.format({ json: () => res.json({}), 'text/html': () => res.send('') }));
        app.get('/caught', (req, res) => res.format({ json: () => res.json({}) }));
        app.use((err, req, res, next) => {
          if (req.path !== '/caught') return next(err);
          res.status(err.status).json({ status: err.status, types: err.types });
        });
        """
      When I GET "/default" with headers:
        | name   | value     |
        | Accept | image/png |
      Then the status is 406
      And the body is "only json here"
      When I GET "/none" with headers:
        | name   | value     |
        | Accept | image/png |
      Then the status is 406
      And the body is "Not Acceptable"
      And the header "Vary" is "Accept"
      When I GET "/caught" with headers:
        | name   | value     |
        | Accept | image/png |
      Then the JSON body is:
        """json
        { "status": 406, "types": ["application/json"] }
        """

  Rule: XRES-010 res.status: kitjs's RangeError where Express 4.21 coerces

    Scenario Outline: res.status(<code>) throws a RangeError at once
      Given the app:
        """js
        app.get('/', (req, res) => {
          // not typed: statuses of the wrong type are refused with a TypeError
          try { res.status(<code>); world.thrown = 'nothing'; } catch (err) { world.thrown = err.name; }
          res.send('after');
        });
        """
      When I GET "/"
      Then the status is 200
      And the body is "after"
      And this holds:
        """js
        assert.equal(world.thrown, 'RangeError');
        """

      Examples:
        | code  |
        | '200' |
        | 200.5 |
        | 99    |
