// `npm run build`: src/<entry>.ts -> dist/<entry>.{js,cjs,d.ts} for every entry point package.json exports
// (scripts/build-entries.mjs), the chunks they share (dist/core.js, dist/auth-shared.js...: CHUNKS), and the
// declarations they share, dist/types.d.ts; `npm run build` then runs scripts/finish-build.mjs, which writes
// each entry's CommonJS declarations (dist/<entry>.d.cts) from src/<entry>.cts.
//
// The pipeline tsup ran, with its two engines called directly (tsup and its closure were 44 of the packages
// `npm install` added): esbuild compiles each TypeScript file, rollup bundles them (dependencies stay
// external), tree-shakes and writes the bundle as ESM and as CommonJS, and rollup-plugin-dts bundles the
// declarations.
//
// Entries that load only themselves (issue 46), and one copy of each module: every module of src/ is in
// exactly one file of each format, so a Router, request or response class is the same object whichever
// entry a user imports (a copy per entry made a Router from 'kitjs' not `instanceof` express.Router, and a
// member added to `express.response` never reached kit() apps). Rollup's own code splitting does both: a
// module one entry reaches stays in that entry's file, and what several entries reach goes to a chunk of its
// own for each set of entries that reach it, so `kitjs/auth` loads the auth battery and the base helpers it
// imports, never the HTTP core (dist/core.js) that kitjs and the Express entries load. The chunks are named
// after what they hold (chunkName below) and checked against CHUNKS. `npm run features:dist` (and
// `features:dist-cjs`) runs the conformance suite on what this writes; bench/imports.mjs measures what each
// entry loads.
import { copyFileSync, readFileSync, rmSync } from 'node:fs';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { transform } from 'esbuild';
import { rollup } from 'rollup';
import { dts } from 'rollup-plugin-dts';
import { CHUNKS, entryNames, SHARED_TYPES, VENDORED } from './build-entries.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
const sources = join(root, 'src');
const names = entryNames(root);
const entryFiles = new Set(names.map((name) => join(sources, `${name}.ts`)));
const started = Date.now();

rmSync(dist, { recursive: true, force: true });

/** A bare import (a dependency, a peer or a Node built-in) stays an import. */
const external = (id) => !id.startsWith('.') && !id.startsWith('/') && !id.startsWith('\0');

const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const optionalPeers = Object.entries(pkg.peerDependenciesMeta ?? {})
  .filter(([, meta]) => meta.optional)
  .map(([name]) => name);
/** Whether a bare import names an optional peer (mongoose, 'sequelize', '@opentelemetry/api'...). */
const isOptionalPeer = (id) => optionalPeers.some((name) => id === name || id.startsWith(`${name}/`));

// --- Chunk names -----------------------------------------------------------------------------------------

/**
 * Where a source file stands, for naming the chunk that holds it: its layer (`base`, `core`) or, in a layer
 * of several parts, its part (`auth` for batteries/auth/, `express-shared` for flavours/express-shared/).
 */
function placeOf(id) {
  const parts = relative(sources, id).split(sep);
  if (parts[0] === 'batteries' || parts[0] === 'flavours') return parts[1];
  return parts.length === 1 ? parts[0].replace(/\.ts$/, '') : parts[0];
}

/**
 * A rollup plugin that records each module's size (its compiled code) and place once the graph is built,
 * and names each shared chunk after the place that holds most of its code: the place itself when the chunk
 * holds most of that place's code (`core`), else the place and its largest module (`base-logger`), with
 * `-shared` added where that is an entry's name (`auth-shared`, the auth battery kitjs and kitjs/auth share).
 */
function chunkNaming() {
  const size = new Map();
  const placeTotals = new Map();
  return {
    plugin: {
      name: 'chunk-naming',
      buildEnd() {
        for (const id of this.getModuleIds()) {
          if (!id.startsWith(sources)) continue;
          const bytes = this.getModuleInfo(id)?.code?.length ?? 0;
          size.set(id, bytes);
          placeTotals.set(placeOf(id), (placeTotals.get(placeOf(id)) ?? 0) + bytes);
        }
      },
    },
    chunkName({ moduleIds }) {
      const own = moduleIds.filter((id) => size.has(id));
      const byPlace = new Map();
      for (const id of own) byPlace.set(placeOf(id), (byPlace.get(placeOf(id)) ?? 0) + size.get(id));
      const [place, bytes] = [...byPlace].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0] ?? [];
      if (place === undefined)
        throw new Error(`build: a chunk of no source module (${moduleIds.join(', ')})`);
      const largest = own
        .filter((id) => placeOf(id) === place)
        .sort((a, b) => size.get(b) - size.get(a) || a.localeCompare(b))[0];
      const name =
        bytes * 2 > placeTotals.get(place) ? place : `${place}-${basename(largest).replace(/\.ts$/, '')}`;
      return names.includes(name) ? `${name}-shared` : name;
    },
  };
}

/** Fails the build unless rollup wrote exactly the entries and `chunks`, each under its own name. */
function expectChunks(output, extension, chunks = CHUNKS) {
  const written = output
    .filter((file) => file.type === 'chunk')
    .map((chunk) => chunk.fileName)
    .sort();
  const expected = [...names, ...chunks].map((name) => `${name}${extension}`).sort();
  if (written.join() !== expected.join()) {
    const extra = written.filter((file) => !expected.includes(file));
    const missing = expected.filter((file) => !written.includes(file));
    throw new Error(
      `build: rollup's chunks are not scripts/build-entries.mjs's CHUNKS: written but not listed: ` +
        `${extra.join(', ') || 'none'}; listed but not written: ${missing.join(', ') || 'none'}. ` +
        'An import that changes which entries share a module changes the chunks: list the new ones there.',
    );
  }
}

// --- Node's built-in modules in the ES module build ---------------------------------------------------------

/**
 * A rollup plugin that writes the ES module build's imports of Node's built-in modules as
 * `process.getBuiltinModule()` calls: `import { STATUS_CODES } from 'node:http';` becomes
 * `const { STATUS_CODES } = process.getBuiltinModule('node:http');`, on the same line (the source maps stay
 * right). Why (issue 47): to make an ES module of a built-in, Node reads every one of its exports, getters
 * included, and Node 26's node:http has getters (WebSocket, CloseEvent, MessageEvent) that load undici: 84 ms
 * of CPU for `import { STATUS_CODES } from 'node:http'` against 11 ms for the module itself, which is what
 * `require()` (the CommonJS build, Fastify) pays. That was most of what importing kitjs/auth cost on Node 26.
 * getBuiltinModule (Node 20.16) gives the module itself, as require() does. The CommonJS build is left as it
 * is. An import it cannot read fails the build rather than being left as it was.
 */
function builtinsWithoutNamespaces() {
  const BUILTIN_IMPORT = /^import ([^'"]+) from '(node:[\w/]+)';$/gm;
  /** The declarations for one import's clause: `path`, `{ a, b as c }`, `* as ns`, or a default and names. */
  const declare = (clause, id) => {
    const load = `process.getBuiltinModule('${id}')`;
    const names = (list) => list.replace(/\s+as\s+/g, ': ');
    let match = /^([\w$]+)$/.exec(clause) ?? /^\* as ([\w$]+)$/.exec(clause);
    if (match) return `const ${match[1]} = ${load};`;
    match = /^(\{[\w$\s,]+\})$/.exec(clause);
    if (match) return `const ${names(match[1])} = ${load};`;
    match = /^([\w$]+), (\{[\w$\s,]+\})$/.exec(clause);
    if (match) return `const ${match[1]} = ${load}; const ${names(match[2])} = ${match[1]};`;
    throw new Error(`build: cannot rewrite the import of ${id} (${clause}) in the ES module build`);
  };
  return {
    name: 'builtins-without-namespaces',
    renderChunk(code, chunk, options) {
      if (options.format !== 'es') return null;
      const rewritten = code.replace(BUILTIN_IMPORT, (_, clause, id) => declare(clause.trim(), id));
      if (/\bfrom\s*['"]node:/.test(rewritten)) {
        throw new Error(`build: ${chunk.fileName} imports a built-in in a form the build does not rewrite`);
      }
      // Each import became one line of the same place: the mappings of every other line are unchanged.
      return { code: rewritten, map: null };
    },
    // A const is unset until its module runs, where an import binding is set before any module runs: with
    // a circle of chunks, a chunk could call into one whose built-ins are not set yet. Rollup writes none
    // today; this keeps it so.
    generateBundle(options, bundle) {
      if (options.format !== 'es') return;
      const visiting = new Set();
      const done = new Set();
      const visit = (name, path) => {
        if (done.has(name)) return;
        if (visiting.has(name))
          throw new Error(`build: the chunks import each other: ${[...path, name].join(' -> ')}`);
        visiting.add(name);
        for (const next of bundle[name]?.imports ?? []) if (bundle[next]) visit(next, [...path, name]);
        visiting.delete(name);
        done.add(name);
      };
      for (const name of Object.keys(bundle)) visit(name, []);
    },
  };
}

// --- JavaScript ------------------------------------------------------------------------------------------
// esbuild only strips the types, one file at a time; rollup bundles. Rollup keeps a class a class
// declaration (`class KitIncomingMessage extends IncomingMessage`), where esbuild's bundler rewrites every
// top-level class as `var X = class _X`.
const tsconfig = JSON.parse(readFileSync(join(root, 'tsconfig.json'), 'utf8'));
const naming = chunkNaming();

const build = await rollup({
  input: Object.fromEntries(names.map((name) => [name, join(sources, `${name}.ts`)])),
  external,
  treeshake: true,
  plugins: [
    {
      name: 'typescript-by-esbuild',
      resolveId(id, importer) {
        if (importer === undefined || !id.startsWith('.')) return null;
        // The sources import each other as `./name.js`, the file being `./name.ts`.
        return resolve(dirname(importer), id.endsWith('.js') ? `${id.slice(0, -3)}.ts` : id);
      },
      async transform(code, id) {
        if (!id.endsWith('.ts')) return null;
        const out = await transform(code, {
          loader: 'ts',
          format: 'esm',
          target: 'node20',
          sourcemap: 'external',
          sourcefile: id,
          tsconfigRaw: { compilerOptions: tsconfig.compilerOptions },
        });
        return { code: out.code, map: out.map };
      },
    },
    naming.plugin,
    builtinsWithoutNamespaces(),
  ],
});

/**
 * CommonJS that looks like Express: `require('kitjs')` is the kit function itself (and
 * `require('kitjs/express')` the express function, every entry with a default export alike), carrying every
 * named export and `default` (for transpiled `import kit from 'kitjs'`), so `const kit = require('kitjs');
 * kit(); kit.json()` works. src/index.cts declares the same shape (`export =`) for the types.
 */
const likeExpress = (chunk) =>
  chunk.isEntry && chunk.exports.includes('default')
    ? '// The module is the default export with every export on it (scripts/build.mjs).\n' +
      "module.exports = Object.defineProperty(Object.assign(exports.default, exports), '__esModule', { value: true });"
    : '';

const shared = {
  dir: dist,
  // Readable export names between the entries and the chunks (rollup shortens them to letters otherwise).
  minifyInternalExports: false,
  // An entry imports the chunks it uses, not the ones those import in turn (rollup would list them all to
  // start their loading early; node loads them either way).
  hoistTransitiveImports: false,
  sourcemap: true,
};
const esm = await build.write({
  ...shared,
  format: 'es',
  entryFileNames: '[name].js',
  chunkFileNames: (chunk) => `${naming.chunkName(chunk)}.js`,
});
expectChunks(esm.output, '.js');
const cjs = await build.write({
  ...shared,
  format: 'cjs',
  entryFileNames: '[name].cjs',
  chunkFileNames: (chunk) => `${naming.chunkName(chunk)}.cjs`,
  exports: 'named',
  footer: likeExpress,
});
expectChunks(cjs.output, '.cjs');
await build.close();

// --- Declarations -------------------------------------------------------------------------------------------
// rollup-plugin-dts bundles tsc's declaration emit: each entry's own declarations in dist/<entry>.d.ts, and
// every declaration two entries share once, in dist/types.d.ts (one declaration per class, so the Router a
// 'kitjs' app is typed with is the Router 'kitjs/express' takes: a class with private members, declared in
// two files, is two types). These are the ES module declarations; the CommonJS ones (dist/<entry>.d.cts)
// import them (scripts/finish-build.mjs), so both formats name one set of types. Where a shared name is not
// exported by the entry that uses it, rollup-plugin-dts imports it through an entry that does, so a user's
// declarations can name it (TS2742); it warns when no entry exports such a name, and the fix is in the
// entry's source (src/express.ts types its members with names it exports): the build is expected to print
// no such warning.
//
// Optional peers: the shared declarations import mongoose's and sequelize's types, which a project without
// them cannot resolve. A declaration file importing an optional peer references dist/optional-peers.d.ts
// (src/optional-peers.d.ts), whose wildcard module declarations TypeScript uses only for a module it cannot
// resolve, so src/batteries/db/peer-types.ts's `Installed<Peer, Shape>` picks the declared shape there.
const declarations = await rollup({
  input: Object.fromEntries(names.map((name) => [name, join(sources, `${name}.ts`)])),
  external,
  plugins: [
    dts({
      tsconfig: join(root, 'tsconfig.json'),
      compilerOptions: { noEmit: false, declaration: true, emitDeclarationOnly: true, allowJs: false },
    }),
  ],
});
const types = await declarations.write({
  dir: dist,
  format: 'es',
  entryFileNames: '[name].d.ts',
  chunkFileNames: '[name].d.ts',
  manualChunks: (id) => (entryFiles.has(id) ? null : SHARED_TYPES),
  minifyInternalExports: false,
  // Declarations have no evaluation order: an entry imports only the names it uses.
  hoistTransitiveImports: false,
  banner: (chunk) =>
    chunk.imports.some(isOptionalPeer) ? '/// <reference path="./optional-peers.d.ts" />' : '',
});
expectChunks(types.output, '.d.ts', [SHARED_TYPES]);
await declarations.close();
for (const file of VENDORED) copyFileSync(join(sources, basename(file)), join(root, file));

console.log(
  `build: ${names.map((name) => `src/${name}.ts`).join(', ')} -> dist/ (sharing ${CHUNKS.length} chunks ` +
    `and dist/${SHARED_TYPES}.d.ts) in ${Date.now() - started} ms`,
);
