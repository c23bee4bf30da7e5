@express
Feature: Express 4's request members
  trust proxy (ip, ips, protocol, secure, hostname, host), subdomains, content negotiation, fresh, range,
  xhr, header, param, and the query parser setting, as Express 4 has them.

  Rule: XREQ-001 req.ip follows trust proxy

    Scenario: Without trust, X-Forwarded-For is ignored
      Given the app:
        """js
        world.setting = app.get('trust proxy');
        app.get('/', (req, res) => res.json({ ip: req.ip }));
        """
      When I GET "/" with headers:
        | name            | value   |
        | X-Forwarded-For | 6.6.6.6 |
      Then this holds:
        """js
        assert.equal(world.setting, false);
        assert.match(response.json().ip, /^(::ffff:)?127\.0\.0\.1$/);
        """

    Scenario Outline: With trust proxy <value>, req.ip is <ip>
      Given the app:
        """js
        app.set('trust proxy', <value>);
        app.get('/', (req, res) => res.json({ ip: req.ip }));
        """
      When I GET "/" with headers:
        | name            | value                      |
        | X-Forwarded-For | 1.1.1.1, 10.0.0.2, 10.0.0.1 |
      Then the JSON body is:
        """json
        { "ip": "<ip>" }
        """

      Examples:
        | value                                   | ip       |
        | true                                    | 1.1.1.1  |
        | 1                                       | 10.0.0.1 |
        | 2                                       | 10.0.0.2 |
        | 'loopback'                              | 10.0.0.1 |
        | 'loopback, 10.0.0.1'                    | 10.0.0.2 |
        | ['loopback', '10.0.0.0/8']              | 1.1.1.1  |
        | (address) => address !== '10.0.0.2'     | 10.0.0.2 |

    Scenario: An untrusted socket keeps its own address even with a trusted chain behind it
      Given the app:
        """js
        app.set('trust proxy', '10.0.0.0/8');
        app.get('/', (req, res) => res.json({ ip: req.ip, ips: req.ips }));
        """
      When I GET "/" with headers:
        | name            | value    |
        | X-Forwarded-For | 10.0.0.1 |
      Then this holds:
        """js
        assert.match(response.json().ip, /^(::ffff:)?127\.0\.0\.1$/);
        assert.deepEqual(response.json().ips, []);
        """

  Rule: XREQ-002 req.ips lists the addresses the trusted proxies vouch for

    Scenario Outline: req.ips with trust proxy <value>
      Given the app:
        """js
        app.set('trust proxy', <value>);
        app.get('/', (req, res) => res.json({ ips: req.ips }));
        """
      When I GET "/" with headers:
        | name            | value                       |
        | X-Forwarded-For | 1.1.1.1, 10.0.0.2, 10.0.0.1 |
      Then the JSON body is:
        """json
        { "ips": <ips> }
        """

      Examples:
        | value      | ips                                     |
        | false      | []                                      |
        | true       | ["1.1.1.1", "10.0.0.2", "10.0.0.1"]     |
        | 2          | ["10.0.0.2", "10.0.0.1"]                |
        | 'loopback' | ["10.0.0.1"]                            |

  Rule: XREQ-003 req.protocol and req.secure

    Scenario: Plain HTTP is http, and X-Forwarded-Proto is ignored without trust
      Given the app:
        """js
        app.get('/', (req, res) => res.json({ protocol: req.protocol, secure: req.secure }));
        """
      When I GET "/" with headers:
        | name              | value |
        | X-Forwarded-Proto | https |
      Then the JSON body is:
        """json
        { "protocol": "http", "secure": false }
        """

    Scenario Outline: A trusted proxy's X-Forwarded-Proto "<header>" gives <protocol>
      Given the app:
        """js
        app.set('trust proxy', 'loopback');
        app.get('/', (req, res) => res.json({ protocol: req.protocol, secure: req.secure }));
        """
      When I GET "/" with headers:
        | name              | value    |
        | X-Forwarded-Proto | <header> |
      Then the JSON body is:
        """json
        { "protocol": "<protocol>", "secure": <secure> }
        """

      Examples:
        | header        | protocol | secure |
        | https         | https    | true   |
        | https, http   | https    | true   |
        | http , https  | http     | false  |
        | HTTPS,http    | HTTPS    | false  |
        | ,https        | http     | false  |

    Scenario: A TLS socket is https, and an untrusted proxy cannot downgrade it
      Given the app:
        """js
        app.get('/', (req, res) => res.json({ protocol: req.protocol, secure: req.secure }));
        const server = app.listen(0, '127.0.0.1');
        // What a TLS socket of node:https carries: the member req.protocol reads.
        // not typed: the scenario makes a plain socket look like a TLS one
        server.on('connection', (socket) => { socket.encrypted = true; });
        await new Promise((resolve) => server.once('listening', resolve));
        return server;
        """
      When I GET "/" with headers:
        | name              | value |
        | X-Forwarded-Proto | http  |
      Then the JSON body is:
        """json
        { "protocol": "https", "secure": true }
        """

  Rule: XREQ-004 req.hostname and req.host from a trusted X-Forwarded-Host

    Scenario Outline: X-Forwarded-Host "<forwarded>" with trust proxy <value>
      Given the Express app:
        """js
        app.set('trust proxy', <value>);
        // not typed: req.host is a member of kitjs/express's requests only, which a route's inferred type leaves out
        app.get('/', (req, res) => res.json({ hostname: req.hostname, host: req.host }));
        """
      When I send the raw request:
        """
        GET / HTTP/1.1
        Host: real.example:8080
        X-Forwarded-Host: <forwarded>
        Connection: close
        """
      Then the JSON body is:
        """json
        { "hostname": "<hostname>", "host": "<hostname>" }
        """

      Examples:
        | value       | forwarded                      | hostname          |
        | false       | proxied.example                | real.example      |
        | '10.0.0.0/8' | proxied.example               | real.example      |
        | true        | proxied.example                | proxied.example   |
        | 'loopback'  | proxied.example:3000           | proxied.example   |
        | 'loopback'  | first.example, second.example  | first.example     |
        | 'loopback'  | [::1]:3000                     | [::1]             |

    Scenario: Without X-Forwarded-Host a trusting app reads Host, and without either hostname is ''
      Given the app:
        """js
        app.enable('trust proxy');
        app.get('/', (req, res) => res.json({ hostname: req.hostname }));
        """
      When I send the raw request:
        """
        GET / HTTP/1.1
        Host: [2001:db8::1]:443
        Connection: close
        """
      Then the JSON body is:
        """json
        { "hostname": "[2001:db8::1]" }
        """
      When I send the raw request:
        """
        GET / HTTP/1.0
        """
      Then the JSON body is:
        """json
        { "hostname": "" }
        """

  Rule: XREQ-005 req.subdomains

    Scenario Outline: Subdomains of <host> with offset <offset>
      Given the app:
        """js
        if (<offset> !== 2) app.set('subdomain offset', <offset>);
        app.get('/', (req, res) => res.json({ subdomains: req.subdomains }));
        """
      When I send the raw request:
        """
        GET / HTTP/1.1
        Host: <host>
        Connection: close
        """
      Then the JSON body is:
        """json
        { "subdomains": <subdomains> }
        """

      Examples:
        | host                          | offset | subdomains             |
        | tobi.ferrets.example.com      | 2      | ["ferrets", "tobi"]    |
        | tobi.ferrets.example.com:3000 | 3      | ["tobi"]               |
        | tobi.ferrets.example.com      | 0      | ["com", "example", "ferrets", "tobi"] |
        | example.com                   | 2      | []                     |
        | 127.0.0.1                     | 2      | []                     |
        | 127.0.0.1                     | 0      | ["127.0.0.1"]          |
        | [::ffff:7f00:1]:80            | 0      | ["[::ffff:7f00:1]"]    |
        | [::ffff:127.0.0.1]            | 0      | ["[::ffff:127.0.0.1]"] |

  Rule: XREQ-010 req.accepts negotiates the response type

    Scenario Outline: Accept "<accept>" and req.accepts(<offers>)
      Given the app:
        """js
        app.get('/', (req, res) => res.json({ best: req.accepts(<offers>) }));
        """
      When I GET "/" with headers:
        | name   | value    |
        | Accept | <accept> |
      Then the JSON body is:
        """json
        { "best": <best> }
        """

      Examples:
        | accept                          | offers                    | best               |
        | text/html                       | 'html'                    | "html"             |
        | text/*, application/json        | 'text/html'               | "text/html"        |
        | text/*, application/json        | 'png'                     | false              |
        | text/*;q=.5, application/json   | 'html', 'json'            | "json"             |
        | text/*;q=.5, application/json   | ['html', 'json']          | "json"             |
        | application/json;q=0.2, text/html | 'json', 'text/html'     | "text/html"        |
        | image/png                       | ['html', 'json']          | false              |
        | application/json, text/html;q=0.5 |                         | ["application/json", "text/html"] |

    Scenario: Without an Accept header the first offer wins
      Given the app:
        """js
        app.get('/', (req, res) => res.json({ best: req.accepts(['json', 'html']) }));
        """
      When I send the raw request:
        """
        GET / HTTP/1.1
        Host: localhost
        Connection: close
        """
      Then the JSON body is:
        """json
        { "best": "json" }
        """

  Rule: XREQ-011 req.acceptsEncodings, acceptsCharsets, acceptsLanguages and their singular aliases

    Scenario: Encodings, charsets and languages are negotiated; a kit() request has no singular names
      Given the app:
        """js
        app.get('/', (req, res) => res.json({
          encoding: req.acceptsEncodings('br', 'gzip'),
          encodingArray: req.acceptsEncodings(['deflate', 'gzip']),
          noEncoding: req.acceptsEncodings('compress'),
          encodings: req.acceptsEncodings(),
          charset: req.acceptsCharsets('iso-8859-1', 'utf-8'),
          noCharset: req.acceptsCharsets('utf-16'),
          language: req.acceptsLanguages(['fr', 'en']),
          noLanguage: req.acceptsLanguages('de'),
          languages: req.acceptsLanguages(),
          singular: ['acceptsEncoding', 'acceptsCharset', 'acceptsLanguage'].map((name) => typeof req[name]),
        }));
        """
      When I GET "/" with headers:
        | name            | value                            |
        | Accept-Encoding | gzip, deflate;q=0.5, identity;q=0 |
        | Accept-Charset  | utf-8, iso-8859-1;q=0.2          |
        | Accept-Language | es, en;q=0.8                     |
      Then the JSON body is:
        """json
        {
          "encoding": "gzip", "encodingArray": "gzip", "noEncoding": false,
          "encodings": ["gzip", "deflate"],
          "charset": "utf-8", "noCharset": false,
          "language": "en", "noLanguage": false, "languages": ["es", "en"],
          "singular": ["undefined", "undefined", "undefined"]
        }
        """

    Scenario: On kitjs/express's requests the singular names are the plural functions themselves
      Given the Express app:
        """js
        // not typed: the singular names are members of kitjs/express's requests only, which a route's inferred type leaves out
        app.get('/', (req, res) => res.json({
          aliases: [req.acceptsEncoding === req.acceptsEncodings, req.acceptsCharset === req.acceptsCharsets,
            req.acceptsLanguage === req.acceptsLanguages],
          encoding: req.acceptsEncoding('br', 'gzip'),
          charset: req.acceptsCharset(['iso-8859-1', 'utf-8']),
          language: req.acceptsLanguage('en', 'es'),
          languages: req.acceptsLanguage(),
        }));
        """
      When I GET "/" with headers:
        | name            | value                            |
        | Accept-Encoding | gzip, deflate;q=0.5, identity;q=0 |
        | Accept-Charset  | utf-8, iso-8859-1;q=0.2          |
        | Accept-Language | es, en;q=0.8                     |
      Then the JSON body is:
        """json
        {
          "aliases": [true, true, true],
          "encoding": "gzip", "charset": "utf-8", "language": "es", "languages": ["es", "en"]
        }
        """

    Scenario: identity is an acceptable encoding unless refused
      Given the app:
        """js
        app.get('/', (req, res) => res.json({ encoding: req.acceptsEncodings('identity', 'br') }));
        """
      When I GET "/" with headers:
        | name            | value |
        | Accept-Encoding | gzip  |
      Then the JSON body is:
        """json
        { "encoding": "identity" }
        """

  Rule: XREQ-020 req.fresh and req.stale

    Scenario Outline: <method> with <condition> against a <status> carrying <validator>
      Given the app:
        """js
        app.all('/', (req, res) => {
          res.status(<status>);
          res.setHeader('<validator>', '<value>');
          const seen = { fresh: req.fresh, stale: req.stale };
          res.setHeader('X-Fresh', String(seen.fresh));
          res.setHeader('X-Stale', String(seen.stale));
          res.end();
        });
        """
      When I <method> "/" with headers:
        | name        | value       |
        | <condition> | <requested> |
      Then the header "X-Fresh" is "<fresh>"
      And the header "X-Stale" is "<stale>"

      Examples:
        | method | status | validator     | value                         | condition         | requested                     | fresh | stale |
        | GET    | 200    | ETag          | "v1"                          | If-None-Match     | "v1"                          | true  | false |
        | HEAD   | 200    | ETag          | "v1"                          | If-None-Match     | W/"v1"                        | true  | false |
        | GET    | 200    | ETag          | "v2"                          | If-None-Match     | "v1"                          | false | true  |
        | GET    | 304    | ETag          | "v1"                          | If-None-Match     | "v1"                          | true  | false |
        | GET    | 404    | ETag          | "v1"                          | If-None-Match     | "v1"                          | false | true  |
        | POST   | 200    | ETag          | "v1"                          | If-None-Match     | "v1"                          | false | true  |
        | GET    | 200    | Last-Modified | Tue, 01 Jan 2030 00:00:00 GMT | If-Modified-Since | Wed, 02 Jan 2030 00:00:00 GMT | true  | false |
        | GET    | 200    | Last-Modified | Thu, 03 Jan 2030 00:00:00 GMT | If-Modified-Since | Wed, 02 Jan 2030 00:00:00 GMT | false | true  |

    Scenario: A request without conditions is stale, and Cache-Control no-cache is never fresh
      Given the app:
        """js
        app.get('/', (req, res) => { res.set('ETag', '"v1"'); res.json({ fresh: req.fresh, stale: req.stale }); });
        """
      When I GET "/"
      Then the JSON body is:
        """json
        { "fresh": false, "stale": true }
        """
      When I GET "/" with headers:
        | name          | value    |
        | If-None-Match | "v1"     |
        | Cache-Control | no-cache |
      Then the JSON body is:
        """json
        { "fresh": false, "stale": true }
        """

  Rule: XREQ-021 req.range parses the Range header

    Scenario Outline: Range "<range>" for 1000 units<combine>
      Given the app:
        """js
        app.get('/', (req, res) => {
          const ranges = req.range(1000<combine>);
          res.json({ ranges: ranges === undefined ? 'none' : ranges, type: Array.isArray(ranges) ? ranges.type : null });
        });
        """
      When I GET "/" with headers:
        | name  | value   |
        | Range | <range> |
      Then the JSON body is:
        """json
        { "ranges": <ranges>, "type": <type> }
        """

      Examples:
        | range                 | combine               | ranges                                                  | type    |
        | bytes=0-499           |                       | [{ "start": 0, "end": 499 }]                            | "bytes" |
        | bytes=500-            |                       | [{ "start": 500, "end": 999 }]                          | "bytes" |
        | bytes=-100            |                       | [{ "start": 900, "end": 999 }]                          | "bytes" |
        | bytes=0-2000          |                       | [{ "start": 0, "end": 999 }]                            | "bytes" |
        | items=0-1             |                       | [{ "start": 0, "end": 1 }]                              | "items" |
        | bytes=0-9,5-19,20-29  |                       | [{ "start": 0, "end": 9 }, { "start": 5, "end": 19 }, { "start": 20, "end": 29 }] | "bytes" |
        | bytes=0-9,5-19,20-29  | , { combine: true }   | [{ "start": 0, "end": 29 }]                             | "bytes" |
        | bytes=2000-3000       |                       | -1                                                      | null    |
        | bytes=abc             |                       | -2                                                      | null    |
        | nonsense              |                       | -2                                                      | null    |

    Scenario: No Range header gives undefined, and a bad size is a TypeError
      Given the app:
        """js
        app.get('/', (req, res) => {
          const thrown = [-1, 1.5, '100', NaN].map((size) => {
            // not typed: sizes that are not numbers are refused with a TypeError
            try { req.range(size); return 'nothing'; } catch (err) { return err.name; }
          });
          res.json({ none: req.range(100) === undefined, thrown });
        });
        """
      When I GET "/"
      Then the JSON body is:
        """json
        { "none": true, "thrown": ["TypeError", "TypeError", "TypeError", "TypeError"] }
        """

  Rule: XREQ-030 req.xhr

    Scenario Outline: X-Requested-With "<value>"
      Given the app:
        """js
        app.get('/', (req, res) => res.json({ xhr: req.xhr }));
        """
      When I GET "/" with headers:
        | name             | value   |
        | X-Requested-With | <value> |
      Then the JSON body is:
        """json
        { "xhr": <xhr> }
        """

      Examples:
        | value          | xhr   |
        | XMLHttpRequest | true  |
        | xmlhttprequest | true  |
        | fetch          | false |

    Scenario: No X-Requested-With is not xhr
      Given the app:
        """js
        app.get('/', (req, res) => res.json({ xhr: req.xhr }));
        """
      When I GET "/"
      Then the JSON body is:
        """json
        { "xhr": false }
        """

  Rule: XREQ-031 req.header is req.get

    Scenario: req.header reads headers as req.get does
      Given the app:
        """js
        app.get('/', (req, res) => res.json({
          same: req.header === req.get,
          agent: req.header('X-AGENT'),
          referrer: req.header('referrer'),
        }));
        """
      When I GET "/" with headers:
        | name    | value              |
        | X-Agent | kit-test           |
        | Referer | https://a.example/ |
      Then the JSON body is:
        """json
        { "same": true, "agent": "kit-test", "referrer": "https://a.example/" }
        """

  Rule: XREQ-032 req.param looks in params, then body, then query

    Scenario: Params win over the body, the body over the query, and the default comes last
      Given the Express app:
        """js
        // `simple` (querystring) keeps a `constructor` key, which qs (the extended default) drops.
        app.set('query parser', 'simple');
        app.use(json());
        // not typed: req.param is a member of kitjs/express's requests only, which a route's inferred type leaves out
        app.post('/users/:id', (req, res) => res.json({
          id: req.param('id'),
          name: req.param('name'),
          page: req.param('page'),
          empty: req.param('empty', 'fallback'),
          missing: req.param('missing', 'fallback'),
          none: req.param('missing') ?? 'undefined',
          inherited: req.param('constructor', 'own keys only'),
          proto: req.param('toString', 'own keys only'),
        }));
        """
      When I POST "/users/7?id=query&name=query&page=2&constructor=" with the JSON body:
        """json
        { "id": "body", "name": "body", "empty": null }
        """
      Then the JSON body is:
        """json
        {
          "id": "7", "name": "body", "page": "2", "empty": "fallback", "missing": "fallback",
          "none": "undefined", "inherited": "", "proto": "own keys only"
        }
        """

  Rule: XREQ-040 req.query follows the query parser setting

    Scenario Outline: query parser <setting> on "<search>"
      Given the app:
        """js
        app.set('query parser', <setting>);
        app.get('/', (req, res) => res.json({ query: req.query }));
        """
      When I GET "/<search>"
      Then the JSON body is:
        """json
        { "query": <query> }
        """

      Examples:
        | setting                                  | search                     | query                                          |
        | 'strings'                                | ?a=1&a=2&b[c]=3            | { "a": "1", "b[c]": "3" }                      |
        | 'extended'                               | ?a=1&a=2&b[c]=3&d[]=x      | { "a": ["1", "2"], "b": { "c": "3" }, "d": ["x"] } |
        | 'simple'                                 | ?a=1&a=2&b[c]=3            | { "a": ["1", "2"], "b[c]": "3" }               |
        | true                                     | ?a=1&a=2                   | { "a": ["1", "2"] }                            |
        | false                                    | ?a=1&a=2                   | {}                                             |
        | (search) => ({ raw: search })            | ?a=1&b=%20                 | { "raw": "a=1&b=%20" }                         |
        | (search) => ({ raw: search })            |                            | { "raw": "" }                                  |

    Scenario: kit()'s default keeps ROUTE-013's strings, and a handler may assign req.query
      Given the app:
        """js
        // not typed: Express 4 code assigns req.query; kitjs's types make it read-only
        app.use((req, res, next) => { if (req.path === '/set') req.query = { replaced: true }; next(); });
        app.get('/', (req, res) => res.json({ setting: app.get('query parser'), query: req.query }));
        app.get('/set', (req, res) => res.json({ query: req.query }));
        """
      When I GET "/?a=1&a=2&b[c]=3"
      Then the JSON body is:
        """json
        { "setting": "strings", "query": { "a": "1", "b[c]": "3" } }
        """
      When I GET "/set?a=1"
      Then the JSON body is:
        """json
        { "query": { "replaced": true } }
        """

    Scenario: Under kitjs/express req.query and express.urlencoded()'s body are plain objects, as in Express 4
      Given the Express app:
        """js
        const { inspect } = require('node:util');
        const plain = (value) => Object.getPrototypeOf(value) === Object.prototype;
        app.post('/', express.urlencoded(), (req, res) => {
          res.json({
            query: inspect(req.query),
            body: inspect(req.body),
            plain: [plain(req.query), plain(req.query.user), plain(req.body), plain(req.body.user)],
            has: [req.query.hasOwnProperty('user'), req.query.hasOwnProperty('x'), req.body.hasOwnProperty('user')],
          });
        });
        """
      When I POST "/?user[name]=ada&tags[]=a&hasOwnProperty=1&toString=2" with content type "application/x-www-form-urlencoded" and the body:
        """
        user[name]=bob&hasOwnProperty=1
        """
      Then the JSON body is:
        """json
        {
          "query": "{ user: { name: 'ada' }, tags: [ 'a' ] }",
          "body": "{ user: { name: 'bob' } }",
          "plain": [true, true, true, true],
          "has": [true, false, true]
        }
        """

  Rule: XREQ-041 query(options) parses the query string with qs

    Scenario: qs options apply, and the middleware overrides the app's setting
      Given the app:
        """js
        app.use('/deep', query({ depth: 1 }));
        app.use('/dots', query({ allowDots: true }));
        app.use('/fn', query((search) => ({ length: search.length })));
        app.get('/deep', (req, res) => res.json(req.query));
        app.get('/dots', (req, res) => res.json(req.query));
        app.get('/fn', (req, res) => res.json(req.query));
        """
      When I GET "/deep?a[b][c]=1"
      Then the JSON body is:
        """json
        { "a": { "b": { "[c]": "1" } } }
        """
      When I GET "/dots?a.b=1&c=2&c=3"
      Then the JSON body is:
        """json
        { "a": { "b": "1" }, "c": ["2", "3"] }
        """
      When I GET "/fn?abc"
      Then the JSON body is:
        """json
        { "length": 3 }
        """
      When I GET "/fn"
      Then the JSON body is:
        """json
        { "length": 0 }
        """

    Scenario Outline: express.query(<options>) answers as query(<options>) does
      Given the Express app:
        """js
        const show = (req, res) => res.json({ query: req.query, prototypeLess: Object.getPrototypeOf(req.query) === null });
        app.use('/express', express.query(<options>));
        app.get('/express', show);
        app.use('/kit', query(<options>));
        app.get('/kit', show);
        """
      When I GET "/express?<search>"
      Then the JSON body is:
        """json
        <answer>
        """
      When I GET "/kit?<search>"
      Then the JSON body is:
        """json
        <answer>
        """

      Examples:
        | options                                         | search            | answer                                                                     |
        |                                                 | a[b]=1&toString=x | { "query": { "a": { "b": "1" }, "toString": "x" }, "prototypeLess": true } |
        | { depth: 1 }                                    | a[b][c]=1         | { "query": { "a": { "b": { "[c]": "1" } } }, "prototypeLess": true }       |
        | { allowDots: true }                             | a.b=1&c=2&c=3     | { "query": { "a": { "b": "1" }, "c": ["2", "3"] }, "prototypeLess": true } |
        | { plainObjects: false, allowPrototypes: false } | toString=x&a=1    | { "query": { "a": "1" }, "prototypeLess": false }                          |
        | (search) => ({ length: search.length })         | abc               | { "query": { "length": 3 }, "prototypeLess": false }                       |

    Scenario Outline: query(<options>) is a TypeError at once
      Given the app:
        """js
        // not typed: options of the wrong type are refused with a TypeError
        try { query(<options>); world.thrown = 'nothing'; } catch (err) { world.thrown = err.name; }
        """
      Then this holds:
        """js
        assert.equal(world.thrown, 'TypeError');
        """

      Examples:
        | options |
        | 'deep'  |
        | 5       |
        | null    |

  Rule: XREQ-042 No query key reaches Object.prototype

    Scenario Outline: Hostile keys under <parser>
      Given the app:
        """js
        <install>
        app.get('/', (req, res) => {
          const query = req.query;
          const proto = Object.getPrototypeOf(query);
          res.json({
            polluted: ({}).x !== undefined || ({}).polluted !== undefined || Reflect.get(Object.prototype, 'x') !== undefined,
            prototypeKept: proto === null || proto === Object.prototype,
            protoIsData: typeof query.__proto__ !== 'object' || query.__proto__ === proto,
          });
        });
        """
      When I GET "/?__proto__[x]=1&constructor[prototype][x]=1&__proto__=polluted&a[__proto__][polluted]=1&toString=1"
      Then the JSON body is:
        """json
        { "polluted": false, "prototypeKept": true, "protoIsData": true }
        """
      And this holds:
        """js
        assert.equal(({}).x, undefined);
        assert.equal(({}).polluted, undefined);
        """

      Examples:
        | parser               | install                                         |
        | strings              | app.set('query parser', 'strings');             |
        | simple               | app.set('query parser', 'simple');              |
        | extended             | app.set('query parser', 'extended');            |
        | query()              | app.use(query());                               |
        | query(plainObjects)  | app.use(query({ plainObjects: false }));        |

  Rule: X5-018 The request's Express readings both flavours share

    Scenario: kitjs/express keeps a doubled slash in req.path and matches it as Express 4 does
      Given the Express app:
        """js
        app.get('/a/b', (req, res) => res.send('route /a/b'));
        app.use((req, res) => res.status(404).json({ path: req.path, url: req.url }));
        """
      When I GET the raw path "//a//b?x=1"
      Then the status is 404
      And the JSON body is:
        """json
        { "path": "//a//b", "url": "//a//b?x=1" }
        """
      When I GET the raw path "/a/b"
      Then the body is "route /a/b"

    Scenario: kitjs/express's express.static answers a path with // by a 301 to its one spelling
      Given the Express app:
        """js
        const { mkdirSync, writeFileSync } = require('node:fs');
        const { join } = require('node:path');
        mkdirSync(join(tmpDir, 'admin'));
        writeFileSync(join(tmpDir, 'admin', 'secret.txt'), 'the-secret');
        app.use('/admin', (req, res) => res.status(401).send('guarded'));
        app.use(express.static(tmpDir));
        """
      When I GET the raw path "//admin/secret.txt"
      Then the status is 301
      And the header "Location" is "/admin/secret.txt"
      And the body does not contain "the-secret"
