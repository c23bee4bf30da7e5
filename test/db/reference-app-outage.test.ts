/** The reference app through a PostgreSQL outage (DB-001, DB-002): JSON 503s with Retry-After, /readyz 503, recovery, no write lost or doubled. */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import type { KitApp, PostgreSQLManagerOptions } from '../../src/index.ts';
import { mapKitjs } from '../../step-definitions/support/kitjs-resolve.js';
import { listenLocally } from '../support/listen.ts';
import { dropDatabase, freshDatabase } from '../support/postgres-database.js';
import { postgresAvailability, stopPostgres } from '../support/postgres-server.js';
import { cuttingProxy } from './cutting-proxy.js';
import { repoRoot } from './helpers.js';
import { ownPostgres } from './postgres-own-server.js';

interface UserStore {
  init(): Promise<void>;
}

// The reference app is imported as the suite does: by URL, with its `import ... from 'kitjs'` mapped to
// this repository's sources.
mapKitjs(pathToFileURL(join(repoRoot, 'src', 'index.ts')).href);
const module = (file: string) => pathToFileURL(join(repoRoot, 'reference-app', file)).href;
const { createApp } = (await import(module('app.ts'))) as {
  createApp(options: { store: UserStore }): { app: KitApp };
};
const { createPostgresStore } = (await import(module('stores/postgres-store.ts'))) as {
  createPostgresStore(options: { url: string; options?: PostgreSQLManagerOptions }): UserStore;
};

const ada = { email: 'ada@example.com', password: 'analytical engine' };
const grace = { email: 'grace@example.com', password: 'compiling cobol' };

interface Answer {
  status: number;
  retryAfter: string | null;
  type: string | null;
  body: unknown;
}

async function call(base: string, method: string, path: string, body?: unknown): Promise<Answer> {
  const answer = await fetch(`${base}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await answer.text();
  return {
    status: answer.status,
    retryAfter: answer.headers.get('retry-after'),
    type: answer.headers.get('content-type'),
    body: text === '' ? undefined : JSON.parse(text),
  };
}

/** The reference app's answer to an outage: REF-007's JSON, the status text, Retry-After. */
function assertOutage(answer: Answer): void {
  assert.equal(answer.status, 503, JSON.stringify(answer));
  assert.equal(answer.retryAfter, '2');
  assert.match(answer.type ?? '', /^application\/json/);
  assert.deepEqual(answer.body, { error: 'Service Unavailable' });
}

async function startApp(url: string): Promise<{ app: KitApp; base: string }> {
  const store = createPostgresStore({ url, options: { connectTimeoutMs: 1000 } });
  await store.init();
  const { app } = createApp({ store });
  return { app, base: await listenLocally(app) };
}

describe('the reference app while PostgreSQL is down', () => {
  const secret = process.env.JWT_SECRET;
  before(() => {
    process.env.JWT_SECRET = 'a test secret of more than thirty-two bytes';
  });
  after(async () => {
    if (secret === undefined) delete process.env.JWT_SECRET;
    else process.env.JWT_SECRET = secret;
    await stopPostgres();
  });

  it('registrations and logins answer JSON 503s with Retry-After, /readyz 503; started again it serves, without a restart', async (t) => {
    const own = await ownPostgres();
    if ('reason' in own) return t.skip(own.reason);
    const { app, base } = await startApp(own.url);
    try {
      assert.equal((await call(base, 'POST', '/register', ada)).status, 201);
      await own.stop('fast');
      assertOutage(await call(base, 'POST', '/register', grace));
      assertOutage(await call(base, 'POST', '/login', ada));
      assert.equal((await call(base, 'GET', '/readyz')).status, 503);
      assert.equal((await call(base, 'GET', '/healthz')).status, 200);
      await own.start();
      assert.equal((await call(base, 'POST', '/register', grace)).status, 201);
      assert.equal((await call(base, 'POST', '/register', grace)).status, 409);
      assert.equal((await call(base, 'POST', '/login', ada)).status, 200);
      assert.equal((await call(base, 'GET', '/readyz')).status, 200);
    } finally {
      await app.close();
      own.destroy();
    }
  });

  it('DB-002: a registration stored as its connection was lost answers 503; its retry is 409 and the account logs in', async (t) => {
    const outcome = await postgresAvailability();
    if ('reason' in outcome) return t.skip(outcome.reason);
    const url = new URL(await freshDatabase(outcome.url, 'ref_outage'));
    const proxy = await cuttingProxy(url.hostname, Number(url.port), { postgres: true });
    const viaProxy = new URL(url);
    viaProxy.host = `127.0.0.1:${proxy.port}`;
    const { app, base } = await startApp(viaProxy.toString());
    try {
      proxy.cutAfterNextInsert();
      assertOutage(await call(base, 'POST', '/register', ada));
      const retry = await call(base, 'POST', '/register', ada);
      assert.equal(retry.status, 409);
      assert.deepEqual(retry.body, { error: 'An account with the email ada@example.com already exists' });
      assert.equal((await call(base, 'POST', '/login', ada)).status, 200);
    } finally {
      await app.close();
      await proxy.close();
      await dropDatabase(outcome.url, url.toString());
    }
  });
});
