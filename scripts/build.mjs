// `npm run build`: src/<entry>.ts -> dist/<entry>.{js,cjs,d.ts,d.cts} for every entry point package.json
// exports (scripts/build-entries.mjs); `npm run build` then runs scripts/finish-build.mjs.
//
// The pipeline tsup ran, with its two engines called directly (tsup and its closure were 44 of the packages
// `npm install` added): esbuild compiles and bundles the TypeScript (dependencies stay external), rollup
// tree-shakes that bundle and writes it as ESM and as CommonJS (rollup's CommonJS is the shape
// finish-build.mjs completes: `exports.default`, `exports.<name>`, `import.meta.url` from `__filename`), and
// rollup-plugin-dts bundles the declarations, once as .d.ts and once as .d.cts.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build as esbuild } from 'esbuild';
import { rollup } from 'rollup';
import { dts } from 'rollup-plugin-dts';
import { entryNames } from './build-entries.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
const names = entryNames(root);
const started = Date.now();

rmSync(dist, { recursive: true, force: true });

/** A bare import (a dependency, a peer or a Node built-in) stays an import. */
const external = (id) => !id.startsWith('.') && !id.startsWith('/') && !id.startsWith('\0');

// --- JavaScript ------------------------------------------------------------------------------------------
const bundled = await esbuild({
  entryPoints: Object.fromEntries(names.map((name) => [name, join(root, 'src', `${name}.ts`)])),
  outdir: dist,
  bundle: true,
  packages: 'external',
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: 'external',
  splitting: false,
  write: false,
  logLevel: 'warning',
});
/** esbuild's output, by path: the code of each entry and its source map. */
const memory = new Map(bundled.outputFiles.map((file) => [file.path, file.text]));

for (const name of names) {
  const bundlePath = join(dist, `${name}.js`);
  const build = await rollup({
    input: bundlePath,
    external,
    treeshake: true,
    plugins: [
      {
        name: 'esbuild-output',
        resolveId: (id) => (id === bundlePath ? id : null),
        load: (id) =>
          id === bundlePath ? { code: memory.get(bundlePath), map: memory.get(`${bundlePath}.map`) } : null,
      },
    ],
    onwarn(warning, warn) {
      // esbuild already resolved the sources; rollup sees only the bundle and its bare imports.
      if (warning.code === 'UNRESOLVED_IMPORT') return;
      warn(warning);
    },
  });
  await build.write({ file: join(dist, `${name}.js`), format: 'es', sourcemap: true });
  await build.write({ file: join(dist, `${name}.cjs`), format: 'cjs', sourcemap: true, exports: 'named' });
  await build.close();
}

// --- recheck's pure-JavaScript build ---------------------------------------------------------------------
// src/router/regex-safety.ts proves route regexes safe with recheck. The `recheck` package would bring its
// optional native binary and .jar (57 MB) into every install, so kitjs ships recheck's own pure-JavaScript
// build instead: lib/browser.js, one CommonJS file with no dependency (the same engine, compiled by
// Scala.js), under its MIT licence. A `recheck` the application installs itself is used first.
{
  const recheckDir = dirname(createRequire(import.meta.url).resolve('recheck/package.json'));
  const { version, license } = JSON.parse(readFileSync(join(recheckDir, 'package.json'), 'utf8'));
  const notice = readFileSync(join(recheckDir, 'LICENSE'), 'utf8').trim();
  const code = readFileSync(join(recheckDir, 'lib', 'browser.js'), 'utf8');
  mkdirSync(join(dist, 'vendor'), { recursive: true });
  const header = `/*! recheck ${version} (lib/browser.js), ${license}: https://github.com/makenowjust-labs/recheck\n${notice}\n*/\n`;
  writeFileSync(join(dist, 'vendor', 'recheck.cjs'), header + code);
}

// --- Declarations -------------------------------------------------------------------------------------------
// One bundle per entry, each self-contained like its JavaScript (no chunks shared between entries), so that
// finish-build.mjs reads every export of an entry in its one file.
for (const name of names) {
  const declarations = await rollup({
    input: { [name]: join(root, 'src', `${name}.ts`) },
    external,
    plugins: [
      dts({
        tsconfig: join(root, 'tsconfig.json'),
        compilerOptions: { noEmit: false, declaration: true, emitDeclarationOnly: true, allowJs: false },
      }),
    ],
  });
  for (const extension of ['d.ts', 'd.cts']) {
    await declarations.write({ dir: dist, format: 'es', entryFileNames: `[name].${extension}` });
  }
  await declarations.close();
}

console.log(
  `build: ${names.map((name) => `src/${name}.ts`).join(', ')} -> dist/ in ${Date.now() - started} ms`,
);
