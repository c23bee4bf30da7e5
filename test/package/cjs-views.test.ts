// Each entry's CommonJS view, src/<entry>.cts (compiled to dist/<entry>.d.cts by scripts/finish-build.mjs),
// lists what its ES module entry, src/<entry>.ts, exports: every type, each with as many type parameters,
// and, for an entry without a default export, every value. (An entry with one is `export =` of its default
// export `& typeof` the module, whose values follow by themselves.) Read with the compiler from the sources.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';

const root = fileURLToPath(new URL('../..', import.meta.url));
const { entryNames } = (await import(pathToFileURL(join(root, 'scripts', 'build-entries.mjs')).href)) as {
  entryNames(root: string): string[];
};
const entries = entryNames(root);

const config = ts.readConfigFile(join(root, 'tsconfig.json'), ts.sys.readFile).config as {
  compilerOptions: object;
};
const { options } = ts.convertCompilerOptionsFromJson(config.compilerOptions, root);
const files = entries.flatMap((name) => [join(root, 'src', `${name}.ts`), join(root, 'src', `${name}.cts`)]);
const program = ts.createProgram(files, { ...options, noEmit: true });
const checker = program.getTypeChecker();

/** How many type parameters the type `symbol` (an alias followed to its declaration) takes. */
function arity(symbol: ts.Symbol): number {
  const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
  const declaration = target.declarations?.find(
    (node) =>
      ts.isInterfaceDeclaration(node) || ts.isTypeAliasDeclaration(node) || ts.isClassDeclaration(node),
  ) as ts.InterfaceDeclaration | ts.TypeAliasDeclaration | ts.ClassDeclaration | undefined;
  return declaration?.typeParameters?.length ?? 0;
}

/** Whether an export is type-only (`export type { X }`, or `export { type X }`). */
function typeOnly(symbol: ts.Symbol): boolean {
  return (symbol.declarations ?? []).some(
    (node) => ts.isExportSpecifier(node) && (node.isTypeOnly || node.parent.parent.isTypeOnly),
  );
}

/** An entry's exports: its values, and its types with their arity. */
function esmExports(name: string): { values: string[]; types: Map<string, number> } {
  const source = program.getSourceFile(join(root, 'src', `${name}.ts`));
  const module = source && checker.getSymbolAtLocation(source);
  assert.ok(module, `src/${name}.ts is a module`);
  const values: string[] = [];
  const types = new Map<string, number>();
  for (const symbol of checker.getExportsOfModule(module)) {
    const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
    if (target.flags & ts.SymbolFlags.Value && !typeOnly(symbol)) values.push(symbol.name);
    if (target.flags & ts.SymbolFlags.Type && symbol.name !== 'default')
      types.set(symbol.name, arity(symbol));
  }
  return { values: values.sort(), types };
}

/** A view's exports: `export declare const` values, and the type aliases (at the top or in its namespace). */
function viewExports(name: string): { values: string[]; types: Map<string, number>; exportEquals: boolean } {
  const source = program.getSourceFile(join(root, 'src', `${name}.cts`));
  assert.ok(source, `src/${name}.cts exists`);
  const values: string[] = [];
  const types = new Map<string, number>();
  let exportEquals = false;
  const readTypes = (statements: readonly ts.Statement[]) => {
    for (const statement of statements) {
      if (ts.isTypeAliasDeclaration(statement)) {
        types.set(statement.name.text, statement.typeParameters?.length ?? 0);
      }
    }
  };
  for (const statement of source.statements) {
    if (ts.isExportAssignment(statement) && statement.isExportEquals) exportEquals = true;
    const exported = ts.canHaveModifiers(statement)
      ? ts.getModifiers(statement)?.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword)
      : false;
    if (ts.isVariableStatement(statement) && exported) {
      for (const declaration of statement.declarationList.declarations)
        values.push(declaration.name.getText());
    }
    if (ts.isModuleDeclaration(statement) && statement.body && ts.isModuleBlock(statement.body)) {
      readTypes(statement.body.statements);
    }
  }
  readTypes(source.statements.filter((statement) => ts.isTypeAliasDeclaration(statement)));
  return { values: values.sort(), types, exportEquals };
}

describe('the CommonJS views (src/<entry>.cts)', () => {
  it('compile without errors', () => {
    const diagnostics = entries.flatMap((name) =>
      ts.getPreEmitDiagnostics(program, program.getSourceFile(join(root, 'src', `${name}.cts`))),
    );
    assert.deepEqual(
      diagnostics.map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')),
      [],
    );
  });

  for (const name of entries) {
    it(`src/${name}.cts lists every export of src/${name}.ts`, () => {
      const esm = esmExports(name);
      const view = viewExports(name);
      const sorted = (types: Map<string, number>) => [...types].sort(([a], [b]) => a.localeCompare(b));
      assert.deepEqual(sorted(view.types), sorted(esm.types), 'types, with their number of type parameters');
      if (esm.values.includes('default')) {
        assert.ok(view.exportEquals, 'an entry with a default export is `export =` of it');
        assert.deepEqual(view.values, [], 'its values come with `typeof` the module');
        assert.match(
          readFileSync(join(root, 'src', `${name}.cts`), 'utf8'),
          /^declare const \w+: typeof api\.default & typeof api;$/m,
        );
      } else {
        assert.deepEqual(view.values, esm.values, 'values');
      }
    });
  }
});
