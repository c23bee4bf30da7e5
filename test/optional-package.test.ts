/** src/base/optional-package.ts: peer resolution order, the missing-package error, a broken package, no eager loading. */
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { KitError } from '../src/base/errors.js';
import { lazyDependency, peerSearchBases, requirePeer } from '../src/base/optional-package.js';
import { freshDir, repoRoot, runChild, srcUrl } from './db/helpers.js';

describe('requirePeer', () => {
  it('loads an installed package synchronously', () => {
    const mod = requirePeer<{ Sequelize: unknown }>('sequelize', 'SQLiteManager');
    assert.equal(typeof mod.Sequelize, 'function');
  });

  it('searches the working directory first, then beside kitjs', () => {
    const bases = peerSearchBases();
    assert.equal(bases[0], join(process.cwd(), 'noop.js'));
    const second = bases[1] ?? '';
    const file = second.startsWith('file:') ? fileURLToPath(second) : second;
    // In the published package everything is one bundle, so "beside kitjs" is the bundle's own location.
    assert.equal(file, join(repoRoot, 'src', 'base', 'module-location.ts'));
  });

  it('names the package and the install command when no base resolves it', () => {
    const empty = freshDir('empty');
    assert.throws(
      () => requirePeer('sequelize', 'SQLiteManager', [join(empty, 'noop.js')]),
      (err: unknown) => {
        assert.ok(err instanceof KitError);
        assert.equal(err.code, 'KIT_ERR_PEER_MISSING');
        assert.equal(err.status, 500);
        assert.equal(err.expose, false);
        assert.match(err.message, /SQLiteManager needs the optional package "sequelize"/);
        assert.match(err.message, /npm install sequelize/);
        return true;
      },
    );
  });

  it('reports a package that resolves but throws while loading, with the reason', () => {
    const dir = freshDir('broken');
    mkdirSync(join(dir, 'node_modules', 'broken-peer'), { recursive: true });
    writeFileSync(
      join(dir, 'node_modules', 'broken-peer', 'index.js'),
      "throw new Error('binding built for another Node');\n",
    );
    assert.throws(
      () => requirePeer('broken-peer', 'TestFeature', [join(dir, 'noop.js')]),
      (err: unknown) => {
        assert.ok(err instanceof KitError);
        assert.equal(err.code, 'KIT_ERR_PEER_MISSING');
        assert.match(err.message, /found the optional package "broken-peer" but could not load it/);
        assert.match(err.message, /binding built for another Node/);
        return true;
      },
    );
  });

  it('turns a missing bcrypt into KIT_ERR_PEER_MISSING naming the function and the install command', () => {
    const missing = 'kitjs-no-such-package-for-tests';
    assert.throws(
      () => requirePeer(missing, 'hashPassword'),
      (err: unknown) =>
        err instanceof KitError &&
        err.code === 'KIT_ERR_PEER_MISSING' &&
        err.status === 500 &&
        err.expose === false &&
        err.message.includes(`npm install ${missing}`) &&
        err.message.includes('hashPassword') &&
        err.cause instanceof Error,
    );
  });

  it('gives a CommonJS peer as its module.exports, with nothing to unwrap', () => {
    const bcrypt = requirePeer<{ hash: unknown; compare: unknown }>('bcrypt', 'hashPassword');
    assert.equal(typeof bcrypt.hash, 'function');
    assert.equal(typeof bcrypt.compare, 'function');
  });

  it('falls back to the copy beside kitjs when the app directory has none', () => {
    const empty = freshDir('cwd');
    const child = runChild(
      `const { SQLiteManager } = await import(${JSON.stringify(srcUrl('batteries/db/sqlite-manager.ts'))});
       console.log(await new SQLiteManager().connect());`,
      { cwd: empty },
    );
    assert.equal(child.status, 0, child.stderr);
    assert.match(child.stdout, /SQLite connected \(:memory:\)/);
  });
});

describe('lazyDependency', () => {
  it('requires a dependency of kitjs on the first call only, and returns the same module after', () => {
    const load = lazyDependency<{ parse: unknown }>('qs');
    const first = load();
    assert.equal(typeof first.parse, 'function');
    assert.equal(load(), first);
  });
});

/** A preload that makes the named packages unresolvable, as if they were not installed. */
function hidingPreload(dir: string, hidden: string[]): string {
  const file = join(dir, 'hide-peers.cjs');
  writeFileSync(
    file,
    `const Module = require('node:module');
const hidden = new Set(${JSON.stringify(hidden)});
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  if (hidden.has(request)) {
    const err = new Error("Cannot find module '" + request + "'");
    err.code = 'MODULE_NOT_FOUND';
    throw err;
  }
  return resolve.call(this, request, ...rest);
};
`,
  );
  return file;
}

describe('a missing peer, in a process where it cannot be resolved', () => {
  const cases: Array<{ hidden: string; code: string; feature: string }> = [
    {
      hidden: 'sequelize',
      feature: 'SQLiteManager',
      // SQLITE-009: sequelize loads on the first read of db.sequelize.
      code: `const { SQLiteManager } = await import(${JSON.stringify(srcUrl('batteries/db/sqlite-manager.ts'))}); void new SQLiteManager().sequelize;`,
    },
    {
      hidden: 'sqlite3',
      feature: 'SQLiteManager',
      // SQLITE-011: asked for by name; without a name, node:sqlite or better-sqlite3 may serve.
      code: `const { SQLiteManager } = await import(${JSON.stringify(srcUrl('batteries/db/sqlite-manager.ts'))}); new SQLiteManager(':memory:', { driver: 'sqlite3' });`,
    },
    {
      hidden: 'pg',
      feature: 'PostgreSQLManager',
      code: `const { PostgreSQLManager } = await import(${JSON.stringify(srcUrl('batteries/db/postgres-manager.ts'))}); new PostgreSQLManager('postgres://u@127.0.0.1:5432/x');`,
    },
    {
      hidden: 'bcrypt',
      feature: 'hashPassword',
      code: `const { hashPassword } = await import(${JSON.stringify(srcUrl('batteries/auth/password.ts'))}); await hashPassword('pw');`,
    },
    {
      hidden: 'pino-pretty',
      feature: 'LOG_PRETTY',
      // LOG-011: the import itself succeeds; the logger's first use looks pino-pretty up.
      code: `process.env.LOG_PRETTY = '1'; const { logger } = await import(${JSON.stringify(srcUrl('base/logger.ts'))}); logger.info('x');`,
    },
    {
      hidden: 'mongoose',
      feature: 'mongodbManager',
      code: `const { mongodbManager } = await import(${JSON.stringify(srcUrl('batteries/db/mongodb-manager.ts'))}); mongodbManager.createCollection('X', { a: String });`,
    },
  ];
  for (const { hidden, code, feature } of cases) {
    it(`${feature} without ${hidden} throws KIT_ERR_PEER_MISSING naming ${hidden}`, () => {
      const dir = freshDir('hide');
      const child = runChild(
        `try { ${code} console.log('NO ERROR'); } catch (err) { console.log(JSON.stringify({ code: err.code, message: err.message })); }`,
        { preload: hidingPreload(dir, [hidden]) },
      );
      assert.equal(child.status, 0, child.stderr);
      const outcome = JSON.parse(child.stdout.trim()) as { code: string; message: string };
      assert.equal(outcome.code, 'KIT_ERR_PEER_MISSING');
      assert.match(outcome.message, new RegExp(`${feature} needs the optional package "${hidden}"`));
      assert.match(outcome.message, new RegExp(`npm install ${hidden}`));
    });
  }
});

describe('importing kitjs loads no database package', () => {
  /** Imports `entries`, lists the database packages in require.cache, uses both managers, lists them again. */
  const probe = (entries: string[]): string =>
    `import { createRequire } from 'node:module';
     const mod = {};
     for (const entry of ${JSON.stringify(entries)}) Object.assign(mod, await import(entry));
     const require = createRequire(import.meta.url);
     const loaded = () => [...new Set(Object.keys(require.cache)
       .map((f) => /[\\\\/]node_modules[\\\\/](sequelize|sqlite3|better-sqlite3|mongoose)[\\\\/]/.exec(f)?.[1])
       .filter(Boolean))].sort();
     const before = loaded();
     // Positive control: the same probe sees the packages once the managers are used.
     // SQLITE-009: sequelize loads on the first read of db.sequelize.
     void new mod.SQLiteManager(':memory:', { driver: 'sqlite3' }).sequelize;
     mod.mongodbManager.createCollection('Probe', { a: String });
     console.log(JSON.stringify({ before, after: loaded() }));`;

  const check = (child: ReturnType<typeof runChild>): void => {
    assert.equal(child.status, 0, child.stderr);
    const { before, after } = JSON.parse(child.stdout.trim()) as { before: string[]; after: string[] };
    assert.deepEqual(before, []);
    assert.deepEqual(after, ['mongoose', 'sequelize', 'sqlite3']);
  };

  it('through the two manager modules', () => {
    check(
      runChild(probe([srcUrl('batteries/db/sqlite-manager.ts'), srcUrl('batteries/db/mongodb-manager.ts')])),
    );
  });

  it('through src/index.ts', (t) => {
    const child = runChild(probe([srcUrl('index.ts')]));
    // While other areas are still being written, index.ts may not load yet; a missing db file is never skipped.
    const missing = /Cannot find module '([^']+)'/.exec(child.stderr)?.[1];
    if (child.status !== 0 && missing !== undefined && !missing.includes('/src/batteries/db/')) {
      t.skip(`src/index.ts does not load yet (${missing} is missing)`);
      return;
    }
    check(child);
  });
});
