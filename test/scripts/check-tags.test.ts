import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';

const script = fileURLToPath(new URL('../../scripts/check-tags.mjs', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'kit-check-tags-'));
after(() => rmSync(scratch, { recursive: true, force: true }));

/** Runs the check on one feature file's text; returns its exit status and output. */
function check(name: string, feature: string): { status: number | null; out: string } {
  const dir = join(scratch, name);
  mkdirSync(dir);
  writeFileSync(join(dir, 'a.feature'), feature);
  const run = spawnSync(process.execPath, [script, dir], { encoding: 'utf8' });
  return { status: run.status, out: run.stdout + run.stderr };
}

const scenario = (tags: string, body: string) => `Feature: F
  ${tags}
  Rule: R-001 r
    Scenario: s
      Given the app:
        """js
        ${body}
        """
`;

test('a scenario asserting a KIT_ERR_* code without @kit-error-codes fails the check', () => {
  const { status, out } = check('untagged', scenario('', "assert.equal(err.code, 'KIT_ERR_X');"));
  assert.equal(status, 1, out);
  assert.match(out, /"s" asserts a KIT_ERR_\* code but is not tagged @kit-error-codes/);
});

test('the tag inherited from the Rule is enough', () => {
  const { status, out } = check(
    'tagged',
    scenario('@kit-error-codes', "assert.equal(err.code, 'KIT_ERR_X');"),
  );
  assert.equal(status, 0, out);
});

test('app.close and kit(options) need @kit-lifecycle; a server of its own does not', () => {
  assert.equal(check('lifecycle', scenario('', 'await app.close();')).status, 1);
  assert.equal(check('options', scenario('', 'const app = kit({ requestTimeout: 5 });')).status, 1);
  assert.equal(check('server', scenario('', 'server.close();')).status, 0);
});
