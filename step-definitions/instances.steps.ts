/** Steps for several reference servers on one PostgreSQL database: start them, race them, throttle across them, stop one. */
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { After, AfterAll, type DataTable, Given, Then, When } from '@cucumber/cucumber';
import { adminQuery, queryDatabase } from '../test/support/postgres-database.js';
import {
  adoptPort,
  answeredRequests,
  type ChildServer,
  childTimeoutMs,
  serverEnvironment,
  signalServer,
  startServer,
  stopServer,
  within,
} from './support/child-server.js';
import { repoRoot } from './support/impl.js';
import { scenarioDatabase } from './support/postgres.js';
import { type HalfSentPost, type HttpResponse, readAnswer, startHalfSentPost } from './support/raw-http.js';
import type { KitWorld } from './support/world.js';

interface InstancesState {
  databaseUrl?: string;
  servers: Map<string, ChildServer>;
  inFlight?: HalfSentPost;
  race?: { email: string; statuses: Record<string, number> }[];
  figures: Record<string, unknown>;
}

const states = new WeakMap<KitWorld, InstancesState>();
/** The figures of every scenario of the run, written to reports/instances.json for the deployment note. */
const runFigures: Record<string, unknown>[] = [];

function stateOf(world: KitWorld): InstancesState {
  let state = states.get(world);
  if (!state) {
    state = { servers: new Map(), figures: {} };
    states.set(world, state);
  }
  return state;
}

function serverOf(world: KitWorld, name: string): ChildServer {
  const server = stateOf(world).servers.get(name);
  if (!server?.port) throw new Error(`no reference server "${name}" is running`);
  return server;
}

/** One request to a server, read in full (its own connection: nothing shared between instances). */
function send(
  port: number,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<HttpResponse> {
  const data = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent: false,
        headers: data ? { 'content-type': 'application/json', ...headers } : headers,
      },
      (answer) => {
        readAnswer(answer).then(resolve, reject);
      },
    );
    request.once('error', reject);
    request.end(data);
  });
}

Given('a fresh PostgreSQL database for the reference servers', async function (this: KitWorld) {
  // The @postgres Before hook has already skipped the scenario when there is no server.
  stateOf(this).databaseUrl = await scenarioDatabase('instances');
});

When(
  'I start the reference servers {string} and {string} on it at the same time, with the environment:',
  // Past the children's own start timeout: two servers starting at once on a loaded machine are reported
  // with their output, never cut by cucumber's step timeout with the children left running.
  { timeout: 60_000 },
  async function (this: KitWorld, first: string, second: string, table: DataTable) {
    const state = stateOf(this);
    if (!state.databaseUrl) throw new Error('no database: use "Given a fresh PostgreSQL database ..."');
    const settings = {
      ...Object.fromEntries(table.raw().map(([name, value]) => [name as string, value ?? ''])),
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: state.databaseUrl,
    };
    // Both at once: the first start on an empty database creates the tables, and both race to do it.
    const names = [first, second];
    const servers = await Promise.all(
      names.map(async () => startServer(await this.makeTmpDir(), serverEnvironment(settings))),
    );
    for (const [i, server] of servers.entries()) {
      state.servers.set(names[i] as string, server);
      assert.ok(server.url, `server ${names[i]} did not start:\n${server.output}`);
    }
  },
);

Then('the reference server {string} printed {string}', function (this: KitWorld, name: string, text: string) {
  const server = serverOf(this, name);
  assert.ok(server.output.includes(text), `"${text}" is not in the output of ${name}:\n${server.output}`);
});

When('I talk to the reference server {string}', async function (this: KitWorld, name: string) {
  await adoptPort(this, serverOf(this, name).port as number);
});

When(
  '{int} times, a new account is registered on {string} and {string} at the same moment',
  async function (this: KitWorld, times: number, first: string, second: string) {
    const state = stateOf(this);
    const a = serverOf(this, first);
    const b = serverOf(this, second);
    state.race = [];
    for (let round = 1; round <= times; round++) {
      const email = `race-${round}@example.com`;
      const body = { email, password: 'analytical engine' };
      const [fromA, fromB] = await Promise.all([
        send(a.port as number, 'POST', '/register', body),
        send(b.port as number, 'POST', '/register', body),
      ]);
      state.race.push({ email, statuses: { [first]: fromA.status, [second]: fromB.status } });
    }
    state.figures.race = state.race;
  },
);

Then('each time exactly one answered 201 and the other 409', function (this: KitWorld) {
  const race = stateOf(this).race;
  assert.ok(race && race.length > 0, 'no race was run');
  for (const { email, statuses } of race) {
    assert.deepEqual(Object.values(statuses).sort(), [201, 409], `${email}: ${JSON.stringify(statuses)}`);
  }
});

Then('the database holds each raced email exactly once', async function (this: KitWorld) {
  const state = stateOf(this);
  const url = state.databaseUrl as string;
  const rows = await queryDatabase(
    url,
    'SELECT email, count(*)::int AS n FROM users GROUP BY email ORDER BY email',
  );
  const raced = new Set(state.race?.map((r) => r.email));
  const counts = rows.filter((row) => raced.has(String(row.email)));
  assert.equal(counts.length, raced.size, `rows: ${JSON.stringify(rows)}`);
  for (const row of counts) assert.equal(row.n, 1, `${row.email} is stored ${row.n} times`);
});

Then('these logins, sent in this order, are answered:', async function (this: KitWorld, table: DataTable) {
  const state = stateOf(this);
  const answers: { server: string; email: string; status: number; retryAfter: string | null }[] = [];
  for (const row of table.hashes()) {
    const server = serverOf(this, row.server as string);
    const response = await send(server.port as number, 'POST', '/login', {
      email: row.email,
      password: row.password,
    });
    const retryAfter = response.headers['retry-after'] ?? null;
    answers.push({
      server: row.server as string,
      email: row.email as string,
      status: response.status,
      retryAfter,
    });
    assert.equal(
      response.status,
      Number(row.status),
      `login ${answers.length} (${row.email} on ${row.server}) answered ${response.status}: ${response.text}`,
    );
    if (response.status === 429) {
      assert.match(retryAfter ?? '', /^\d+$/, 'a 429 carries Retry-After in seconds');
      const window = Number(row.window ?? Number.POSITIVE_INFINITY);
      assert.ok(Number(retryAfter) >= 1 && Number(retryAfter) <= window, `Retry-After: ${retryAfter}`);
    } else {
      assert.equal(retryAfter, null, 'only a 429 carries Retry-After');
    }
  }
  state.figures.logins = [...((state.figures.logins as unknown[]) ?? []), ...answers];
});

When(
  'a client sends the headers and the first half of a POST {string} to {string} with the JSON body:',
  async function (this: KitWorld, path: string, name: string, json: string) {
    stateOf(this).inFlight = await startHalfSentPost(
      serverOf(this, name).port as number,
      path,
      JSON.parse(json),
    );
  },
);

When(
  'the reference server {string} receives {word}',
  async function (this: KitWorld, name: string, signal: string) {
    await signalServer(serverOf(this, name), signal as NodeJS.Signals);
  },
);

When('the client sends the rest of the body in flight', async function (this: KitWorld) {
  const inFlight = stateOf(this).inFlight;
  if (!inFlight) throw new Error('no request in flight');
  this.response = await inFlight.finish();
});

Then(
  'the reference server {string} exits with the code {int}',
  async function (this: KitWorld, name: string, code: number) {
    const server = serverOf(this, name);
    const exited = await within(server.exit, childTimeoutMs, 'still running');
    assert.equal(exited, code, `exit ${exited}; output:\n${server.output}`);
  },
);

When('the database stops accepting connections', async function (this: KitWorld) {
  await allowConnections(this, false);
});

When('the database accepts connections again', async function (this: KitWorld) {
  await allowConnections(this, true);
});

/** Closes or reopens the scenario's database to new connections; closing also cuts the open ones. */
async function allowConnections(world: KitWorld, allow: boolean): Promise<void> {
  const url = stateOf(world).databaseUrl;
  if (!url) throw new Error('no database');
  const name = new URL(url).pathname.slice(1);
  assert.match(name, /^\w+$/);
  await adminQuery(url, `ALTER DATABASE "${name}" ALLOW_CONNECTIONS ${allow}`);
  if (!allow) {
    await adminQuery(url, 'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [
      name,
    ]);
  }
}

After(async function (this: KitWorld, { pickle }) {
  const state = states.get(this);
  if (!state) return;
  states.delete(this);
  const answered: Record<string, number> = {};
  for (const [name, server] of state.servers) {
    await stopServer(server);
    answered[name] = answeredRequests(server);
  }
  if (state.servers.size > 0) {
    const figures = { scenario: pickle.name, requestsAnsweredBy: answered, ...state.figures };
    runFigures.push(figures);
    this.attach(JSON.stringify(figures), 'application/json');
  }
});

AfterAll(() => {
  if (runFigures.length === 0) return;
  const dir = join(repoRoot, 'reports');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'instances.json'), `${JSON.stringify(runFigures, null, 2)}\n`);
});
