// Runs a command on another major version of Node, fetched from the npm registry (the `node-<os>-<arch>`
// packages: a tarball with bin/node and the headers in include/node) and kept in .cache/node-<major>/.
//   node scripts/with-node.mjs 26                     fetches it if needed, prints the path of its bin/node
//   node scripts/with-node.mjs 26 command [args...]   runs the command with that bin/ first on PATH
// `npm pack` is the only download: it goes through npm's own registry settings and cache, and the tarball's
// integrity is npm's to check. A folder that already holds a working bin/node is used as it is; delete it to
// fetch the newest release of that major again.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

function fail(message, status = 2) {
  console.error(`with-node: ${message}`);
  process.exit(status);
}

/** `npm <args>` with its stdout captured: through the npm CLI that started us when there is one (as run-npm.mjs). */
function npm(args, cwd) {
  const cli = process.env.npm_execpath;
  const options = { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] };
  const run =
    cli && /\.[cm]?js$/.test(cli)
      ? spawnSync(process.execPath, [cli, ...args], options)
      : spawnSync('npm', args, { ...options, shell: process.platform === 'win32' });
  if (run.error) fail(`could not run npm ${args.join(' ')}: ${run.error.message}`);
  return run;
}

/** The version a node binary reports, or null when it does not run. */
function versionOf(bin) {
  if (!existsSync(bin)) return null;
  const run = spawnSync(bin, ['--version'], { encoding: 'utf8' });
  return run.status === 0 ? run.stdout.trim() : null;
}

/**
 * The path of a node binary of the given major version: the running one's, else bin/node fetched into
 * .cache/node-<major>/ on first use.
 *   nodeBinary('26') // '/…/kitjs/.cache/node-26/bin/node'
 */
export function nodeBinary(major) {
  // The running Node, when it is that major: nothing to fetch.
  if (process.versions.node.split('.')[0] === String(major)) return process.execPath;
  const dir = join(root, '.cache', `node-${major}`);
  const bin = join(dir, 'bin', process.platform === 'win32' ? 'node.exe' : 'node');
  if (versionOf(bin)?.startsWith(`v${major}.`)) return bin;
  const os = process.platform === 'win32' ? 'win' : process.platform;
  const spec = `node-${os}-${process.arch}@${major}`;
  console.error(
    `with-node: fetching ${spec} from the npm registry into ${join('.cache', `node-${major}`)}...`,
  );
  mkdirSync(join(root, '.cache'), { recursive: true });
  const work = mkdtempSync(join(root, '.cache', `node-${major}-`));
  try {
    // npm names the tarball on stdout; this script's stdout is for the binary's path alone.
    const pack = npm(['pack', spec, '--json', '--loglevel=error', '--pack-destination', work], work);
    if (pack.status !== 0) fail(`npm pack ${spec} failed`);
    const tarball = JSON.parse(pack.stdout)[0]?.filename;
    if (!tarball || !existsSync(join(work, tarball))) fail(`npm pack ${spec} wrote no tarball`);
    const untar = spawnSync('tar', ['-xzf', tarball], { cwd: work, stdio: 'inherit' });
    if (untar.status !== 0) fail(`could not unpack ${tarball}`);
    rmSync(dir, { recursive: true, force: true });
    renameSync(join(work, 'package'), dir);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  const version = versionOf(bin);
  if (!version?.startsWith(`v${major}.`)) fail(`${bin} does not run as Node ${major} (${version})`);
  console.error(`with-node: Node ${version} in ${dir}`);
  return bin;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [major, command, ...args] = process.argv.slice(2);
  if (!/^\d+$/.test(major ?? '')) fail('usage: node scripts/with-node.mjs <major> [command [args...]]');
  const bin = nodeBinary(major);
  if (!command) {
    console.log(bin);
    process.exit(0);
  }
  // First on PATH, so that `node` in the command and in whatever it spawns by name is this one.
  const env = { ...process.env, PATH: `${dirname(bin)}${delimiter}${process.env.PATH ?? ''}` };
  const run = spawnSync(command, args, { stdio: 'inherit', env, shell: process.platform === 'win32' });
  if (run.error) fail(`could not run ${command}: ${run.error.message}`);
  process.exit(run.status ?? 1);
}
