// Lints the scenarios' code blocks with Biome and the repo's lint rules: each block becomes the body of an async
// function in a file of a temporary directory; what Biome reports is mapped back to the feature files.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Rules an outline's example values trip by design: each row is one of the constant cases. */
const OUTLINE_CONSTANTS = new Set(['lint/correctness/noConstantCondition', 'lint/suspicious/noSelfCompare']);

/**
 * Lints `blocks` (from codeBlocks) with biome.json's rules of the repo at `root` (formatting aside: a doc
 * string is laid out for reading). Returns the problems Biome reports as errors, each `{ uri, line, column,
 * message, code }` with a 1-based line and column in the feature file.
 */
export function lintBlocks(root, blocks) {
  const dir = mkdtempSync(join(tmpdir(), 'kit-docstrings-'));
  try {
    const config = JSON.parse(readFileSync(join(root, 'biome.json'), 'utf8'));
    const { $schema, files, formatter, assist, ...rules } = config;
    writeFileSync(
      join(dir, 'biome.json'),
      JSON.stringify({ ...rules, formatter: { enabled: false }, assist: { enabled: false } }),
    );
    const maps = new Map();
    const byUri = new Map();
    for (const block of blocks) byUri.set(block.uri, [...(byUri.get(block.uri) ?? []), block]);
    for (const [uri, list] of byUri) {
      const name = `${uri.replaceAll('/', '__')}.js`;
      const lines = [];
      const map = [];
      list.forEach((block, index) => {
        // Exported, so an unused block is not reported; the scope's names are parameters Biome need not see.
        lines.push(`export async function block${index}() {`);
        map.push({ block, line: block.line - 1 });
        block.code.split('\n').forEach((text, i) => {
          lines.push(text);
          map.push({ block, line: block.line + i });
        });
        lines.push('}');
        map.push({ block, line: block.line + block.code.split('\n').length - 1 });
      });
      writeFileSync(join(dir, name), `${lines.join('\n')}\n`);
      maps.set(name, map);
    }
    const biome = createRequire(join(root, 'package.json')).resolve('@biomejs/biome/bin/biome');
    const run = spawnSync(
      process.execPath,
      [biome, 'lint', '--reporter=github', '--max-diagnostics=none', '.'],
      {
        cwd: dir,
        encoding: 'utf8',
      },
    );
    const problems = [];
    let reported = 0;
    for (const line of run.stdout.split('\n')) {
      const match =
        /^::error title=([^,]+),file=([^,]+),line=(\d+),endLine=\d+,col=(\d+),endColumn=\d+::(.*)$/.exec(
          line,
        );
      if (!match) continue;
      reported++;
      const [, rule, file, lineText, col, message] = match;
      const map = maps.get(file.replace(/^.*[\\/]/, ''));
      if (!map) continue;
      const at = map[Number(lineText) - 1] ?? map.at(-1);
      // `<granted> === null` in an outline: a row's value makes the condition constant, as it should.
      if (at.block.outline && OUTLINE_CONSTANTS.has(rule)) continue;
      problems.push({
        uri: at.block.uri,
        line: at.line,
        column: at.block.column + Number(col),
        message,
        code: rule,
      });
    }
    if (run.status !== 0 && reported === 0) {
      problems.push({
        uri: 'scripts/docstrings/lint.mjs',
        line: 0,
        column: 0,
        message: `biome lint failed without a diagnostic: ${run.stderr || run.stdout}`.trim(),
        code: 'biome',
      });
    }
    return problems;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
