@sse
Feature: Server-sent event streams: failures and typed events
  A failure before the stream opened is the app's ordinary answer; after, an `error` event (SSE-009). Typed
  events check and write each event's data with its schema (SSE-011).

  Rule: SSE-009 A failure before the stream opened is the app's ordinary answer; after, an error event

    @kit-http-error
    Scenario Outline: before any event, <flavour>'s error middleware answers with its status
      Given <given>:
        """js
        app.get('/jobs/:id/events', sse(async (stream, req) => {
          if (req.params.id !== '1') throw new HttpError(404, 'No such job');
          await stream.send({ data: 'job 1' });
        }));
        app.use((err, req, res, next) => {
          res.status(err.status ?? 500).json({ message: err.message });
        });
        """
      When I GET "/jobs/2/events"
      Then the status is 404
      And the JSON body is:
        """json
        { "message": "No such job" }
        """

      Examples:
        | flavour        | given             |
        | kit()          | the app           |
        | kitjs/express  | the Express app   |
        | kitjs/express5 | the Express 5 app |

    @kit-http-error
    Scenario Outline: after the first event on <flavour>, the failure is an error event, then the end
      Given <given>:
        """js
        app.get('/report', sse({ heartbeat: false }, async (stream, req) => {
          await stream.send({ data: 'started' });
          if (req.query.fault === 'client') throw new HttpError(409, 'Cursor expired', { code: 'CURSOR_EXPIRED' });
          throw new Error('connection to db-7.internal refused');
        }));
        """
      When a client opens the event stream "/report"
      Then the status is 200
      And the client receives the events:
        """json
        [
          { "type": "message", "data": "started", "lastEventId": "" },
          { "type": "error", "data": "{\"type\":\"about:blank\",\"title\":\"Internal Server Error\",\"status\":500}", "lastEventId": "" }
        ]
        """
      And the stream ends
      When a client opens the event stream "/report?fault=client"
      Then the client receives the events:
        """json
        [
          { "type": "message", "data": "started", "lastEventId": "" },
          { "type": "error", "data": "{\"type\":\"about:blank\",\"title\":\"Conflict\",\"status\":409,\"detail\":\"Cursor expired\",\"code\":\"CURSOR_EXPIRED\"}", "lastEventId": "" }
        ]
        """

      Examples:
        | flavour        | given             |
        | kit()          | the app           |
        | kitjs/express  | the Express app   |
        | kitjs/express5 | the Express 5 app |

    Scenario: onError writes the app's own event in place of the default one
      Given the app:
        """js
        app.get('/custom', sse({
          heartbeat: false,
          onError: async (err, stream) => {
            await stream.send({ event: 'failed', data: { retryable: true } });
          },
        }, async (stream) => {
          await stream.send({ data: 'working' });
          throw new Error('worker crashed');
        }));
        """
      When a client opens the event stream "/custom"
      Then the client receives the events:
        """json
        [
          { "type": "message", "data": "working", "lastEventId": "" },
          { "type": "failed", "data": "{\"retryable\":true}", "lastEventId": "" }
        ]
        """
      And the stream ends

  Rule: SSE-011 Typed events: each event name's data checked and written by its schema

    @kit-error-codes
    Scenario Outline: Zod and TypeBox schemas type the events on <flavour>; what they do not name is not sent
      Given <given>:
        """js
        const { z } = require('zod');
        const { Type } = require('@sinclair/typebox');
        const events = {
          progress: z.object({ done: z.number() }),
          message: Type.Object({ text: Type.String() }),
        };
        app.get('/typed', sse({ heartbeat: false, events }, async (stream, req) => {
          // not typed: an extra field the schema does not name, as data read from a database row would carry
          await stream.send({ event: 'progress', data: { done: 0.5, workerHost: 'db-7' } });
          await stream.send({ data: { text: 'half way' } });
          // not typed: data of the wrong type, which the schema refuses
          if (req.query.bad) await stream.send({ event: 'progress', data: { done: 'half' } });
        }));
        """
      When a client opens the event stream "/typed"
      Then the client receives the events:
        """json
        [
          { "type": "progress", "data": "{\"done\":0.5}", "lastEventId": "" },
          { "type": "message", "data": "{\"text\":\"half way\"}", "lastEventId": "" }
        ]
        """
      And the stream ends
      When a client opens the event stream "/typed?bad=1"
      Then the client receives the events:
        """json
        [
          { "type": "progress", "data": "{\"done\":0.5}", "lastEventId": "" },
          { "type": "message", "data": "{\"text\":\"half way\"}", "lastEventId": "" },
          { "type": "error", "data": "{\"type\":\"about:blank\",\"title\":\"Internal Server Error\",\"status\":500,\"code\":\"KIT_ERR_SSE_DATA_MISMATCH\"}", "lastEventId": "" }
        ]
        """
      And the stream ends

      Examples:
        | flavour        | given             |
        | kit()          | the app           |
        | kitjs/express5 | the Express 5 app |
