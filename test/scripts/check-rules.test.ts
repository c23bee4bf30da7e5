// scripts/check-rules.mjs on scratch trees: a good tree passes, and each way of breaking the links between
// spec, scenarios and code fails with a message that names the fault.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';

const script = fileURLToPath(new URL('../../scripts/check-rules.mjs', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'kit-check-rules-'));
after(() => rmSync(scratch, { recursive: true, force: true }));

type Tree = Record<string, string>;

/** A tree whose links all hold: two rules, both with scenarios, one named in code and one waived. */
const good: Tree = {
  'spec/README.md': '# The spec\n\n### Not a rule: README.md is not checked\n',
  'spec/area.md': '# Area\n\n### AREA-001 The first rule\n\nText.\n\n### AREA-002 The second rule\n\nText.\n',
  'spec/waivers.md': '# Waivers\n\n- AREA-002: kept only by a dependency\n',
  'features/area/area.feature':
    'Feature: area\n\n  Rule: AREA-001 The first rule\n    Scenario: a\n\n  Rule: AREA-002 The second rule\n    Scenario: b\n',
  'src/area.ts': '// AREA-001: the code that keeps the first rule.\nexport const x = 1;\n',
};

let trees = 0;

/** Writes `tree` to a fresh directory and runs the check on it, by argument or by CHECK_RULES_ROOT. */
function check(tree: Tree, via: 'argument' | 'env' = 'argument'): { status: number | null; output: string } {
  const root = join(scratch, `tree-${trees++}`);
  mkdirSync(root);
  for (const [path, text] of Object.entries(tree)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  const env = { ...process.env };
  delete env.CHECK_RULES_ROOT;
  if (via === 'env') env.CHECK_RULES_ROOT = root;
  const run = spawnSync(process.execPath, via === 'env' ? [script] : [script, root], {
    encoding: 'utf8',
    env,
  });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

function fails(tree: Tree, message: RegExp): void {
  const { status, output } = check(tree);
  assert.equal(status, 1, output);
  assert.match(output, message);
}

test('a tree whose rules all have scenarios and code (or a waiver) passes', () => {
  const { status, output } = check(good);
  assert.equal(status, 0, output);
  assert.match(output, /2 rules, each with scenarios; 1 named in code, 1 waived/);
});

test('the root may come from CHECK_RULES_ROOT', () => {
  const { status, output } = check(good, 'env');
  assert.equal(status, 0, output);
  assert.match(output, /2 rules/);
});

test('a rule ID defined twice fails, within a file or across files', () => {
  fails(
    { ...good, 'spec/other.md': '### AREA-001 The same ID again\n' },
    /rule AREA-001 is already defined at spec\/area\.md:3/,
  );
  fails(
    { ...good, 'spec/area.md': `${good['spec/area.md']}\n### AREA-002 Twice in one file\n` },
    /spec\/area\.md:11: rule AREA-002 is already defined at spec\/area\.md:7/,
  );
});

test('a malformed rule heading fails', () => {
  for (const heading of [
    '### AREA-03 Two digits',
    '### AREA-0003 Four digits',
    '### area-003 Lower case',
    '### AREA-003',
    '### AREA-003: a colon',
    '### A title without an ID',
  ]) {
    fails(
      { ...good, 'spec/other.md': `# Other\n\n${heading}\n` },
      /spec\/other\.md:3: malformed rule heading/,
    );
  }
});

test('a spec directory that is missing, unreadable or holds no rules fails', () => {
  const { 'spec/README.md': _readme, 'spec/area.md': _area, 'spec/waivers.md': _waivers, ...noSpec } = good;
  fails(noSpec, /cannot read spec\/: ENOENT/);
  fails({ ...noSpec, spec: 'a file where the directory should be' }, /cannot read spec\/: ENOTDIR/);
  fails({ ...noSpec, 'spec/README.md': '# Nothing here yet\n' }, /spec\/ holds no rules/);
});

test('a rule that no code names fails, unless a waiver with a reason covers it', () => {
  fails(
    { ...good, 'spec/waivers.md': '# Waivers\n' },
    /rule AREA-002 \(spec\/area\.md:7\) is named by no code/,
  );
  fails({ ...good, 'spec/waivers.md': '- AREA-002:\n' }, /the waiver of AREA-002 gives no reason/);
  // Only code directories count, and only whole words: a longer ID or a prefixed word names nothing.
  fails(
    {
      ...good,
      'src/area.ts': '// AREA-0010 and XAREA-001 and AREA-001x are other words\n',
      'test/area.test.ts': '// AREA-001 in a test\n',
      'spec/waivers.md': '- AREA-002: kept only by a dependency\n',
    },
    /rule AREA-001 \(spec\/area\.md:3\) is named by no code/,
  );
  for (const dir of ['reference-app', 'scripts', 'step-definitions']) {
    const { status, output } = check({ ...good, 'src/area.ts': '', [`${dir}/x.mjs`]: '// AREA-001: here\n' });
    assert.equal(status, 0, `${dir}: ${output}`);
  }
});

test('a waiver for a rule the code names, or for an unknown rule, fails', () => {
  fails(
    { ...good, 'spec/waivers.md': '- AREA-001: stale\n- AREA-002: kept only by a dependency\n' },
    /AREA-001 is named in the code now; remove its waiver/,
  );
  fails(
    { ...good, 'spec/waivers.md': '- AREA-002: kept only by a dependency\n- AREA-009: no such rule\n' },
    /waives AREA-009, which no spec\/\*\.md defines/,
  );
});

test('code that names a rule the spec lacks fails', () => {
  fails(
    { ...good, 'src/more.ts': '// AREA-011: a rule that was renumbered\n' },
    /src\/more\.ts:1 names rule AREA-011/,
  );
});

test('the scenario checks still hold: a rule without a scenario, a scenario for an unknown rule', () => {
  fails(
    { ...good, 'features/area/area.feature': 'Feature: area\n\n  Rule: AREA-001 The first rule\n' },
    /rule AREA-002 \(spec\/area\.md:7\) has no scenario/,
  );
  fails(
    { ...good, 'features/more.feature': 'Feature: more\n\n  Rule: AREA-404 Nothing\n' },
    /features\/more\.feature:3 names rule AREA-404, which no spec\/\*\.md defines/,
  );
});

test("a rule's scenarios may sit under test/harness/ (the runner's own rules), and no other folder of test/", () => {
  const onlyFirst = 'Feature: area\n\n  Rule: AREA-001 The first rule\n    Scenario: a\n';
  const second = 'Feature: hang\n\n  Rule: AREA-002 The second rule\n    Scenario: b\n';
  const { status, output } = check({
    ...good,
    'features/area/area.feature': onlyFirst,
    'test/harness/fixtures/hang/hang.feature': second,
  });
  assert.equal(status, 0, output);
  fails(
    { ...good, 'features/area/area.feature': onlyFirst, 'test/other/hang.feature': second },
    /rule AREA-002 \(spec\/area\.md:7\) has no scenario/,
  );
  fails(
    { ...good, 'test/harness/more.feature': 'Feature: more\n\n  Rule: AREA-404 Nothing\n' },
    /test\/harness\/more\.feature:3 names rule AREA-404, which no spec\/\*\.md defines/,
  );
});
