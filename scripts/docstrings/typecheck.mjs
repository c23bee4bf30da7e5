// Type-checks the scenarios' code blocks against kitjs's public types: each block becomes the body of an async
// function whose parameters are the scope its step gives it (blocks.mjs), in a JavaScript file checked with
// checkJs. The files exist only in memory; diagnostics point at the feature files.
import { join, relative } from 'node:path';
import ts from 'typescript';
import { codeSteps } from './blocks.mjs';

/** Where the in-memory files live: inside the repo, so module resolution and package.json "type" apply. */
const virtualDir = '.docstrings';

/** The named value exports of `entry`, as the World puts them in scope (identifiers only, `default` aside). */
function valueExports(program, entry) {
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(entry);
  const symbol = source && checker.getSymbolAtLocation(source);
  if (!symbol) throw new Error(`docstrings: cannot read the exports of ${entry}`);
  return checker
    .getExportsOfModule(symbol)
    .filter((exported) => {
      const target = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
      return target.flags & ts.SymbolFlags.Value && exported.name !== 'default';
    })
    .map((exported) => exported.name)
    .filter((name) => /^[A-Za-z_$][\w$]*$/.test(name));
}

/** The scope's parameters as `[name, type]`, `exports` expanded, a later name replacing an earlier one in place. */
function paramsOf(kind, exportNames) {
  const params = new Map();
  for (const param of kind.params) {
    if (param === 'exports') for (const name of exportNames) params.set(name, `typeof Kit.${name}`);
    else params.set(param[0], param[1]);
  }
  return [...params];
}

function scopeFile(root, exportNames) {
  const from = (path) => relative(join(root, virtualDir), join(root, path)).replaceAll('\\', '/');
  const lines = [
    `import type * as Kit from '${from('src/index.ts')}';`,
    `import type Express from '${from('src/express.ts')}';`,
    `import type Assert from 'node:assert/strict';`,
    `import type { KitWorld } from '${from('step-definitions/support/world.ts')}';`,
    `import type { HttpResponse } from '${from('step-definitions/support/raw-http.ts')}';`,
    `export type { HttpResponse };`,
    '/** The World as scenario code sees it: its members, and whatever values a scenario keeps on it. */',
    // `world.app` is the app the last `Given the app:` built (the World types it loosely, for any implementation).
    'export type World = KitWorld & { app: ReturnType<typeof Kit.default> } & { [key: string]: any };',
    '/** A JSON log line as `the log lines hold:` reads it. */',
    'export type LogLine = { [key: string]: any };',
    'export type KitAppOf = ReturnType<typeof Kit.default>;',
    // A scenario's servers listen on 127.0.0.1, so address() is never a pipe's name nor null there.
    "declare module 'node:net' { interface Server { address(): import('node:net').AddressInfo } }",
    'export type ExpressAppOf = ReturnType<typeof Express>;',
  ];
  for (const kind of codeSteps) {
    const params = paramsOf(kind, exportNames).map(([name, type]) => `${name}: ${type}`);
    // any: a block may return a value (a server) or nothing.
    lines.push(`export type ${kind.scope} = (${params.join(', ')}) => Promise<any>;`);
    if (!kind.params.includes('exports')) {
      for (const [name, type] of paramsOf(kind, exportNames))
        lines.push(`export type ${kind.scope}_${name} = ${type};`);
    }
  }
  return `${lines.join('\n')}\n`;
}

/**
 * Builds one JavaScript file for the blocks of one feature; `map[i]` is where generated line i (0-based)
 * came from: `{ block, line, column }` in the feature file.
 */
function generated(blocks, exportNames) {
  const lines = [];
  const map = [];
  blocks.forEach((block, index) => {
    const kind = codeSteps.find((candidate) => candidate.scope === block.scope);
    const names = paramsOf(kind, exportNames).map(([name]) => name);
    const at = { block, line: block.line - 1, column: block.column };
    // A scope with kitjs's exports is typed as a whole (dozens of names); a small one name by name, since
    // TypeScript honours assertion functions (`assert.ok`) only on names declared with an explicit type.
    const header = kind.params.includes('exports')
      ? [`/** @type {import('./scope.ts').${block.scope}} */`]
      : [
          '/**',
          ...names.map((name) => ` * @param {import('./scope.ts').${block.scope}_${name}} ${name}`),
          ' */',
        ];
    for (const line of header) {
      lines.push(line);
      map.push(at);
    }
    lines.push(`export const block${index}_${block.line} = async function (${names.join(', ')}) {`);
    map.push(at);
    block.code.split('\n').forEach((text, i) => {
      lines.push(text);
      map.push({ block, line: block.line + i, column: block.column });
    });
    lines.push('};');
    map.push({ block, line: block.line + block.code.split('\n').length - 1, column: block.column });
  });
  return { text: `${lines.join('\n')}\n`, map };
}

/**
 * The comment that marks a statement the types cannot describe, on purpose: a misuse whose TypeError the
 * scenario checks, or what JavaScript adds at run time (a method put on `app.response`). `// not typed: <why>`
 * on the line above it: the checker drops what TypeScript says about that statement (every line of it), and
 * reports a comment that excuses nothing, so none outlives its reason.
 */
export const untypedMarker = /^\s*\/\/ not typed: \S/;

/** Generated line -> the marker (`uri\nline`) that excuses it: every line of the statement under a marker. */
function untypedSpans(source, virtual, markers) {
  const spans = new Map();
  const lines = source.text.split('\n');
  const lineOf = (position) => source.getLineAndCharacterOfPosition(position).line;
  const statementsAt = new Map();
  const visit = (node) => {
    if (ts.isStatement(node) || ts.isVariableDeclarationList(node)) {
      const first = lineOf(node.getStart(source));
      const last = lineOf(node.getEnd());
      if (!statementsAt.has(first) || statementsAt.get(first) < last) statementsAt.set(first, last);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  lines.forEach((text, index) => {
    if (!untypedMarker.test(text)) return;
    const at = virtual.map[index];
    const key = `${at.block.uri}\n${at.line}`;
    if (!markers.has(key)) markers.set(key, false);
    const first = index + 1;
    const last = statementsAt.get(first) ?? first;
    for (let line = first; line <= last; line++) spans.set(line, key);
  });
  return spans;
}

/** The innermost node that contains `position`. */
function nodeAt(source, position) {
  let found = source;
  const visit = (node) => {
    if (node.getStart(source) <= position && position < node.getEnd()) {
      found = node;
      ts.forEachChild(node, visit);
    }
  };
  ts.forEachChild(source, visit);
  return found;
}

const isUnknown = (type) => Boolean(type.flags & ts.TypeFlags.Unknown);

/**
 * True when the diagnostic is only about reading a value kitjs types as `unknown` (`req.body` before a route
 * declares its Body, `res.locals` entries) as the JavaScript data it is. TypeScript code narrows such a value;
 * JavaScript cannot without a cast, and a reader's copy of the example runs as it is. Anything else about the
 * value (a call of kitjs with it, a wrong argument) is still reported.
 */
function readsUnknown(checker, source, diagnostic) {
  const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
  if (
    /^(Property '[^']+' does not exist on type|Object is of type|'[^']+' is of type) 'unknown'/.test(message)
  ) {
    return true;
  }
  if (/^Operator '[^']+' cannot be applied to types 'unknown'/.test(message)) return true;
  // Handing such a value on (`User.create(req.body)`) is reading it too.
  if (/^Argument of type 'unknown' is not assignable/.test(message)) return true;
  // The same, when the callee has overloads: every overload refused only the unknown value.
  if (diagnostic.code === 2769) {
    const reasons = message.split('\n').filter((line) => /^\s*Argument of type/.test(line));
    if (reasons.length > 0 && reasons.every((line) => /Argument of type 'unknown'/.test(line))) return true;
  }
  const node = nodeAt(source, diagnostic.start ?? 0);
  // `const { a } = req.body`: TypeScript reads the unknown value as `{}`.
  if (diagnostic.code === 2339 && /on type '\{\}'/.test(message)) {
    for (let at = node; at; at = at.parent) {
      if (ts.isObjectBindingPattern(at)) return isUnknown(checker.getTypeAtLocation(at));
      if (!ts.isIdentifier(at) && !ts.isBindingElement(at)) break;
    }
  }
  // `app.get('trust proxy fn')(...)`: a setting's value is unknown until read.
  if (diagnostic.code === 2349) {
    for (let at = node; at; at = at.parent) {
      const callee = ts.isCallExpression(at) && at.expression;
      if (
        callee &&
        callee.getStart(source) === diagnostic.start &&
        callee.getEnd() === diagnostic.start + diagnostic.length
      ) {
        return isUnknown(checker.getTypeAtLocation(callee));
      }
    }
  }
  // `{ ...req.locals.x }`
  if (diagnostic.code === 2698) {
    for (let at = node; at; at = at.parent) {
      if (ts.isSpreadAssignment(at) || ts.isSpreadElement(at))
        return isUnknown(checker.getTypeAtLocation(at.expression));
    }
  }
  return false;
}

function compilerOptions(root) {
  const configFile = join(root, 'tsconfig.json');
  const config = ts.readConfigFile(configFile, ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, root, undefined, configFile);
  // What `// @ts-check` gives a JavaScript file by default: TypeScript's non-strict checks, against kitjs's
  // own types. Strict mode would ask JavaScript for annotations it cannot write (implicit any) and null
  // checks a reader of an example does not expect.
  return {
    ...parsed.options,
    strict: false,
    noImplicitAny: false,
    strictNullChecks: false,
    useUnknownInCatchVariables: false,
    allowJs: true,
    checkJs: true,
    noEmit: true,
    skipLibCheck: true,
  };
}

/**
 * Checks `blocks` (from codeBlocks) against the types of the repo at `root`. Returns the problems found, each
 * `{ uri, line, column, message }` with a 1-based line and column in the feature file.
 */
export function typecheckBlocks(root, blocks) {
  const options = compilerOptions(root);
  const entry = join(root, 'src', 'index.ts');
  const base = ts.createCompilerHost(options, true);
  const first = ts.createProgram([entry], options, base);
  const exportNames = valueExports(first, entry);

  const files = new Map();
  files.set(join(root, virtualDir, 'scope.ts'), { text: scopeFile(root, exportNames) });
  const byUri = new Map();
  for (const block of blocks) byUri.set(block.uri, [...(byUri.get(block.uri) ?? []), block]);
  for (const [uri, list] of byUri) {
    files.set(join(root, virtualDir, `${uri.replaceAll('/', '__')}.js`), generated(list, exportNames));
  }
  const host = {
    ...base,
    fileExists: (file) => files.has(file) || base.fileExists(file),
    readFile: (file) => files.get(file)?.text ?? base.readFile(file),
    getSourceFile: (file, language, onError, shouldCreate) => {
      const virtual = files.get(file);
      if (virtual) return ts.createSourceFile(file, virtual.text, language, true);
      return base.getSourceFile(file, language, onError, shouldCreate);
    },
    directoryExists: (dir) => dir === join(root, virtualDir) || (base.directoryExists?.(dir) ?? true),
  };
  const program = ts.createProgram([...files.keys()], options, host, first);
  const problems = [];
  const scopePath = join(root, virtualDir, 'scope.ts');
  for (const diagnostic of [
    ...program.getOptionsDiagnostics(),
    ...program.getSemanticDiagnostics(program.getSourceFile(scopePath)),
    ...program.getSyntacticDiagnostics(program.getSourceFile(scopePath)),
  ]) {
    problems.push({
      uri: 'scripts/docstrings/typecheck.mjs',
      line: 0,
      column: 0,
      message: `the scope file does not compile: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`,
    });
  }
  const checker = program.getTypeChecker();
  /** `uri\nline` of each `// not typed:` comment -> whether it excused anything (in any block made from its line). */
  const markers = new Map();
  for (const [file, virtual] of files) {
    if (file === scopePath) continue;
    const source = program.getSourceFile(file);
    const excusedLines = untypedSpans(source, virtual, markers);
    const diagnostics = [
      ...program.getSyntacticDiagnostics(source),
      ...program.getSemanticDiagnostics(source),
    ];
    for (const diagnostic of diagnostics) {
      const { line, character } = source.getLineAndCharacterOfPosition(diagnostic.start ?? 0);
      const at = virtual.map[line] ?? virtual.map.at(-1);
      const marker = excusedLines.get(line);
      if (marker) {
        markers.set(marker, true);
        continue;
      }
      if (readsUnknown(checker, source, diagnostic)) continue;
      // `if (<offset> !== 2)` in an outline: a row's value makes the comparison constant, as it should.
      if (diagnostic.code === 2367 && at.block.outline) continue;
      problems.push({
        uri: at.block.uri,
        line: at.line,
        column: at.column + character + 1,
        message: ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'),
        code: `TS${diagnostic.code}`,
      });
    }
  }
  for (const [marker, used] of markers) {
    if (used) continue;
    const [uri, line] = marker.split('\n');
    problems.push({
      uri,
      line: Number(line),
      column: 1,
      message: 'this "// not typed:" comment excuses nothing: the statement under it type-checks; remove it',
      code: 'untyped-unused',
    });
  }
  return problems;
}
