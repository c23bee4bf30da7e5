/** Generic steps that send requests (Playwright, node:http, raw TCP) and check the last response. */
import assert from 'node:assert/strict';
import { type DataTable, Then, When } from '@cucumber/cucumber';
import { assertIncludes } from './support/json-includes.js';
import {
  encodeRawRequest,
  noResponse,
  parseResponses,
  requestRawPath,
  sendRawBytes,
} from './support/raw-http.js';
import { type KitWorld, requireFromRepo, runInScope } from './support/world.js';

/** `| name | value |` rows (an optional `| name | value |` header row is ignored). */
function rows(table: DataTable): [string, string][] {
  const raw = table.raw().map(([name, value]): [string, string] => [name, value ?? '']);
  if (raw[0]?.[0] === 'name' && raw[0][1] === 'value') raw.shift();
  return raw;
}

function headersOf(pairs: [string, string][]): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of pairs) headers[name] = name in headers ? `${headers[name]}, ${value}` : value;
  return headers;
}

// Requests

When('I {method} {string}', async function (this: KitWorld, method: string, path: string) {
  this.response = await this.send(method, path);
});

When(
  'I {method} {string} with headers:',
  async function (this: KitWorld, method: string, path: string, table: DataTable) {
    this.response = await this.send(method, path, { headers: headersOf(rows(table)) });
  },
);

When(
  'I {method} {string} with the JSON body:',
  async function (this: KitWorld, method: string, path: string, body: string) {
    this.response = await this.send(method, path, {
      headers: { 'content-type': 'application/json' },
      data: body,
    });
  },
);

When(
  'I {method} {string} with content type {string} and the body:',
  async function (this: KitWorld, method: string, path: string, contentType: string, body: string) {
    this.response = await this.send(method, path, { headers: { 'content-type': contentType }, data: body });
  },
);

When(
  'I {method} {string} with headers and the body:',
  async function (this: KitWorld, method: string, path: string, table: DataTable) {
    const all = rows(table);
    const body = all.find(([name]) => name === 'body');
    if (!body) throw new Error('the table needs a row named "body"');
    const headers = headersOf(all.filter(([name]) => name !== 'body'));
    this.response = await this.send(method, path, { headers, data: body[1] });
  },
);

When('I {method} the raw path {string}', async function (this: KitWorld, method: string, path: string) {
  this.response = await requestRawPath(this.port(), method, path);
});

When('I send the raw request:', async function (this: KitWorld, request: string) {
  const bytes = encodeRawRequest(request);
  const method = /^[A-Z]+/.exec(bytes.toString('latin1'))?.[0] ?? 'GET';
  this.rawResponses = parseResponses(await sendRawBytes(this.port(), bytes), method);
  // No answer at all (the server just closed) reads as status 0, so `Then the status is 400` fails clearly.
  this.response = this.rawResponses[0] ?? noResponse();
});

// Checks on the last response

Then('the status is {int}', function (this: KitWorld, status: number) {
  assert.equal(
    this.last().status,
    status,
    `status ${this.last().status}, body: ${this.last().text.slice(0, 300)}`,
  );
});

Then('the header {string} is {string}', function (this: KitWorld, name: string, value: string) {
  assert.equal(this.last().headers[name.toLowerCase()], value, `header ${name}`);
});

Then('the header {string} contains {string}', function (this: KitWorld, name: string, part: string) {
  const value = this.last().headers[name.toLowerCase()];
  assert.ok(
    value?.includes(part),
    `header ${name} is ${JSON.stringify(value)}, expected it to contain ${JSON.stringify(part)}`,
  );
});

Then('the header {string} is absent', function (this: KitWorld, name: string) {
  const value = this.last().headers[name.toLowerCase()];
  assert.equal(value, undefined, `header ${name} is present: ${JSON.stringify(value)}`);
});

Then('the media type is {string}', function (this: KitWorld, mediaType: string) {
  const value = this.last().headers['content-type'];
  assert.equal(
    value?.split(';')[0].trim().toLowerCase(),
    mediaType.toLowerCase(),
    `Content-Type is ${JSON.stringify(value)}`,
  );
});

Then('the content type is {string}', function (this: KitWorld, contentType: string) {
  assert.equal(this.last().headers['content-type'], contentType);
});

Then('the body is {string}', function (this: KitWorld, body: string) {
  assert.equal(this.last().text, body);
});

Then('the body is:', function (this: KitWorld, body: string) {
  assert.equal(this.last().text, body);
});

Then('the body is empty', function (this: KitWorld) {
  assert.equal(this.last().text, '');
});

Then('the body contains {string}', function (this: KitWorld, part: string) {
  const text = this.last().text;
  assert.ok(
    text.includes(part),
    `the body ${JSON.stringify(text.slice(0, 500))} does not contain ${JSON.stringify(part)}`,
  );
});

Then('the body does not contain {string}', function (this: KitWorld, part: string) {
  const text = this.last().text;
  assert.ok(
    !text.includes(part),
    `the body contains ${JSON.stringify(part)}: ${JSON.stringify(text.slice(0, 500))}`,
  );
});

Then('the JSON body is:', function (this: KitWorld, expected: string) {
  assert.deepEqual(this.last().json(), JSON.parse(expected));
});

Then('the JSON body includes:', function (this: KitWorld, expected: string) {
  assertIncludes(this.last().json(), JSON.parse(expected));
});

Then('this holds:', async function (this: KitWorld, code: string) {
  const scope = new Map<string, unknown>([
    // No request yet is allowed: a check may be about the app itself (`response` is then undefined).
    ['response', this.response],
    ['assert', assert],
    ['world', this],
    ['require', requireFromRepo],
  ]);
  await runInScope(code, scope);
});

Then(
  'the server still answers GET {string} with {int}',
  async function (this: KitWorld, path: string, status: number) {
    // A fresh connection: the one the attack used may rightly be closed.
    const response = await requestRawPath(this.port(), 'GET', path);
    assert.equal(response.status, status, `the server answered GET ${path} with ${response.status}`);
  },
);
