// Reads a .feature file into plain objects: feature, rules (with their IDs), scenarios with their steps and lines.
import { AstBuilder, GherkinClassicTokenMatcher, Parser } from '@cucumber/gherkin';
import { IdGenerator } from '@cucumber/messages';

const ruleIdPattern = /^([A-Z][A-Z0-9]*-\d{3})\b/;

function step(node) {
  return {
    keyword: node.keyword.trim(),
    text: node.text,
    line: node.location.line,
    docString: node.docString
      ? {
          mediaType: node.docString.mediaType ?? '',
          content: node.docString.content,
          line: node.docString.location.line,
          column: node.docString.location.column,
        }
      : undefined,
    dataTable: node.dataTable
      ? node.dataTable.rows.map((row) => row.cells.map((cell) => cell.value))
      : undefined,
  };
}

function scenario(node, rule, backgrounds) {
  return {
    name: node.name,
    keyword: node.keyword.trim(),
    line: node.location.line,
    rule,
    tags: node.tags.map((tag) => tag.name),
    description: node.description?.trim() ?? '',
    backgrounds,
    steps: node.steps.map(step),
    examples: node.examples.map((examples) => ({
      name: examples.name,
      line: examples.location.line,
      tags: examples.tags.map((tag) => tag.name),
      header: examples.tableHeader?.cells.map((cell) => cell.value) ?? [],
      rows: examples.tableBody.map((row) => ({
        line: row.location.line,
        cells: row.cells.map((c) => c.value),
      })),
    })),
  };
}

function background(node) {
  return node
    ? { keyword: node.keyword.trim(), line: node.location.line, steps: node.steps.map(step) }
    : undefined;
}

/**
 * Parses one feature file. Scenarios outside a `Rule:` block have `rule: null`; a rule's ID is the
 * `AREA-NNN` its title starts with (as scripts/features.mjs reads it). A scenario's `backgrounds` are the
 * feature's and its rule's Background, in the order they run.
 */
export function parseFeature(text, uri) {
  const parser = new Parser(new AstBuilder(IdGenerator.incrementing()), new GherkinClassicTokenMatcher());
  const doc = parser.parse(text);
  const feature = doc.feature;
  if (!feature) return { uri, name: '', tags: [], description: '', rules: [], scenarios: [] };
  const rules = [];
  const scenarios = [];
  const featureBackground = background(feature.children.find((child) => child.background)?.background);
  for (const child of feature.children) {
    if (child.scenario) scenarios.push(scenario(child.scenario, null, [featureBackground].filter(Boolean)));
    if (!child.rule) continue;
    const id = ruleIdPattern.exec(child.rule.name)?.[1] ?? null;
    const ruleBackground = background(child.rule.children.find((inner) => inner.background)?.background);
    const rule = {
      id,
      name: child.rule.name,
      line: child.rule.location.line,
      tags: child.rule.tags.map((tag) => tag.name),
      description: child.rule.description?.trim() ?? '',
      background: ruleBackground,
      scenarios: [],
    };
    for (const inner of child.rule.children) {
      if (!inner.scenario) continue;
      const parsed = scenario(inner.scenario, id, [featureBackground, ruleBackground].filter(Boolean));
      rule.scenarios.push(parsed);
      scenarios.push(parsed);
    }
    rules.push(rule);
  }
  return {
    uri,
    name: feature.name,
    tags: feature.tags.map((tag) => tag.name),
    description: feature.description?.trim() ?? '',
    background: featureBackground,
    rules,
    scenarios,
  };
}
