// Runs npm from a script in a way that works on every platform: through the npm CLI that started us when
// there is one (npm sets npm_execpath for its scripts), else through the shell, because on Windows npm is
// npm.cmd, which Node (since the CVE-2024-27980 fix) refuses to spawn without one.
import { spawnSync } from 'node:child_process';

/**
 * Runs `npm <args>` with inherited output and returns its exit status; a failure to start at all is
 * reported and counts as status 1.
 * @param {string[]} args
 * @param {{ cwd: string }} options
 * @returns {number}
 */
export function runNpm(args, { cwd }) {
  const cli = process.env.npm_execpath;
  const result =
    cli && /\.[cm]?js$/.test(cli)
      ? spawnSync(process.execPath, [cli, ...args], { cwd, stdio: 'inherit' })
      : spawnSync('npm', args, { cwd, stdio: 'inherit', shell: process.platform === 'win32' });
  if (result.error) {
    console.error(`could not run npm ${args.join(' ')}: ${result.error.message}`);
    return 1;
  }
  return result.status ?? 1;
}
