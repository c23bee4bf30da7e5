// Checks the links between the spec, the scenarios and the code (spec/README.md):
// - every `### ` heading of spec/*.md (README.md aside) is `### <PREFIX>-<NNN> <title>`, and no ID is defined twice;
// - every rule has a scenario (`Rule: <ID>` under features/, or under test/harness/ for the runner's own rules that
//   only a misbehaving implementation shows) and every scenario names a rule the spec defines;
// - every rule is named, as a whole word, in the code that keeps it (src/, reference-app/, scripts/,
//   step-definitions/), unless spec/waivers.md lists it with a reason; code names no rule the spec lacks;
// - the spec directory can be read and holds rules.
// `node scripts/check-rules.mjs [root]` (or CHECK_RULES_ROOT=<root>) checks another tree; the default is this repo.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(
  process.argv[2] ?? process.env.CHECK_RULES_ROOT ?? join(dirname(fileURLToPath(import.meta.url)), '..'),
);
const HEADING = /^###\s/;
const RULE_HEADING = /^### ([A-Z][A-Z0-9]*)-(\d{3}) \S/;
const FEATURE_RULE = /^\s*Rule:\s*([A-Z][A-Z0-9]*-\d{3})\b/;
const WAIVER = /^- ([A-Z][A-Z0-9]*-\d{3})\b[\s:—-]*(.*)$/;
const CODE_DIRS = ['src', 'reference-app', 'scripts', 'step-definitions'];
const CODE_FILE = /\.(?:[cm]?[jt]s|tsx|jsx)$/;
const NON_RULE_SPEC_FILES = new Set(['README.md', 'waivers.md']);

const problems = [];
const where = (file, line) => `${relative(root, file)}:${line}`;

/** Files below `dir` whose names end with `suffix`; a directory that cannot be read is a problem unless optional. */
function filesUnder(dir, test, { optional = false } = {}) {
  let names;
  try {
    names = readdirSync(dir, { recursive: true }).map(String);
  } catch (err) {
    if (!(optional && err.code === 'ENOENT')) {
      problems.push(`cannot read ${relative(root, dir) || dir}/: ${err.code ?? err.message}`);
    }
    return [];
  }
  return names
    .filter((name) => test(name) && !name.split(/[\\/]/).includes('node_modules'))
    .sort()
    .map((name) => join(dir, name));
}

function linesOf(file) {
  try {
    return readFileSync(file, 'utf8').split('\n');
  } catch (err) {
    problems.push(`cannot read ${relative(root, file)}: ${err.code ?? err.message}`);
    return [];
  }
}

// The spec: rule headings, malformed headings, duplicates.
const specDir = join(root, 'spec');
const specFiles = filesUnder(specDir, (name) => name.endsWith('.md'));
/** ID -> where it is defined. */
const specRules = new Map();
for (const file of specFiles) {
  if (NON_RULE_SPEC_FILES.has(relative(specDir, file))) continue;
  linesOf(file).forEach((line, index) => {
    if (!HEADING.test(line)) return;
    const match = RULE_HEADING.exec(line);
    if (!match) {
      problems.push(
        `${where(file, index + 1)}: malformed rule heading "${line.trim()}": write "### <PREFIX>-<NNN> <title>"`,
      );
      return;
    }
    const id = `${match[1]}-${match[2]}`;
    const first = specRules.get(id);
    if (first) problems.push(`${where(file, index + 1)}: rule ${id} is already defined at ${first}`);
    else specRules.set(id, where(file, index + 1));
  });
}
if (specFiles.length > 0 && specRules.size === 0)
  problems.push(`spec/ holds no rules (no "### <ID> <title>")`);

// The scenarios: every rule has one, every one names a rule. Besides the product's suite (features/), the
// feature files test/harness/'s tests run through scripts/features.mjs against an implementation made to
// misbehave (one that hangs), which the product's suite, run against every implementation, cannot hold.
const featureRules = new Map();
const featureFiles = [
  ...filesUnder(join(root, 'features'), (name) => name.endsWith('.feature')),
  ...filesUnder(join(root, 'test', 'harness'), (name) => name.endsWith('.feature'), { optional: true }),
];
for (const file of featureFiles) {
  linesOf(file).forEach((line, index) => {
    const id = FEATURE_RULE.exec(line)?.[1];
    if (id && !featureRules.has(id)) featureRules.set(id, where(file, index + 1));
  });
}
for (const [id, at] of specRules) {
  if (!featureRules.has(id))
    problems.push(`rule ${id} (${at}) has no scenario: add a "Rule: ${id} ..." block`);
}
for (const [id, at] of featureRules) {
  if (!specRules.has(id)) problems.push(`${at} names rule ${id}, which no spec/*.md defines`);
}

// The waivers: rules no code names, each with its reason.
/** ID -> where it is waived. */
const waivers = new Map();
const waiverFile = join(specDir, 'waivers.md');
let waiverLines = [];
try {
  waiverLines = readFileSync(waiverFile, 'utf8').split('\n');
} catch (err) {
  if (err.code !== 'ENOENT') problems.push(`cannot read spec/waivers.md: ${err.code ?? err.message}`);
}
waiverLines.forEach((line, index) => {
  const match = WAIVER.exec(line);
  if (!match) return;
  const [, id, reason] = match;
  const at = where(waiverFile, index + 1);
  if (reason.trim() === '') problems.push(`${at}: the waiver of ${id} gives no reason`);
  if (!specRules.has(id)) problems.push(`${at}: waives ${id}, which no spec/*.md defines`);
  if (waivers.has(id)) problems.push(`${at}: ${id} is already waived at ${waivers.get(id)}`);
  else waivers.set(id, at);
});

// The code: which rules it names, and whether it names one the spec lacks.
const prefixes = new Set([...specRules.keys()].map((id) => id.slice(0, id.lastIndexOf('-'))));
const mention = new RegExp(`(?<![\\w-])(?:${[...prefixes].join('|') || '(?!)'})-\\d{3}(?![\\w-])`, 'g');
const named = new Set();
for (const dir of CODE_DIRS) {
  for (const file of filesUnder(join(root, dir), (name) => CODE_FILE.test(name), { optional: true })) {
    linesOf(file).forEach((line, index) => {
      for (const [id] of line.matchAll(mention)) {
        named.add(id);
        if (!specRules.has(id))
          problems.push(`${where(file, index + 1)} names rule ${id}, which no spec/*.md defines`);
      }
    });
  }
}
let unnamed = 0;
for (const [id, at] of specRules) {
  const waived = waivers.get(id);
  if (named.has(id) && waived) {
    problems.push(`${waived}: ${id} is named in the code now; remove its waiver`);
  } else if (!named.has(id) && !waived) {
    unnamed++;
    problems.push(
      `rule ${id} (${at}) is named by no code: add "// ${id}: ..." beside the code that keeps it (${CODE_DIRS.join('/, ')}/), or waive it in spec/waivers.md with a reason`,
    );
  }
}

for (const problem of problems) console.log(problem);
const inCode = [...specRules.keys()].filter((id) => named.has(id)).length;
if (problems.length > 0) {
  console.log(`check-rules: ${problems.length} problem(s) (${unnamed} rule(s) named by no code)`);
  process.exit(1);
}
console.log(
  `check-rules: ${specRules.size} rules, each with scenarios; ${inCode} named in code, ${waivers.size} waived`,
);
