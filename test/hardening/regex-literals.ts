/** Finds every regular expression written in the TypeScript sources under a folder, with where it is. */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

/** One regular expression found in a source file. */
export interface FoundRegex {
  /** `src/x.ts:12`. */
  where: string;
  source: string;
  flags: string;
}

/** A `RegExp(...)` call whose pattern is not written out, so it cannot be checked before it runs. */
export interface DynamicRegex {
  where: string;
  text: string;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true })
    .map(String)
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.d.ts') && !name.endsWith('.test.ts'))
    .map((name) => join(dir, name))
    .sort();
}

/** The text of a string literal or of a template without substitutions, else undefined. */
function literalText(node: ts.Node | undefined): string | undefined {
  if (node === undefined) return undefined;
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  return undefined;
}

/**
 * Walks the syntax tree of every `.ts` file under `dir` (TypeScript's parser, so a `/` that divides is
 * never mistaken for a regex): regex literals, and `new RegExp(...)` / `RegExp(...)` calls, whose
 * written-out patterns are returned too and whose computed ones are returned as dynamic.
 */
export function findRegexes(dir: string, root: string): { found: FoundRegex[]; dynamic: DynamicRegex[] } {
  const found: FoundRegex[] = [];
  const dynamic: DynamicRegex[] = [];
  for (const file of sourceFiles(dir)) {
    const text = readFileSync(file, 'utf8');
    const sourceFile = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
    const where = (node: ts.Node): string =>
      `${relative(root, file)}:${sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile)).line + 1}`;
    const visit = (node: ts.Node): void => {
      if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
        const literal = node.getText(sourceFile);
        const end = literal.lastIndexOf('/');
        found.push({ where: where(node), source: literal.slice(1, end), flags: literal.slice(end + 1) });
      } else if (
        (ts.isNewExpression(node) || ts.isCallExpression(node)) &&
        ts.isIdentifier(node.expression) &&
        node.expression.text === 'RegExp'
      ) {
        const pattern = literalText(node.arguments?.[0]);
        const flagsArg = node.arguments?.[1];
        const flags = flagsArg === undefined ? '' : literalText(flagsArg);
        if (pattern !== undefined && flags !== undefined)
          found.push({ where: where(node), source: pattern, flags });
        else dynamic.push({ where: where(node), text: node.getText(sourceFile).slice(0, 120) });
      }
      ts.forEachChild(node, visit);
    };
    visit(sourceFile);
  }
  return { found, dynamic };
}
