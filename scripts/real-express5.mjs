// Runs features/express5 (or the paths given) against Express 5.2.1 itself, to check that every scenario of
// spec/express5.md says what Express 5 does: installs express@5.2.1 into .cache/real-express5 from
// scripts/real-express5/package-lock.json, then runs the suite with KIT_IMPL=scripts/real-express5. Scenarios
// tagged @kit-better (kitjs does better than Express 5) are skipped by the adapter's profile, with the reason.
//   node scripts/with-test-tools.mjs node scripts/real-express5.mjs [feature paths...]
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureInstalled } from './sub-package.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const adapter = join(root, 'scripts', 'real-express5');
const cache = join(root, '.cache', 'real-express5');
mkdirSync(cache, { recursive: true });
// Copied only when changed: ensureInstalled reinstalls when the lockfile is newer than the last install.
for (const file of ['package.json', 'package-lock.json']) {
  const from = join(adapter, file);
  const to = join(cache, file);
  if (!existsSync(to) || !readFileSync(to).equals(readFileSync(from))) copyFileSync(from, to);
}
ensureInstalled(cache, 'real-express5', 'express@5.2.1');

const paths = process.argv.slice(2);
const result = spawnSync(
  process.execPath,
  [join(root, 'scripts', 'features.mjs'), ...(paths.length > 0 ? paths : ['features/express5'])],
  {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      KIT_IMPL: adapter,
      KIT_REPORT: join(root, 'reports', 'features-real-express5.json'),
    },
  },
);
process.exit(result.status ?? 1);
