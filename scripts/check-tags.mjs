// Fails when a scenario uses one of kitjs's extensions without the tag that lets another implementation
// declare it lacks that extension (step-definitions/README.md lists the tags). Reads each scenario as
// cucumber runs it (tags inherited from its Feature and Rule, steps with their doc strings and tables).
//   node scripts/check-tags.mjs [features directory]
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AstBuilder, compile, GherkinClassicTokenMatcher, Parser } from '@cucumber/gherkin';
import { IdGenerator } from '@cucumber/messages';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const featuresDir = process.argv[2] ?? join(root, 'features');

/** What in a scenario's text means it uses an extension, and the tag it must then carry. */
const EXTENSIONS = [
  { tag: '@kit-error-codes', uses: /\bKIT_ERR_[A-Z_]+/, what: 'asserts a KIT_ERR_* code' },
  {
    tag: '@kit-lifecycle',
    // `stream.onClose(` is a server-sent events stream's cleanup (spec/sse.md), not the app's lifecycle.
    uses: /\bapp\.close\(|(?<!\bstream)\.onClose\(|\bkit\(\s*\{/,
    what: 'uses app.close, onClose or kit(options)',
  },
  { tag: '@kit-routes', uses: /\.routes\(\)/, what: 'uses app.routes()' },
  { tag: '@kit-http-error', uses: /\bHttpError\b/, what: 'uses HttpError' },
  {
    tag: '@kit-error-answers',
    uses: /\bsetNotFoundHandler\b|\berrors:\s*['"]problem\+json/,
    what: "uses setNotFoundHandler or errors: 'problem+json'",
  },
];

function featureFiles(dir) {
  return readdirSync(dir, { recursive: true })
    .map(String)
    .filter((name) => name.endsWith('.feature'))
    .map((name) => join(dir, name));
}

/** The text a scenario runs: every step, with its doc string or table. */
function textOf(pickle) {
  return pickle.steps
    .map((step) => {
      const argument = step.argument;
      const docString = argument?.docString?.content ?? '';
      const table =
        argument?.dataTable?.rows.map((row) => row.cells.map((cell) => cell.value).join(' ')) ?? [];
      return [step.text, docString, ...table].join('\n');
    })
    .join('\n');
}

const problems = [];
let scenarios = 0;
for (const file of featureFiles(featuresDir)) {
  const parser = new Parser(new AstBuilder(IdGenerator.uuid()), new GherkinClassicTokenMatcher());
  const document = parser.parse(readFileSync(file, 'utf8'));
  const pickles = compile(document, relative(root, file), IdGenerator.uuid());
  for (const pickle of pickles) {
    scenarios++;
    const tags = new Set(pickle.tags.map((tag) => tag.name));
    const text = textOf(pickle);
    for (const { tag, uses, what } of EXTENSIONS) {
      if (uses.test(text) && !tags.has(tag))
        problems.push(`${pickle.uri}: "${pickle.name}" ${what} but is not tagged ${tag}`);
    }
  }
}
for (const problem of problems) console.log(problem);
if (problems.length > 0) {
  console.log(`check-tags: ${problems.length} scenario(s) miss the tag of an extension they use`);
  process.exit(1);
}
console.log(`check-tags: ${scenarios} scenarios, each tagged for the extensions it uses`);
