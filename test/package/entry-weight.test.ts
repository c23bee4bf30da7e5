// Issue 46: entries that load only themselves. What each entry loads of dist/ is the closure of its
// imports among the built files (`import`/`export ... from './x.js'` in ESM, `require('./x.cjs')` in
// CommonJS), counted in bytes: deterministic, no timing (bench/imports.mjs measures the time). kitjs/auth
// alone loads at most a fifth of what kitjs loads, and no battery entry loads the HTTP core (dist/core.*).
// Needs dist/ (`npm run build` first; `npm test` does).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const dist = join(root, 'dist');
const skip = existsSync(join(dist, 'index.js')) ? false : 'dist/ is missing: run npm run build';

const FORMATS = {
  esm: {
    extension: '.js',
    imports: /(?:^|\n)\s*(?:import|export)\b[^;'"]*?(?:from\s*)?'(\.\/[^']+)'/g,
  },
  cjs: { extension: '.cjs', imports: /\brequire\('(\.\/[^']+)'\)/g },
} as const;

/** The dist/ files `entry` loads in `format`, itself included, from the imports written in the files. */
function closure(entry: string, format: keyof typeof FORMATS): string[] {
  const { extension, imports } = FORMATS[format];
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const match of readFileSync(join(dist, file), 'utf8').matchAll(imports)) {
      visit((match[1] as string).slice(2));
    }
  };
  visit(`${entry}${extension}`);
  return [...seen].sort();
}

const bytes = (files: string[]) => files.reduce((sum, file) => sum + statSync(join(dist, file)).size, 0);

describe('what each entry loads of dist/', { skip }, () => {
  for (const format of ['esm', 'cjs'] as const) {
    const core = `core${FORMATS[format].extension}`;

    it(`kitjs/auth loads at most a fifth of the bytes kitjs loads (${format})`, () => {
      const auth = bytes(closure('auth', format));
      const kitjs = bytes(closure('index', format));
      assert.ok(auth * 5 <= kitjs, `kitjs/auth loads ${auth} bytes, kitjs ${kitjs}: more than a fifth`);
    });

    it(`kitjs/auth, kitjs/db, kitjs/docs, kitjs/otel and kitjs/sse do not load the HTTP core (${format})`, () => {
      for (const entry of ['auth', 'db', 'docs', 'otel', 'sse']) {
        assert.ok(!closure(entry, format).includes(core), `${entry} loads ${core}`);
      }
      for (const entry of ['index', 'express', 'express5']) {
        assert.ok(closure(entry, format).includes(core), `${entry} loads ${core}`);
      }
    });
  }

  it('reads the imports as node loads them (CommonJS: require.cache)', () => {
    for (const entry of ['index', 'express', 'auth', 'db', 'docs', 'otel', 'sse']) {
      const script = `require('./dist/${entry}.cjs');
        console.log(JSON.stringify(Object.keys(require.cache).filter((f) => f.startsWith(${JSON.stringify(`${dist}/`)}))
          .map((f) => f.slice(${dist.length + 1})).sort()));`;
      const run = spawnSync(process.execPath, ['-e', script], { cwd: root, encoding: 'utf8' });
      assert.equal(run.status, 0, run.stderr);
      assert.deepEqual(JSON.parse(run.stdout), closure(entry, 'cjs'), entry);
    }
  });
});
