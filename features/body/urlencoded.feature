@body
Feature: urlencoded() parses HTML form bodies
  Forms become nested objects (qs, within fixed limits) or, with extended: false, a flat object. No
  form can reach a prototype, and more than 1000 parameters is refused.

  Rule: BODY-013 urlencoded() nests with qs by default, within fixed limits

    Background:
      Given the app:
        """
        app.use(urlencoded());
        app.post('/form', (req, res) => res.json(req.body === undefined ? 'untouched' : req.body));
        """

    Scenario: brackets nest into objects and arrays; + and escapes are decoded
      When I POST "/form" with content type "application/x-www-form-urlencoded" and the body:
        """
        user[name]=Ada+Lovelace&user[langs][]=en&user[langs][]=fr&note=caf%C3%A9%20%E2%9C%93
        """
      Then the status is 200
      And the JSON body is:
        """
        { "user": { "name": "Ada Lovelace", "langs": ["en", "fr"] }, "note": "café ✓" }
        """

    Scenario: nesting stops at depth 5, the rest stays in the last key
      When I POST "/form" with content type "application/x-www-form-urlencoded" and the body:
        """
        a[b][c][d][e][f][g][h]=deep
        """
      Then the JSON body is:
        """
        { "a": { "b": { "c": { "d": { "e": { "f": { "[g][h]": "deep" } } } } } } }
        """

    Scenario: a huge index becomes a key, not a sparse array
      When I POST "/form" with content type "application/x-www-form-urlencoded" and the body:
        """
        list[99999999]=x
        """
      Then the JSON body is:
        """
        { "list": { "99999999": "x" } }
        """

    Scenario: dots are not separators and malformed escapes are kept
      When I POST "/form" with content type "application/x-www-form-urlencoded" and the body:
        """
        a.b=1&pct=100%&bad=%zz
        """
      Then the JSON body is:
        """
        { "a.b": "1", "pct": "100%", "bad": "%zz" }
        """

    Scenario: the media type is matched whatever its spelling, other types pass untouched
      When I POST "/form" with content type "Application/X-WWW-Form-Urlencoded ; charset=UTF-8" and the body:
        """
        a=1
        """
      Then the JSON body is:
        """
        { "a": "1" }
        """
      When I POST "/form" with content type "text/plain" and the body:
        """
        a=1
        """
      Then the JSON body is:
        """
        "untouched"
        """

  Rule: BODY-014 urlencoded({ extended: false }) gives a flat result

    Scenario: brackets stay in names, repeated names collect values
      Given the app:
        """
        app.use(urlencoded({ extended: false }));
        app.post('/form', (req, res) => res.json(req.body));
        """
      When I POST "/form" with content type "application/x-www-form-urlencoded" and the body:
        """
        user[name]=Ada&tag=a&tag=b&tag=c&flag&empty=&=ignored
        """
      Then the status is 200
      And the JSON body is:
        """
        { "user[name]": "Ada", "tag": ["a", "b", "c"], "flag": "", "empty": "" }
        """

    Scenario: the limit option applies to forms too
      Given the app:
        """
        app.use(urlencoded({ extended: false, limit: '16b' }));
        app.post('/form', (req, res) => res.json(req.body));
        """
      When I POST "/form" with content type "application/x-www-form-urlencoded" and the body:
        """
        comment=far+longer+than+sixteen+bytes
        """
      Then the status is 413
      And the header "Connection" is "close"

  Rule: BODY-015 No form can reach a prototype

    Scenario Outline: prototype names are dropped (extended: <extended>)
      Given the app:
        """
        app.use(urlencoded({ extended: <extended> }));
        app.post('/form', (req, res) => {
          res.json({
            keys: Object.keys(req.body),
            plain: Object.getPrototypeOf(req.body) === Object.prototype,
            toStringWorks: typeof req.body.toString === 'function',
            polluted: {}.polluted ?? null,
          });
        });
        """
      When I POST "/form" with content type "application/x-www-form-urlencoded" and the body:
        """
        __proto__[polluted]=1&__proto__=x&constructor[prototype][polluted]=1&toString=x&hasOwnProperty=y&ok=1
        """
      Then the status is 200
      And the JSON body includes:
        """
        { "plain": true, "toStringWorks": true, "polluted": null }
        """
      And this holds:
        """
        const { keys } = response.json();
        for (const key of keys) assert.ok(!(key in Object.prototype), `${key} names an Object.prototype member`);
        assert.ok(keys.includes('ok'));
        """

      Examples:
        | extended |
        | true     |
        | false    |

  Rule: BODY-016 At most 1000 parameters per form

    @kit-error-codes
    Scenario Outline: 1001 parameters get 413 (extended: <extended>), 1000 pass
      Given the app:
        """
        app.use(urlencoded({ extended: <extended> }));
        app.post('/form', (req, res) => res.json({ count: Object.keys(req.body).length }));
        app.setErrorHandler((err, req, res) => res.status(err.status).json({ code: err.code }));
        """
      Then this holds:
        """
        const form = (n) => Array.from({ length: n }, (_, i) => `p${i}=v`).join('&');
        const post = (body) => fetch(`http://127.0.0.1:${world.port()}/form`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body,
        });
        const thousand = await post(form(1000));
        assert.equal(thousand.status, 200);
        assert.deepEqual(await thousand.json(), { count: 1000 });
        const tooMany = await post(form(1001));
        assert.equal(tooMany.status, 413);
        assert.deepEqual(await tooMany.json(), { code: 'KIT_ERR_BODY_TOO_MANY_PARAMETERS' });
        """
      And the server still answers GET "/form" with 404

      Examples:
        | extended |
        | true     |
        | false    |
