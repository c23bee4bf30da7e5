// `npm run test:docstrings`: the JavaScript in the scenarios' doc strings (`Given the app:`, `this holds:`...)
// is type-checked against kitjs's public types and linted with the repo's Biome rules, so an example a reader
// copies compiles. What each step puts in scope, and the `// not typed: <why>` comment for a statement the
// types cannot describe on purpose: scripts/docstrings/ and spec/harness.md.
//   node scripts/check-docstrings.mjs [features/...feature ...]
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { codeBlocks } from './docstrings/blocks.mjs';
import { lintBlocks } from './docstrings/lint.mjs';
import { typecheckBlocks } from './docstrings/typecheck.mjs';

/** Checks the code blocks of `files` (paths relative to `root`); returns the problems, sorted. */
export function checkDocstrings(root, files) {
  const blocks = files.flatMap((file) => codeBlocks(readFileSync(join(root, file), 'utf8'), file));
  const problems = [...typecheckBlocks(root, blocks), ...lintBlocks(root, blocks)];
  problems.sort((a, b) => a.uri.localeCompare(b.uri) || a.line - b.line || a.column - b.column);
  return { blocks, problems };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  const given = process.argv.slice(2).map((path) => relative(root, resolve(path)).replaceAll('\\', '/'));
  const files = given.length
    ? given
    : readdirSync(join(root, 'features'), { recursive: true })
        .map(String)
        .filter((name) => name.endsWith('.feature'))
        .sort()
        .map((name) => `features/${name.replaceAll('\\', '/')}`);
  const started = Date.now();
  const { blocks, problems } = checkDocstrings(root, files);
  for (const p of problems)
    console.log(`${p.uri}:${p.line}:${p.column} ${p.code ?? ''} ${p.message}`.replace(/ {2}/, ' '));
  const lines = blocks.reduce((sum, block) => sum + block.code.split('\n').length, 0);
  console.log(
    `docstrings: ${blocks.length} code blocks (${lines} lines) in ${files.length} feature files, ${problems.length} problem(s), ${Math.round((Date.now() - started) / 1000)} s`,
  );
  process.exit(problems.length ? 1 : 0);
}
