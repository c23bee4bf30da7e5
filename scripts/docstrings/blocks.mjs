// The JavaScript the scenarios run: which steps take code, what each puts in scope, and the blocks of a feature.
import { parseFeature } from '../site/gherkin.mjs';

/**
 * The steps whose doc string is code, and the scope each runs it in (its parameters, in order, with their
 * types as TypeScript sees them in the scope file the checker writes, see typecheck.mjs). Keep these in step
 * with the steps: `Given the app:` is KitWorld.buildApp's `scope.set(...)` (step-definitions/support/world.ts),
 * `this holds:` is http.steps.ts, `the log lines hold:` logging.steps.ts, the fresh processes logging.steps.ts
 * and db.steps.ts. test/scripts/docstrings.test.ts compares the names with those files.
 * `exports` stands for every named export of kitjs's main entry (the World puts them all in scope first).
 */
export const codeSteps = [
  {
    scope: 'App',
    step: /^the app:$/,
    params: [
      'exports',
      ['app', 'KitAppOf'],
      ['kit', 'typeof Kit.default'],
      ['fixtures', 'string'],
      ['tmpDir', 'string'],
      ['world', 'World'],
      ['require', 'NodeJS.Require'],
    ],
  },
  {
    scope: 'ExpressApp',
    step: /^the Express app:$/,
    params: [
      'exports',
      ['app', 'ExpressAppOf'],
      ['kit', 'typeof Kit.default'],
      // A flavour's factory is in scope as `flavour` too (`Given the app of the "<name>" flavour:`).
      ['flavour', 'typeof Express'],
      ['express', 'typeof Express'],
      ['fixtures', 'string'],
      ['tmpDir', 'string'],
      ['world', 'World'],
      ['require', 'NodeJS.Require'],
    ],
  },
  {
    scope: 'Holds',
    step: /^this holds:$/,
    params: [
      ['response', 'HttpResponse'],
      ['assert', 'typeof Assert'],
      ['world', 'World'],
      ['require', 'NodeJS.Require'],
    ],
  },
  {
    scope: 'LogLines',
    step: /^the log lines hold:$/,
    params: [
      ['lines', 'LogLine[]'],
      ['text', 'string[]'],
      ['assert', 'typeof Assert'],
      ['world', 'World'],
      ['require', 'NodeJS.Require'],
    ],
  },
  {
    scope: 'FreshProcess',
    step: /^a fresh Node process (?:runs|tries to run):$/,
    params: [
      ['kit', 'typeof Kit.default'],
      ['logger', 'typeof Kit.logger'],
      ['requestLogger', 'typeof Kit.requestLogger'],
      ['require', 'NodeJS.Require'],
    ],
  },
  {
    scope: 'MissingPeer',
    step: /^in a process where the package ".*" cannot be found, this code throws/,
    params: [
      ['SQLiteManager', 'typeof Kit.SQLiteManager'],
      ['PostgreSQLManager', 'typeof Kit.PostgreSQLManager'],
      ['mongodbManager', 'typeof Kit.mongodbManager'],
    ],
  },
];

/** Replaces an outline's `<name>` placeholders with one example row's values. */
function fill(text, header, cells) {
  return header.reduce((out, name, i) => out.split(`<${name}>`).join(cells[i]), text);
}

/**
 * Every code doc string of a feature file: `{ uri, scope, code, line, column, stepLine, outline }`, where
 * `line` is the feature line of the code's first line and `column` the column (0-based) its text starts at;
 * `outline` is true for a block made from an example row. A Scenario
 * Outline gives one block per example row whose values change the code (rows that change nothing give one).
 */
export function codeBlocks(text, uri) {
  const feature = parseFeature(text, uri);
  const blocks = [];
  const seen = new Set();
  const add = (step, stepText, code, outline = false) => {
    const kind = codeSteps.find((candidate) => candidate.step.test(stepText));
    if (!kind) return;
    const key = `${step.docString.line}\n${code}`;
    if (seen.has(key)) return;
    seen.add(key);
    blocks.push({
      uri,
      scope: kind.scope,
      code,
      line: step.docString.line + 1,
      column: step.docString.column - 1,
      stepLine: step.line,
      outline,
    });
  };
  const backgrounds = [feature.background, ...feature.rules.map((rule) => rule.background)].filter(Boolean);
  for (const background of backgrounds) {
    for (const step of background.steps) if (step.docString) add(step, step.text, step.docString.content);
  }
  for (const scenario of feature.scenarios) {
    const rows = scenario.examples.flatMap((examples) =>
      examples.rows.map((row) => ({ header: examples.header, cells: row.cells })),
    );
    for (const step of scenario.steps) {
      if (!step.docString) continue;
      if (rows.length === 0) add(step, step.text, step.docString.content);
      for (const { header, cells } of rows) {
        add(step, fill(step.text, header, cells), fill(step.docString.content, header, cells), true);
      }
    }
  }
  return blocks;
}
