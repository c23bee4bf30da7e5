/** Steps of the reference app: build it on a store for the implementation under test, restart it, and run `npm start`'s server. */
import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import { connect } from 'node:net';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { After, Given, Then, When } from '@cucumber/cucumber';
import {
  adoptPort,
  type ChildServer,
  childStartTimeoutMs,
  killServer,
  serverEnvironment,
  signalServer,
  startServer,
  childTimeoutMs as startTimeoutMs,
} from './support/child-server.js';
import { repoRoot } from './support/impl.js';
import { mapKitjs } from './support/kitjs-resolve.js';
import { mongoUri } from './support/mongo.js';
import { type HalfSentPost, startHalfSentPost } from './support/raw-http.js';
import type { KitWorld } from './support/world.js';

const appDir = join(repoRoot, 'reference-app');

// biome-ignore lint/suspicious/noExplicitAny: the app is loaded by URL at run time (its types are not this program's)
type Loose = any;

/** Where a store keeps its data, so a restart can open the same one. */
type StoreConfig = { kind: 'sqlite'; path?: string } | { kind: 'mongodb'; uri: string; dbName: string };

interface RunningApp {
  app: Loose;
  config: StoreConfig;
  store: Loose;
  port: number;
  options: Record<string, unknown>;
  closing?: Promise<void>;
}

interface RefState {
  running?: RunningApp;
  comparisons: number;
  child?: ChildServer;
  inFlight?: HalfSentPost;
}

const states = new WeakMap<KitWorld, RefState>();

function stateOf(world: KitWorld): RefState {
  let state = states.get(world);
  if (!state) {
    state = { comparisons: 0 };
    states.set(world, state);
  }
  return state;
}

/** Set while a scenario counts comparisons: kitjs-resolve-hooks.mjs's comparePassword calls it. */
const COMPARISON_COUNTER = Symbol.for('kitjs.suite.comparePassword');

/** Counts the reference app's bcrypt comparisons into the World's state (undefined: stop counting). */
function countComparisons(world: KitWorld | undefined): void {
  const counters = globalThis as unknown as Record<symbol, (() => void) | undefined>;
  counters[COMPARISON_COUNTER] =
    world === undefined
      ? undefined
      : () => {
          stateOf(world).comparisons += 1;
        };
}

/**
 * Imports a module of reference-app/. Its `import ... from 'kitjs'` loads the implementation under test:
 * the resolve hooks map the package name to KIT_IMPL (the same module instance as `world.implementation()`),
 * as `npm start` maps it to the package's own dist/.
 */
async function appModule<T>(world: KitWorld, file: string): Promise<T> {
  mapKitjs((await world.implementation()).location.url);
  return (await import(pathToFileURL(join(appDir, file)).href)) as T;
}

interface StoreModules {
  createSqliteStore(options: { path?: string }): Loose;
  createMongoStore(options: { uri: string; dbName: string }): Loose;
}

async function openStore(world: KitWorld, config: StoreConfig): Promise<Loose> {
  const store =
    config.kind === 'sqlite'
      ? (await appModule<StoreModules>(world, 'stores/sqlite-store.ts')).createSqliteStore(
          config.path === undefined ? {} : { path: config.path },
        )
      : (await appModule<StoreModules>(world, 'stores/mongo-store.ts')).createMongoStore({
          uri: config.uri,
          dbName: config.dbName,
        });
  await store.init();
  return store;
}

/** Builds the reference app through `reference-app/app.ts` and serves it on 127.0.0.1 (port 0 the first time). */
async function startReferenceApp(
  world: KitWorld,
  config: StoreConfig,
  port = 0,
  options: Record<string, unknown> = {},
): Promise<void> {
  // requestLogger writes a line per request: into the scenario's directory, not over the run's progress.
  world.setEnv('LOG_FILE', join(await world.makeTmpDir(), 'reference-app.log'));
  const { createApp } = await appModule<{ createApp(options: Loose): { app: Loose; docs: unknown } }>(
    world,
    'app.ts',
  );
  const store = await openStore(world, config);
  const { app, docs } = createApp({ store, ...options });
  const server: Server = app.listen(port, '127.0.0.1');
  world.app = app;
  // The docs steps read what setupSwagger returned from world.docs.
  (world as unknown as { docs: unknown }).docs = docs;
  await world.serve(server);
  stateOf(world).running = { app, config, store, port: world.port(), options };
}

Given('the reference app on an in-memory SQLite database', async function (this: KitWorld) {
  await startReferenceApp(this, { kind: 'sqlite' });
});

Given(
  'the reference app on an in-memory SQLite database, counting bcrypt comparisons',
  async function (this: KitWorld) {
    countComparisons(this);
    await startReferenceApp(this, { kind: 'sqlite' });
  },
);

Given(
  'the reference app on the SQLite file {string} in the scenario directory',
  async function (this: KitWorld, name: string) {
    const path = join(await this.makeTmpDir(), name);
    await startReferenceApp(this, { kind: 'sqlite', path });
  },
);

Given('the reference app on the MongoDB database', async function (this: KitWorld) {
  // The @mongodb Before hook has already skipped the scenario when no server is available.
  const dbName = `kit-reference-${process.pid}-${Date.now().toString(36)}`;
  await startReferenceApp(this, { kind: 'mongodb', uri: await mongoUri(), dbName });
});

When('the reference app restarts', async function (this: KitWorld) {
  const running = stateOf(this).running;
  if (!running)
    throw new Error('no reference app is running: start one with "Given the reference app on ..."');
  // app.close() drains the server and closes the store (its onClose hook), as SIGTERM does in server.js.
  await running.app.close({ timeout: 2000 });
  // Same port: the World's HTTP client keeps its base URL, as a client of a restarted service would.
  await startReferenceApp(this, running.config, running.port, running.options);
});

Given(
  'the reference app on an in-memory SQLite database, with the createApp options:',
  async function (this: KitWorld, json: string) {
    const options = JSON.parse(json) as Record<string, unknown>;
    await startReferenceApp(this, { kind: 'sqlite' }, 0, options);
  },
);

function runningOf(world: KitWorld): RunningApp {
  const running = stateOf(world).running;
  if (!running)
    throw new Error('no reference app is running: start one with "Given the reference app on ..."');
  return running;
}

Then(
  'these logins to the reference app, sent in this order, are answered:',
  async function (this: KitWorld, table: { hashes(): Record<string, string>[] }) {
    let count = 0;
    for (const row of table.hashes()) {
      count += 1;
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      // "-": no X-Forwarded-For header, the client is the socket's peer.
      if (row.forwarded !== undefined && row.forwarded !== '-') headers['x-forwarded-for'] = row.forwarded;
      const answer = await this.send('POST', '/login', {
        headers,
        data: JSON.stringify({ email: row.email, password: row.password }),
      });
      const what = `login ${count} (${row.email}${headers['x-forwarded-for'] ? ` from ${headers['x-forwarded-for']}` : ''})`;
      assert.equal(answer.status, Number(row.status), `${what} answered ${answer.status}: ${answer.text}`);
      const retryAfter = answer.headers['retry-after'];
      if (answer.status === 429) {
        assert.match(retryAfter ?? '', /^\d+$/, `${what}: a 429 carries Retry-After in seconds`);
        if (row.retryAfter !== undefined) {
          const [least, most] = row.retryAfter.split('..').map(Number);
          const seconds = Number(retryAfter);
          assert.ok(
            seconds >= (least as number) && seconds <= (most as number),
            `${what}: Retry-After ${seconds}`,
          );
        }
      } else {
        assert.equal(retryAfter, undefined, `${what}: only a 429 carries Retry-After`);
      }
      this.response = answer;
    }
  },
);

When("the reference app's store is closed", async function (this: KitWorld) {
  await runningOf(this).store.close();
});

When('the reference app begins to close', function (this: KitWorld) {
  const running = runningOf(this);
  running.closing = running.app.close({ timeout: 5000 });
  running.closing?.catch(() => {});
});

Then(
  'a GET {string} to the same app through another server answers {int}',
  async function (this: KitWorld, path: string, status: number) {
    const { app } = runningOf(this);
    // The app is a request listener: a second server shows what the app answers, whichever socket asks.
    const { createServer } = await import('node:http');
    const other = createServer(app);
    await new Promise<void>((done) => other.listen(0, '127.0.0.1', done));
    try {
      const address = other.address() as { port: number };
      const answer = await fetch(`http://127.0.0.1:${address.port}${path}`);
      await answer.arrayBuffer();
      assert.equal(answer.status, status);
    } finally {
      other.closeAllConnections();
      await new Promise<void>((done) => other.close(() => done()));
    }
  },
);

Given(
  'an account {string} with the password {string}',
  async function (this: KitWorld, email: string, password: string) {
    const answer = await this.send('POST', '/register', {
      headers: { 'content-type': 'application/json' },
      data: JSON.stringify({ email, password }),
    });
    assert.equal(answer.status, 201, `registering ${email} answered ${answer.status}: ${answer.text}`);
  },
);

Then('the answer is a JSON error with the status {int}', function (this: KitWorld, status: number) {
  const response = this.last();
  assert.equal(response.status, status, `status ${response.status}, body: ${response.text}`);
  assert.match(response.headers['content-type'] ?? '', /^application\/json\b/);
  const body = response.json() as Record<string, unknown>;
  assert.deepEqual(Object.keys(body), ['error'], `body: ${response.text}`);
  assert.equal(typeof body.error, 'string');
  assert.notEqual(body.error, '');
});

Then(
  'the store holds for {string} a bcrypt hash of {string}',
  async function (this: KitWorld, email: string, password: string) {
    const running = stateOf(this).running;
    if (!running) throw new Error('no reference app is running');
    const user = await running.store.findByEmail(email);
    assert.ok(user, `the store has no user ${email}`);
    assert.match(user.passwordHash, /^\$2[abxy]\$\d\d\$[./A-Za-z0-9]{53}$/);
    assert.ok(!Object.values(user).includes(password), 'the store keeps the password in clear');
    const impl = await this.implementation();
    const compare = impl.exports.comparePassword as (p: string, h: string) => Promise<boolean>;
    assert.equal(await compare(password, user.passwordHash), true);
  },
);

Then(
  'the reference app has compared {int} password(s) with bcrypt',
  function (this: KitWorld, count: number) {
    assert.equal(stateOf(this).comparisons, count);
  },
);

/** Import specifiers of a JavaScript module (static and dynamic, string literals only). */
function importsOf(source: string): string[] {
  const found: string[] = [];
  for (const match of source.matchAll(/\b(?:import|export)\b[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]/g)) {
    found.push(match[1] as string);
  }
  for (const match of source.matchAll(/\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g))
    found.push(match[1] as string);
  for (const match of source.matchAll(/^\s*import\s*['"]([^'"]+)['"]/gm)) found.push(match[1] as string);
  return found;
}

Then(
  "the reference app's modules reach kitjs only through its package name",
  async function (this: KitWorld) {
    const files = (await readdir(appDir, { recursive: true }))
      .map(String)
      .filter((name) => name.endsWith('.ts'));
    assert.ok(files.length > 0, 'reference-app/ has no modules');
    for (const file of files) {
      const path = join(appDir, file);
      for (const specifier of importsOf(await readFile(path, 'utf8'))) {
        const outside =
          specifier.startsWith('.') && relative(appDir, join(path, '..', specifier)).startsWith('..');
        assert.ok(
          !outside && !specifier.startsWith('/') && !/^kitjs\/./.test(specifier),
          `reference-app/${file} imports "${specifier}": use the package name "kitjs" and the public exports`,
        );
        // The database packages (sequelize, mongoose...) are reached through kitjs's managers, never directly;
        // Zod is the schema library the app writes its route schemas with (REF-001).
        assert.ok(
          specifier === 'kitjs' ||
            specifier.startsWith('.') ||
            specifier.startsWith('node:') ||
            specifier === 'zod',
          `reference-app/${file} imports "${specifier}": only kitjs, node: built-ins, zod and the app's own modules`,
        );
      }
    }
  },
);

// `npm start`'s server in a child process

async function startChild(world: KitWorld, table: { raw(): string[][] }): Promise<ChildServer> {
  // Started from the scenario's directory: the app must not depend on the working directory.
  const settings = Object.fromEntries(table.raw().map(([name, value]) => [name as string, value ?? '']));
  const server = await startServer(await world.makeTmpDir(), serverEnvironment(settings));
  stateOf(world).child = server;
  return server;
}

function childOf(world: KitWorld): ChildServer {
  const child = stateOf(world).child;
  if (!child)
    throw new Error('no reference server was started: use "When I start the reference server with:"');
  return child;
}

When(
  'I start the reference server with the environment:',
  // Past the child's own start timeout, so a slow start on a loaded machine is reported with the child's
  // output rather than cut by cucumber's step timeout (which would leave the child running).
  { timeout: 60_000 },
  async function (this: KitWorld, table: { raw(): string[][] }) {
    const child = await startChild(this, table);
    if (child.url === undefined) {
      assert.ok(
        child.exited,
        `the server printed no "API: <url>" line within ${childStartTimeoutMs / 1000} s:\n${child.output}`,
      );
      return;
    }
    await adoptPort(this, child.port as number);
  },
);

Then('the reference server printed its API URL and its docs URL', async function (this: KitWorld) {
  const child = childOf(this);
  assert.ok(child.url, `no "API: <url>" line in:\n${child.output}`);
  assert.notEqual(child.port, 0, 'the printed URL must carry the port actually chosen, not 0');
  assert.match(child.output, /Docs:\s+(\S+)/, `no docs URL in:\n${child.output}`);
  assert.equal(/Docs:\s+(\S+)/.exec(child.output)?.[1], `${child.url}/api-docs`);
  const docs = await this.send('GET', '/api-docs');
  assert.equal(docs.status, 200, 'the printed docs URL does not answer');
});

Then("the reference server's output contains {string}", function (this: KitWorld, text: string) {
  const child = childOf(this);
  assert.ok(child.output.includes(text), `"${text}" is not in the output:\n${child.output}`);
});

When('the reference server receives {word}', async function (this: KitWorld, signal: string) {
  await signalServer(childOf(this), signal as NodeJS.Signals);
});

Then('the reference server exits with the code {int}', async function (this: KitWorld, code: number) {
  const child = childOf(this);
  let timer: NodeJS.Timeout | undefined;
  const exited = await Promise.race([
    child.exit,
    new Promise<'running'>((resolve) => {
      timer = setTimeout(() => resolve('running'), startTimeoutMs);
    }),
  ]);
  clearTimeout(timer);
  assert.equal(exited, code, `exit ${exited}; output:\n${child.output}`);
});

Then("the reference server's port no longer accepts connections", async function (this: KitWorld) {
  const port = childOf(this).port;
  const outcome = await new Promise<string>((resolve) => {
    const socket = connect(port as number, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.once('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? 'error'));
  });
  assert.equal(outcome, 'ECONNREFUSED');
});

When(
  'a client sends the headers and the first half of a POST {string} with the JSON body:',
  async function (this: KitWorld, path: string, json: string) {
    stateOf(this).inFlight = await startHalfSentPost(this.port(), path, JSON.parse(json));
  },
);

When('the client sends the rest of the body', async function (this: KitWorld) {
  const inFlight = stateOf(this).inFlight;
  if (!inFlight) throw new Error('no request in flight');
  this.response = await inFlight.finish();
});

After(async function (this: KitWorld) {
  const state = states.get(this);
  if (!state) return;
  states.delete(this);
  countComparisons(undefined);
  const child = state.child;
  if (child) await killServer(child);
  const running = state.running;
  if (running) {
    if (running.config.kind === 'mongodb') {
      const manager = (await this.implementation()).exports.mongodbManager as Loose;
      await manager.connection.dropDatabase().catch(() => {});
    }
    // Closes the server (when still open) and the store.
    await running.app.close({ timeout: 1000 });
  }
});

Then("the reference server's output does not contain {string}", function (this: KitWorld, text: string) {
  const child = childOf(this);
  assert.ok(!child.output.includes(text), `"${text}" is in the output:\n${child.output}`);
});

Then(
  'the SQLite file {string} in the scenario directory holds the account {string}',
  async function (this: KitWorld, name: string, email: string) {
    const impl = await this.implementation();
    const SQLiteManager = impl.exports.SQLiteManager as new (path: string) => Loose;
    const db = new SQLiteManager(join(await this.makeTmpDir(), name));
    try {
      await db.connect();
      const [rows] = await db.sequelize.query('SELECT email FROM users WHERE email = $email', {
        bind: { email },
      });
      assert.deepEqual(
        rows.map((row: { email: string }) => row.email),
        [email],
      );
    } finally {
      await db.close();
    }
  },
);

When(
  'I POST {string} with a JSON body padded to {int} kB',
  async function (this: KitWorld, path: string, kilobytes: number) {
    const data = JSON.stringify({
      email: 'ada@example.com',
      password: 'analytical engine',
      padding: 'x'.repeat(kilobytes * 1024),
    });
    this.response = await this.send('POST', path, {
      headers: { 'content-type': 'application/json' },
      data,
    });
  },
);
