// Runs after scripts/build.mjs (`npm run build`): the things a bundler cannot express for this package.
//
// 1. CommonJS that looks like Express: `require('kitjs')` is the kit function itself (and
//    `require('kitjs/express')` the express function, every entry with a default export alike), carrying every named
//    export and `default` (for transpiled `import kit from 'kitjs'`), so `const kit = require('kitjs');
//    kit(); kit.json()` works. dist/index.d.cts says the same with `export =` and a namespace of the types,
//    so `import kit = require('kitjs')` typechecks in a .cts file.
// 2. Optional peers: the declarations import mongoose's and sequelize's types; in a project without them
//    those imports must not fail the compile. `// @ts-expect-error` before each keeps them from failing, and
//    src/batteries/db/peer-types.ts then resolves each peer type to a declared shape (never to `any`).
// 3. Entries that depend on the core only: the declarations of every entry import from dist/core.d.ts (the
//    one declaration of each shared class, see scripts/build.mjs), never from another entry. rollup-plugin-dts
//    routes a shared name through an entry that re-exports it (express.d.ts importing Router from
//    ./index.js); in CommonJS that entry is an `export =` module, so the route is taken back to the core.
//
// Types only and one line of CommonJS per entry: nothing here changes what the ESM build does at run time.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { CORE, entryNames } from './build-entries.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const optionalPeers = Object.entries(pkg.peerDependenciesMeta ?? {})
  .filter(([, meta]) => meta.optional)
  .map(([name]) => name);
const entries = entryNames(root);

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

const isClass = (node) => ts.isClassDeclaration(node);
const isTypeDeclaration = (node) =>
  ts.isInterfaceDeclaration(node) || ts.isTypeAliasDeclaration(node) || ts.isClassDeclaration(node);

/** The elements of an `export { ... }` clause: the inner (local or imported) name, the outer (exported) one. */
function elementsOf(clause) {
  if (!clause || !ts.isNamedExports(clause)) fail('unexpected export form');
  return clause.elements.map((element) => ({
    inner: (element.propertyName ?? element.name).text,
    outer: element.name.text,
    typeOnly: element.isTypeOnly,
  }));
}

/**
 * A declaration file read for what it binds: `imports` (local name -> module and imported name), `reexports`
 * (`export { a as b } from '...'`), `lists` (the final `export { ... }` lists) and `declared` (top-level
 * type declarations by name; a class merged with an interface of its name, Router, counts as the class).
 */
function readDeclarations(fileName, text) {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const imports = new Map();
  const reexports = [];
  const lists = [];
  const declared = new Map();
  /** Every name declared at the top (values too), to keep generated names from shadowing one. */
  const locals = new Set();
  for (const statement of source.statements) {
    if (ts.isVariableStatement(statement)) {
      for (const variable of statement.declarationList.declarations) {
        if (ts.isIdentifier(variable.name)) locals.add(variable.name.text);
      }
    } else if (statement.name && ts.isIdentifier(statement.name)) locals.add(statement.name.text);
    if (ts.isImportDeclaration(statement)) {
      const bindings = statement.importClause?.namedBindings;
      if (bindings && ts.isNamedImports(bindings)) {
        for (const element of bindings.elements) {
          imports.set(element.name.text, {
            module: statement.moduleSpecifier.text,
            imported: (element.propertyName ?? element.name).text,
          });
        }
      }
    } else if (ts.isExportDeclaration(statement)) {
      const elements = elementsOf(statement.exportClause).map((element) => ({
        ...element,
        typeOnly: element.typeOnly || statement.isTypeOnly,
      }));
      if (statement.moduleSpecifier)
        reexports.push({ statement, module: statement.moduleSpecifier.text, elements });
      else lists.push({ statement, elements });
    } else if (isTypeDeclaration(statement) && statement.name) {
      const known = declared.get(statement.name.text);
      if (!(known && isClass(known))) declared.set(statement.name.text, statement);
    }
  }
  return { source, text, imports, reexports, lists, declared, locals };
}

/** A relative specifier naming one of dist/'s files, e.g. './core.js' -> 'core'; undefined otherwise. */
const distFile = (specifier) => /^\.\/([\w-]+)\.c?js$/.exec(specifier)?.[1];

/** Everything the core's declarations export: exported name -> its local name and whether only a type. */
function coreExports(core) {
  const exported = new Map();
  for (const { elements } of core.lists) {
    for (const { inner, outer, typeOnly } of elements) exported.set(outer, { local: inner, typeOnly });
  }
  return exported;
}

/** Which core export an entry's export `name` is, or undefined when the entry declares it itself. */
function coreNameOf(entry, name) {
  for (const { module, elements } of entry.reexports) {
    const element = elements.find((candidate) => candidate.outer === name);
    if (element) return distFile(module) === CORE ? element.inner : undefined;
  }
  for (const { elements } of entry.lists) {
    const element = elements.find((candidate) => candidate.outer === name);
    if (!element) continue;
    const imported = entry.imports.get(element.inner);
    return imported && distFile(imported.module) === CORE ? imported.imported : undefined;
  }
  fail(`no export named ${name}`);
}

/** Replaces statements of `parsed` (each by its text, '' to drop it), keeping the comments before them. */
function replaceStatements(parsed, replacements) {
  let out = '';
  let at = 0;
  for (const [statement, replacement] of replacements) {
    out += parsed.text.slice(at, statement.getStart(parsed.source)) + replacement;
    at = statement.getEnd();
  }
  return out + parsed.text.slice(at);
}

/**
 * The entry's declarations with every import from another entry taken to the core (point 3 above), and no
 * bare `import 'qs';` lines: rollup-plugin-dts keeps them for ordering, which declarations do not have, and
 * the core imports what it uses of each package itself.
 */
function importFromCoreOnly(file, parsed, others) {
  const replacements = [];
  for (const statement of parsed.source.statements) {
    if (!ts.isImportDeclaration(statement)) continue;
    const specifier = statement.moduleSpecifier.text;
    if (!statement.importClause && !specifier.startsWith('.')) {
      replacements.push([statement, '']);
      continue;
    }
    const from = distFile(specifier);
    if (from === undefined || from === CORE) continue;
    const other = others.get(from) ?? fail(`${file}.d.ts imports ${specifier}, which is not an entry`);
    const bindings = statement.importClause?.namedBindings;
    if (!bindings || !ts.isNamedImports(bindings)) fail(`${file}.d.ts: unexpected import from ${specifier}`);
    const names = bindings.elements.map((element) => {
      const imported = (element.propertyName ?? element.name).text;
      const coreName =
        coreNameOf(other, imported) ??
        fail(`${file}.d.ts imports ${imported} from ${specifier}, which declares it itself (not the core)`);
      return coreName === element.name.text ? coreName : `${coreName} as ${element.name.text}`;
    });
    replacements.push([statement, `import { ${names.join(', ')} } from './${CORE}.js';`]);
  }
  return replaceStatements(parsed, replacements).replace(/\n{3,}/g, '\n\n');
}

/**
 * The names a declaration's type parameters refer to (`RouteGeneric` in `<Route extends RouteGeneric = {}>`),
 * with where each occurs in `parameters`' text, leaving out the parameters themselves.
 */
function referencesIn(declaration, source) {
  const parameters = declaration.typeParameters ?? [];
  const own = new Set(parameters.map((parameter) => parameter.name.text));
  const start = parameters.length ? parameters[0].getStart(source) : 0;
  const found = [];
  const leftmost = (name) => (ts.isQualifiedName(name) ? leftmost(name.left) : name);
  const visit = (node) => {
    const name = ts.isTypeReferenceNode(node)
      ? leftmost(node.typeName)
      : ts.isTypeQueryNode(node)
        ? leftmost(node.exprName)
        : undefined;
    if (name && ts.isIdentifier(name) && !own.has(name.text)) {
      found.push({ name: name.text, at: name.getStart(source) - start, length: name.text.length });
    }
    ts.forEachChild(node, visit);
  };
  for (const parameter of parameters) visit(parameter);
  return found;
}

/** Writes `<file>.d.cts`: the entry's declarations with its export lists replaced by `export =`. */
function commonJsTypes(file, parsed, core, fromCore) {
  const name = moduleNames[file] ?? `kitjs_${file.replace(/\W/g, '_')}`;
  const coreModule = `./${CORE}.cjs`;
  if (parsed.lists.length === 0 && parsed.reexports.length === 0) fail(`no exports in ${file}.d.ts`);

  /** Names bound at the top of the CommonJS declarations: local name -> the core export it is, if one. */
  const bound = new Map();
  for (const [local, { module, imported }] of parsed.imports) {
    bound.set(local, distFile(module) === CORE ? imported : null);
  }
  for (const local of parsed.locals) bound.set(local, null);
  const extraImports = [];
  /** Binds `local` to the core export `coreName` (an import), unless it is already. */
  const bindCore = (local, coreName) => {
    if (!bound.has(local)) {
      bound.set(local, coreName);
      extraImports.push(coreName === local ? local : `${coreName} as ${local}`);
    } else if (bound.get(local) !== coreName) {
      fail(`${file}.d.cts: ${local} is already a name for something other than the core's ${coreName}`);
    }
  };

  // Every export, with the local name the declarations give it; re-exports become imports of that name.
  const exported = [];
  for (const { module, elements } of parsed.reexports) {
    if (distFile(module) !== CORE) fail(`${file}.d.ts re-exports from ${module}, not the core`);
    for (const { inner, outer, typeOnly } of elements) {
      bindCore(outer, inner);
      exported.push({ local: outer, exported: outer, typeOnly });
    }
  }
  for (const { elements } of parsed.lists) {
    for (const { inner, outer, typeOnly } of elements)
      exported.push({ local: inner, exported: outer, typeOnly });
  }

  const values = [];
  const types = [];
  for (const { local, exported: exportedName, typeOnly: listedAsType } of exported) {
    const coreName = bound.get(local);
    let declaration;
    let source = parsed.source;
    let isValue;
    if (coreName) {
      // What the core's lists say (they separate `export type`), not this entry's: rollup lists imported
      // interfaces with the values.
      const entry = fromCore.get(coreName) ?? fail(`the core exports no ${coreName}`);
      declaration = core.declared.get(entry.local);
      source = core.source;
      isValue = !entry.typeOnly && !listedAsType;
    } else {
      declaration = parsed.declared.get(local);
      isValue = !listedAsType;
    }
    if (isValue) values.push({ local, exported: exportedName });
    // A class is a value and a type; interfaces and type aliases only types.
    if (!isValue || (declaration && isClass(declaration))) {
      if (!declaration) fail(`cannot find the declaration of exported type ${local}`);
      types.push({ local, exported: exportedName, declaration, source, fromCore: Boolean(coreName) });
    }
  }
  const factory = values.find((value) => value.exported === 'default');
  if (!factory) fail(`no default export in ${file}.d.ts to make the CommonJS module from`);

  /** `<A extends B = C>` and `<A>` for a type, its references to the core's names bound in this file. */
  const parametersOf = (type) => {
    const { declaration, source, fromCore: inCore } = type;
    const parameters = declaration.typeParameters ?? [];
    if (parameters.length === 0) return { withConstraints: '', names: '' };
    let text = source.text.slice(parameters[0].getStart(source), parameters.at(-1).getEnd());
    if (inCore) {
      for (const reference of referencesIn(declaration, source).reverse()) {
        const coreName = [...fromCore].find(([, entry]) => entry.local === reference.name)?.[0];
        if (coreName === undefined) {
          // Not one of the core's names: a global such as Record.
          if (!core.locals.has(reference.name) && !core.imports.has(reference.name)) continue;
          fail(`${type.local}'s type parameters refer to ${reference.name}, which the core does not export`);
        }
        const alias = `${name}__${coreName}`;
        bindCore(alias, coreName);
        text = text.slice(0, reference.at) + alias + text.slice(reference.at + reference.length);
      }
    }
    return {
      withConstraints: `<${text}>`,
      names: `<${parameters.map((parameter) => parameter.name.text).join(', ')}>`,
    };
  };
  const typeLines = [];
  const namespaceLines = [];
  const aliased = new Set();
  for (const type of types) {
    const { withConstraints, names } = parametersOf(type);
    if (!aliased.has(type.local)) {
      aliased.add(type.local);
      typeLines.push(`type ${name}_${type.local}${withConstraints} = ${type.local}${names};`);
    }
    namespaceLines.push(`  export type ${type.exported}${withConstraints} = ${name}_${type.local}${names};`);
  }

  // The body: the entry's statements, imports from the core's CommonJS file, no export lists.
  const replacements = [];
  for (const statement of parsed.source.statements) {
    if (ts.isExportDeclaration(statement)) replacements.push([statement, '']);
    else if (ts.isImportDeclaration(statement) && distFile(statement.moduleSpecifier.text) === CORE) {
      const text = statement.getText(parsed.source);
      replacements.push([
        statement,
        text.replace(statement.moduleSpecifier.getText(parsed.source), `'${coreModule}'`),
      ]);
    }
  }
  const body = replaceStatements(parsed, replacements);
  const cjsTypes = [
    extraImports.length ? `import { ${extraImports.join(', ')} } from '${coreModule}';` : '',
    body.trim(),
    '',
    `// ${MARK}: \`require()\` of this entry is its default export with every export on it.`,
    ...typeLines,
    `declare const ${name}: typeof ${factory.local} & {`,
    ...values.map(({ local, exported: exportedName }) => `  readonly ${exportedName}: typeof ${local};`),
    '};',
    `declare namespace ${name} {`,
    ...namespaceLines,
    '}',
    `export = ${name};`,
    '',
  ]
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trimStart();
  writeFileSync(join(dist, `${file}.d.cts`), cjsTypes);
  return `${file}: ${values.length} values, ${types.length} types`;
}

/** The export names of an entry's declarations. */
const exportNames = (parsed) =>
  [...parsed.reexports, ...parsed.lists].flatMap(({ elements }) => elements.map(({ outer }) => outer));

/**
 * Writes `<file>.d.cts` for an entry with no default export (kitjs/auth, kitjs/db, kitjs/docs): its ESM
 * declarations as they are, pointed at the core's CommonJS declarations. `require()` of such an entry is the
 * object of its named exports, which is what these declarations say.
 */
function namedCommonJsTypes(file, parsed) {
  const replacements = [];
  for (const statement of parsed.source.statements) {
    const specifier = statement.moduleSpecifier;
    if (!(ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) || !specifier) continue;
    if (distFile(specifier.text) !== CORE) fail(`${file}.d.ts refers to ${specifier.text}, not the core`);
    const text = statement.getText(parsed.source);
    replacements.push([statement, text.replace(specifier.getText(parsed.source), `'./${CORE}.cjs'`)]);
  }
  writeFileSync(join(dist, `${file}.d.cts`), replaceStatements(parsed, replacements));
  return `${file}: ${exportNames(parsed).length} named exports`;
}

// The core's declarations, both forms: only the peers to tolerate.
for (const extension of ['d.ts', 'd.cts']) {
  const path = join(dist, `${CORE}.${extension}`);
  writeFileSync(path, toleratePeers(readFileSync(path, 'utf8')));
}
const core = readDeclarations(`${CORE}.d.ts`, readFileSync(join(dist, `${CORE}.d.ts`), 'utf8'));
const fromCore = coreExports(core);

// Each entry as rollup-plugin-dts wrote it, read before any is changed (importFromCoreOnly follows the others').
const written = new Map(
  entries.map((file) => [
    file,
    readDeclarations(`${file}.d.ts`, readFileSync(join(dist, `${file}.d.ts`), 'utf8')),
  ]),
);
const done = entries.map((file) => {
  const esmTypes = toleratePeers(importFromCoreOnly(file, written.get(file), written));
  writeFileSync(join(dist, `${file}.d.ts`), esmTypes);
  const parsed = readDeclarations(`${file}.d.ts`, esmTypes);
  if (!exportNames(parsed).includes('default')) return namedCommonJsTypes(file, parsed);
  finishRuntime(file);
  return commonJsTypes(file, parsed, core, fromCore);
});
console.log(
  `finish-build: CommonJS modules and declarations (${done.join('; ')}); ` +
    `optional peers tolerated: ${optionalPeers.join(', ')}`,
);
