// Runs the conformance suite: rule check, cucumber (progress output) in a watched child process (a scenario that
// hangs it is reported as hung, and the run goes on: features/supervisor.mjs), one status per scenario,
// reports/features.json, and reports/<name>.ndjson (one line per scenario, for the site, report:diff and other
// tools: see spec/harness.md).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';
import { hangMsFrom, superviseCucumber } from './features/supervisor.mjs';
import { STATUS_FILE, statusText } from './site/status-file.mjs';

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
/** AST node id -> its line (scenarios and example rows), and step node id -> its keyword. */
const lineOfNode = new Map();
const keywordOfStep = new Map();
const exchangeMediaType = 'application/vnd.kitjs.exchange+json';

function indexSteps(steps) {
  for (const step of steps ?? []) keywordOfStep.set(step.id, step.keyword.trim());
}

function indexScenario(scenario) {
  lineOfNode.set(scenario.id, scenario.location.line);
  indexSteps(scenario.steps);
  for (const examples of scenario.examples) {
    for (const row of examples.tableBody) lineOfNode.set(row.id, row.location.line);
  }
}

function indexDocument(doc) {
  for (const child of doc.feature?.children ?? []) {
    if (child.background) indexSteps(child.background.steps);
    if (child.scenario) indexScenario(child.scenario);
    if (!child.rule) continue;
    const id = ruleIdPattern.exec(child.rule.name)?.[1] ?? child.rule.name;
    for (const inner of child.rule.children) {
      if (inner.background) indexSteps(inner.background.steps);
      if (!inner.scenario) continue;
      ruleOfNode.set(inner.scenario.id, id);
      indexScenario(inner.scenario);
    }
  }
}

function onMessage(envelope) {
  if (envelope.gherkinDocument) indexDocument(envelope.gherkinDocument);
  else if (envelope.pickle) pickles.set(envelope.pickle.id, envelope.pickle);
  else if (envelope.testCase) testCases.set(envelope.testCase.id, envelope.testCase);
  else if (envelope.testCaseStarted) {
    const { id, testCaseId, timestamp } = envelope.testCaseStarted;
    attempts.set(id, { testCaseId, start: timestamp, end: undefined, results: [], reasons: [], steps: [] });
  } else if (envelope.testStepFinished) {
    const attempt = attempts.get(envelope.testStepFinished.testCaseStartedId);
    attempt?.results.push(envelope.testStepFinished.testStepResult);
    attempt?.steps.push(envelope.testStepFinished.testStepId);
  } else if (envelope.attachment) {
    const { testCaseStartedId, body, mediaType } = envelope.attachment;
    if (typeof body === 'string' && body.startsWith(skipPrefix)) {
      attempts.get(testCaseStartedId)?.reasons.push(body.slice(skipPrefix.length));
    }
    const attempt = attempts.get(testCaseStartedId);
    if (mediaType === exchangeMediaType && attempt) {
      try {
        attempt.exchange = JSON.parse(body);
      } catch {
        // A malformed attachment only costs the report its request and response.
      }
    }
  } else if (envelope.testCaseFinished) {
    const attempt = attempts.get(envelope.testCaseFinished.testCaseStartedId);
    if (attempt) attempt.end = envelope.testCaseFinished.timestamp;
  }
}

const millis = (t) => Number(t.seconds) * 1000 + t.nanos / 1e6;

// Cucumber runs in a child process this one watches (HARNESS-003): a scenario whose implementation blocks its
// event loop is reported as hung, and the scenarios after it run in a new child.
let hangMs;
try {
  hangMs = hangMsFrom(process.env);
} catch (error) {
  console.error(`Cannot run the suite: ${error.message}`);
  process.exit(1);
}
const supervised = await superviseCucumber({
  cwd: root,
  options: given.options,
  paths: hasPaths ? given.paths : null,
  hangMs,
  onMessage,
});
const runError = supervised.error;
const cucumberOk = supervised.success;

// The last attempt of each test case decides (retries replace earlier attempts).
const lastAttempt = new Map();
for (const attempt of attempts.values()) lastAttempt.set(attempt.testCaseId, attempt);

const scenarios = [];
/** Per scenario, what the NDJSON report adds to features.json's entry: where it is and, failing, why. */
const details = new Map();
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
  const entry = {
    name: pickle.name,
    uri: pickle.uri,
    rule: rule ?? null,
    tags: pickle.tags.map((tag) => tag.name),
    status,
    reason: reason ?? null,
    ...(nowPassing ? { nowPassing } : {}),
    duration: attempt.end ? Math.round(millis(attempt.end) - millis(attempt.start)) : null,
  };
  scenarios.push(entry);
  details.set(entry, failureDetails(pickle, testCases.get(testCaseId), attempt, bad));
}

/** The line of the scenario (an outline's example row), the failing step, the whole error, the last exchange. */
function failureDetails(pickle, testCase, attempt, bad) {
  const line =
    [...pickle.astNodeIds]
      .reverse()
      .map((id) => lineOfNode.get(id))
      .find(Boolean) ?? null;
  const out = { line };
  if (!bad) return out;
  const index = attempt.results.indexOf(bad);
  const testStep = testCase?.testSteps.find((step) => step.id === attempt.steps[index]);
  const pickleStep = testStep?.pickleStepId && pickle.steps.find((step) => step.id === testStep.pickleStepId);
  out.step = pickleStep
    ? `${keywordOfStep.get(pickleStep.astNodeIds[0]) ?? ''} ${pickleStep.text}`.trim()
    : testStep?.hookId
      ? 'a hook'
      : null;
  // The error without terminal colours, cut so one failure cannot bloat the report.
  const message = (bad.message || bad.exception?.message || `step ${bad.status.toLowerCase()}`)
    // biome-ignore lint/suspicious/noControlCharactersInRegex: ANSI colour codes start with ESC.
    .replace(/\u001b\[[0-9;]*m/g, '')
    // Paths inside the repo as the repo names them: a published site does not show this machine's folders.
    .replaceAll(`${root}${sep}`, '')
    .trim();
  out.error = message.length > 4000 ? `${message.slice(0, 4000)}…` : message;
  if (attempt.exchange) Object.assign(out, attempt.exchange);
  return out;
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
// KIT_REPORTS_DIR puts both reports in another folder: the CI's second pass on a newer Node (.ci/run) leaves
// reports/, which the site reads, and the committed status alone.
const reportsDir = process.env.KIT_REPORTS_DIR ? resolve(process.env.KIT_REPORTS_DIR) : join(root, 'reports');
// KIT_REPORT names another file, so checking another implementation does not overwrite kitjs's own report.
const reportFile = process.env.KIT_REPORT
  ? resolve(process.env.KIT_REPORT)
  : join(reportsDir, 'features.json');
mkdirSync(dirname(reportFile), { recursive: true });
writeFileSync(reportFile, `${JSON.stringify(report, null, 2)}\n`);

// The NDJSON report: a first line about the run, then one line per scenario (spec/harness.md).
const implementationName = process.env.KIT_IMPL_NAME || profile.name || 'kitjs';
const ndjsonFile = join(reportsDir, `${implementationName.replace(/[^\w.-]+/g, '-')}.ndjson`);
const runLine = {
  type: 'run',
  implementation: implementationName,
  ...report.implementation,
  date: new Date().toISOString(),
  paths: hasPaths ? given.paths.map((path) => relative(root, path.split(':')[0]) || path) : null,
  totals,
};
const scenarioLines = scenarios.map((s) => {
  const { line, ...failure } = details.get(s) ?? {};
  return {
    type: 'scenario',
    rule: s.rule,
    name: s.name,
    status: s.status,
    duration: s.duration,
    location: `${s.uri}:${line ?? 0}`,
    tags: s.tags,
    ...(s.reason ? { reason: s.reason } : {}),
    ...(s.nowPassing ? { nowPassing: true } : {}),
    ...failure,
  };
});
const ndjson = `${[runLine, ...scenarioLines].map((line) => JSON.stringify(line)).join('\n')}\n`;
mkdirSync(dirname(ndjsonFile), { recursive: true });
// Written, read back and written again if it differs: once, a log line the implementation's buffered logger
// flushed to fd 1 from its thread pool landed at the top of this file (not reproduced since).
for (let tries = 0; tries < 3; tries++) {
  writeFileSync(ndjsonFile, ndjson);
  if (readFileSync(ndjsonFile, 'utf8') === ndjson) break;
}
console.log(`Report: ${relative(callerCwd, ndjsonFile) || ndjsonFile}`);
// A whole run of kitjs's own sources rewrites the committed status the site reads from a fresh clone
// (spec/harness.md, "The committed status"); a partial run, another implementation, or a run whose reports go
// to another folder leaves it alone.
if (
  !hasPaths &&
  !process.env.KIT_IMPL &&
  !process.env.KIT_REPORTS_DIR &&
  implementationName === 'kitjs' &&
  !runError
) {
  const statusFile = join(root, STATUS_FILE);
  const text = statusText(runLine, scenarioLines);
  const before = existsSync(statusFile) ? readFileSync(statusFile, 'utf8') : '';
  if (text !== before) {
    mkdirSync(dirname(statusFile), { recursive: true });
    writeFileSync(statusFile, text);
    console.log(`Status: ${STATUS_FILE} changed; commit it with the change that changed it.`);
  }
}

if (runError) console.log(`cucumber could not run: ${runError}`);
if (!rulesOk) console.log('The rule check failed (see the top of the output).');
// Cucumber fails a run on its own for things no scenario carries, such as a feature file that does not parse.
const otherFailure = !runError && !cucumberOk && scenarioFailures === 0;
if (otherFailure) console.log('cucumber reported a failure outside the scenarios (see its output above).');
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
// Exit explicitly: a stray handle in an implementation must not hang the run.
process.exit(runError || otherFailure || !rulesOk || totals.failed > 0 ? 1 : 0);
