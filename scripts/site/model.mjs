// Joins the spec, the features, the code that names each rule and the reports into one model the pages read.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { codeRefs } from './code-refs.mjs';
import { parseFeature } from './gherkin.mjs';
import { combine, readReports } from './reports.mjs';
import { readSpec } from './spec.mjs';
import { readStatus, statusPath, withStatus } from './status-file.mjs';

/**
 * The product's suite (features/), then the feature files of test/harness/ (the runner's own rules, which only
 * an implementation made to misbehave shows): the two places scripts/check-rules.mjs reads.
 */
function readFeatures(root) {
  return ['features', 'test/harness'].flatMap((top) => {
    const dir = join(root, top);
    let names;
    try {
      names = readdirSync(dir, { recursive: true }).map(String);
    } catch (error) {
      if (top === 'features' || error.code !== 'ENOENT') throw error;
      return [];
    }
    return names
      .filter((name) => name.endsWith('.feature') && !name.split(/[\\/]/).includes('node_modules'))
      .sort()
      .map((name) => {
        const uri = `${top}/${name.replaceAll('\\', '/')}`;
        return parseFeature(readFileSync(join(dir, name), 'utf8'), uri);
      });
  });
}

/**
 * The site's model: `areas` (spec files, each with its rules in order), `rules` (ID -> rule: title, area,
 * scenarios, code refs, tags, status per implementation), `impls` (one per report: name, run, totals) and
 * `unmatched` (per implementation, results no current scenario has: a report older than the features).
 * kitjs's committed status (`statusFile`, spec/status/kitjs.ndjson) stands in for a report of kitjs that
 * reports/ lacks, or fills in what a partial run did not run (status-file.mjs).
 */
export function buildModel(root, reportsDir = join(root, 'reports'), statusFile = statusPath(root)) {
  const spec = readSpec(root);
  const features = readFeatures(root);
  const reports = withStatus(readReports(reportsDir), readStatus(statusFile));
  const impls = reports.map((report) => ({ name: report.name, run: report.run, file: report.file }));

  const rules = new Map();
  for (const area of spec.areas) {
    area.rules = [];
    for (const chunk of area.chunks) {
      if (chunk.kind !== 'rule') continue;
      const rule = {
        id: chunk.id,
        title: chunk.title,
        area,
        specLine: chunk.line,
        chunk,
        scenarios: [],
        featureRules: [],
        tags: new Set(),
        refs: [],
        status: {},
      };
      rules.set(chunk.id, rule);
      area.rules.push(rule);
    }
  }

  // Scenarios by feature location (scenario line and each example row), and by rule and name.
  const byLine = new Map();
  const byName = new Map();
  for (const feature of features) {
    for (const featureRule of feature.rules) {
      const rule = rules.get(featureRule.id);
      if (!rule) continue;
      rule.featureRules.push({ ...featureRule, uri: feature.uri, featureName: feature.name });
      for (const scenario of featureRule.scenarios) {
        const entry = {
          ...scenario,
          uri: feature.uri,
          tags: [...feature.tags, ...featureRule.tags, ...scenario.tags],
        };
        entry.results = {};
        rule.scenarios.push(entry);
        for (const tag of entry.tags) rule.tags.add(tag);
        for (const examples of scenario.examples) for (const tag of examples.tags) rule.tags.add(tag);
        byLine.set(`${feature.uri}:${scenario.line}`, entry);
        for (const examples of scenario.examples) {
          for (const row of examples.rows) byLine.set(`${feature.uri}:${row.line}`, entry);
        }
        byName.set(`${rule.id} ${scenario.name}`, entry);
      }
    }
  }

  const refs = codeRefs(root, new Set(rules.keys()));
  for (const [id, places] of refs) rules.get(id).refs = places;

  const unmatched = {};
  for (const report of reports) {
    unmatched[report.name] = [];
    for (const result of report.scenarios) {
      const entry = byLine.get(result.location) ?? byName.get(`${result.rule} ${result.name}`);
      if (!entry) {
        unmatched[report.name].push(result);
        continue;
      }
      entry.results[report.name] = [...(entry.results[report.name] ?? []), result];
    }
  }
  for (const rule of rules.values()) {
    for (const scenario of rule.scenarios) {
      scenario.status = {};
      for (const impl of impls) {
        scenario.status[impl.name] = combine((scenario.results[impl.name] ?? []).map((r) => r.status));
      }
    }
    for (const impl of impls) {
      rule.status[impl.name] = combine(
        rule.scenarios.map((scenario) => scenario.status[impl.name]).filter((s) => s !== 'missing'),
      );
    }
  }
  for (const impl of impls) {
    const counts = { passed: 0, failed: 0, skipped: 0, partial: 0, missing: 0 };
    for (const rule of rules.values()) counts[rule.status[impl.name]]++;
    impl.rules = counts;
    impl.scenarios = impl.run.totals ?? {};
  }
  return { spec, areas: spec.areas, rules, impls, unmatched, features };
}
