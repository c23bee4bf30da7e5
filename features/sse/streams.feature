@sse
Feature: Server-sent event streams: sse()
  `sse(handler)` answers a route with a `text/event-stream` that an EventSource reads (spec/sse.md), the same
  in kit() and both Express flavours. The client in these scenarios holds the stream open and reads it with
  the HTML standard's parser: "receives the events" lists what an EventSource would dispatch.

  Rule: SSE-001 sse() makes a route handler for every flavour, and refuses a misuse at once

    Scenario Outline: a stream on a route and on a router of <flavour>
      Given <given>:
        """js
        app.get('/clock', sse(async (stream) => {
          await stream.send({ data: 'tick' });
        }));
        """
      When a client opens the event stream "/clock"
      Then the status is 200
      And the client receives the events:
        """json
        [{ "type": "message", "data": "tick", "lastEventId": "" }]
        """
      And the stream ends

      Examples:
        | flavour        | given             |
        | kit()          | the app           |
        | kitjs/express  | the Express app   |
        | kitjs/express5 | the Express 5 app |

    @kit-error-codes
    Scenario: no handler, or an option sse() does not take, is a TypeError from sse() itself
      Given the app:
        """js
        world.refused = [];
        // not typed: each of these is a misuse the types refuse too
        const attempts = [
          () => sse({ heartbeat: 15 }),
          () => sse({ heartbeat: '15s' }, () => {}),
          () => sse({ retry: -1 }, () => {}),
          () => sse({ maxbuffered: 1024 }, () => {}),
          () => sse({ events: { tick: 'number' } }, () => {}),
        ];
        for (const attempt of attempts) {
          try {
            attempt();
          } catch (err) {
            world.refused.push(`${err.constructor.name} ${err.code}`);
          }
        }
        app.get('/events', sse(() => {}));
        """
      Then this holds:
        """js
        assert.deepEqual(world.refused, Array(5).fill('TypeError KIT_ERR_SETUP_SSE_OPTIONS'));
        """

  Rule: SSE-002 The stream's answer: 200, text/event-stream, never cached, buffered or compressed

    Scenario Outline: the headers of an event stream on <flavour>, with those set before it opened
      Given <given>:
        """js
        app.use((req, res, next) => {
          res.set('X-Trace', 't-1');
          res.set('Content-Length', '99');
          next();
        });
        app.get('/events', sse(async (stream) => {
          await stream.send({ data: 'one' });
        }));
        """
      When a client opens the event stream "/events"
      Then the status is 200
      And the header "Content-Type" is "text/event-stream"
      And the header "Cache-Control" is "no-cache, no-transform"
      And the header "X-Accel-Buffering" is "no"
      And the header "Content-Length" is absent
      And the header "X-Trace" is "t-1"
      And the stream ends

      Examples:
        | flavour        | given             |
        | kit()          | the app           |
        | kitjs/express  | the Express app   |
        | kitjs/express5 | the Express 5 app |

    Scenario Outline: HEAD on <flavour> gets the headers, no body, and does not run the handler
      Given <given>:
        """js
        world.ran = false;
        app.get('/events', sse(() => {
          world.ran = true;
        }));
        """
      When I HEAD "/events"
      Then the status is 200
      And the header "Content-Type" is "text/event-stream"
      And the body is empty
      And this holds:
        """js
        assert.equal(world.ran, false);
        """

      Examples:
        | flavour        | given             |
        | kit()          | the app           |
        | kitjs/express5 | the Express 5 app |

  Rule: SSE-003 Events are framed so that no value can forge a field

    Scenario Outline: event, id, multi-line data and JSON, framed and read back on <flavour>
      Given <given>:
        """js
        app.get('/framed', sse({ heartbeat: false }, async (stream) => {
          await stream.send({ event: 'poem', id: 1, data: 'roses\r\nviolets\rsugar\nyou' });
          await stream.send({ id: 'b-2', data: { total: 2, items: ['a', 'b'] } });
          await stream.comment('note');
          await stream.send({ id: 'checkpoint' });
          await stream.send({ data: '' });
        }));
        """
      When a client opens the event stream "/framed"
      Then the stream's text, as a JSON string, is:
        """json
        "event: poem\nid: 1\ndata: roses\ndata: violets\ndata: sugar\ndata: you\n\nid: b-2\ndata: {\"total\":2,\"items\":[\"a\",\"b\"]}\n\n: note\n\nid: checkpoint\n\ndata: \n\n"
        """
      And the client receives the events:
        """json
        [
          { "type": "poem", "data": "roses\nviolets\nsugar\nyou", "lastEventId": "1" },
          { "type": "message", "data": "{\"total\":2,\"items\":[\"a\",\"b\"]}", "lastEventId": "b-2" },
          { "type": "message", "data": "", "lastEventId": "checkpoint" }
        ]
        """

      Examples:
        | flavour        | given             |
        | kit()          | the app           |
        | kitjs/express  | the Express app   |
        | kitjs/express5 | the Express 5 app |

    @kit-error-codes
    Scenario Outline: a line break in an event name or id is refused, never sent, on <flavour>
      Given <given>:
        """js
        app.get('/forge', sse({ heartbeat: false }, async (stream, req) => {
          if (req.query.when === 'after') await stream.send({ data: 'first' });
          await stream.send({ event: 'update\ndata: {"admin":true}', data: 'x' });
        }));
        app.get('/forge-id', sse({ heartbeat: false }, async (stream) => {
          await stream.send({ data: 'first' });
          await stream.send({ id: '7\r\nevent: logout', data: 'x' });
        }));
        """
      When I GET "/forge"
      Then the status is 500
      And the body does not contain "admin"
      When a client opens the event stream "/forge?when=after"
      Then the client receives the events:
        """json
        [
          { "type": "message", "data": "first", "lastEventId": "" },
          { "type": "error", "data": "{\"type\":\"about:blank\",\"title\":\"Internal Server Error\",\"status\":500,\"code\":\"KIT_ERR_SSE_BAD_FIELD\"}", "lastEventId": "" }
        ]
        """
      When a client opens the event stream "/forge-id"
      Then the client receives 2 events
      And the stream ends

      Examples:
        | flavour        | given             |
        | kit()          | the app           |
        | kitjs/express  | the Express app   |
        | kitjs/express5 | the Express 5 app |

  Rule: SSE-004 A heartbeat comment keeps an idle stream alive

    Scenario Outline: an idle stream on <flavour> is opened by its heartbeat and keeps beating
      Given <given>:
        """js
        app.get('/idle', sse({ heartbeat: 50 }, (stream) => stream.untilClosed()));
        """
      When a client opens the event stream "/idle"
      Then the status is 200
      And the client receives a heartbeat comment
      And the client receives 0 events
      When the client disconnects

      Examples:
        | flavour        | given             |
        | kit()          | the app           |
        | kitjs/express  | the Express app   |
        | kitjs/express5 | the Express 5 app |

  Rule: SSE-005 A client resumes where it left off: Last-Event-ID and retry

    Scenario Outline: a reconnecting client on <flavour> gets the events after the last one it saw
      Given <given>:
        """js
        const log = ['a', 'b', 'c', 'd'];
        app.get('/feed', sse({ retry: 2000, heartbeat: false }, async (stream) => {
          const from = stream.lastEventId === undefined ? 0 : Number(stream.lastEventId) + 1;
          for (let i = from; i < log.length; i++) await stream.send({ id: i, data: log[i] });
        }));
        """
      When a client opens the event stream "/feed"
      Then the client receives 4 events
      And the client's reconnection delay is 2000 ms
      When a client opens the event stream "/feed" with headers:
        | Last-Event-ID | 1 |
      Then the client receives the events:
        """json
        [
          { "type": "message", "data": "c", "lastEventId": "2" },
          { "type": "message", "data": "d", "lastEventId": "3" }
        ]
        """
      And the stream ends

      Examples:
        | flavour        | given             |
        | kit()          | the app           |
        | kitjs/express  | the Express app   |
        | kitjs/express5 | the Express 5 app |

  Rule: SSE-008 The stream ends when its handler has finished

    Scenario Outline: a handler on <flavour> returns its events as an async generator
      Given <given>:
        """js
        app.get('/count', sse({ heartbeat: false }, async function* () {
          for (let n = 1; n <= 3; n++) yield { event: 'count', id: n, data: n };
        }));
        app.get('/nothing', sse(() => {}));
        app.get('/gone', sse((_stream, _req, res) => {
          res.status(204).end();
        }));
        """
      When a client opens the event stream "/count"
      Then the client receives the events:
        """json
        [
          { "type": "count", "data": "1", "lastEventId": "1" },
          { "type": "count", "data": "2", "lastEventId": "2" },
          { "type": "count", "data": "3", "lastEventId": "3" }
        ]
        """
      And the stream ends
      When a client opens the event stream "/nothing"
      Then the status is 200
      And the header "Content-Type" is "text/event-stream"
      And the stream ends
      When I GET "/gone"
      Then the status is 204

      Examples:
        | flavour        | given             |
        | kit()          | the app           |
        | kitjs/express  | the Express app   |
        | kitjs/express5 | the Express 5 app |
