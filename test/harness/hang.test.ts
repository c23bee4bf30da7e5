/**
 * HARNESS-003: a features run against an implementation whose app blocks its event loop for ever ends, reports
 * that scenario as hung, and runs the scenarios after it; one whose app ends the process is reported the same
 * way. The implementation (fixtures/blocking-kit) is kitjs with a middleware that never returns on GET /spin
 * and exits on GET /exit; the feature files (fixtures/hang/) are this test's own.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const reports = mkdtempSync(join(tmpdir(), 'kit-hang-test-'));
after(() => rmSync(reports, { recursive: true, force: true }));

const hangMs = 10_000;
const features = 'test/harness/fixtures/hang';
const hungName = 'The implementation blocks its event loop';
const endedName = 'The implementation ends the process the scenarios run in';

/** Runs scripts/features.mjs on the fixture features against the blocking implementation, to its end. */
function runFeatures(hangSetting = String(hangMs)): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(root, 'scripts', 'features.mjs'), features], {
      cwd: root,
      env: {
        ...process.env,
        KIT_IMPL: 'test/harness/fixtures/blocking-kit',
        KIT_IMPL_NAME: 'blocking-kit',
        KIT_HANG_MS: hangSetting,
        KIT_REPORTS_DIR: reports,
        KIT_REPORT: join(reports, 'features.json'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

interface ScenarioLine {
  type: 'scenario';
  rule: string | null;
  name: string;
  status: string;
  location: string;
  reason?: string;
  step?: string;
  error?: string;
}

/** Whether `pid` is gone (or a zombie nobody has reaped yet: dead all the same). */
function gone(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return true;
  }
  try {
    return /^\d+ \(.*\) Z /s.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return true;
  }
}

// The test's own timeout is far above what the run needs (two starts of cucumber and one KIT_HANG_MS): it only
// keeps a broken supervisor from hanging this test too.
test('a scenario whose implementation blocks its event loop (or ends its process) is reported, and the run goes on', {
  timeout: 600_000,
}, async () => {
  const { code, output } = await runFeatures();
  assert.equal(code, 1, output);

  // Said while it happened, and in the closing list of failures, with the scenario's name.
  const said = new RegExp(`features: "${hungName}" \\(${features}/1-hang\\.feature:15\\) hung: .*pid (\\d+)`);
  const pid = Number(said.exec(output)?.[1]);
  assert.ok(pid > 0, output);
  assert.ok(gone(pid), `the hung process ${pid} is still running`);
  assert.match(output, new RegExp(`HARNESS-003 "${hungName}" — hung: no step finished within 10 s`));
  assert.match(output, new RegExp(`HARNESS-003 "${endedName}" — ended: .*\\(exit code 7\\)`));
  assert.match(output, /6 passed, 2 failed, 0 skipped/);

  // One run in the NDJSON report: every scenario once, in the files' order, only the hung one failed.
  const [run, ...lines] = readFileSync(join(reports, 'blocking-kit.ndjson'), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));
  assert.equal(run.type, 'run');
  assert.deepEqual(run.totals, { passed: 6, failed: 2, skipped: 0 });
  const scenarios = lines as ScenarioLine[];
  assert.deepEqual(
    scenarios.map((s) => [s.location, s.status]),
    [
      [`${features}/1-hang.feature:7`, 'passed'],
      [`${features}/1-hang.feature:15`, 'failed'],
      [`${features}/1-hang.feature:23`, 'passed'],
      [`${features}/1-hang.feature:41`, 'passed'],
      [`${features}/1-hang.feature:42`, 'passed'],
      [`${features}/2-after.feature:6`, 'passed'],
      [`${features}/2-after.feature:14`, 'failed'],
      [`${features}/2-after.feature:22`, 'passed'],
    ],
  );
  const hung = scenarios[1];
  assert.equal(hung.name, hungName);
  assert.equal(hung.rule, 'HARNESS-003');
  assert.equal(hung.reason, 'hung: no step finished within 10 s; the implementation blocked its event loop');
  assert.equal(hung.step, 'When I GET "/spin"');
  assert.match(hung.error ?? '', /KIT_HANG_MS=10000/);
  // A process that ends mid-scenario is handled the same way, without waiting for KIT_HANG_MS.
  const ended = scenarios[6];
  assert.equal(ended.name, endedName);
  assert.equal(ended.reason, 'ended: the process running the scenarios ended (exit code 7) during this one');
  assert.equal(ended.step, 'When I GET "/exit"');

  // features.json says the same.
  const report = JSON.parse(readFileSync(join(reports, 'features.json'), 'utf8'));
  assert.deepEqual(report.totals, { passed: 6, failed: 2, skipped: 0 });
  const failed = report.scenarios.filter((s: { status: string }) => s.status === 'failed');
  assert.deepEqual(
    failed.map((s: { name: string; reason: string }) => [s.name, s.reason.split(/[;:]/)[0]]),
    [
      [hungName, 'hung'],
      [endedName, 'ended'],
    ],
  );
});

test('a KIT_HANG_MS that is not a positive whole number of milliseconds is refused before anything runs', {
  timeout: 120_000,
}, async () => {
  for (const setting of ['10s', '0', '-5', '1.5']) {
    const { code, output } = await runFeatures(setting);
    assert.equal(code, 1, output);
    assert.match(
      output,
      new RegExp(`KIT_HANG_MS must be a positive whole number of milliseconds, not "${setting}"`),
    );
    assert.doesNotMatch(output, /passed/);
  }
});
