// scripts/docstrings/: a doc string that misuses kitjs's API fails the check, with the feature file's line; a
// `// not typed:` comment excuses the statement under it, and fails when it excuses nothing; the scopes the
// checker declares are the ones the steps give.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
// Computed specifiers: the scripts are plain JavaScript, outside what tsc checks.
const load = (path: string) => import(new URL(`../../scripts/docstrings/${path}`, import.meta.url).href);
const { codeBlocks, codeSteps } = await load('blocks.mjs');
const { typecheckBlocks } = await load('typecheck.mjs');
const { lintBlocks } = await load('lint.mjs');

interface Problem {
  uri: string;
  line: number;
  column: number;
  message: string;
  code: string;
}

const feature = (body: string) => `Feature: scratch\n\n  Rule: APP-001 A rule\n\n    Scenario: one\n${body}`;
const appStep = (code: string) =>
  `      Given the app:\n        """js\n${code
    .split('\n')
    .map((line) => `        ${line}`)
    .join('\n')}\n        """\n`;

const files: Record<string, string> = {
  'misuse.feature': feature(
    appStep(
      [
        "app.get('/a', (req, res) => res.status('200').send('x'));",
        "app.get('/b', (req, res) => res.jsn({ a: 1 }));",
        'app.listen(0, 42, 43, 44, 45);',
      ].join('\n'),
    ),
  ),
  'excused.feature': feature(
    appStep(
      [
        '// not typed: a status that is not a number throws a TypeError',
        "app.get('/a', (req, res) => res.status('200').send('x'));",
        "app.get('/b/:id', (req, res) => res.json({ body: req.body.name, n: req.params.id.length }));",
      ].join('\n'),
    ),
  ),
  'stale.feature': feature(
    appStep(
      ['// not typed: this one is fine after all', "app.get('/a', (req, res) => res.send('ok'));"].join('\n'),
    ),
  ),
  'holds.feature': feature(
    `      When I GET "/"\n      Then this holds:\n        """js\n        assert.equal(response.status, 200);\n        assert.equal(response.statuss, 200);\n        """\n`,
  ),
  'lint.feature': feature(appStep("app.get('/a', (req, res) => res.send('x'));\ndebugger;")),
};
const blocks = Object.entries(files).flatMap(([name, text]) => codeBlocks(text, name));
const problems: Problem[] = typecheckBlocks(root, blocks);
const of = (uri: string) => problems.filter((p) => p.uri === uri);

test('a doc string that misuses the API fails, at its line in the feature file', () => {
  const found = of('misuse.feature');
  const lines = [...new Set(found.map((p) => p.line))].sort((a, b) => a - b);
  // The code starts on line 8, below Feature, a blank, Rule, a blank, Scenario, Given and """js.
  assert.deepEqual(lines, [8, 9, 10], JSON.stringify(found, null, 2));
  assert.ok(
    found.some((p) => p.code === 'TS2345' && p.line === 8 && p.column === 48),
    JSON.stringify(found),
  );
  assert.ok(found.some((p) => p.message.includes("'jsn' does not exist")));
});

test('a `// not typed:` comment excuses its statement, and reading an unknown body is allowed', () => {
  assert.deepEqual(of('excused.feature'), []);
});

test('a `// not typed:` comment that excuses nothing fails', () => {
  const found = of('stale.feature');
  assert.equal(found.length, 1);
  assert.equal(found[0].code, 'untyped-unused');
  assert.equal(found[0].line, 8);
});

test('`this holds:` has the response and assert in scope, typed', () => {
  const found = of('holds.feature');
  assert.equal(found.length, 1, JSON.stringify(found));
  assert.match(found[0].message, /'statuss' does not exist/);
});

test('the lint runs the repo rules on the blocks', () => {
  const found: Problem[] = lintBlocks(root, codeBlocks(files['lint.feature'], 'lint.feature'));
  assert.ok(
    found.some((p) => p.code === 'lint/suspicious/noDebugger' && p.line === 9),
    JSON.stringify(found),
  );
});

test('the scopes are the names the steps put in scope', () => {
  const names = (scope: string) =>
    codeSteps
      .find((kind: { scope: string }) => kind.scope === scope)
      .params.filter((param: unknown) => param !== 'exports')
      .map((param: [string, string]) => param[0])
      .sort();
  const read = (file: string) =>
    readFileSync(new URL(`../../step-definitions/${file}`, import.meta.url), 'utf8');
  const world = [...read('support/world.ts').matchAll(/scope\.set\('(\w+)'/g)].map((m) => m[1]);
  assert.deepEqual(names('ExpressApp'), [...new Set(world)].sort());
  // A flavour's factory (`flavour`, and `express` as the Express features name it) is no `Given the app:` name.
  assert.deepEqual(names('App'), world.filter((name) => name !== 'express' && name !== 'flavour').sort());
  const mapNames = (source: string, step: string) => {
    const at = source.indexOf(step);
    const map = source.slice(source.indexOf('new Map<string, unknown>([', at), source.indexOf(']);', at));
    return [...map.matchAll(/\['(\w+)',/g)].map((m) => m[1]).sort();
  };
  assert.deepEqual(names('Holds'), mapNames(read('http.steps.ts'), "Then('this holds:'"));
  assert.deepEqual(names('LogLines'), mapNames(read('logging.steps.ts'), "Then('the log lines hold:'"));
});
