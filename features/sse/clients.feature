@sse
Feature: Server-sent event streams and their clients: slow readers, departures, shutdown
  What a stream does about the client on the other end (spec/sse.md): it waits for a slow reader instead of
  buffering (SSE-006), stops and cleans up when the client leaves (SSE-007), and ends when the app closes
  (SSE-010). The same in kit() and both Express flavours.

  Rule: SSE-006 A slow client holds the server's memory flat

    Scenario Outline: a client on <flavour> that reads nothing holds the handler at its next send
      Given <given>:
        """js
        world.sent = 0;
        world.mostWaiting = 0;
        const chunk = 'x'.repeat(64 * 1024);
        app.get('/firehose', sse({ heartbeat: false }, async (stream, req, res) => {
          world.highWaterMark = res.writableHighWaterMark;
          for (let i = 0; i < 512; i++) {
            if (!(await stream.send({ id: i, data: chunk }))) return;
            world.sent = i + 1;
            world.mostWaiting = Math.max(world.mostWaiting, res.writableLength);
          }
        }));
        """
      When a client opens the event stream "/firehose" and reads nothing
      Then this holds:
        """js
        // The handler stops sending: the count stays the same across five looks 50 ms apart.
        let last = -1;
        let same = 0;
        for (let looks = 0; looks < 300 && same < 5; looks++) {
          await new Promise((resolve) => setTimeout(resolve, 50));
          same = world.sent === last ? same + 1 : 0;
          last = world.sent;
        }
        assert.equal(same, 5, 'the handler never waited');
        // 32 MiB were to go; the sockets' buffers hold a few, and the response never more than one event past
        // its high-water mark.
        assert.ok(world.sent < 512, `all ${world.sent} events were sent to a client that read nothing`);
        assert.ok(world.mostWaiting <= world.highWaterMark + 64 * 1024 + 256, `${world.mostWaiting} bytes waited`);
        """
      When the client reads again
      Then the client receives 512 events
      And the stream ends

      Examples:
        | flavour        | given             |
        | kit()          | the app           |
        | kitjs/express  | the Express app   |
        | kitjs/express5 | the Express 5 app |

    Scenario: a subscription that does not await is cut at maxBuffered, its sends refused
      Given the app:
        """js
        const chunk = 'y'.repeat(16 * 1024);
        world.results = [];
        app.get('/flood', sse({ heartbeat: false, maxBuffered: 256 * 1024 }, async (stream) => {
          await stream.send({ data: 'first' });
          for (let i = 0; i < 2000; i++) world.results.push(stream.send({ data: chunk }));
          await stream.untilClosed();
        }));
        """
      When a client opens the event stream "/flood" and reads nothing
      Then this holds:
        """js
        for (let tries = 0; tries < 500 && world.results.length < 2000; tries++)
          await new Promise((resolve) => setTimeout(resolve, 10));
        const written = await Promise.all(world.results);
        assert.equal(written.at(-1), false);
        // At most the bound's worth of 16 KiB events waited before the cut.
        assert.ok(written.filter(Boolean).length <= 256 / 16 + 1, `${written.filter(Boolean).length} written`);
        """

  Rule: SSE-007 When the client leaves, the handler stops and its cleanup runs

    Scenario Outline: a client on <flavour> leaves: the signal aborts, the cleanup runs, the loop ends
      Given <given>:
        """js
        world.seen = [];
        app.get('/ticks', sse({ heartbeat: false }, async (stream) => {
          stream.signal.addEventListener('abort', () => world.seen.push(stream.signal.reason.name));
          stream.onClose(() => world.seen.push('cleanup'));
          let n = 0;
          while (await stream.send({ id: n, data: n })) {
            n++;
            await stream.sleep(20);
          }
          world.seen.push('loop ended');
          world.late = await stream.send({ data: 'after' });
        }));
        """
      When a client opens the event stream "/ticks"
      Then the client receives 2 events
      When the client disconnects
      Then this holds:
        """js
        for (let tries = 0; tries < 500 && world.late === undefined; tries++)
          await new Promise((resolve) => setTimeout(resolve, 10));
        assert.deepEqual(world.seen, ['AbortError', 'cleanup', 'loop ended']);
        assert.equal(world.late, false);
        """

      Examples:
        | flavour        | given             |
        | kit()          | the app           |
        | kitjs/express  | the Express app   |
        | kitjs/express5 | the Express 5 app |

    Scenario Outline: a returned generator on <flavour> is stopped: its finally runs
      Given <given>:
        """js
        world.cleaned = false;
        app.get('/gen', sse({ heartbeat: false }, async function* () {
          try {
            for (let n = 0; ; n++) {
              yield { data: n };
              await new Promise((resolve) => setTimeout(resolve, 10));
            }
          } finally {
            world.cleaned = true;
          }
        }));
        """
      When a client opens the event stream "/gen"
      Then the client receives 3 events
      When the client disconnects
      Then this holds:
        """js
        for (let tries = 0; tries < 500 && !world.cleaned; tries++)
          await new Promise((resolve) => setTimeout(resolve, 10));
        assert.equal(world.cleaned, true);
        """

      Examples:
        | flavour        | given             |
        | kit()          | the app           |
        | kitjs/express5 | the Express 5 app |

  Rule: SSE-010 Closing the app ends its open streams

    @kit-lifecycle
    Scenario Outline: app.close() on <flavour> ends an open stream at once, running its cleanup
      Given <given>:
        """js
        world.reasons = [];
        app.get('/forever', sse({ heartbeat: false }, async (stream) => {
          stream.onClose(() => world.reasons.push(stream.signal.reason.message));
          await stream.send({ data: 'open' });
          await stream.untilClosed();
        }));
        """
      When a client opens the event stream "/forever"
      Then the client receives 1 events
      And this holds:
        """js
        // A drain timeout of a minute: close() returns promptly only if the stream ended.
        const outcome = await Promise.race([
          world.app.close({ timeout: 60_000 }).then(() => 'closed'),
          new Promise((resolve) => setTimeout(() => resolve('still draining after 8 s'), 8000)),
        ]);
        assert.equal(outcome, 'closed');
        assert.deepEqual(world.reasons, ['The app is closing']);
        """
      And the stream ends

      Examples:
        | flavour        | given             |
        | kit()          | the app           |
        | kitjs/express  | the Express app   |
        | kitjs/express5 | the Express 5 app |
