@hardening
Feature: Shutdown under load
  `app.close()` with connections in every state: idle keep-alive, busy, and stuck. In-flight requests that
  finish, requests arriving while closing (503) and the onClose hooks are in features/core (APP-007).

  Rule: HARD-007 Shutdown reaps idle connections and cuts the rest at the timeout

    @kit-lifecycle
    Scenario: an idle keep-alive connection is closed promptly, while a busy one finishes first
      Given the app:
        """js
        // A keep-alive timeout of a minute: without reaping, close() would wait for it.
        const patient = kit({ keepAliveTimeout: 60_000 });
        patient.get('/ok', (req, res) => res.send('ok'));
        world.arrived = new Promise((resolve) => { world.markArrived = resolve; });
        patient.get('/slow', async (req, res) => {
          world.markArrived();
          await new Promise((resolve) => setTimeout(resolve, 300));
          res.send('slow done');
        });
        world.events = [];
        patient.onClose(() => { world.events.push('hook'); });
        world.patient = patient;
        return patient.listen(0, '127.0.0.1');
        """
      Then this holds:
        """js
        const net = require('node:net');
        const port = world.server.address().port;
        const open = async (request) => {
          const socket = net.connect(port, '127.0.0.1');
          await new Promise((resolve) => socket.once('connect', resolve));
          const client = { received: '', gone: new Promise((resolve) => socket.once('close', resolve)) };
          socket.on('data', (chunk) => { client.received += chunk.toString('latin1'); });
          socket.write(request);
          return client;
        };
        const idle = await open('GET /ok HTTP/1.1\r\nHost: localhost\r\n\r\n');
        while (!idle.received.endsWith('ok')) await new Promise((resolve) => setTimeout(resolve, 5));
        const busy = await open('GET /slow HTTP/1.1\r\nHost: localhost\r\n\r\n');
        await world.arrived;
        idle.gone.then(() => world.events.push('idle closed'));
        busy.gone.then(() => world.events.push('busy closed'));
        const closing = world.patient.close({ timeout: 10_000 }).then(() => world.events.push('closed'));
        // A guard so that a server that never reaps fails here with a message, not at the step timeout.
        const outcome = await Promise.race([
          closing.then(() => 'closed'),
          new Promise((resolve) => setTimeout(() => resolve('still waiting after 5 s'), 5000)),
        ]);
        assert.equal(outcome, 'closed');
        await busy.gone;
        assert.match(busy.received, /^HTTP\/1\.1 200 [\s\S]*slow done$/);
        // The busy client may see its close after the server's, so only the server-side order is fixed.
        const serverSide = world.events.filter((event) => event !== 'busy closed');
        assert.deepEqual(serverSide, ['idle closed', 'hook', 'closed']);
        assert.equal(world.server.listening, false);
        """

    @kit-lifecycle
    Scenario: a request still running at the timeout has its connection cut, then the hooks run
      Given the app:
        """js
        world.events = [];
        world.late = new Promise((resolve) => { world.onLate = resolve; });
        world.arrived = new Promise((resolve) => { world.markArrived = resolve; });
        app.get('/stuck', async (req, res) => {
          world.markArrived();
          await new Promise((resolve) => setTimeout(resolve, 600));
          try {
            res.send('too late');
            world.onLate('no throw');
          } catch (err) {
            world.onLate(`threw ${err.message}`);
          }
        });
        app.onClose(() => { world.events.push('hook'); });
        """
      Then this holds:
        """js
        const net = require('node:net');
        const socket = net.connect(world.server.address().port, '127.0.0.1');
        let received = '';
        socket.on('data', (chunk) => { received += chunk; });
        socket.on('error', () => {});
        const cut = new Promise((resolve) => socket.once('close', resolve));
        socket.write('GET /stuck HTTP/1.1\r\nHost: localhost\r\n\r\n');
        await world.arrived;
        await world.app.close({ timeout: 150 });
        world.events.push('closed');
        await cut;
        assert.equal(received, '', 'nothing was sent on the cut connection');
        assert.deepEqual(world.events, ['hook', 'closed']);
        assert.equal(world.server.listening, false);
        assert.equal(await world.late, 'no throw');
        """

    @kit-lifecycle
    Scenario: several idle keep-alive clients do not hold the server open
      Given the app:
        """js
        const patient = kit({ keepAliveTimeout: 60_000 });
        patient.get('/ok', (req, res) => res.send('ok'));
        world.patient = patient;
        return patient.listen(0, '127.0.0.1');
        """
      Then this holds:
        """js
        const http = require('node:http');
        const agent = new http.Agent({ keepAlive: true, maxSockets: 10 });
        const port = world.server.address().port;
        const get = () => new Promise((resolve, reject) => {
          http.get({ host: '127.0.0.1', port, path: '/ok', agent }, (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode));
          }).on('error', reject);
        });
        const statuses = await Promise.all(Array.from({ length: 10 }, get));
        assert.deepEqual(new Set(statuses), new Set([200]));
        const outcome = await Promise.race([
          world.patient.close({ timeout: 10_000 }).then(() => 'closed'),
          new Promise((resolve) => setTimeout(() => resolve('still waiting after 5 s'), 5000)),
        ]);
        agent.destroy();
        assert.equal(outcome, 'closed');
        """
