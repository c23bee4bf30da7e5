// One way to install a folder's own dependencies on first use (bench/, test-tools/, test/ecosystem/): `npm ci`
// there when its node_modules is missing or older than its lockfile, so kitjs's own `npm install` stays light
// (REF-020) and a changed lockfile is picked up by the next run.
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { runNpm } from './run-npm.mjs';

/**
 * Makes sure `dir`'s dependencies are installed from its lockfile; exits the process with a message naming
 * `label` when the lockfile is missing or `npm ci` fails.
 *   ensureInstalled(join(root, 'bench'), 'bench', 'the benchmark dependencies');
 */
export function ensureInstalled(dir, label, what) {
  const lock = join(dir, 'package-lock.json');
  // Written after a successful install: an install is redone when the lockfile is newer than it.
  const stamp = join(dir, 'node_modules', '.kitjs-installed');
  const shown = relative(join(dir, '..'), lock);
  if (!existsSync(lock)) {
    console.error(
      `${label}: ${shown} is missing; restore it (git checkout ${relative(process.cwd(), lock)})`,
    );
    process.exit(1);
  }
  if (existsSync(stamp) && statSync(stamp).mtimeMs >= statSync(lock).mtimeMs) return;
  console.log(`${label}: installing ${what} (${relative(process.cwd(), lock)})...`);
  const status = runNpm(['ci', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: dir });
  if (status !== 0) {
    console.error(`${label}: npm ci in ${relative(process.cwd(), dir) || '.'} failed`);
    process.exit(status);
  }
  writeFileSync(stamp, `${readFileSync(lock).length}\n`);
}
