// Runs after scripts/build.mjs (`npm run build`): the two things a bundler cannot express for this package.
//
// 1. CommonJS that looks like Express: `require('kitjs')` is the kit function itself (and
//    `require('kitjs/express')` the express function, every entry alike), carrying every named
//    export and `default` (for transpiled `import kit from 'kitjs'`), so `const kit = require('kitjs');
//    kit(); kit.json()` works. dist/index.d.cts says the same with `export =` and a namespace of the types,
//    so `import kit = require('kitjs')` typechecks in a .cts file.
// 2. Optional peers: the declarations import mongoose's and sequelize's types; in a project without them
//    those imports must not fail the compile. `// @ts-expect-error` before each keeps them from failing, and
//    src/db/peer-types.ts then resolves each peer type to a declared shape (never to `any`).
//
// Types only and one line of CommonJS: nothing here changes what the ESM build does at run time.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { entryNames } from './build-entries.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const optionalPeers = Object.entries(pkg.peerDependenciesMeta ?? {})
  .filter(([, meta]) => meta.optional)
  .map(([name]) => name);

const MARK = 'kitjs:finish-build';

function fail(message) {
  console.error(`finish-build: ${message}`);
  process.exit(1);
}

// The name each entry's CommonJS declarations give the module: not one its declarations already use.
const moduleNames = { index: 'kitjs', express: 'kitjsExpress' };

// --- CommonJS runtime -------------------------------------------------------------------------------
function finishRuntime(file) {
  const cjsPath = join(dist, `${file}.cjs`);
  let cjs = readFileSync(cjsPath, 'utf8');
  if (!cjs.includes(MARK)) {
    cjs +=
      `\n// ${MARK}: the module is the default export with every export on it (see scripts/finish-build.mjs).\n` +
      "module.exports = Object.defineProperty(Object.assign(exports.default, exports), '__esModule', { value: true });\n";
    writeFileSync(cjsPath, cjs);
  }
}

// --- Declarations --------------------------------------------------------------------------------------

/** Puts `// @ts-expect-error` before each import from an optional peer (idempotent). */
function toleratePeers(text) {
  const lines = text.split('\n');
  const out = [];
  lines.forEach((line, index) => {
    const from = /^import .* from '([^']+)';$/.exec(line);
    const peer = from && optionalPeers.find((name) => from[1] === name || from[1].startsWith(`${name}/`));
    if (peer && !(lines[index - 1] ?? '').startsWith('// @ts-ignore')) {
      out.push(`// @ts-ignore optional peer: ${peer} may not be installed (${MARK})`);
    }
    out.push(line);
  });
  return out.join('\n');
}

/** Writes `<file>.d.cts`: the declarations with the final export lists replaced by `export =`. */
function finishTypes(file) {
  const name = moduleNames[file] ?? `kitjs_${file.replace(/\W/g, '_')}`;
  const esmTypesPath = join(dist, `${file}.d.ts`);
  const declarations = toleratePeers(readFileSync(esmTypesPath, 'utf8'));
  writeFileSync(esmTypesPath, declarations);

  // The CommonJS declarations: the same declarations, with the final `export { ... }` replaced by `export =`.
  const source = ts.createSourceFile(`${file}.d.ts`, declarations, ts.ScriptTarget.Latest, true);
  const exportStatements = source.statements.filter(
    (statement) => ts.isExportDeclaration(statement) && !statement.moduleSpecifier,
  );
  // rollup-plugin-dts ends the file with the export lists: `export { values }` and `export type { types }`.
  if (exportStatements.length === 0) fail(`no export list in ${file}.d.ts`);
  for (const exportList of exportStatements) {
    if (!exportList.exportClause || !ts.isNamedExports(exportList.exportClause))
      fail('unexpected export form');
  }
  const exportElements = exportStatements.flatMap((exportList) =>
    exportList.exportClause.elements.map((element) => ({ element, listIsTypeOnly: exportList.isTypeOnly })),
  );

  /** Top-level declarations by name, to read the type parameters of each exported type. */
  const declared = new Map();
  for (const statement of source.statements) {
    if (
      (ts.isInterfaceDeclaration(statement) ||
        ts.isTypeAliasDeclaration(statement) ||
        ts.isClassDeclaration(statement)) &&
      statement.name
    ) {
      // A class merged with an interface of the same name (Router) is a class: keep the class.
      const known = declared.get(statement.name.text);
      if (!(known && ts.isClassDeclaration(known))) declared.set(statement.name.text, statement);
    }
  }

  const values = [];
  const types = [];
  for (const { element, listIsTypeOnly } of exportElements) {
    const local = (element.propertyName ?? element.name).text;
    const exported = element.name.text;
    const typeOnly = element.isTypeOnly || listIsTypeOnly;
    if (!typeOnly) values.push({ local, exported });
    const declaration = declared.get(local);
    // A class is a value and a type; interfaces and type aliases only types.
    if (typeOnly || (declaration && ts.isClassDeclaration(declaration))) {
      if (!declaration) fail(`cannot find the declaration of exported type ${local}`);
      const parameters = declaration.typeParameters ?? [];
      const withConstraints = parameters.length
        ? `<${parameters.map((parameter) => parameter.getText(source)).join(', ')}>`
        : '';
      const names = parameters.length
        ? `<${parameters.map((parameter) => parameter.name.text).join(', ')}>`
        : '';
      types.push({ local, exported, withConstraints, names });
    }
  }
  const factory = values.find((value) => value.exported === 'default');
  if (!factory) fail('no default export to make the CommonJS module from');

  const [first, last] = [exportStatements[0], exportStatements.at(-1)];
  if (source.statements.indexOf(last) - source.statements.indexOf(first) !== exportStatements.length - 1)
    fail(`the export lists of ${file}.d.ts are not together`);
  const head = declarations.slice(0, first.getStart(source));
  const tail = declarations.slice(last.getEnd());
  const cjsTypes = [
    head.trimEnd(),
    '',
    `// ${MARK}: \`require()\` of this entry is its default export with every export on it.`,
    ...types.map(
      ({ local, withConstraints, names }) => `type ${name}_${local}${withConstraints} = ${local}${names};`,
    ),
    `declare const ${name}: typeof ${factory.local} & {`,
    ...values.map(({ local, exported }) => `  readonly ${exported}: typeof ${local};`),
    '};',
    `declare namespace ${name} {`,
    ...types.map(
      ({ local, exported, withConstraints, names }) =>
        `  export type ${exported}${withConstraints} = ${name}_${local}${names};`,
    ),
    '}',
    `export = ${name};`,
    tail.trim(),
    '',
  ].join('\n');
  writeFileSync(join(dist, `${file}.d.cts`), cjsTypes);
  return `${file}: ${values.length} values, ${types.length} types`;
}

const done = entryNames(root).map((file) => {
  finishRuntime(file);
  return finishTypes(file);
});
console.log(
  `finish-build: CommonJS modules and declarations (${done.join('; ')}); ` +
    `optional peers tolerated: ${optionalPeers.join(', ')}`,
);
