/** Steps for database outages (DB-001, DB-002): a PostgreSQL the scenario stops and starts, sessions an administrator ends, a network that fails. */
import assert from 'node:assert/strict';
import { After, Given, Then, When } from '@cucumber/cucumber';
import { type CuttingProxy, cuttingProxy } from '../test/db/cutting-proxy.js';
import { type OwnPostgres, ownPostgres } from '../test/db/postgres-own-server.js';
import { eventually } from '../test/support/eventually.js';
import { queryDatabase } from '../test/support/postgres-database.js';
import { skipReasonPrefix } from './support/hooks.js';
import { mongoUri } from './support/mongo.js';
import { scenarioDatabase } from './support/postgres.js';
import type { HttpResponse } from './support/raw-http.js';
import type { KitWorld } from './support/world.js';

/** The World as these steps and the app code see it: `world.postgresUrl`, `world.mongoUri`. */
type OutageWorld = KitWorld & { postgresUrl?: string; mongoUri?: string };

interface OutageState {
  own?: OwnPostgres;
  proxy?: CuttingProxy;
}

const states = new WeakMap<KitWorld, OutageState>();

function stateOf(world: KitWorld): OutageState {
  let state = states.get(world);
  if (state === undefined) {
    state = {};
    states.set(world, state);
  }
  return state;
}

function ownServer(world: KitWorld): OwnPostgres {
  const own = stateOf(world).own;
  if (own === undefined)
    throw new Error("no PostgreSQL of the scenario's own: start one with its Given step");
  return own;
}

function proxyOf(world: KitWorld): CuttingProxy {
  const proxy = stateOf(world).proxy;
  if (proxy === undefined)
    throw new Error('no proxy between the app and its database: use a "through a proxy" Given');
  return proxy;
}

/**
 * Sends `path` and, once a session of the app's runs a statement on the database of `url`, does `act` to
 * it; resolves to the answer. Sessions are the app's when they are not the step's own (pg_backend_pid).
 */
async function underARunningStatement(
  world: KitWorld,
  path: string,
  url: string,
  act: (pids: number[]) => Promise<void>,
): Promise<HttpResponse> {
  // The request waits while the step finds its statement and acts on the database, which on a loaded
  // machine (the app's first connection, the polling, a server stopping) can outlast the 5 s of an ordinary
  // request: it gets the step's own bound instead. The statement itself sleeps 30 s, so an act that does
  // nothing still fails here, with the timeout, rather than passing.
  const answer = world.send('GET', path, { timeoutMs: 25_000 });
  // Read in full later; a failure to send must not be an unhandled rejection meanwhile.
  answer.catch(() => {});
  // Only the route's own statement, sleeping: the app's first connection runs Sequelize's setup queries
  // (the type OIDs) first, and ending that session instead is an outage before the statement began, which
  // the pool answers with a fresh connection on which the 30 s sleep then runs in full.
  const database = new URL(url).pathname.slice(1);
  let pids: number[] = [];
  await eventually(async () => {
    const rows = await queryDatabase(
      url,
      "SELECT pid FROM pg_stat_activity WHERE datname = $1 AND state = 'active' AND wait_event = 'PgSleep' AND pid <> pg_backend_pid()",
      [database],
    );
    pids = rows.map((row) => Number(row.pid));
    assert.ok(pids.length > 0, `no statement of the app runs on ${database}`);
  }, 20_000);
  await act(pids);
  return answer;
}

Given(
  "a PostgreSQL server of the scenario's own as world.postgresUrl, which the scenario stops and starts",
  async function (this: OutageWorld) {
    const own = await ownPostgres();
    if ('reason' in own) {
      // CI promises PostgreSQL (.ci/run installs it), so there its absence is a failure, not a skip.
      if (process.env.CI) throw new Error(own.reason);
      this.attach(`${skipReasonPrefix}${own.reason}`);
      return 'skipped';
    }
    stateOf(this).own = own;
    this.postgresUrl = own.url;
    return undefined;
  },
);

When(
  'I GET {string} while the PostgreSQL server stops',
  { timeout: 60_000 },
  async function (this: KitWorld, path: string) {
    const own = ownServer(this);
    // A fast shutdown ends every session with 57P01 admin_shutdown, the running statement's included.
    this.response = await underARunningStatement(this, path, own.url, () => own.stop('fast'));
  },
);

When('the PostgreSQL server starts again', async function (this: KitWorld) {
  await ownServer(this).start();
});

When(
  "I GET {string} while an administrator ends the app's database sessions",
  { timeout: 60_000 },
  async function (this: OutageWorld, path: string) {
    const url = this.postgresUrl;
    if (url === undefined) throw new Error('no PostgreSQL database for the app');
    this.response = await underARunningStatement(this, path, url, async (pids) => {
      await queryDatabase(url, 'SELECT pg_terminate_backend(pid) FROM unnest($1::int[]) AS pid', [pids]);
    });
  },
);

Given(
  'a PostgreSQL database for the app as world.postgresUrl, reached through a proxy that can lose its connections',
  async function (this: OutageWorld) {
    // The @postgres Before hook has already skipped the scenario when there is no server.
    const direct = new URL(await scenarioDatabase('outage'));
    const proxy = await cuttingProxy(direct.hostname, Number(direct.port || 5432), { postgres: true });
    stateOf(this).proxy = proxy;
    direct.host = `127.0.0.1:${proxy.port}`;
    this.postgresUrl = direct.toString();
  },
);

Given(
  'a MongoDB database for the app as world.mongoUri, reached through a proxy that can lose its connections',
  async function (this: OutageWorld) {
    // The @mongodb Before hook has already skipped the scenario when no server is available.
    const uri = await mongoUri();
    if (!/^mongodb:\/\/(?:[^@/]*@)?[^,/]+(?:\/|$)/.test(uri)) {
      this.attach(
        `${skipReasonPrefix}the MongoDB URI names several hosts or an SRV record: a proxy stands for one host`,
      );
      return 'skipped';
    }
    const direct = new URL(uri);
    const proxy = await cuttingProxy(direct.hostname, Number(direct.port || 27017));
    stateOf(this).proxy = proxy;
    const via = new URL(uri);
    via.host = `127.0.0.1:${proxy.port}`;
    // One server, reached as it is: no replica-set discovery past the proxy.
    via.searchParams.set('directConnection', 'true');
    this.mongoUri = via.toString();
    return undefined;
  },
);

When("the database's next INSERT is committed and its answer lost", function (this: KitWorld) {
  proxyOf(this).cutAfterNextInsert();
});

When('the network to the database fails', function (this: KitWorld) {
  proxyOf(this).refuse(true);
});

When('the network to the database is back', function (this: KitWorld) {
  proxyOf(this).refuse(false);
});

Then(
  'GET {string} answers {int} again within {int} seconds',
  async function (this: KitWorld, path: string, status: number, seconds: number) {
    // Recovery, not speed: the driver finds its server again on its own schedule; the bound ends a wait that went wrong.
    await eventually(async () => {
      this.response = await this.send('GET', path);
      assert.equal(this.response.status, status, `still ${this.response.status}: ${this.response.text}`);
    }, seconds * 1000);
  },
);

// Defined after support/hooks.ts, so it runs before the World's cleanup: the app closes its pools while
// the server and the proxy are still there, then they go.
After(async function (this: KitWorld) {
  const state = states.get(this);
  if (state === undefined) return;
  states.delete(this);
  const app = this.app as { close?: () => Promise<unknown> } | undefined;
  if (typeof app?.close === 'function') await app.close().catch(() => undefined);
  await state.proxy?.close();
  state.own?.destroy();
});
