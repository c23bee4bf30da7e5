// Reads the NDJSON reports scripts/features.mjs writes (reports/<name>.ndjson) and sums scenario statuses up.
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';

/**
 * Parses one report: `{ run, scenarios }`. A line that is not a JSON object with a `type` is ignored, so a
 * stray line in the file (a log line) cannot make the whole report unreadable.
 */
export function parseReport(text, name = 'report') {
  let run;
  const scenarios = [];
  for (const line of text.split('\n')) {
    if (!line.startsWith('{')) continue;
    let entry;
    try {
      entry = JSON.parse(line);
    } catch {
      continue;
    }
    if (entry.type === 'run') run = entry;
    else if (entry.type === 'scenario') scenarios.push(entry);
  }
  if (!run) throw new Error(`${name}: no run line ({"type":"run",...}): is it a report of npm run features?`);
  return { run, scenarios };
}

/** Every reports/*.ndjson under `dir`, the repo's own implementation (kitjs) first, then by name. */
export function readReports(dir) {
  let names;
  try {
    names = readdirSync(dir).filter((name) => name.endsWith('.ndjson'));
  } catch {
    return [];
  }
  return names
    .map((file) => {
      const report = parseReport(readFileSync(join(dir, file), 'utf8'), file);
      return { ...report, name: report.run.implementation ?? basename(file, '.ndjson'), file };
    })
    .sort((a, b) => (a.name === 'kitjs' ? -1 : b.name === 'kitjs' ? 1 : a.name.localeCompare(b.name)));
}

/**
 * A stable key for a scenario across runs: its rule and name, then `#2`, `#3`... for a name that repeats
 * within a rule (an outline's example rows), in report order.
 */
export function scenarioKeys(scenarios) {
  const seen = new Map();
  return scenarios.map((scenario) => {
    const base = `${scenario.rule ?? scenario.location.replace(/:\d+$/, '')} ${scenario.name}`;
    const count = (seen.get(base) ?? 0) + 1;
    seen.set(base, count);
    return count === 1 ? base : `${base} #${count}`;
  });
}

/**
 * One status from several: `failed` when any failed, `passed` when all passed, `skipped` when none passed,
 * `partial` when some passed and the others were skipped; `missing` for nothing at all.
 */
export function combine(statuses) {
  if (statuses.length === 0) return 'missing';
  if (statuses.includes('failed')) return 'failed';
  if (statuses.every((status) => status === 'passed')) return 'passed';
  if (!statuses.includes('passed')) return statuses.includes('partial') ? 'partial' : 'skipped';
  return 'partial';
}

/** Rule ID -> its status in one report (from its scenarios). */
export function ruleStatuses(scenarios) {
  const byRule = new Map();
  for (const scenario of scenarios) {
    if (!scenario.rule) continue;
    byRule.set(scenario.rule, [...(byRule.get(scenario.rule) ?? []), scenario.status]);
  }
  return new Map([...byRule].map(([rule, statuses]) => [rule, combine(statuses)]));
}
