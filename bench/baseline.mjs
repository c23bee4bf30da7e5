// Builds kitjs as it was at another commit, for `run.mjs --baseline REV`: the built dist/ and the runtime
// dependencies it imports, cached by commit hash under bench/.baselines/ so that only the first run builds.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.join(here, '..');
export const BASELINES_DIR = path.join(here, '.baselines');
// Written last into a finished cache entry; an entry without it is a build that died half-way.
const STAMP = 'baseline.json';

function git(args, options = {}) {
  const r = spawnSync('git', args, { cwd: root, maxBuffer: 1 << 30, ...options });
  if (r.status !== 0) throw new Error(`git ${args.join(' ')} failed: ${String(r.stderr).trim()}`);
  return r.stdout;
}

// The variables `npm run` gives its scripts describe the outer project (npm_config_local_prefix points at
// this checkout); a nested npm working on the baseline's copy must not see them.
function cleanEnv() {
  const env = { ...process.env };
  for (const k of Object.keys(env))
    if (/^npm_(package_|lifecycle_|command$|config_local_prefix$)/.test(k)) delete env[k];
  return env;
}

function npm(args, cwd) {
  const cli = process.env.npm_execpath;
  const options = { cwd, stdio: ['ignore', 'inherit', 'inherit'], env: cleanEnv() };
  const r =
    cli && /\.[cm]?js$/.test(cli)
      ? spawnSync(process.execPath, [cli, ...args], options)
      : spawnSync('npm', args, { ...options, shell: process.platform === 'win32' });
  if (r.error || r.status !== 0)
    throw new Error(`npm ${args.join(' ')} in ${cwd} failed: ${r.error?.message ?? `exit ${r.status}`}`);
}

/** The file the package's `import` condition of "." points at (what `import 'kitjs'` loads). */
function esmEntry(pkg) {
  let e = pkg.exports?.['.'] ?? pkg.exports;
  for (let i = 0; i < 4 && e && typeof e === 'object'; i++) e = e.import ?? e.node ?? e.default;
  const entry = typeof e === 'string' ? e : (pkg.module ?? pkg.main);
  if (!entry) throw new Error(`the baseline's package.json names no entry point`);
  return entry;
}

/** Moves a file or folder, copying when the temp dir is on another file system. */
function move(from, to) {
  try {
    fs.renameSync(from, to);
  } catch (err) {
    if (err.code !== 'EXDEV') throw err;
    fs.cpSync(from, to, { recursive: true, verbatimSymlinks: true });
  }
}

/** Removes the half-moved cache entries of runs that died (their process is gone). */
function removeDeadPartials(hash) {
  for (const name of fs.existsSync(BASELINES_DIR) ? fs.readdirSync(BASELINES_DIR) : []) {
    const pid = Number(name.startsWith(`${hash}.partial-`) && name.split('-').at(-1));
    if (!pid) continue;
    let alive = pid !== process.pid;
    try {
      if (alive) process.kill(pid, 0);
    } catch {
      alive = false;
    }
    if (!alive) fs.rmSync(path.join(BASELINES_DIR, name), { recursive: true, force: true });
  }
}

/**
 * Returns kitjs built at `rev` (any git revision): `{ rev, hash, short, subject, module, dir, built }`,
 * where `module` is the file URL of its ESM entry. The first call for a commit builds it (about a minute or
 * more, mostly `npm ci`) and caches `dist/`, `package.json` and the production `node_modules/` in
 * bench/.baselines/<hash>/; later calls only read the cache.
 *
 * The build is the commit's own: its files (`git archive`), its lockfile (`npm ci`), its `npm run build`.
 * Install scripts are skipped (`--ignore-scripts`): the build needs none (esbuild and rollup find their
 * native binaries as packages), and they would compile sqlite3 and run telemetry for nothing.
 * @example
 *   const b = ensureBaseline('3b929f8', log); // b.module → file:///…/bench/.baselines/3b929f8…/dist/index.js
 */
export function ensureBaseline(rev, log = console.log) {
  const hash = String(git(['rev-parse', '--verify', '--end-of-options', `${rev}^{commit}`])).trim();
  const short = hash.slice(0, 7);
  const dir = path.join(BASELINES_DIR, hash);
  const stampFile = path.join(dir, STAMP);
  if (fs.existsSync(stampFile)) {
    const info = JSON.parse(fs.readFileSync(stampFile, 'utf8'));
    return { ...info, rev, module: pathToFileURL(path.join(dir, info.entry)).href, dir, built: false };
  }

  const t0 = performance.now();
  const subject = String(git(['log', '-1', '--format=%s', hash])).trim();
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), `kitjs-baseline-${short}-`));
  try {
    log(`baseline ${rev} (${short}): building in ${tmp} (once; cached in ${path.relative(root, dir)})`);
    const tar = spawnSync('tar', ['-x', '-C', tmp], { input: git(['archive', '--format=tar', hash]) });
    if (tar.status !== 0) throw new Error(`tar -x failed: ${String(tar.stderr).trim()}`);
    npm(['ci', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'], tmp);
    npm(['run', 'build'], tmp);
    // Only what the dist needs at run time is kept: its dependencies, without the dev tools and peers.
    npm(['prune', '--omit=dev', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'], tmp);
    const pkg = JSON.parse(fs.readFileSync(path.join(tmp, 'package.json'), 'utf8'));
    const entry = esmEntry(pkg);
    // Loaded here, in a temp dir with no node_modules above it, so that a dependency missing from the
    // pruned tree fails now instead of resolving from this checkout's node_modules later.
    const probe = spawnSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `await import(${JSON.stringify(pathToFileURL(path.join(tmp, entry)).href)})`,
      ],
      { cwd: tmp, encoding: 'utf8' },
    );
    if (probe.status !== 0) throw new Error(`the built baseline does not load:\n${probe.stderr}`);

    const partial = `${dir}.partial-${process.pid}`;
    removeDeadPartials(hash);
    fs.mkdirSync(partial, { recursive: true });
    for (const name of ['package.json', 'package-lock.json', 'dist', 'node_modules'])
      if (fs.existsSync(path.join(tmp, name))) move(path.join(tmp, name), path.join(partial, name));
    const info = {
      hash,
      short,
      subject,
      entry,
      builtAt: new Date().toISOString(),
      buildSeconds: Math.round((performance.now() - t0) / 1000),
    };
    fs.writeFileSync(path.join(partial, STAMP), `${JSON.stringify(info, null, 2)}\n`);
    try {
      fs.renameSync(partial, dir);
    } catch (err) {
      // Another run finished the same commit first: keep its copy.
      fs.rmSync(partial, { recursive: true, force: true });
      if (!fs.existsSync(stampFile)) throw err;
    }
    log(`baseline ${short}: built in ${info.buildSeconds}s`);
    return { ...info, rev, module: pathToFileURL(path.join(dir, entry)).href, dir, built: true };
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}
