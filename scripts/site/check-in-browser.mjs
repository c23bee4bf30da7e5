// `npm run test:site`: opens the built site/ from the file system in headless Chromium (launched as the @browser
// scenarios launch it, step-definitions/support/browser.ts) and checks that the matrix lists every rule, that a
// filter in the URL narrows it, that a rule's page shows its scenarios, that kitjs's column is filled (from a
// report or the committed status, so also from a fresh clone), that titles show code spans as code, and that
// every status mark names its implementation. Without Chromium it is skipped with the reason, except in CI,
// which promises a browser.
//   node scripts/site/check-in-browser.mjs [site-dir]
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { register } from 'tsx/esm/api';

register();
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const { chromiumPath, launchChromium } = await import('../../step-definitions/support/browser.ts');

const site = resolve(process.argv[2] ?? join(root, 'site'));
if (!existsSync(join(site, 'results.json'))) {
  console.error(`site-check: ${site} has no results.json: build it first (npm run site)`);
  process.exit(1);
}
if (!chromiumPath()) {
  const reason = 'no Chromium: /usr/bin/chromium is missing and CHROMIUM_PATH is unset';
  if (process.env.CI) {
    console.error(`site-check: ${reason}`);
    process.exit(1);
  }
  console.log(`site-check: skipped (${reason})`);
  process.exit(0);
}

const results = JSON.parse(readFileSync(join(site, 'results.json'), 'utf8'));
const ruleIds = Object.keys(results.rules);
const url = (page) => pathToFileURL(join(site, page)).href;
const checks = [];
const check = (name, fn) => checks.push({ name, fn });

check('the matrix lists every rule, with a column per implementation', async (page) => {
  const started = Date.now();
  await page.goto(url('matrix.html'));
  await page.waitForSelector('#matrix tbody tr.rule');
  const ids = await page.$$eval('#matrix tbody tr.rule', (rows) => rows.map((row) => row.dataset.id));
  assert.deepEqual(new Set(ids), new Set(ruleIds));
  const columns = await page.$$eval('#matrix thead th', (cells) => cells.length);
  assert.equal(columns, 2 + results.implementations.length);
  const render = await page.$eval('#matrix', (table) => table.dataset.renderMs);
  const loaded = await page.evaluate(() =>
    Math.round(performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd),
  );
  return `${ids.length} rules × ${results.implementations.length} implementation(s); rendered in ${render} ms, page ready at ${loaded} ms, rows seen after ${Date.now() - started} ms`;
});

check('a filter in the URL narrows the matrix, and the form shows it', async (page) => {
  const prefix = ruleIds[ruleIds.length - 1].replace(/-\d+$/, '');
  await page.goto(`${url('matrix.html')}#q=${prefix}`);
  await page.waitForSelector('#matrix tbody tr.rule');
  const ids = await page.$$eval('#matrix tbody tr.rule', (rows) => rows.map((row) => row.dataset.id));
  const expected = ruleIds.filter((id) => id.startsWith(`${prefix}-`));
  assert.deepEqual(ids.sort(), expected.sort());
  assert.equal(await page.inputValue('input[name=q]'), prefix);
  // Changing a field writes the filter back into the address.
  await page.check('input[name=disagree]');
  assert.match(page.url(), /disagree=1/);
  return `#q=${prefix}: ${ids.length} of ${ruleIds.length} rules`;
});

check("a rule's page shows its scenarios with their steps and code", async (page) => {
  const id = Object.entries(results.rules).find(([, rule]) => rule.scenarios.length > 1)?.[0] ?? ruleIds[0];
  const rule = results.rules[id];
  await page.goto(`${url(`${rule.area.replace(/\.md$/, '')}.html`)}#${id}`);
  const section = page.locator(`section.rule[id="${id}"]`);
  assert.equal(await section.count(), 1);
  const names = await section.locator('article.scenario h4').allTextContents();
  assert.equal(names.length, rule.scenarios.length);
  for (const scenario of rule.scenarios)
    assert.ok(
      names.some((name) => name.includes(scenario.name)),
      scenario.name,
    );
  assert.ok((await section.locator('.steps li .kw').count()) > 0, 'the steps show their Gherkin keywords');
  return `${id}: ${names.length} scenarios`;
});

check("kitjs's column is filled, from a report or the committed status", async (page) => {
  await page.goto(url('index.html'));
  const kitjs = results.implementations.find((impl) => impl.name === 'kitjs');
  assert.ok(
    kitjs,
    `no kitjs column (columns: ${results.implementations.map((impl) => impl.name).join(', ')})`,
  );
  // The areas table: one column per implementation after Area and Rules; kitjs is the first.
  const cells = await page.$$eval('table.areas tbody tr', (rows) =>
    rows.map((row) => row.cells[2]?.textContent ?? ''),
  );
  const passed = cells.reduce((sum, cell) => sum + Number(/^(\d+)\//.exec(cell)?.[1] ?? 0), 0);
  const empty = cells.filter((cell) => /^0\//.test(cell)).length;
  assert.ok(passed > ruleIds.length / 2, `kitjs passes ${passed} of ${ruleIds.length} rules on the index`);
  assert.ok(empty < cells.length / 4, `${empty} of ${cells.length} areas show 0 passed for kitjs`);
  const from = kitjs.status ? ` (${kitjs.paths ? 'partly ' : ''}from ${kitjs.status})` : '';
  return `kitjs: ${passed}/${ruleIds.length} rules passed${from}`;
});

check('titles show code spans as code, with no backtick left', async (page) => {
  const [id, rule] = Object.entries(results.rules).find(([, r]) => /`[^`]+`/.test(r.title)) ?? [];
  assert.ok(id, 'no rule title has a code span to check');
  await page.goto(`${url(`${rule.area.replace(/\.md$/, '')}.html`)}#${id}`);
  const heading = page.locator(`section.rule[id="${id}"] h3`);
  const text = await heading.textContent();
  assert.ok(!text.includes('`'), `the heading shows a backtick: ${text}`);
  const codes = await heading.locator('code').allTextContents();
  const expected = [...rule.title.matchAll(/`([^`]+)`/g)].map((m) => m[1]);
  assert.deepEqual(codes, expected);
  // The matrix renders the same title the same way.
  await page.goto(`${url('matrix.html')}#q=${id}`);
  await page.waitForSelector(`#matrix tr.rule[data-id="${id}"]`);
  const cell = page.locator(`#matrix tr.rule[data-id="${id}"] td:nth-child(2)`);
  assert.ok(!(await cell.textContent()).includes('`'));
  assert.deepEqual(await cell.locator('code').allTextContents(), expected);
  return `${id}: ${expected.map((c) => `<code>${c}</code>`).join(', ')}`;
});

check('every status mark names its implementation', async (page) => {
  const names = results.implementations.map((impl) => impl.name);
  const [id, rule] = Object.entries(results.rules).find(([, r]) => r.scenarios.length > 0);
  await page.goto(`${url(`${rule.area.replace(/\.md$/, '')}.html`)}#${id}`);
  const marks = await page.$$eval('.st', (nodes) =>
    nodes.map((node) => ({
      label: node.getAttribute('aria-label') ?? '',
      title: node.getAttribute('title') ?? '',
      scenario: Boolean(node.closest('article.scenario h4')),
      text: node.textContent ?? '',
    })),
  );
  assert.ok(marks.length > 0, 'no status mark on the page');
  for (const mark of marks) {
    const name = names.find((n) => mark.label.startsWith(`${n}: `));
    assert.ok(name, `a mark without its implementation: ${JSON.stringify(mark)}`);
    assert.equal(mark.title, mark.label);
    if (mark.scenario) assert.ok(mark.text.includes(name), `a scenario's mark shows no name: ${mark.text}`);
  }
  const scenarioMarks = marks.filter((m) => m.scenario).length;
  assert.ok(scenarioMarks > 0, 'no scenario mark on the page');
  // The matrix's cells too.
  await page.goto(url('matrix.html'));
  await page.waitForSelector('#matrix tbody tr.rule');
  const unnamed = await page.$$eval(
    '#matrix td.st',
    (cells, list) =>
      cells.filter((c) => !list.some((n) => (c.getAttribute('aria-label') ?? '').startsWith(`${n}: `)))
        .length,
    names,
  );
  assert.equal(unnamed, 0, `${unnamed} matrix cells do not name their implementation`);
  return `${marks.length} marks on ${rule.area} (${scenarioMarks} beside scenarios), every matrix cell`;
});

const browser = await launchChromium();
let failed = 0;
try {
  for (const { name, fn } of checks) {
    const page = await browser.newPage();
    const errors = [];
    page.on('pageerror', (error) => errors.push(error.message));
    try {
      const note = await fn(page);
      assert.deepEqual(errors, [], 'the page threw');
      console.log(`  ✔ ${name} (${note})`);
    } catch (error) {
      failed++;
      console.log(`  ✖ ${name}\n    ${String(error.message).split('\n').join('\n    ')}`);
    } finally {
      await page.close();
    }
  }
} finally {
  await browser.close();
}
console.log(`site-check: ${checks.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
