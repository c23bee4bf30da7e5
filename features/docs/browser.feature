@docs @browser
Feature: swagger-ui works in a real browser under security()'s CSP

  Headless Chromium opens /api-docs of an app that installs security() (CSP default-src 'self').
  The page must render the documented operations and the browser must report no CSP violation.

  Rule: DOCS-019 The UI works under security()'s Content-Security-Policy

    Scenario: the documented operations render with no CSP violation
      Given the app:
        """
        app.use(security());
        setupSwagger(app, { info: { title: 'Users service', version: '1.0.0' }, baseDir: fixtures, filesPattern: 'docs/users.js' });
        """
      When I GET "/api-docs"
      Then the header "Content-Security-Policy" contains "default-src 'self'"
      When I open "/api-docs" in a browser
      Then the page lists the operation POST "/register"
      And the page lists the operation GET "/users/{id}"
      And the page lists the operation DELETE "/users/{id}"
      And the page lists the operation GET "/health"
      And the browser reported no Content-Security-Policy violation
