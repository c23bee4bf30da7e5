/** The reference app's login throttle on real databases: atomic counts under racing attempts, windows, resets, client addresses. */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import { PostgreSQLManager } from '../../src/batteries/db/postgres-manager.js';
import type { SequelizeManager } from '../../src/batteries/db/sequelize-manager.js';
import { SQLiteManager } from '../../src/batteries/db/sqlite-manager.js';
import kit from '../../src/index.ts';
import { mapKitjs } from '../../step-definitions/support/kitjs-resolve.js';
import { repoRoot } from '../db/helpers.js';
import { listenLocally } from '../support/listen.ts';
import { dropDatabase, freshDatabase } from '../support/postgres-database.js';
import { postgresAvailability, stopPostgres } from '../support/postgres-server.js';

interface AttemptStore {
  init(): Promise<void>;
  hit(key: string, now: number, windowMs: number): Promise<{ attempts: number; windowEnds: number }>;
  clear(key: string): Promise<void>;
  forgive(key: string): Promise<void>;
  prune(now: number): Promise<void>;
}
interface Who {
  email: string;
  address: string;
}
interface Throttle {
  admit(who: Who): Promise<void>;
  succeeded(who: Who): Promise<void>;
}
type ThrottleOptions = {
  attempts: AttemptStore;
  perEmail?: number;
  perAddress?: number;
  windowSeconds?: number;
  now?: () => number;
  onPruneError?: (err: unknown) => void;
};

// The reference app is imported as the suite does: by URL (it is type-checked on its own, reference-app/tsconfig.json),
// with its `import ... from 'kitjs'` mapped to this repository's sources by the suite's resolve hook.
mapKitjs(pathToFileURL(join(repoRoot, 'src', 'index.ts')).href);
const app = (file: string) => pathToFileURL(join(repoRoot, 'reference-app', file)).href;
const { createSequelizeAttempts } = (await import(app('throttle/sequelize-attempts.ts'))) as {
  createSequelizeAttempts(db: SequelizeManager): AttemptStore;
};
const { createLoginThrottle } = (await import(app('throttle/login-throttle.ts'))) as {
  createLoginThrottle(options: ThrottleOptions): Throttle;
};

/** Outcomes of `admit` as statuses: 'ok', or the Retry-After of the 429. */
async function admitAll(throttle: Throttle, attempts: Who[]): Promise<(string | number)[]> {
  const settled = await Promise.allSettled(attempts.map((who) => throttle.admit(who)));
  return settled.map((outcome) => {
    if (outcome.status === 'fulfilled') return 'ok';
    const err = outcome.reason as { status?: number; headers?: Record<string, string> };
    assert.equal(err.status, 429);
    return Number(err.headers?.['Retry-After']);
  });
}

/** The cases every attempt store must pass, run on SQLite and on PostgreSQL. */
function throttleCases(name: string, open: () => Promise<SequelizeManager | undefined>) {
  describe(`login throttle on ${name}`, () => {
    const managers: SequelizeManager[] = [];
    after(async () => {
      for (const m of managers) await m.close();
    });

    async function store(t: { skip(reason?: string): void }): Promise<AttemptStore | undefined> {
      const db = await open();
      if (db === undefined) {
        t.skip('no PostgreSQL');
        return undefined;
      }
      managers.push(db);
      await db.connect();
      const attempts = createSequelizeAttempts(db);
      await attempts.init();
      return attempts;
    }

    it('admits exactly the limit when 20 attempts race for one email', async (t) => {
      const attempts = await store(t);
      if (!attempts) return;
      const throttle = createLoginThrottle({ attempts, perEmail: 5, perAddress: 1000, now: () => 1_000_000 });
      const outcomes = await admitAll(
        throttle,
        Array.from({ length: 20 }, (_, i) => ({ email: 'ada@example.com', address: `10.0.0.${i}` })),
      );
      assert.equal(outcomes.filter((o) => o === 'ok').length, 5);
      assert.deepEqual(
        outcomes.filter((o) => o !== 'ok'),
        Array(15).fill(900),
      );
    });

    it('counts an email or address longer than the key column instead of failing', async (t) => {
      const attempts = await store(t);
      if (!attempts) return;
      const throttle = createLoginThrottle({ attempts, perEmail: 2, perAddress: 1000, now: () => 1_000_000 });
      const long = { email: `${'a'.repeat(10_000)}@example.com`, address: `10.0.0.1,${'9'.repeat(5000)}` };
      const outcomes = await admitAll(throttle, [long, long, long]);
      // Two admitted and one refused; which of the three concurrent attempts is refused is the database's.
      assert.deepEqual([...outcomes].sort(), [900, 'ok', 'ok']);
    });

    it('counts in a fixed window and starts a new one when it ends', async (t) => {
      const attempts = await store(t);
      if (!attempts) return;
      let clock = 5_000_000;
      const throttle = createLoginThrottle({ attempts, perEmail: 2, windowSeconds: 60, now: () => clock });
      const ada = { email: 'ada@example.com', address: '192.0.2.1' };
      assert.deepEqual(await admitAll(throttle, [ada]), ['ok']);
      clock += 10_000;
      assert.deepEqual(await admitAll(throttle, [ada]), ['ok']);
      clock += 20_500;
      // 30.5 s into a 60 s window: 29.5 s left, rounded up.
      assert.deepEqual(await admitAll(throttle, [ada]), [30]);
      clock = 5_000_000 + 60_000;
      assert.deepEqual(await admitAll(throttle, [ada, ada]), ['ok', 'ok']);
    });

    it('clears the email on success and gives the address its attempt back, never below zero', async (t) => {
      const attempts = await store(t);
      if (!attempts) return;
      const throttle = createLoginThrottle({ attempts, perEmail: 2, perAddress: 3, now: () => 9_000_000 });
      const ada = { email: 'ada@example.com', address: '192.0.2.9' };
      await throttle.admit(ada);
      await throttle.admit(ada);
      await throttle.succeeded(ada);
      assert.deepEqual(await attempts.hit('email:ada@example.com', 9_000_000, 900_000), {
        attempts: 1,
        windowEnds: 9_900_000,
      });
      // The address counted two attempts and forgave one; forgiving more does not go negative.
      for (let i = 0; i < 5; i++) await attempts.forgive('address:192.0.2.9');
      assert.equal((await attempts.hit('address:192.0.2.9', 9_000_000, 900_000)).attempts, 1);
    });

    it('deletes ended windows, at most once a minute, and keeps live ones', async (t) => {
      const attempts = await store(t);
      if (!attempts) return;
      const pruned: number[] = [];
      const counting: AttemptStore = {
        ...attempts,
        prune: (at) => {
          pruned.push(at);
          return attempts.prune(at);
        },
      };
      let clock = 20_000_000;
      const throttle = createLoginThrottle({ attempts: counting, windowSeconds: 30, now: () => clock });
      await throttle.admit({ email: 'old@example.com', address: '192.0.2.1' });
      clock += 40_000;
      await throttle.admit({ email: 'new@example.com', address: '192.0.2.2' });
      clock += 70_000;
      await throttle.admit({ email: 'new@example.com', address: '192.0.2.2' });
      assert.deepEqual(pruned, [20_000_000, 20_110_000], 'the second attempt came within the minute');
      await attempts.prune(20_110_000 + 1);
      // Ended windows are gone: a hit starts at 1. (The last admit's window, from 20_110_000, still runs.)
      assert.equal((await attempts.hit('email:old@example.com', 20_110_001, 30_000)).attempts, 1);
      assert.equal((await attempts.hit('email:new@example.com', 20_110_001, 30_000)).attempts, 2);
    });
  });
}

throttleCases('SQLite', async () => new SQLiteManager());

let server: string | undefined;
const databases: string[] = [];
before(async () => {
  const outcome = await postgresAvailability();
  if ('url' in outcome) server = outcome.url;
  else if (process.env.CI) throw new Error(outcome.reason);
});
after(async () => {
  if (server !== undefined) for (const url of databases) await dropDatabase(server, url);
  await stopPostgres();
});
throttleCases('PostgreSQL', async () => {
  if (server === undefined) return undefined;
  const url = await freshDatabase(server, 'throttle');
  databases.push(url);
  return new PostgreSQLManager(url, { maxConnections: 8 });
});

// REF-034: the address the throttle counts is req.ip under `trust proxy` set to the proxies in front.
describe('the client address under TRUST_PROXY=N (req.ip with a hop count)', () => {
  async function addressSeen(trustedProxies: number, forwarded?: string): Promise<string> {
    const probe = kit();
    probe.set('trust proxy', trustedProxies);
    probe.get('/', (req, res) => res.send(req.ip));
    const base = await listenLocally(probe);
    try {
      const headers: Record<string, string> = forwarded === undefined ? {} : { 'x-forwarded-for': forwarded };
      return await (await fetch(base, { headers })).text();
    } finally {
      await probe.close();
    }
  }

  it('is the socket peer when no proxy is trusted, whatever the header says', async () => {
    assert.equal(await addressSeen(0, '6.6.6.6'), '127.0.0.1');
  });

  it('counts trusted proxies from the right, ignoring what the client wrote further left', async () => {
    assert.equal(await addressSeen(1, '6.6.6.6, 203.0.113.7'), '203.0.113.7');
    assert.equal(await addressSeen(2, '6.6.6.6, 203.0.113.7, 10.0.0.1'), '203.0.113.7');
    assert.equal(await addressSeen(1, ' 198.51.100.4 '), '198.51.100.4');
  });

  it('takes the leftmost entry when the header is shorter than the proxies trusted', async () => {
    assert.equal(await addressSeen(3, '198.51.100.4'), '198.51.100.4');
    assert.equal(await addressSeen(1), '127.0.0.1');
  });
});
