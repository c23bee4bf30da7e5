// Reply serialization (spec/schemas.md, SCHEMA-010 and SCHEMA-011): kitjs's reply serializer (what a route's
// `schema.response` compiles into: a checked snapshot written by JSON.stringify, src/core/schema/reply-snapshot.ts)
// and fast-json-stringify (Fastify's writer, which checks nothing), against JSON.stringify, on fixed data: one
// object, arrays of objects, large arrays of primitives. Calls per second, best of 3 runs of --ms each; no
// assertion. Writes bench/results/serialize.md.
//   node --import tsx bench/serialize.mjs [--ms 1000]   (after bench/'s dependencies are installed)
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import v8 from 'node:v8';
import vm from 'node:vm';

const here = path.dirname(fileURLToPath(import.meta.url));
// fast-json-stringify is no dependency of kitjs: it comes with Fastify among bench/'s own dependencies,
// which `npm run bench` installs (or `npm ci --prefix bench`).
const require = createRequire(path.join(here, 'package.json'));
const fastJson = require('fast-json-stringify');
const { compileReplies } = await import('../src/core/schema/reply-compile.ts');
const { SchemaCompilers } = await import('../src/core/schema/compilers.ts');
const { isDeepStrictEqual } = await import('node:util');
const { values } = parseArgs({ options: { ms: { type: 'string', default: '1000' } } });
const budget = Number(values.ms);

const userSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    email: { type: 'string' },
    admin: { type: 'boolean' },
    score: { type: 'number' },
    tags: { type: 'array', items: { type: 'string' } },
  },
  required: ['id', 'name', 'email'],
  additionalProperties: false,
};
const user = (i) => ({
  id: i,
  name: `user ${i}`,
  email: `user${i}@example.com`,
  admin: i % 7 === 0,
  score: i / 3,
  tags: ['a', 'b'],
  passwordHash: '$2b$10$abcdefghijklmnopqrstuv',
});
const cases = [
  { name: 'an object (one user)', schema: userSchema, value: user(1) },
  {
    name: 'array of 100 users',
    schema: { type: 'array', items: userSchema },
    value: Array.from({ length: 100 }, (_, i) => user(i)),
  },
  {
    name: 'array of 1,000 users',
    schema: { type: 'array', items: userSchema },
    value: Array.from({ length: 1000 }, (_, i) => user(i)),
  },
  {
    name: 'large array: 20,000 users',
    schema: { type: 'array', items: userSchema },
    value: Array.from({ length: 20000 }, (_, i) => user(i)),
  },
  {
    name: 'large array: 100,000 integers',
    schema: { type: 'array', items: { type: 'integer' } },
    value: Array.from({ length: 100000 }, (_, i) => i),
  },
  {
    name: 'large array: 100,000 strings',
    schema: { type: 'array', items: { type: 'string' } },
    value: Array.from({ length: 100000 }, (_, i) => `item ${i}`),
  },
];

// A full collection before each run, so that no run pays for the garbage of the one before (fast-json-stringify
// leaves ropes of hundreds of thousands of pieces on large arrays; the next serializer measured paid for them).
v8.setFlagsFromString('--expose-gc');
const collect = vm.runInNewContext('gc');

/** Calls per second of `fn`: the best of 3 runs of about `budget` ms each, after a warm-up. */
function rate(fn) {
  let best = 0;
  for (let run = 0; run < 3; run++) {
    collect();
    best = Math.max(best, oneRate(fn));
  }
  return best;
}

function oneRate(fn) {
  for (let i = 0; i < 20; i++) fn();
  let calls = 0;
  const start = process.hrtime.bigint();
  let elapsed = 0;
  while (elapsed < budget) {
    for (let i = 0; i < 20; i++) fn();
    calls += 20;
    elapsed = Number(process.hrtime.bigint() - start) / 1e6;
  }
  return (calls * 1000) / elapsed;
}

const rows = [];
for (const { name, schema, value } of cases) {
  const fast = fastJson(schema);
  const kit = compileReplies({ 200: schema }, 'bench', new SchemaCompilers()).exact.get(200);
  if (!isDeepStrictEqual(JSON.parse(kit(value)), JSON.parse(fast(value))))
    throw new Error(`${name}: kitjs and fast-json-stringify write different values`);
  if (kit(value).includes('passwordHash')) throw new Error(`${name}: an undeclared field was written`);
  // Each measured as the response path uses a reply's text: its byte length for Content-Length, which also
  // flattens a string built in pieces (fast-json-stringify's ropes) as the socket write would.
  const plain = rate(() => Buffer.byteLength(JSON.stringify(value)));
  const fastRate = rate(() => Buffer.byteLength(fast(value)));
  const kitRate = rate(() => Buffer.byteLength(kit(value)));
  rows.push(
    `| ${name} | ${Math.round(plain)} | ${Math.round(fastRate)} | ${(fastRate / plain).toFixed(2)}x | ${Math.round(kitRate)} | ${(kitRate / plain).toFixed(2)}x |`,
  );
  console.log(rows.at(-1));
}

const text = `# Reply serialization

\`node --import tsx bench/serialize.mjs --ms ${budget}\` on ${new Date().toISOString().slice(0, 10)}, Node ${process.version}:
calls per second (best of 3 runs) of a reply's text and its byte length (what the response computes for
Content-Length, flattening a text built in pieces), and each one's ratio to \`JSON.stringify\` of the same
value (which writes every field, \`passwordHash\` too). "kitjs reply" is what a route's \`schema.response\`
compiles into: each value read once into a snapshot of the declared fields, checked, written by
\`JSON.stringify\`. fast-json-stringify, Fastify's writer, checks nothing (it coerces).

| value | JSON.stringify | fast-json-stringify | ratio | kitjs reply | ratio |
| --- | ---: | ---: | ---: | ---: | ---: |
${rows.join('\n')}
`;
fs.mkdirSync(path.join(here, 'results'), { recursive: true });
fs.writeFileSync(path.join(here, 'results', 'serialize.md'), text);
