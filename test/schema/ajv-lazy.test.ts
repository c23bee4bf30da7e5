/** SCHEMA-002: ajv loads only when a route registers a JSON Schema; Standard Schema routes and plain apps never load it. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runChild } from '../db/helpers.js';
import { lazyProbe } from '../support/lazy-probe.ts';

const script = lazyProbe(
  ['ajv'],
  `
const { z } = await import('zod');
const app = kit();
app.get('/plain', (req, res) => res.end());
app.get('/zod', { schema: { query: z.object({ q: z.string() }) } }, (req, res) => res.end());
seen.standard = loaded();
app.get('/json', { schema: { query: { type: 'object' } } }, (req, res) => res.end());
seen.json = loaded();
console.log(JSON.stringify(seen));
`,
);

describe('ajv is a lazy dependency', () => {
  it('is loaded by the first JSON Schema route, not before', () => {
    const child = runChild(script);
    assert.equal(child.status, 0, child.stderr);
    assert.deepEqual(JSON.parse(child.stdout), { onImport: [], standard: [], json: ['ajv'] });
  });
});
