// Runs after scripts/build.mjs (`npm run build`): each entry's CommonJS declarations, dist/<entry>.d.cts, are
// the TypeScript compiler's declaration emit of src/<entry>.cts, the entry's CommonJS view.
//
// A .cts view imports its entry's ES module declarations (dist/<entry>.d.ts, which scripts/build.mjs wrote)
// with `import type ... with { 'resolution-mode': 'import' }`, the one form of import a CommonJS declaration
// file may make of an ES module one, so both formats name one set of types (a class declared in two files
// is two types). What a view says is the CommonJS module's shape: `export =` of the entry's default export
// carrying every export, for the entries with one (as `require('express')` is express; scripts/build.mjs
// writes the same shape into the .cjs), and the named exports for the others. The source and the emitted
// file are the same text but for the compiler's formatting: the views are declarations already, written in
// src/ where they are typechecked with the sources, and test/package/cjs-views.test.ts fails when one of
// them no longer lists its entry's exports.
//
// Nothing here reads or edits what the bundlers wrote.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { entryNames } from './build-entries.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const tsconfig = JSON.parse(readFileSync(join(root, 'tsconfig.json'), 'utf8'));
const { options } = ts.convertCompilerOptionsFromJson(tsconfig.compilerOptions, root);

let failed = false;
const written = entryNames(root).map((name) => {
  const fileName = join(root, 'src', `${name}.cts`);
  const { outputText, diagnostics } = ts.transpileDeclaration(readFileSync(fileName, 'utf8'), {
    fileName,
    compilerOptions: options,
    reportDiagnostics: true,
  });
  for (const diagnostic of diagnostics ?? []) {
    failed = true;
    console.error(
      `finish-build: src/${name}.cts: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`,
    );
  }
  writeFileSync(join(root, 'dist', `${name}.d.cts`), outputText);
  return `dist/${name}.d.cts`;
});
if (failed) process.exit(1);
console.log(`finish-build: ${written.join(', ')} from src/<entry>.cts`);
