/**
 * Issue 35: a clone has no dist/ (it is not committed), and `npm pack` of one, which is also what
 * `npm install <git url>` installs, must still hold the built package: package.json's `prepare` builds it.
 * The clone is the tracked files of this working tree (`git ls-files`, so uncommitted edits count) copied to
 * a temp directory, with this repository's node_modules linked in for the build's devDependencies (an
 * install would fetch them from the registry). One build, about ten seconds.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const git = spawnSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' });
const skip = git.status === 0 ? false : 'not a git checkout (git ls-files failed)';

/** Runs npm through the CLI that started the tests when there is one (see scripts/run-npm.mjs). */
function npm(args: string[], cwd: string): { status: number | null; stdout: string; stderr: string } {
  const cli = process.env.npm_execpath;
  const run =
    cli && /\.[cm]?js$/.test(cli)
      ? spawnSync(process.execPath, [cli, ...args], { cwd, encoding: 'utf8' })
      : spawnSync('npm', args, { cwd, encoding: 'utf8', shell: process.platform === 'win32' });
  return { status: run.status, stdout: run.stdout, stderr: `${run.error ?? ''}${run.stderr}` };
}

describe('npm pack of a clone that was never built', { skip, timeout: 300_000 }, () => {
  let dir = '';
  let listed: string[] = [];
  let packed = { status: null as number | null, stdout: '', stderr: '' };

  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'kitjs-unbuilt-'));
    const clone = join(dir, 'kitjs');
    for (const file of git.stdout.split('\0').filter(Boolean)) {
      // A tracked file deleted in the working tree is not in the clone either.
      if (!existsSync(join(root, file))) continue;
      mkdirSync(dirname(join(clone, file)), { recursive: true });
      copyFileSync(join(root, file), join(clone, file));
    }
    symlinkSync(join(root, 'node_modules'), join(clone, 'node_modules'), 'junction');
    packed = npm(['pack', '--json', '--pack-destination', dir], clone);
    const tarball = readdirSync(dir).find((file) => file.endsWith('.tgz'));
    if (tarball) {
      const tar = spawnSync('tar', ['-tzf', join(dir, tarball)], { encoding: 'utf8' });
      listed = tar.stdout.split('\n').filter(Boolean);
    }
  });

  after(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('builds dist/ in prepare and packs it', () => {
    assert.equal(packed.status, 0, packed.stderr);
    for (const entry of ['index', 'express', 'express5', 'auth', 'db', 'docs', 'otel', 'sse']) {
      for (const extension of ['.js', '.cjs', '.d.ts', '.d.cts']) {
        assert.ok(listed.includes(`package/dist/${entry}${extension}`), `package/dist/${entry}${extension}`);
      }
    }
    // The chunks the entries share (the HTTP core among them), and the declarations they share.
    for (const file of [
      'core.js',
      'core.cjs',
      'auth-shared.js',
      'auth-shared.cjs',
      'types.d.ts',
      'optional-peers.d.ts',
    ]) {
      assert.ok(listed.includes(`package/dist/${file}`), `package/dist/${file}`);
    }
    // XROUTE-002: route regexes are judged by their shape; no checker is built or shipped.
    assert.ok(!listed.some((file) => file.includes('recheck')), listed.join('\n'));
  });

  it("keeps npm pack --json's stdout JSON: the build writes to stderr", () => {
    const [report] = JSON.parse(packed.stdout) as Array<{ files: Array<{ path: string }> }>;
    assert.ok(report?.files.some((file) => file.path === 'dist/index.js'));
  });
});
