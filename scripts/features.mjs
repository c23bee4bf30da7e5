// Runs the conformance suite: rule check, cucumber (progress output), one status per scenario, reports/features.json.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfiguration, runCucumber } from '@cucumber/cucumber/api';
import { register } from 'tsx/esm/api';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// Paths the caller gave are relative to where they stood; cucumber runs from the repo root.
const callerCwd = process.cwd();
function fromCaller(path) {
  const [file, ...lines] = path.split(':');
  return existsSync(resolve(callerCwd, file)) ? [resolve(callerCwd, file), ...lines].join(':') : path;
}
for (const name of ['KIT_IMPL', 'KIT_IMPL_PROFILE']) {
  if (process.env[name]) process.env[name] = fromCaller(process.env[name]);
}
process.chdir(root);
register();
const { locateImplementation, loadProfile } = await import('../step-definitions/support/impl.ts');

const argv = process.argv.slice(2);
const ruleIdPattern = /^([A-Z][A-Z0-9]*-\d{3})\b/;
const skipPrefix = 'skip reason: ';
const failing = new Set(['FAILED', 'UNDEFINED', 'PENDING', 'AMBIGUOUS', 'UNKNOWN']);

/** Options of cucumber-js that take a value, so their values are not mistaken for feature paths. */
const valued = new Set([
  '--tags',
  '-t',
  '--name',
  '--format',
  '-f',
  '--format-options',
  '--profile',
  '-p',
  '--retry',
  '--retry-tag-filter',
  '--parallel',
  '--order',
  '--world-parameters',
  '--import',
  '-i',
  '--require',
  '-r',
  '--require-module',
  '--language',
  '--config',
  '-c',
  '--loader',
  '-l',
  '--shard',
]);
/** Splits the arguments into feature paths and options. */
function splitArgs(args) {
  const paths = [];
  const options = [];
  for (let i = 0; i < args.length; i++) {
    if (!args[i].startsWith('-')) paths.push(fromCaller(args[i]));
    else {
      options.push(args[i]);
      if (valued.has(args[i]) && i + 1 < args.length) options.push(args[++i]);
    }
  }
  return { paths, options };
}
const given = splitArgs(argv);
const hasPaths = given.paths.length > 0;

let rulesOk = true;
if (!hasPaths) {
  for (const script of ['check-rules.mjs', 'check-tags.mjs']) {
    const check = spawnSync(process.execPath, [join(root, 'scripts', script)], { stdio: 'inherit' });
    rulesOk &&= check.status === 0;
  }
}

let location;
let profile;
try {
  location = locateImplementation();
  profile = loadProfile(location);
} catch (error) {
  console.error(`Cannot run the suite: ${error.message}`);
  process.exit(1);
}

// Collect the envelopes that say what ran and how it ended.
const pickles = new Map();
const testCases = new Map();
const attempts = new Map(); // testCaseStartedId -> { testCaseId, start, end, results: [], reasons: [] }
const ruleOfNode = new Map();

function indexDocument(doc) {
  for (const child of doc.feature?.children ?? []) {
    if (!child.rule) continue;
    const id = ruleIdPattern.exec(child.rule.name)?.[1] ?? child.rule.name;
    for (const inner of child.rule.children) if (inner.scenario) ruleOfNode.set(inner.scenario.id, id);
  }
}

function onMessage(envelope) {
  if (envelope.gherkinDocument) indexDocument(envelope.gherkinDocument);
  else if (envelope.pickle) pickles.set(envelope.pickle.id, envelope.pickle);
  else if (envelope.testCase) testCases.set(envelope.testCase.id, envelope.testCase);
  else if (envelope.testCaseStarted) {
    const { id, testCaseId, timestamp } = envelope.testCaseStarted;
    attempts.set(id, { testCaseId, start: timestamp, end: undefined, results: [], reasons: [] });
  } else if (envelope.testStepFinished) {
    attempts
      .get(envelope.testStepFinished.testCaseStartedId)
      ?.results.push(envelope.testStepFinished.testStepResult);
  } else if (envelope.attachment) {
    const { testCaseStartedId, body } = envelope.attachment;
    if (typeof body === 'string' && body.startsWith(skipPrefix)) {
      attempts.get(testCaseStartedId)?.reasons.push(body.slice(skipPrefix.length));
    }
  } else if (envelope.testCaseFinished) {
    const attempt = attempts.get(envelope.testCaseFinished.testCaseStartedId);
    if (attempt) attempt.end = envelope.testCaseFinished.timestamp;
  }
}

const millis = (t) => Number(t.seconds) * 1000 + t.nanos / 1e6;

const { runConfiguration } = await loadConfiguration({ provided: given.options });
// Paths given here replace the configured ones (cucumber 12 would merge them).
if (hasPaths) runConfiguration.sources.paths = given.paths;
let runError;
let cucumberOk = true;
try {
  cucumberOk = (await runCucumber(runConfiguration, undefined, onMessage)).success;
} catch (error) {
  runError = error;
}

// The last attempt of each test case decides (retries replace earlier attempts).
const lastAttempt = new Map();
for (const attempt of attempts.values()) lastAttempt.set(attempt.testCaseId, attempt);

const scenarios = [];
let scenarioFailures = 0; // before known failures are excused
for (const [testCaseId, attempt] of lastAttempt) {
  const pickle = pickles.get(testCases.get(testCaseId)?.pickleId);
  if (!pickle) continue;
  const rule = pickle.astNodeIds.map((id) => ruleOfNode.get(id)).find(Boolean);
  const bad = attempt.results.find((result) => failing.has(result.status));
  if (bad) scenarioFailures++;
  let status = bad ? 'failed' : attempt.results.some((r) => r.status === 'SKIPPED') ? 'skipped' : 'passed';
  let reason;
  if (bad) {
    const message = bad.message || bad.exception?.message || `step ${bad.status.toLowerCase()}`;
    reason =
      bad.status === 'FAILED'
        ? message.split('\n').find((line) => line.trim())
        : `step ${bad.status.toLowerCase()}`;
  } else if (status === 'skipped') {
    reason = attempt.reasons[0] ?? 'skipped';
  }
  const known = profile.knownFailures[pickle.name] ?? (rule ? profile.knownFailures[rule] : undefined);
  let nowPassing = false;
  if (known !== undefined && status === 'failed') {
    status = 'skipped';
    reason = `known failure: ${known} (${reason})`;
  } else if (known !== undefined && status === 'passed') {
    nowPassing = true;
    reason = `now passing (listed as a known failure: ${known})`;
  }
  scenarios.push({
    name: pickle.name,
    uri: pickle.uri,
    rule: rule ?? null,
    tags: pickle.tags.map((tag) => tag.name),
    status,
    reason: reason ?? null,
    ...(nowPassing ? { nowPassing } : {}),
    duration: attempt.end ? Math.round(millis(attempt.end) - millis(attempt.start)) : null,
  });
}

const totals = { passed: 0, failed: 0, skipped: 0 };
for (const scenario of scenarios) totals[scenario.status]++;

const label = (s) => `${s.uri}: ${s.rule ? `${s.rule} ` : ''}"${s.name}"`;
const skipped = scenarios.filter((s) => s.status === 'skipped');
const failed = scenarios.filter((s) => s.status === 'failed');
const recovered = scenarios.filter((s) => s.nowPassing);
console.log('');
if (skipped.length) {
  console.log(`Skipped (${skipped.length}):`);
  for (const s of skipped) console.log(`  - ${label(s)} — ${s.reason}`);
}
if (recovered.length) {
  console.log(`Now passing, remove from the profile's knownFailures (${recovered.length}):`);
  for (const s of recovered) console.log(`  - ${label(s)}`);
}
if (failed.length) {
  console.log(`Failed (${failed.length}):`);
  for (const s of failed) console.log(`  - ${label(s)} — ${s.reason}`);
}

const report = {
  implementation: {
    spec: location.spec,
    module: location.file ? relative(root, location.file) || location.file : location.url,
    profile: profile.file ? relative(root, profile.file) : null,
    name: profile.name ?? null,
  },
  totals,
  rulesCheck: rulesOk ? 'passed' : hasPaths ? 'not run' : 'failed',
  scenarios,
};
// KIT_REPORT names another file, so checking another implementation does not overwrite kitjs's own report.
const reportFile = process.env.KIT_REPORT
  ? resolve(process.env.KIT_REPORT)
  : join(root, 'reports', 'features.json');
mkdirSync(dirname(reportFile), { recursive: true });
writeFileSync(reportFile, `${JSON.stringify(report, null, 2)}\n`);

if (runError) console.log(`cucumber could not run: ${runError.stack ?? runError}`);
if (!rulesOk) console.log('The rule check failed (see the top of the output).');
// Cucumber fails a run on its own for things no scenario carries, such as a feature file that does not parse.
const otherFailure = !runError && !cucumberOk && scenarioFailures === 0;
if (otherFailure) console.log('cucumber reported a failure outside the scenarios (see its output above).');
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
// Exit explicitly: a stray handle in an implementation must not hang the run.
process.exit(runError || otherFailure || !rulesOk || totals.failed > 0 ? 1 : 0);
