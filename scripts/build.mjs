// `npm run build`: src/<entry>.ts -> dist/<entry>.{js,cjs,d.ts,d.cts} for every entry point package.json
// exports (scripts/build-entries.mjs), and the one core every entry shares, dist/core.{js,cjs,d.ts,d.cts};
// `npm run build` then runs scripts/finish-build.mjs.
//
// The pipeline tsup ran, with its two engines called directly (tsup and its closure were 44 of the packages
// `npm install` added): esbuild compiles each TypeScript file, rollup bundles them (dependencies stay
// external), tree-shakes and writes the bundle as ESM and as CommonJS (rollup's CommonJS is the shape
// finish-build.mjs completes: `exports.default`, `exports.<name>`, `import.meta.url` from `__filename`), and
// rollup-plugin-dts bundles the declarations, once as .d.ts and once as .d.cts.
//
// One core, not one per entry: `kitjs`, `kitjs/express`, `kitjs/auth`, `kitjs/db` and `kitjs/docs` are built
// together, and what two of them import (the app, Router, KitIncomingMessage, KitServerResponse, the
// batteries the root re-exports...) goes to dist/core.*, which they load. With a copy
// in each entry, a Router from 'kitjs' was not `instanceof` express.Router (nor the other way round), its
// type was not assignable to theirs, and a member added to `express.response` never reached kit() apps.
// `npm run features:dist` (and `features:dist-cjs`) runs the conformance suite on what this writes.
import { readFileSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { transform } from 'esbuild';
import { rollup } from 'rollup';
import { dts } from 'rollup-plugin-dts';
import { CORE, entryNames } from './build-entries.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
const names = entryNames(root);
const started = Date.now();

rmSync(dist, { recursive: true, force: true });

/** A bare import (a dependency, a peer or a Node built-in) stays an import. */
const external = (id) => !id.startsWith('.') && !id.startsWith('/') && !id.startsWith('\0');

/** Fails the build unless `output` is exactly the entries and the one core chunk, named as dist/ expects. */
function expectChunks(output, extension) {
  const written = output
    .filter((file) => file.type === 'chunk')
    .map((chunk) => chunk.fileName)
    .sort();
  const expected = [...names, CORE].map((name) => `${name}${extension}`).sort();
  if (written.join() !== expected.join()) {
    throw new Error(
      `build: expected ${expected.join(', ')} but rollup wrote ${written.join(', ')}; ` +
        'everything the entries share must be in one core chunk (see scripts/build-entries.mjs)',
    );
  }
}

// --- JavaScript ------------------------------------------------------------------------------------------
// esbuild only strips the types, one file at a time; rollup bundles. Rollup keeps a class a class
// declaration (`class KitIncomingMessage extends IncomingMessage`), where esbuild's bundler rewrites every
// top-level class as `var X = class _X`, and its code splitting puts what every entry imports in one shared
// chunk, named CORE (a second shared chunk would collide on that name and fail below, loudly).
const tsconfig = JSON.parse(readFileSync(join(root, 'tsconfig.json'), 'utf8'));
const sources = join(root, 'src');

/**
 * Rollup's `manualChunks` for the JavaScript: a module two or more entries reach goes to the core, one only a
 * single entry reaches stays in that entry's file. Left to itself rollup makes one shared chunk per set of
 * entries that share modules (kitjs with kitjs/auth, kitjs with kitjs/db...), and a class in one of those
 * would not be in the core the other entries load.
 */
function sharedModulesToCore(entryIds) {
  return (id, { getModuleInfo }) => {
    if (entryIds.has(id)) return null;
    const reaching = new Set();
    const seen = new Set([id]);
    const queue = [id];
    while (queue.length > 0) {
      const info = getModuleInfo(queue.pop());
      for (const importer of [...(info?.importers ?? []), ...(info?.dynamicImporters ?? [])]) {
        if (seen.has(importer)) continue;
        seen.add(importer);
        if (entryIds.has(importer)) reaching.add(importer);
        queue.push(importer);
      }
    }
    return reaching.size > 1 ? CORE : null;
  };
}

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
  ],
});
const sharedToCore = sharedModulesToCore(new Set(names.map((name) => join(sources, `${name}.ts`))));
// Readable export names between the entries and the core (rollup shortens them to letters in ESM otherwise).
const esm = await build.write({
  dir: dist,
  format: 'es',
  entryFileNames: '[name].js',
  chunkFileNames: `${CORE}.js`,
  manualChunks: sharedToCore,
  minifyInternalExports: false,
  sourcemap: true,
});
expectChunks(esm.output, '.js');
const cjs = await build.write({
  dir: dist,
  format: 'cjs',
  entryFileNames: '[name].cjs',
  chunkFileNames: `${CORE}.cjs`,
  manualChunks: sharedToCore,
  exports: 'named',
  sourcemap: true,
});
expectChunks(cjs.output, '.cjs');
await build.close();

// --- Declarations -------------------------------------------------------------------------------------------
// Every declaration goes to dist/core.d.ts (and .d.cts); each entry's declarations are its own members and
// what it exports from the core. One declaration per class, so the Router a 'kitjs' app is typed with is the
// Router 'kitjs/express' takes (a class with private members, declared in two files, is two types). The
// core's declarations hold more than dist/core.js (types only one entry uses): types cost no load time.
// rollup-plugin-dts warns when an entry's declarations use a core name that no entry exports: a user's
// declarations could not name it (TS2883), so the fix is in the entry's source (src/express.ts types its
// members with names it exports), and the build is expected to print no such warning.
const entryFiles = new Set(names.map((name) => join(root, 'src', `${name}.ts`)));
const declarations = await rollup({
  input: Object.fromEntries(names.map((name) => [name, join(root, 'src', `${name}.ts`)])),
  external,
  plugins: [
    dts({
      tsconfig: join(root, 'tsconfig.json'),
      compilerOptions: { noEmit: false, declaration: true, emitDeclarationOnly: true, allowJs: false },
    }),
  ],
});
for (const extension of ['.d.ts', '.d.cts']) {
  const written = await declarations.write({
    dir: dist,
    format: 'es',
    entryFileNames: `[name]${extension}`,
    chunkFileNames: `[name]${extension}`,
    manualChunks: (id) => (entryFiles.has(id) ? null : CORE),
    minifyInternalExports: false,
  });
  expectChunks(written.output, extension);
}
await declarations.close();
console.log(
  `build: ${names.map((name) => `src/${name}.ts`).join(', ')} -> dist/ (sharing dist/${CORE}.*) ` +
    `in ${Date.now() - started} ms`,
);
