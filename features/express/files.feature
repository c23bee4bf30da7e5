@express
Feature: Express 4's res.sendFile, res.download and res.attachment
  Files go out through send, as in serveStatic, with kitjs's path checks in front.

  Rule: XFILE-001 res.sendFile streams a file with the HTTP parts of serveStatic

    Scenario: An absolute path is sent with its type, length and validators
      Given the app:
        """js
        const dir = require('node:path').join(fixtures, 'files');
        app.get('/note', (req, res) => res.sendFile(dir + '/note.txt'));
        """
      When I GET "/note"
      Then the status is 200
      And the body is "hello file"
      And the content type is "text/plain; charset=utf-8"
      And the header "Content-Length" is "10"
      And the header "ETag" contains "W/"
      And the header "Accept-Ranges" is "bytes"
      And the header "Cache-Control" is "public, max-age=0"
      And the header "Last-Modified" contains "GMT"

    Scenario: A Content-Type set before the call is kept
      Given the app:
        """js
        const dir = require('node:path').join(fixtures, 'files');
        app.get('/note', (req, res) => res.type('application/x-kit-note').sendFile(dir + '/note.txt'));
        """
      When I GET "/note"
      Then the content type is "application/x-kit-note"
      And the body is "hello file"

    Scenario: A matching If-None-Match answers 304 without a body
      Given the app:
        """js
        const dir = require('node:path').join(fixtures, 'files');
        app.get('/note', (req, res) => res.sendFile(dir + '/note.txt'));
        """
      When I GET "/note"
      And I GET "/note" again, sending its ETag as If-None-Match
      Then the status is 304
      And the body is empty

    Scenario: A matching If-Modified-Since answers 304
      Given the app:
        """js
        const dir = require('node:path').join(fixtures, 'files');
        app.get('/note', (req, res) => res.sendFile(dir + '/note.txt'));
        """
      When I GET "/note"
      And I GET "/note" again, sending its Last-Modified as If-Modified-Since
      Then the status is 304

    Scenario: A byte range answers 206 with those bytes
      Given the app:
        """js
        const dir = require('node:path').join(fixtures, 'files');
        app.get('/digits', (req, res) => res.sendFile('digits.txt', { root: dir }));
        """
      When I GET "/digits" with headers:
        | name  | value     |
        | Range | bytes=2-5 |
      Then the status is 206
      And the body is "2345"
      And the header "Content-Range" is "bytes 2-5/10"

    Scenario: An unsatisfiable range answers 416 with the size
      Given the app:
        """js
        const dir = require('node:path').join(fixtures, 'files');
        app.get('/digits', (req, res) => res.sendFile('digits.txt', { root: dir }));
        """
      When I GET "/digits" with headers:
        | name  | value       |
        | Range | bytes=50-60 |
      Then the status is 416
      And the header "Content-Range" is "bytes */10"
      And the header "ETag" is absent

    Scenario: An If-Range that no longer matches gets the whole file
      Given the app:
        """js
        const dir = require('node:path').join(fixtures, 'files');
        app.get('/digits', (req, res) => res.sendFile('digits.txt', { root: dir }));
        """
      When I GET "/digits" with headers:
        | name     | value          |
        | Range    | bytes=0-1      |
        | If-Range | W/"not-it-any" |
      Then the status is 200
      And the body is "0123456789"

    Scenario: HEAD gets the headers without the body
      Given the app:
        """js
        const dir = require('node:path').join(fixtures, 'files');
        app.get('/note', (req, res) => res.sendFile(dir + '/note.txt'));
        """
      When I HEAD "/note"
      Then the status is 200
      And the header "Content-Length" is "10"
      And the body is empty

  Rule: XFILE-002 Misuse of res.sendFile throws a TypeError at the call

    Scenario Outline: <call> throws a TypeError, answered as a 500
      Given the app:
        """js
        app.get('/', (req, res) => {
          // not typed: some rows call sendFile with arguments of the wrong type, which throw a TypeError
          try { <call>; } catch (err) { world.thrown = `${err.name}: ${err.message}`; throw err; }
        });
        """
      When I GET "/"
      Then the status is 500
      And the body is "Internal Server Error"
      And this holds:
        """js
        assert.match(world.thrown, /^TypeError: res.sendFile: <message>/);
        """

      Examples:
        | call                                      | message                         |
        | res.sendFile()                            | path must be a non-empty string |
        | res.sendFile(42)                          | path must be a non-empty string |
        | res.sendFile('note.txt')                  | path must be absolute or specify root |
        | res.sendFile('/srv/note.txt', {}, 'done')          | the callback must be a function |

  Rule: XFILE-003 A path can never leave root, and hostile paths never reach the file system

    Scenario Outline: A path from the query <case>
      Given the app:
        """js
        const dir = require('node:path').join(fixtures, 'files');
        app.get('/file', (req, res) => res.sendFile(req.query.f, { root: dir }));
        """
      When I GET "/file?f=<f>"
      Then the status is <status>
      And the body does not contain "package"
      And the body does not contain "fixtures"

      Examples:
        | case                                        | f                                  | status |
        | climbing out of root is refused             | ../../../package.json              | 403    |
        | climbing with backslashes is refused        | ..%5C..%5C..%5Cpackage.json        | 403    |
        | climbing inside a path is refused           | docs/../../../package.json         | 403    |
        | with a NUL byte is refused                  | note.txt%00.png                    | 400    |
        | that is absolute stays below root           | /etc/passwd                        | 404    |
        | double-encoded names a file of that name    | %252e%252e%252f%252e%252epackage.json | 404 |

    Scenario: Percent signs in a path are literal characters
      Given the app:
        """js
        const dir = require('node:path').join(fixtures, 'files');
        app.get('/file', (req, res) => res.sendFile(req.query.f, { root: dir }));
        """
      When I GET "/file?f=a%252Fb.txt"
      Then the status is 200
      And the body is "literal name"

    Scenario: Without root a path holding .. is refused
      Given the app:
        """js
        const dir = require('node:path').join(fixtures, 'files');
        app.get('/file', (req, res) => res.sendFile(dir + '/' + req.query.f));
        """
      When I GET "/file?f=../../../package.json"
      Then the status is 403
      And the body is "Forbidden"

    Scenario: A route parameter that decodes to a traversal is refused
      Given the app:
        """js
        const dir = require('node:path').join(fixtures, 'files');
        app.get('/files/:name', (req, res) => res.sendFile(req.params.name, { root: dir }));
        """
      When I GET the raw path "/files/..%2F..%2F..%2Fpackage.json"
      Then the status is 403

  Rule: XFILE-004 Dotfiles are ignored by default, and can be denied or allowed

    Scenario Outline: dotfiles <policy>
      Given the app:
        """js
        const dir = require('node:path').join(fixtures, 'files');
        app.get('/env', (req, res) => res.sendFile('.env', { root: dir, <option> }));
        """
      When I GET "/env"
      Then the status is <status>
      And the body is "<body>"

      Examples:
        | policy           | option              | status | body      |
        | left out         | maxAge: 0           | 404    | Not Found |
        | ignore           | dotfiles: 'ignore'  | 404    | Not Found |
        | deny             | dotfiles: 'deny'    | 403    | Forbidden |
        | allow            | dotfiles: 'allow'   | 200    | SECRET=1  |

    Scenario: The dots of root itself do not count
      Given the app:
        """js
        const { mkdirSync, writeFileSync } = require('node:fs');
        const root = require('node:path').join(tmpDir, '.config');
        mkdirSync(root);
        writeFileSync(root + '/app.txt', 'inside a dot directory');
        app.get('/', (req, res) => res.sendFile('app.txt', { root }));
        """
      When I GET "/"
      Then the status is 200
      And the body is "inside a dot directory"

  Rule: XFILE-005 With a callback, the callback decides

    Scenario: A missing file gives the callback a 404 ENOENT error, and the callback answers
      Given the app:
        """js
        const dir = require('node:path').join(fixtures, 'files');
        app.get('/', (req, res) => {
          res.sendFile(dir + '/missing.txt', (err) => {
            res.status(200).send(`got ${err.status} ${err.code} ${res.headersSent}`);
          });
        });
        """
      When I GET "/"
      Then the status is 200
      And the body is "got 404 ENOENT false"

    Scenario: A file sent whole calls back without an error
      Given the app:
        """js
        const dir = require('node:path').join(fixtures, 'files');
        app.get('/', (req, res) => res.sendFile(dir + '/note.txt', (err) => { world.outcome = err ?? 'none'; }));
        """
      When I GET "/"
      Then the body is "hello file"
      And this holds:
        """js
        for (let i = 0; i < 50 && world.outcome === undefined; i++) await new Promise((r) => setImmediate(r));
        assert.equal(world.outcome, 'none');
        """

    Scenario Outline: A <kind> answer calls back without an error
      Given the app:
        """js
        const dir = require('node:path').join(fixtures, 'files');
        app.get('/', (req, res) => res.sendFile(dir + '/note.txt', (err) => { world.outcome = err ?? 'none'; }));
        """
      When I <method> "/" with headers:
        | name              | value                         |
        | If-Modified-Since | Fri, 01 Jan 2100 00:00:00 GMT |
      Then the status is <status>
      And this holds:
        """js
        for (let i = 0; i < 50 && world.outcome === undefined; i++) await new Promise((r) => setImmediate(r));
        assert.equal(world.outcome, 'none');
        """

      Examples:
        | kind | method | status |
        | 304  | GET    | 304    |
        | HEAD | HEAD   | 304    |

    Scenario: A directory gives the callback EISDIR
      Given the app:
        """js
        const dir = require('node:path').join(fixtures, 'files');
        app.get('/', (req, res) => res.sendFile(dir + '/docs', (err) => res.send(`${err.status} ${err.code}`)));
        """
      When I GET "/"
      Then the body is "404 EISDIR"

    Scenario: A directory named with a trailing slash is not served its index either
      Given the app:
        """js
        const dir = require('node:path').join(fixtures, 'files');
        app.get('/', (req, res) => res.sendFile(dir + '/docs/', (err) => res.send(`${err.status} ${err.code}`)));
        """
      When I GET "/"
      Then the body is "404 EISDIR"

    @kit-error-codes
    Scenario: A refused path gives the callback its 4xx error
      Given the app:
        """js
        const dir = require('node:path').join(fixtures, 'files');
        app.get('/', (req, res) =>
          res.sendFile('../x', { root: dir }, (err) => res.send(`${err.status} ${err.code}`)),
        );
        """
      When I GET "/"
      Then the body is "403 KIT_ERR_STATIC_FORBIDDEN"

    Scenario: The headers of a failed transfer are gone when the callback answers
      Given the app:
        """js
        const dir = require('node:path').join(fixtures, 'files');
        app.get('/', (req, res) =>
          res.sendFile('digits.txt', { root: dir, headers: { 'X-File': 'yes' } }, (err) => {
            res.status(200).send(`${err.status}`);
          }),
        );
        """
      When I GET "/" with headers:
        | name  | value       |
        | Range | bytes=50-60 |
      Then the body is "416"
      And the header "X-File" is absent
      And the header "ETag" is absent
      And the content type is "text/html; charset=utf-8"

    Scenario: A client that left before the transfer gives the callback ECONNABORTED
      Given the app:
        """js
        const dir = require('node:path').join(fixtures, 'files');
        let report;
        world.outcome = new Promise((resolve) => { report = resolve; });
        let entered;
        world.entered = new Promise((resolve) => { entered = resolve; });
        app.get('/late', (req, res) => {
          res.on('close', () => res.sendFile(dir + '/note.txt', (err) => report(err ? err.code : 'none')));
          entered();
        });
        """
      Then this holds:
        """js
        const http = require('node:http');
        const req = http.get(world.baseURL + '/late');
        req.on('error', () => {});
        await world.entered;
        req.destroy();
        assert.equal(await world.outcome, 'ECONNABORTED');
        """

    Scenario: A client that leaves during the transfer gives the callback ECONNABORTED
      Given the app:
        """js
        const file = require('node:path').join(tmpDir, 'big.bin');
        // Far more than socket buffers hold, so the transfer is still running when the client leaves.
        require('node:fs').writeFileSync(file, Buffer.alloc(8 * 1024 * 1024, 120));
        let report;
        world.outcome = new Promise((resolve) => { report = resolve; });
        app.get('/big', (req, res) => res.sendFile(file, (err) => report(err ? err.code : 'none')));
        """
      Then this holds:
        """js
        const http = require('node:http');
        await new Promise((resolve) => {
          const req = http.get(world.baseURL + '/big', (res) => res.once('data', () => { req.destroy(); resolve(); }));
          req.on('error', () => {});
        });
        assert.equal(await world.outcome, 'ECONNABORTED');
        """

    Scenario: A callback that throws fails the request instead of the process
      Given the app:
        """js
        const dir = require('node:path').join(fixtures, 'files');
        app.get('/', (req, res) => res.sendFile(dir + '/missing.txt', () => { throw new Error('oops'); }));
        """
      When I GET "/"
      Then the status is 500
      And the server still answers GET "/" with 500

  Rule: XFILE-006 Without a callback, failures go to the error handlers with no path or stack

    Scenario: A missing file is a 404 that names nothing
      Given the app:
        """js
        const dir = require('node:path').join(fixtures, 'files');
        app.get('/', (req, res) => res.sendFile(dir + '/missing.txt'));
        """
      When I GET "/"
      Then the status is 404
      And the body is "Not Found"

    Scenario: Error middleware sees the failure as an error with a status
      Given the app:
        """js
        const dir = require('node:path').join(fixtures, 'files');
        app.get('/', (req, res) => res.sendFile(dir + '/missing.txt'));
        app.use((err, req, res, next) => {
          res.status(err.status).json({ status: err.status, code: err.code, message: err.message });
        });
        """
      When I GET "/"
      Then the status is 404
      And the JSON body is:
        """json
        { "status": 404, "code": "ENOENT", "message": "Not Found" }
        """

    Scenario: A directory goes on to the next handler
      Given the app:
        """js
        const dir = require('node:path').join(fixtures, 'files');
        app.get('/', (req, res) => res.sendFile(dir + '/docs'));
        app.get('/', (req, res) => res.send('next handler'));
        """
      When I GET "/"
      Then the body is "next handler"

    Scenario: req.next is the next of the running handler
      Given the app:
        """js
        app.get('/', (req, res, next) => {
          world.same = req.next === next;
          req.next();
        });
        app.get('/', (req, res) => res.send(String(world.same)));
        """
      When I GET "/"
      Then the body is "true"

  Rule: XFILE-007 Options shape the answer

    Scenario: maxAge and immutable
      Given the app:
        """js
        const dir = require('node:path').join(fixtures, 'files');
        app.get('/', (req, res) => res.sendFile('note.txt', { root: dir, maxAge: '1h', immutable: true }));
        """
      When I GET "/"
      Then the header "Cache-Control" is "public, max-age=3600, immutable"

    Scenario: Validators, Cache-Control and ranges can be turned off
      Given the app:
        """js
        const dir = require('node:path').join(fixtures, 'files');
        app.get('/', (req, res) =>
          res.sendFile('digits.txt', {
            root: dir, etag: false, lastModified: false, cacheControl: false, acceptRanges: false,
          }),
        );
        """
      When I GET "/" with headers:
        | name  | value     |
        | Range | bytes=0-1 |
      Then the status is 200
      And the body is "0123456789"
      And the header "ETag" is absent
      And the header "Last-Modified" is absent
      And the header "Cache-Control" is absent
      And the header "Accept-Ranges" is absent

    Scenario: start and end send a span of the file
      Given the app:
        """js
        const dir = require('node:path').join(fixtures, 'files');
        app.get('/', (req, res) => res.sendFile('digits.txt', { root: dir, start: 3, end: 6 }));
        """
      When I GET "/"
      Then the body is "3456"

    Scenario: headers are set when the file goes out, and win over the type
      Given the app:
        """js
        const dir = require('node:path').join(fixtures, 'files');
        app.get('/', (req, res) =>
          res.sendFile('note.txt', {
            root: dir,
            headers: { 'X-Kind': 'a', 'x-kind': 'b', 'Content-Type': 'text/x-note' },
          }),
        );
        """
      When I GET "/"
      Then the header "X-Kind" is "b"
      And the content type is "text/x-note"

    Scenario: headers are not set on an error answer
      Given the app:
        """js
        const dir = require('node:path').join(fixtures, 'files');
        app.get('/', (req, res) => res.sendFile('missing.txt', { root: dir, headers: { 'X-Kind': 'a' } }));
        """
      When I GET "/"
      Then the status is 404
      And the header "X-Kind" is absent

  Rule: XFILE-008 res.download sends the file as an attachment

    Scenario: The file's own name by default
      Given the app:
        """js
        const dir = require('node:path').join(fixtures, 'files');
        app.get('/', (req, res) => res.download(dir + '/report.csv'));
        """
      When I GET "/"
      Then the status is 200
      And the header "Content-Disposition" is "attachment; filename=\"report.csv\""
      And the content type is "text/csv; charset=utf-8"
      And the body contains "1,2"

    Scenario: Another name, with the UTF-8 form for non-ASCII
      Given the app:
        """js
        const dir = require('node:path').join(fixtures, 'files');
        app.get('/', (req, res) => res.download(dir + '/report.csv', 'Rapport été 日本.csv'));
        """
      When I GET "/"
      Then the header "Content-Disposition" is "attachment; filename=\"Rapport été ??.csv\"; filename*=UTF-8''Rapport%20%C3%A9t%C3%A9%20%E6%97%A5%E6%9C%AC.csv"

    Scenario: A name with CR and LF cannot split the header
      Given the app:
        """js
        const dir = require('node:path').join(fixtures, 'files');
        app.get('/', (req, res) => res.download(dir + '/report.csv', req.query.name));
        """
      When I GET "/?name=x%0D%0ASet-Cookie:%20a=b"
      Then the status is 200
      And the header "Set-Cookie" is absent
      And the header "Content-Disposition" contains "filename*=UTF-8''x%0D%0ASet-Cookie%3A%20a%3Db"

    Scenario: Options in place of the name, with headers merged and Content-Disposition kept
      Given the app:
        """js
        const dir = require('node:path').join(fixtures, 'files');
        app.get('/', (req, res) =>
          res.download('report.csv', {
            root: dir,
            headers: { 'X-Export': 'yes', 'content-disposition': 'inline' },
          }),
        );
        """
      When I GET "/"
      Then the header "X-Export" is "yes"
      And the header "Content-Disposition" is "attachment; filename=\"report.csv\""

    Scenario: Name, options and callback
      Given the app:
        """js
        const dir = require('node:path').join(fixtures, 'files');
        app.get('/', (req, res) =>
          res.download('report.csv', 'export.csv', { root: dir, maxAge: 60000 }, (err) => { world.outcome = err ?? 'none'; }),
        );
        """
      When I GET "/"
      Then the header "Content-Disposition" is "attachment; filename=\"export.csv\""
      And the header "Cache-Control" is "public, max-age=60"
      And this holds:
        """js
        for (let i = 0; i < 50 && world.outcome === undefined; i++) await new Promise((r) => setImmediate(r));
        assert.equal(world.outcome, 'none');
        """

    Scenario: A missing file gives the callback ENOENT and no Content-Disposition
      Given the app:
        """js
        const dir = require('node:path').join(fixtures, 'files');
        app.get('/', (req, res) =>
          res.download(dir + '/missing.csv', (err) => res.status(200).send(`${err.status} ${err.code}`)),
        );
        """
      When I GET "/"
      Then the body is "404 ENOENT"
      And the header "Content-Disposition" is absent

    Scenario: A relative path without root is taken from the working directory
      Given the app:
        """js
        const dir = require('node:path').join(fixtures, 'files');
        const { relative } = require('node:path');
        const path = relative(process.cwd(), dir + '/report.csv');
        app.get('/', (req, res) => res.download(path));
        """
      When I GET "/"
      Then the status is 200
      And the header "Content-Disposition" is "attachment; filename=\"report.csv\""

    Scenario: Without a callback a missing file is a 404
      Given the app:
        """js
        const dir = require('node:path').join(fixtures, 'files');
        app.get('/', (req, res) => res.download(dir + '/missing.csv'));
        """
      When I GET "/"
      Then the status is 404
      And the body is "Not Found"

    Scenario: A traversal in the name given to download is refused
      Given the app:
        """js
        const dir = require('node:path').join(fixtures, 'files');
        app.get('/', (req, res) => res.download(req.query.f, { root: dir }));
        """
      When I GET "/?f=../../../package.json"
      Then the status is 403

  Rule: XFILE-009 res.attachment sets Content-Disposition and the type

    Scenario: With a file name
      Given the app:
        """js
        app.get('/', (req, res) => res.attachment('exports/May report.csv').send('a,b'));
        """
      When I GET "/"
      Then the header "Content-Disposition" is "attachment; filename=\"May report.csv\""
      And the content type is "text/csv; charset=utf-8"
      And the body is "a,b"

    Scenario: Without a file name
      Given the app:
        """js
        app.get('/', (req, res) => {
          world.chained = res.attachment() === res;
          res.send('x');
        });
        """
      When I GET "/"
      Then the header "Content-Disposition" is "attachment"
      And this holds:
        """js
        assert.equal(world.chained, true);
        """

    Scenario: An extension nobody knows is application/octet-stream
      Given the app:
        """js
        app.get('/', (req, res) => res.attachment('data.kitunknown').end('x'));
        """
      When I GET "/"
      Then the content type is "application/octet-stream"

  Rule: XFILE-010 Bad options throw a TypeError naming them

    Scenario Outline: <options> throws a TypeError naming <name>
      Given the app:
        """js
        const dir = require('node:path').join(fixtures, 'files');
        app.get('/', (req, res) => {
          try {
            // not typed: some rows pass options of the wrong type
            res.sendFile(dir + '/note.txt', <options>);
            world.thrown = 'nothing';
          } catch (err) {
            world.thrown = `${err.name}: ${err.message}`;
          }
          res.end();
        });
        """
      When I GET "/"
      Then this holds:
        """js
        assert.match(world.thrown, /^TypeError: res.sendFile: .*<name>/);
        """

      Examples:
        | options                                 | name     |
        | { maxage: 1 }                           | maxage   |
        | { root: '' }                            | root     |
        | { maxAge: 'soon' }                      | maxAge   |
        | { dotfiles: 'hide' }                    | dotfiles |
        | { etag: 'yes' }                         | etag     |
        | { start: -1 }                           | start    |
        | { headers: { 'X-A': 'a\\r\\nX-B: b' } } | X-A      |
        | { headers: { 'Bad Name': 'a' } }        | Bad Name |

    Scenario: A filename for download that is not a string
      Given the app:
        """js
        const dir = require('node:path').join(fixtures, 'files');
        // not typed: a filename that is not a string is refused
        app.get('/', (req, res) => res.download(dir + '/report.csv', 42, {}));
        """
      When I GET "/"
      Then the status is 500

  Rule: XFILE-017 In kitjs/express, res.sendFile and res.download give the path and options to send as Express 4 does

    Scenario Outline: Misuse throws a TypeError in Express's words: <case>
      Given the Express app:
        """js
        // not typed: the paths are of the kinds Express refuses
        app.get('/', (req, res) => res.sendFile(<path>));
        app.use((err, req, res, next) => res.status(500).send(`${err.name}: ${err.message}`));
        """
      When I GET "/"
      Then the status is 500
      And the body is "<message>"

      Examples:
        | case             | path       | message                                                          |
        | no path          | undefined  | TypeError: path argument is required to res.sendFile             |
        | a number         | 42         | TypeError: path must be a string to res.sendFile                 |
        | a relative path  | 'note.txt' | TypeError: path must be absolute or specify root to res.sendFile |

    Scenario: A .. that stays inside root is followed; one that climbs above it is refused
      Given the Express app:
        """js
        const dir = require('node:path').join(fixtures, 'files');
        app.get('/file', (req, res) => res.sendFile(req.query.f, { root: dir }));
        app.get('/download', (req, res) => res.download(req.query.f, { root: dir }));
        """
      When I GET "/file?f=docs/../note.txt"
      Then the status is 200
      And the body is "hello file"
      When I GET "/download?f=docs/../note.txt"
      Then the status is 200
      And the header "Content-Disposition" is "attachment; filename=\"note.txt\""
      When I GET "/file?f=docs/../../../package.json"
      Then the status is 403
      And the body does not contain "kitjs"

    Scenario: maxAge below 0 is 0, a duration string is read as ms reads it
      Given the Express app:
        """js
        const dir = require('node:path').join(fixtures, 'files');
        app.get('/past', (req, res) => res.sendFile(dir + '/note.txt', { maxAge: -1000 }));
        app.get('/days', (req, res) => res.sendFile(dir + '/note.txt', { maxAge: '2d' }));
        """
      When I GET "/past"
      Then the status is 200
      And the header "Cache-Control" is "public, max-age=0"
      When I GET "/days"
      Then the header "Cache-Control" is "public, max-age=172800"

    Scenario: A path ending in a slash sends the directory's index.html
      Given the Express app:
        """js
        const dir = require('node:path').join(fixtures, 'files');
        app.get('/docs', (req, res) => res.sendFile(dir + '/docs/'));
        """
      When I GET "/docs"
      Then the status is 200
      And the body contains "<p>docs</p>"

    Scenario: The callback gets send's own error, with the file system's code and message
      Given the Express app:
        """js
        const dir = require('node:path').join(fixtures, 'files');
        app.get('/', (req, res) => res.sendFile(dir + '/nope.txt', (err) => {
          res.json({ status: err.status, code: err.code, name: err.name, fs: err.message.startsWith('ENOENT') });
        }));
        """
      When I GET "/"
      Then the JSON body is:
        """json
        { "status": 404, "code": "ENOENT", "name": "Error", "fs": true }
        """

  Rule: XFILE-018 In kitjs/express, a file's charset is spelt UTF-8

    Scenario: sendFile, download and express.static spell the charset UTF-8; a type set before is kept
      Given the Express app:
        """js
        const dir = require('node:path').join(fixtures, 'files');
        app.get('/send', (req, res) => res.sendFile(dir + '/note.txt'));
        app.get('/download', (req, res) => res.download(dir + '/note.txt'));
        app.get('/typed', (req, res) => res.type('text/x-note; charset=utf-8').sendFile(dir + '/note.txt'));
        app.use('/static', express.static(dir));
        """
      When I GET "/send"
      Then the header "Content-Type" is "text/plain; charset=UTF-8"
      When I GET "/download"
      Then the header "Content-Type" is "text/plain; charset=UTF-8"
      When I GET "/static/note.txt"
      Then the header "Content-Type" is "text/plain; charset=UTF-8"
      When I GET "/typed"
      Then the header "Content-Type" is "text/x-note; charset=utf-8"

    Scenario: A kit() app keeps mime-types' spelling
      Given the app:
        """js
        const dir = require('node:path').join(fixtures, 'files');
        app.get('/send', (req, res) => res.sendFile(dir + '/note.txt'));
        app.use('/static', serveStatic(dir));
        """
      When I GET "/send"
      Then the header "Content-Type" is "text/plain; charset=utf-8"
      When I GET "/static/note.txt"
      Then the header "Content-Type" is "text/plain; charset=utf-8"

  Rule: XFILE-019 In kitjs/express, without a dotfiles option only the file's own name counts

    Scenario: A dot directory on the way does not stop the file; a file named with a dot is a miss
      Given the Express app:
        """js
        const { mkdirSync, writeFileSync } = require('node:fs');
        const { join } = require('node:path');
        const config = join(tmpDir, '.config', 'app');
        mkdirSync(config, { recursive: true });
        writeFileSync(join(config, 'settings.json'), '{"theme":"dark"}');
        writeFileSync(join(config, '.secret'), 'hidden');
        app.get('/settings', (req, res) => res.sendFile(join(config, 'settings.json')));
        app.get('/secret', (req, res) => res.sendFile(join(config, '.secret')));
        app.get('/strict', (req, res) => res.sendFile(join(config, 'settings.json'), { dotfiles: 'deny' }));
        """
      When I GET "/settings"
      Then the status is 200
      And the body is "{\"theme\":\"dark\"}"
      When I GET "/secret"
      Then the status is 404
      And the body does not contain "hidden"
      When I GET "/strict"
      Then the status is 403

  Rule: XFILE-020 In kitjs/express, the deprecated res.sendfile sends a URL path

    Scenario: res.sendfile takes a relative URL path from the working directory, decoded once
      Given the Express app:
        """js
        const files = require('node:path').relative(process.cwd(), require('node:path').join(fixtures, 'files'));
        // res.sendfile is Express 4's deprecated member, outside kitjs's types
        const sendfile = (res, path, options) => res.sendfile(path, options);
        app.get('/note', (req, res) => sendfile(res, files + '/note.txt'));
        app.get('/encoded', (req, res) => sendfile(res, files + '/a%252Fb.txt'));
        app.get('/rooted', (req, res) => sendfile(res, 'docs/../note.txt', { root: files }));
        app.get('/climb', (req, res) => sendfile(res, files + '/docs/../note.txt'));
        """
      When I GET "/note"
      Then the status is 200
      And the body is "hello file"
      When I GET "/encoded"
      Then the body is "literal name"
      When I GET "/rooted"
      Then the body is "hello file"
      When I GET "/climb"
      Then the status is 403

    Scenario: A kit() response has no sendfile member
      Given the app:
        """js
        // not typed: res.sendfile is not a member of kitjs's responses
        app.get('/', (req, res) => res.send(typeof res.sendfile));
        """
      When I GET "/"
      Then the body is "undefined"

  Rule: XFILE-021 In kitjs/express, a socket error reaches the callback as it is

    Scenario: The callback gets the error the socket failed with
      Given the Express app:
        """js
        const dir = require('node:path').join(fixtures, 'files');
        let report;
        world.outcome = new Promise((resolve) => { report = resolve; });
        app.get('/', (req, res) => {
          res.sendFile(dir + '/note.txt', (err) => report(err ? err.message : 'none'));
          req.socket.destroy(new Error('socket broke'));
        });
        """
      Then this holds:
        """js
        const http = require('node:http');
        const req = http.get(world.baseURL + '/');
        req.on('error', () => {});
        assert.equal(await world.outcome, 'socket broke');
        """
