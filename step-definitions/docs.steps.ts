/** Steps of the API-documentation scenarios: annotated files, the served OpenAPI document, warnings, and the UI in Chromium. */
import assert from 'node:assert/strict';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import { Given, Then, When } from '@cucumber/cucumber';
import { assertIncludes } from './support/json-includes.js';
import type { KitWorld } from './support/world.js';

interface DocsWarning {
  file: string;
  line: number;
  message: string;
}

/** What a scenario keeps on `world.docs`: the value `setupSwagger` returned. */
interface DocsSetup {
  warnings: readonly DocsWarning[];
  drift(): { unmatchedOperations: unknown[]; undocumentedRoutes: unknown[] };
}

/** What a browser visit left behind for the `Then` steps. */
interface BrowserVisit {
  operations: string[];
  cspViolations: string[];
  consoleErrors: string[];
}

const visits = new WeakMap<KitWorld, BrowserVisit>();

function docsOf(world: KitWorld): DocsSetup {
  const docs = (world as unknown as { docs?: DocsSetup }).docs;
  if (!docs || !Array.isArray(docs.warnings)) {
    throw new Error('the app code must keep the result: world.docs = setupSwagger(app, {...})');
  }
  return docs;
}

// biome-ignore lint/suspicious/noExplicitAny: an OpenAPI document is walked freely by the checks
async function documentOf(world: KitWorld, path = '/api-docs/swagger.json'): Promise<any> {
  const response = await world.send('GET', path);
  assert.equal(response.status, 200, `GET ${path} answered ${response.status}`);
  return response.json();
}

Given('the annotated file {string}:', async function (this: KitWorld, name: string, text: string) {
  const file = join(await this.makeTmpDir(), name);
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, text);
});

Then('the served document is valid OpenAPI 3', async function (this: KitWorld) {
  const document = await documentOf(this);
  assert.match(String(document.openapi), /^3\.0\.\d+$/);
  await SwaggerParser.validate(document);
});

Then(
  'the documented operation {word} {string} includes:',
  async function (this: KitWorld, method: string, path: string, expected: string) {
    const document = await documentOf(this);
    const operation = document.paths?.[path]?.[method.toLowerCase()];
    assert.ok(
      operation,
      `no ${method} ${path} in the document (paths: ${Object.keys(document.paths ?? {}).join(', ')})`,
    );
    assertIncludes(operation, JSON.parse(expected));
  },
);

Then(
  'the documented operation {word} {string} has no {string}',
  async function (this: KitWorld, method: string, path: string, key: string) {
    const document = await documentOf(this);
    const operation = document.paths?.[path]?.[method.toLowerCase()];
    assert.ok(operation, `no ${method} ${path} in the document`);
    assert.equal(
      operation[key],
      undefined,
      `${method} ${path} has ${key}: ${JSON.stringify(operation[key])}`,
    );
  },
);

Then('the documented paths are exactly:', async function (this: KitWorld, table: { raw(): string[][] }) {
  const document = await documentOf(this);
  const actual = Object.entries(document.paths as Record<string, Record<string, unknown>>)
    .flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`))
    .sort();
  const expected = table
    .raw()
    .map(([method, path]) => `${method!.toUpperCase()} ${path}`)
    .sort();
  assert.deepEqual(actual, expected);
});

Then('the documented schema {string} is:', async function (this: KitWorld, name: string, expected: string) {
  const document = await documentOf(this);
  assert.deepEqual(document.components?.schemas?.[name], JSON.parse(expected));
});

Then('the served document includes:', async function (this: KitWorld, expected: string) {
  assertIncludes(await documentOf(this), JSON.parse(expected));
});

Then('the served document does not mention {string}', async function (this: KitWorld, text: string) {
  const document = await documentOf(this);
  assert.ok(!JSON.stringify(document).includes(text), `the document mentions ${text}`);
});

Then('setupSwagger reported no annotation warnings', function (this: KitWorld) {
  assert.deepEqual(docsOf(this).warnings, []);
});

Then(
  'setupSwagger warned {string} at line {int} of {string}',
  function (this: KitWorld, part: string, line: number, file: string) {
    const warnings = docsOf(this).warnings;
    const found = warnings.some((w) => w.file === file && w.line === line && w.message.includes(part));
    assert.ok(
      found,
      `no warning containing "${part}" at ${file}:${line}; warnings: ${JSON.stringify(warnings, null, 1)}`,
    );
  },
);

Then('setupSwagger reported {int} annotation warning(s)', function (this: KitWorld, count: number) {
  const warnings = docsOf(this).warnings;
  assert.equal(warnings.length, count, JSON.stringify(warnings, null, 1));
});

When('I open {string} in a browser', async function (this: KitWorld, path: string) {
  const browser = await this.browser();
  const page = await browser.newPage();
  const visit: BrowserVisit = { operations: [], cspViolations: [], consoleErrors: [] };
  page.on('console', (message) => {
    const text = message.text();
    if (/Content[- ]Security[- ]Policy/i.test(text)) visit.cspViolations.push(text);
    else if (message.type() === 'error') visit.consoleErrors.push(text);
  });
  // The console message is the documented signal, but the DOM event also catches reports it may word differently.
  // A string, because this project's TypeScript has no DOM types; it runs in the page before its scripts.
  await page.addInitScript(
    "document.addEventListener('securitypolicyviolation', (e) => console.error('Content Security Policy violation: ' + e.violatedDirective + ' ' + e.blockedURI));",
  );
  await page.goto(`${this.baseURL}${path}`);
  await page.waitForSelector('.opblock', { timeout: 10_000 });
  visit.operations = await page.$$eval('.opblock-summary', (nodes) =>
    nodes.map((node) => {
      const method = node.querySelector('.opblock-summary-method')?.textContent ?? '';
      const route = node.querySelector('[data-path]')?.getAttribute('data-path') ?? '';
      return `${method.trim().toUpperCase()} ${route.trim()}`;
    }),
  );
  // Expand one operation so the icons and styles it needs are loaded too (and checked by the CSP).
  await page.click('.opblock-summary');
  await page.waitForSelector('.opblock-body', { timeout: 10_000 });
  await page.waitForLoadState('networkidle');
  visits.set(this, visit);
  await page.close();
});

function visitOf(world: KitWorld): BrowserVisit {
  const visit = visits.get(world);
  if (!visit) throw new Error('open a page first: When I open "/api-docs" in a browser');
  return visit;
}

Then('the page lists the operation {word} {string}', function (this: KitWorld, method: string, path: string) {
  const { operations } = visitOf(this);
  assert.ok(
    operations.includes(`${method.toUpperCase()} ${path}`),
    `the page lists: ${operations.join(', ')}`,
  );
});

Then('the browser reported no Content-Security-Policy violation', function (this: KitWorld) {
  const { cspViolations, consoleErrors } = visitOf(this);
  assert.deepEqual(cspViolations, []);
  assert.deepEqual(consoleErrors, []);
});
