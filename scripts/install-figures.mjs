// `npm run install-figures`: measures what a newcomer's `npm install` of a fresh clone adds (npm's own
// "added N packages" line and the size of node_modules), and writes the figures into README.md between its
// `<!-- install-figures -->` markers, with the date and the commit they were measured at. The README's
// figures are therefore never typed by hand; rerun this when package-lock.json changes. Not part of
// `npm test`: a real `npm ci` (sqlite3 compiles from source) takes a minute or two.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const START = '<!-- install-figures -->';
const END = '<!-- /install-figures -->';

const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
const scratch = mkdtempSync(join(tmpdir(), 'kitjs-install-'));
try {
  const clone = join(scratch, 'kitjs');
  // The committed tree, as a newcomer's clone has it (no node_modules, no dist/, nothing uncommitted).
  execFileSync('git', ['clone', '--quiet', '--no-hardlinks', root, clone], { stdio: 'inherit' });
  const install = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: clone, encoding: 'utf8' });
  if (install.status !== 0) {
    process.stderr.write(install.stdout + install.stderr);
    throw new Error(`npm ci failed in ${clone}`);
  }
  const added = /added (\d+) packages?/.exec(install.stdout + install.stderr)?.[1];
  if (added === undefined) throw new Error(`no "added N packages" line in npm's output:\n${install.stdout}`);
  const kilobytes = Number(
    execFileSync('du', ['-sk', join(clone, 'node_modules')], { encoding: 'utf8' }).split('\t')[0],
  );
  const megabytes = Math.round(kilobytes / 1024);
  const date = new Date().toISOString().slice(0, 10);
  const figures = `${START}${added} packages, ${megabytes} MB: \`npm ci\` of a fresh clone at ${commit}, ${date}, npm's "added ${added} packages" and \`du -sk node_modules\`, measured by \`npm run install-figures\`${END}`;
  const readmePath = join(root, 'README.md');
  const readme = readFileSync(readmePath, 'utf8');
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start === -1 || end === -1) throw new Error(`README.md has no ${START} ... ${END} markers`);
  writeFileSync(readmePath, readme.slice(0, start) + figures + readme.slice(end + END.length));
  console.log(`install-figures: ${added} packages, ${megabytes} MB (written to README.md)`);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
