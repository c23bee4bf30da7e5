// Compares two runs of the suite: `npm run report:diff -- A.ndjson B.ndjson` lists the rules and scenarios that
// passed in A and do not in B (regressions), then those that pass in B and did not in A (new passes). Exits 1
// when anything regressed, 0 otherwise (a report against itself: 0). A scenario B did not run counts as not
// passing in B.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseReport, ruleStatuses, scenarioKeys } from './site/reports.mjs';

/** Scenario key -> scenario, for one report. */
function byKey(scenarios) {
  const keys = scenarioKeys(scenarios);
  return new Map(scenarios.map((scenario, i) => [keys[i], scenario]));
}

/**
 * The differences between two parsed reports: `regressed` and `fixed`, each `{ rules, scenarios }`, where a
 * rule is `{ id, from, to }` and a scenario `{ key, rule, name, from, to, location, step, error }`.
 */
export function diffReports(a, b) {
  const before = byKey(a.scenarios);
  const after = byKey(b.scenarios);
  const status = (map, key) => map.get(key)?.status ?? 'not run';
  const scenarioChange = (key) => {
    const was = before.get(key);
    const now = after.get(key);
    const shown = now ?? was;
    return {
      key,
      rule: shown.rule,
      name: shown.name,
      from: status(before, key),
      to: status(after, key),
      location: shown.location,
      ...(now?.step ? { step: now.step } : {}),
      ...(now?.error ? { error: now.error } : {}),
      ...(now?.reason && now.status !== 'passed' ? { reason: now.reason } : {}),
    };
  };
  const keys = [...new Set([...before.keys(), ...after.keys()])];
  const regressedScenarios = keys
    .filter((key) => status(before, key) === 'passed' && status(after, key) !== 'passed')
    .map(scenarioChange);
  const fixedScenarios = keys
    .filter((key) => status(before, key) !== 'passed' && status(after, key) === 'passed')
    .map(scenarioChange);

  const rulesBefore = ruleStatuses(a.scenarios);
  const rulesAfter = ruleStatuses(b.scenarios);
  const ruleIds = [...new Set([...rulesBefore.keys(), ...rulesAfter.keys()])].sort();
  const ruleStatus = (map, id) => map.get(id) ?? 'not run';
  const ruleChange = (id) => ({ id, from: ruleStatus(rulesBefore, id), to: ruleStatus(rulesAfter, id) });
  return {
    regressed: {
      rules: ruleIds
        .filter((id) => ruleStatus(rulesBefore, id) === 'passed' && ruleStatus(rulesAfter, id) !== 'passed')
        .map(ruleChange),
      scenarios: regressedScenarios,
    },
    fixed: {
      rules: ruleIds
        .filter((id) => ruleStatus(rulesBefore, id) !== 'passed' && ruleStatus(rulesAfter, id) === 'passed')
        .map(ruleChange),
      scenarios: fixedScenarios,
    },
  };
}

/** The diff as text, scenarios grouped under their rule. */
export function formatDiff(diff, nameA, nameB) {
  const lines = [];
  const section = (title, part) => {
    lines.push(`${title}: ${part.rules.length} rule(s), ${part.scenarios.length} scenario(s)`);
    const groups = new Map();
    for (const scenario of part.scenarios) {
      const id = scenario.rule ?? '(no rule)';
      groups.set(id, [...(groups.get(id) ?? []), scenario]);
    }
    for (const [id, scenarios] of groups) {
      const rule = part.rules.find((candidate) => candidate.id === id);
      lines.push(`  ${id}${rule ? ` (rule ${rule.from} -> ${rule.to})` : ''}`);
      for (const s of scenarios) {
        const why = s.error ? `: ${s.error.split('\n')[0]}` : s.reason ? `: ${s.reason}` : '';
        const step = s.step ? ` at "${s.step}"` : '';
        lines.push(`    - "${s.name}" ${s.from} -> ${s.to}${step} (${s.location})${why}`);
      }
    }
  };
  lines.push(`report:diff ${nameA} -> ${nameB}`);
  section(`Regressed (passed in ${nameA}, not in ${nameB})`, diff.regressed);
  section(`New passes (pass in ${nameB}, did not in ${nameA})`, diff.fixed);
  return lines.join('\n');
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const files = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));
  if (files.length !== 2) {
    console.error('usage: npm run report:diff -- A.ndjson B.ndjson');
    process.exit(2);
  }
  let reports;
  try {
    reports = files.map((file) => parseReport(readFileSync(file, 'utf8'), file));
  } catch (error) {
    console.error(`report:diff: ${error.message}`);
    process.exit(2);
  }
  const diff = diffReports(reports[0], reports[1]);
  console.log(formatDiff(diff, files[0], files[1]));
  process.exit(diff.regressed.scenarios.length > 0 || diff.regressed.rules.length > 0 ? 1 : 0);
}
