// Fails when a spec rule has no scenario (`Rule: <ID>` under features/) or a scenario names a rule the spec lacks.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const idPattern = /^[A-Z][A-Z0-9]*-\d{3}\b/;

function filesUnder(dir, suffix) {
  try {
    return readdirSync(dir, { recursive: true })
      .map(String)
      .filter((name) => name.endsWith(suffix))
      .map((name) => join(dir, name));
  } catch {
    return [];
  }
}

/** ID -> where it appears. */
function collect(files, linePattern) {
  const found = new Map();
  for (const file of files) {
    readFileSync(file, 'utf8')
      .split('\n')
      .forEach((line, index) => {
        const match = linePattern.exec(line);
        const id = match && idPattern.exec(match[1])?.[0];
        if (id && !found.has(id)) found.set(id, `${file.slice(root.length + 1)}:${index + 1}`);
      });
  }
  return found;
}

const specRules = collect(filesUnder(join(root, 'spec'), '.md'), /^###\s+(\S.*)$/);
const featureRules = collect(filesUnder(join(root, 'features'), '.feature'), /^\s*Rule:\s*(\S.*)$/);

const untested = [...specRules].filter(([id]) => !featureRules.has(id));
const unknown = [...featureRules].filter(([id]) => !specRules.has(id));
for (const [id, where] of untested)
  console.log(`rule ${id} (${where}) has no scenario: add a "Rule: ${id} ..." block`);
for (const [id, where] of unknown) console.log(`${where} names rule ${id}, which no spec/*.md defines`);
if (untested.length || unknown.length) {
  console.log(`check-rules: ${untested.length} rule(s) without scenarios, ${unknown.length} unknown rule(s)`);
  process.exit(1);
}
console.log(`check-rules: ${specRules.size} rules, each with scenarios`);
