@express5
Feature: kitjs/express5 responses: res.status's range, the forms Express 5 removed, res.clearCookie

  Rule: X5-010 res.status() accepts integers 100 to 999 only

    Scenario Outline: res.status(<code>) throws a <error>, which goes to the error middleware
      Given the Express 5 app:
        """js
        app.get('/', (req, res) => { res.status(<code>).send('never'); });
        app.use((err, req, res, next) => res.status(500).send(`${err.name}: ${err.message}`));
        """
      When I GET "/"
      Then the status is 500
      And the body is:
        """
        <message>
        """

      Examples:
        | code  | error      | message                                                                                  |
        | 99    | RangeError | RangeError: Invalid status code: 99. Status code must be greater than 99 and less than 1000. |
        | 1000  | RangeError | RangeError: Invalid status code: 1000. Status code must be greater than 99 and less than 1000. |
        | '200' | TypeError  | TypeError: Invalid status code: "200". Status code must be an integer.                  |
        | 200.5 | TypeError  | TypeError: Invalid status code: 200.5. Status code must be an integer.                  |

    Scenario: Any integer from 100 to 999 is a status
      Given the Express 5 app:
        """js
        app.get('/', (req, res) => res.status(599).send('odd but valid'));
        """
      When I GET "/"
      Then the status is 599
      And the body is "odd but valid"

  Rule: X5-011 The (status, body) forms are gone: res.send(number) and res.json(status, body) send JSON

    Scenario: res.send(number) sends the number as JSON with status 200
      Given the Express 5 app:
        """js
        app.get('/send', (req, res) => res.send(201));
        app.get('/json', (req, res) => res.json(201, { ignored: true }));
        """
      When I GET "/send"
      Then the status is 200
      And the content type is "application/json; charset=utf-8"
      And the body is "201"
      When I GET "/json"
      Then the status is 200
      And the body is "201"

    Scenario: res.redirect('back') is a redirect to the text back; the status comes first
      Given the Express 5 app:
        """js
        app.get('/back', (req, res) => res.redirect('back'));
        app.get('/moved', (req, res) => res.redirect(301, '/to'));
        """
      When I GET "/back" with headers:
        | name    | value      |
        | Referer | /somewhere |
      Then the status is 302
      And the header "Location" is "back"
      When I GET "/moved"
      Then the status is 301
      And the header "Location" is "/to"

  Rule: X5-012 res.clearCookie ignores maxAge and expires

    Scenario: maxAge and expires do not keep a cleared cookie alive; other options stay
      Given the Express 5 app:
        """js
        app.get('/max-age', (req, res) => res.clearCookie('sid', { maxAge: 60000 }).end());
        app.get('/expires', (req, res) => res.clearCookie('sid', { expires: new Date(Date.now() + 60000), path: '/admin', httpOnly: true }).end());
        """
      When I GET "/max-age"
      Then the header "Set-Cookie" is "sid=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT"
      When I GET "/expires"
      Then the header "Set-Cookie" is "sid=; Path=/admin; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly"
