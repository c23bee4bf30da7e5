/** The reference server's configuration: read from an environment object once, every bad value named. */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import { repoRoot } from '../db/helpers.js';

interface Config {
  port: number;
  host: string | undefined;
  jwtSecret: string | undefined;
  production: boolean;
  storage: Record<string, unknown>;
  throttle: Record<string, number | undefined>;
  trustedProxies: number;
  shutdownDelayMs: number;
}

// Imported by URL, as the suite imports the app (it is type-checked on its own, reference-app/tsconfig.json).
const { readConfig } = (await import(pathToFileURL(join(repoRoot, 'reference-app', 'config.ts')).href)) as {
  readConfig(env: Record<string, string | undefined>): Config;
};

describe('readConfig', () => {
  it('gives the defaults for an empty environment: port 3000, SQLite in memory, no proxy', () => {
    assert.deepEqual(readConfig({}), {
      port: 3000,
      host: undefined,
      jwtSecret: undefined,
      production: false,
      storage: { kind: 'sqlite', path: ':memory:' },
      throttle: { perEmail: undefined, perAddress: undefined, windowSeconds: undefined },
      trustedProxies: 0,
      shutdownDelayMs: 0,
    });
  });

  it('reads every setting from the object it is given, not from process.env', () => {
    const config = readConfig({
      PORT: '0',
      HOST: ' 127.0.0.1 ',
      JWT_SECRET: 'a-secret',
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://app@db:5432/auth',
      DATABASE_POOL_MAX: '4',
      MONGODB_URI: 'mongodb://127.0.0.1/ignored',
      LOGIN_LIMIT_PER_EMAIL: '3',
      LOGIN_LIMIT_PER_ADDRESS: '30',
      LOGIN_WINDOW_SECONDS: '60',
      TRUST_PROXY: '1',
      SHUTDOWN_DELAY_MS: '5000',
    });
    assert.deepEqual(config, {
      port: 0,
      host: '127.0.0.1',
      jwtSecret: 'a-secret',
      production: true,
      storage: { kind: 'postgres', url: 'postgres://app@db:5432/auth', maxConnections: 4 },
      throttle: { perEmail: 3, perAddress: 30, windowSeconds: 60 },
      trustedProxies: 1,
      shutdownDelayMs: 5000,
    });
    assert.deepEqual(readConfig({ MONGODB_URI: 'mongodb://h/db', DATABASE_PATH: 'x.sqlite' }).storage, {
      kind: 'mongodb',
      uri: 'mongodb://h/db',
    });
    assert.deepEqual(readConfig({ DATABASE_PATH: './data/users.sqlite' }).storage, {
      kind: 'sqlite',
      path: './data/users.sqlite',
    });
  });

  it('throws naming the variable for a bad port, count or database URL', () => {
    assert.throws(
      () => readConfig({ PORT: 'eighty' }),
      /PORT must be a number from 0 to 65535 \(got "eighty"\)/,
    );
    assert.throws(() => readConfig({ PORT: '70000' }), /PORT must be/);
    assert.throws(
      () => readConfig({ TRUST_PROXY: '-1' }),
      /TRUST_PROXY must be a whole number of at least 0/,
    );
    assert.throws(() => readConfig({ LOGIN_LIMIT_PER_EMAIL: '0' }), /LOGIN_LIMIT_PER_EMAIL .* at least 1/);
    assert.throws(() => readConfig({ DATABASE_URL: 'mysql://db' }), /DATABASE_URL must be a PostgreSQL URL/);
  });

  it('reads SHUTDOWN_DELAY_MS as whole milliseconds, 0 included, up to what a Node timer keeps (REF-037)', () => {
    assert.equal(readConfig({ SHUTDOWN_DELAY_MS: '0' }).shutdownDelayMs, 0);
    assert.equal(readConfig({ SHUTDOWN_DELAY_MS: ' 1000 ' }).shutdownDelayMs, 1000);
    assert.equal(readConfig({ SHUTDOWN_DELAY_MS: '2147483647' }).shutdownDelayMs, 2_147_483_647);
    for (const bad of ['-1', '1.5', '1e3', '5s', 'soon']) {
      assert.throws(() => readConfig({ SHUTDOWN_DELAY_MS: bad }), {
        message: `SHUTDOWN_DELAY_MS must be a whole number of at least 0 (got "${bad}")`,
      });
    }
    assert.throws(
      () => readConfig({ SHUTDOWN_DELAY_MS: '2147483648' }),
      /SHUTDOWN_DELAY_MS must be at most 2147483647 \(got "2147483648"\)/,
    );
  });
});
