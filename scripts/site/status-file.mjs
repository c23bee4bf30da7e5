// kitjs's committed status, spec/status/kitjs.ndjson: one compact line per scenario of the last whole run of
// `npm run features`, so `npm run site` fills kitjs's column from a fresh clone (spec/harness.md, "The committed
// status"). It is the NDJSON report's format with what changes from run to run left out (date, durations,
// errors, requests), sorted by location, so a run that changes no status rewrites the same bytes.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseReport } from './reports.mjs';

/** Where the status lives, relative to the repo. */
export const STATUS_FILE = 'spec/status/kitjs.ndjson';

/** `features/a.feature:12` -> ['features/a.feature', 12], for sorting by file and then by line number. */
const place = (location) => {
  const at = location.lastIndexOf(':');
  return [location.slice(0, at), Number(location.slice(at + 1))];
};

/**
 * The status file's text from a whole run's NDJSON lines (`run` and `scenario` objects, as scripts/features.mjs
 * writes them): the run line keeps the implementation and the totals, each scenario its rule, name, status,
 * location and, when not passed, its reason's first line.
 */
export function statusText(run, scenarios) {
  const lines = scenarios
    .map((s) => ({
      type: 'scenario',
      rule: s.rule ?? null,
      name: s.name,
      status: s.status,
      location: s.location,
      ...(s.status !== 'passed' && s.reason ? { reason: String(s.reason).split('\n')[0] } : {}),
    }))
    .sort((a, b) => {
      const [fileA, lineA] = place(a.location);
      const [fileB, lineB] = place(b.location);
      return fileA < fileB ? -1 : fileA > fileB ? 1 : lineA - lineB || (a.name < b.name ? -1 : 1);
    });
  const totals = { passed: 0, failed: 0, skipped: 0 };
  for (const line of lines) totals[line.status] = (totals[line.status] ?? 0) + 1;
  const head = {
    type: 'run',
    implementation: run.implementation,
    module: run.module ?? null,
    profile: run.profile ?? null,
    date: null,
    paths: null,
    totals,
    status: STATUS_FILE,
  };
  return `${[head, ...lines].map((line) => JSON.stringify(line)).join('\n')}\n`;
}

/** The committed status as a report (`{ run, scenarios, name, file }`), or undefined when there is none. */
export function readStatus(file) {
  if (!file || !existsSync(file)) return undefined;
  const report = parseReport(readFileSync(file, 'utf8'), STATUS_FILE);
  return { ...report, name: report.run.implementation ?? 'kitjs', file: STATUS_FILE };
}

const keyOf = (s) => `${s.rule ?? ''} ${s.name}`;

/**
 * The reports the site shows, with the committed status standing in for kitjs's: when reports/ holds no
 * report of kitjs, the status is its column; when it holds a partial run (`paths`), that run's results replace
 * the status's for the scenarios it ran (matched by location, else by rule and name) and the status gives the
 * rest; a whole run is shown as it is. `run.status` then names the file the column (partly) comes from.
 */
export function withStatus(reports, status) {
  if (!status) return reports;
  const index = reports.findIndex((report) => report.name === status.name);
  const own = reports[index];
  if (own && !own.run.paths) return reports;
  let merged = status;
  if (own) {
    const locations = new Set(own.scenarios.map((s) => s.location));
    const keys = new Set(own.scenarios.map(keyOf));
    const rest = status.scenarios.filter((s) => !locations.has(s.location) && !keys.has(keyOf(s)));
    const scenarios = [...own.scenarios, ...rest];
    const totals = { passed: 0, failed: 0, skipped: 0 };
    for (const s of scenarios) totals[s.status] = (totals[s.status] ?? 0) + 1;
    merged = { ...own, scenarios, run: { ...own.run, totals, status: STATUS_FILE } };
  }
  const others = reports.filter((_, i) => i !== index);
  return [merged, ...others].sort((a, b) =>
    a.name === 'kitjs' ? -1 : b.name === 'kitjs' ? 1 : a.name.localeCompare(b.name),
  );
}

/** Where the committed status file is under `root`. */
export const statusPath = (root) => join(root, STATUS_FILE);
