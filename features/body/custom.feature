@body
Feature: customParser consumes application/custom bodies
  customParser is a ready-made middleware (not a factory): it reads an application/custom body within
  1mb, discards it, and leaves req.body as an empty object.

  Rule: BODY-017 customParser consumes application/custom bodies into {}

    Background:
      Given the app:
        """
        app.use(customParser);
        app.post('/ingest', (req, res) => res.json({ body: req.body === undefined ? 'untouched' : req.body }));
        app.get('/health', (req, res) => res.send('ok'));
        """

    Scenario: the body becomes an empty object
      When I POST "/ingest" with content type "application/custom; version=2" and the body:
        """
        any bytes at all: <xml/>, {json}, binary-ish \x00
        """
      Then the status is 200
      And the JSON body is:
        """
        { "body": {} }
        """

    Scenario: other types pass untouched
      When I POST "/ingest" with content type "application/octet-stream" and the body:
        """
        raw bytes
        """
      Then the JSON body is:
        """
        { "body": "untouched" }
        """

    Scenario: a body over 1mb is refused with 413
      When I send the raw request:
        """
        POST /ingest HTTP/1.1
        Host: localhost
        Content-Type: application/custom
        Content-Length: 1048577

        the start of a very large body
        """
      Then the status is 413
      And the header "Connection" is "close"
      And the server still answers GET "/health" with 200
