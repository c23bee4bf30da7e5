// Where the code names each rule: `file:line` of every whole-word mention of an ID in src/, reference-app/,
// scripts/ and step-definitions/, found as scripts/check-rules.mjs finds them (same folders, files, pattern).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const CODE_DIRS = ['src', 'reference-app', 'scripts', 'step-definitions'];
const CODE_FILE = /\.(?:[cm]?[jt]s|tsx|jsx)$/;

/** Rule ID -> the places (`dir/file.ts:12`) that name it, for the IDs in `ruleIds`. */
export function codeRefs(root, ruleIds) {
  const refs = new Map();
  const prefixes = [...new Set([...ruleIds].map((id) => id.slice(0, id.lastIndexOf('-'))))];
  if (prefixes.length === 0) return refs;
  const mention = new RegExp(`(?<![\\w-])(?:${prefixes.join('|')})-\\d{3}(?![\\w-])`, 'g');
  for (const dir of CODE_DIRS) {
    let names;
    try {
      names = readdirSync(join(root, dir), { recursive: true }).map(String);
    } catch {
      continue;
    }
    const files = names
      .filter((name) => CODE_FILE.test(name) && !name.split(/[\\/]/).includes('node_modules'))
      .sort();
    for (const name of files) {
      const path = `${dir}/${name.replaceAll('\\', '/')}`;
      readFileSync(join(root, dir, name), 'utf8')
        .split('\n')
        .forEach((line, index) => {
          for (const [id] of line.matchAll(mention)) {
            if (!ruleIds.has(id)) continue;
            const list = refs.get(id) ?? [];
            const place = `${path}:${index + 1}`;
            if (list.at(-1) !== place) list.push(place);
            refs.set(id, list);
          }
        });
    }
  }
  return refs;
}
