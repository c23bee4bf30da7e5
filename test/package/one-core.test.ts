// Issue 25: the built package has one core (scripts/build.mjs). Whichever entry an app loads ('kitjs' or
// 'kitjs/express'), in ESM or in CommonJS, the Router, the request and the response are the same classes
// and prototypes, so a Router from one entry mounts on an app from the other; the Express flavour's request
// and response classes subclass the core's, so a member added to `express.response` reaches kitjs/express
// apps and not kit() ones. Needs dist/ (`npm run build` first; `npm test` does).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, sep } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const dist = join(root, 'dist');
const built = existsSync(join(dist, 'index.js'));
const skip = built ? false : 'dist/ is missing: run npm run build';

/** What scripts/build-entries.mjs says the build writes (a .mjs file, so loaded untyped). */
async function buildEntries(): Promise<{
  CORE: string;
  SHARED_TYPES: string;
  buildOutputs(root: string): string[];
}> {
  return import(pathToFileURL(join(root, 'scripts', 'build-entries.mjs')).href);
}

/** Runs `command` and fails the test with its output unless it succeeds. */
function mustRun(command: string, args: string[], cwd: string): string {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8' });
  assert.equal(result.status, 0, `${command} ${args.join(' ')}: ${result.error ?? ''}${result.stderr}`);
  return result.stdout;
}

/**
 * A project in the temp directory with kitjs installed from `npm pack`'s tarball: the tarball unpacked as
 * node_modules/kitjs (what npm installs), its dependencies linked to this repository's installed copies
 * (an install from the registry needs the network, which the tests must not). Only the dependencies
 * the packed package.json declares are there, so a file missing from `files` or an undeclared import fails.
 */
function installPackedPackage(): string {
  const project = mkdtempSync(join(tmpdir(), 'kit-one-core-'));
  const modules = join(project, 'node_modules');
  mkdirSync(modules);
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'one-core-probe', private: true }));
  const cli = process.env.npm_execpath;
  const pack = ['pack', '--silent', '--pack-destination', project];
  if (cli && /\.[cm]?js$/.test(cli)) mustRun(process.execPath, [cli, ...pack], root);
  else mustRun(process.platform === 'win32' ? 'npm.cmd' : 'npm', pack, root);
  const tarball = readdirSync(project).find((file) => file.endsWith('.tgz'));
  assert.ok(tarball, 'npm pack wrote a tarball');
  mustRun('tar', ['-xzf', tarball, '-C', modules], project);
  renameSync(join(modules, 'package'), join(modules, 'kitjs'));
  const manifest = JSON.parse(readFileSync(join(modules, 'kitjs', 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
  };
  for (const name of Object.keys(manifest.dependencies ?? {})) {
    const link = join(modules, name);
    mkdirSync(join(link, '..'), { recursive: true });
    symlinkSync(join(root, 'node_modules', name), link, 'junction');
  }
  for (const probe of ['probe.mjs', 'probe.cjs', 'params-keys.mjs']) {
    copyFileSync(fileURLToPath(new URL(`one-core/${probe}`, import.meta.url)), join(project, probe));
  }
  return project;
}

describe('the packed package shares one core between kitjs and kitjs/express', { skip }, () => {
  let project = '';
  before(() => {
    project = installPackedPackage();
  });
  after(() => {
    if (project) rmSync(project, { recursive: true, force: true });
  });

  const expected = {
    // [kit Router instanceof express.Router, express.Router() instanceof kit Router]: express.Router is the
    // flavour's own Router class, a subclass of the core's (EXP-001), so a kit() Router is not one of its
    // instances, while every express.Router() is a Router of the one core.
    routerInstanceof: [false, true],
    kitRouterOnExpressApp: '200 from a kitjs Router',
    expressRouterOnKitApp: '200 from express.Router()',
    membersOnExpressApp: '200 request member, shared prototypes: true via express.response',
    membersOnKitApp: '200 {"member":"undefined","send":"undefined","core":true}',
  };

  for (const [probe, kind] of [
    ['probe.mjs', 'ESM'],
    ['probe.cjs', 'CommonJS'],
  ]) {
    it(`mounts Routers across the entries; express.request/response reach kitjs/express apps only, on the one core (${kind})`, () => {
      // The probe prints its findings last; a request that failed may have logged before them.
      const out = mustRun(process.execPath, [probe], project).trim().split('\n');
      assert.deepEqual(JSON.parse(out.at(-1) ?? ''), expected, out.join('\n'));
    });
  }

  it('gives req.params the same keys from both route matchers, on a generated set of routes (ROUTE-021)', () => {
    // A plain Router answers kitjs patterns from its segment index, a strict one from regular expressions.
    const out = mustRun(process.execPath, ['params-keys.mjs'], project).trim().split('\n');
    const found = JSON.parse(out.at(-1) ?? '') as {
      patterns: number;
      compared: number;
      disagreements: unknown[];
    };
    assert.ok(found.patterns > 50 && found.compared > found.patterns, out.join('\n'));
    assert.deepEqual(found.disagreements, []);
  });

  it('keeps the core out of the public subpaths (ESM and CommonJS)', () => {
    // Resolved from the project, as an app would: by require (CommonJS) and by import.meta.resolve (ESM).
    const script = `import { createRequire } from 'node:module';
      const require = createRequire(${JSON.stringify(join(project, 'probe.mjs'))});
      const codes = [];
      for (const path of ['kitjs/dist/core.js', 'kitjs/dist/core.cjs', 'kitjs/core']) {
        for (const resolve of [require.resolve, import.meta.resolve]) {
          try { codes.push(path + ' resolved to ' + resolve(path)); } catch (error) { codes.push(error.code); }
        }
      }
      console.log(JSON.stringify(codes));`;
    const out = mustRun(process.execPath, ['--input-type=module', '-e', script], project);
    assert.deepEqual(JSON.parse(out), Array(6).fill('ERR_PACKAGE_PATH_NOT_EXPORTED'));
  });
});

describe('dist/ holds one copy of the core', { skip }, () => {
  /** A class's definition as esbuild writes it (`var Router = class _Router`) or as written (`class Router`). */
  const definitionOf = (name: string) => new RegExp(`(?:\\bclass|\\bvar|\\blet|\\bconst)\\s+${name}\\b`, 'g');

  for (const extension of ['.js', '.cjs']) {
    it(`defines each core class in one ${extension} file, the core chunk`, async () => {
      const { CORE } = await buildEntries();
      const files = readdirSync(dist).filter((file) => file.endsWith(extension));
      for (const name of ['KitIncomingMessage', 'KitServerResponse', 'Router', 'Route']) {
        const definitions = files.flatMap((file) => {
          const count = readFileSync(join(dist, file), 'utf8').match(definitionOf(name))?.length ?? 0;
          return Array<string>(count).fill(file);
        });
        assert.deepEqual(definitions, [`${CORE}${extension}`], `where ${name} is defined`);
      }
    });
  }

  for (const extension of ['.js', '.cjs']) {
    it(`puts each source module in one ${extension} file (the source maps' sources)`, () => {
      const holders = new Map<string, string[]>();
      for (const map of readdirSync(dist).filter((file) => file.endsWith(`${extension}.map`))) {
        const { sources } = JSON.parse(readFileSync(join(dist, map), 'utf8')) as { sources: string[] };
        for (const source of sources) holders.set(source, [...(holders.get(source) ?? []), map]);
      }
      const twice = [...holders].filter(([, maps]) => maps.length > 1);
      assert.deepEqual(twice, [], 'modules bundled into more than one file');
      assert.ok(holders.size > 100, `${holders.size} modules found in the maps`);
    });
  }

  it('declares Router once, in the shared declarations every entry imports, ESM and CommonJS', async () => {
    const { SHARED_TYPES } = await buildEntries();
    const files = readdirSync(dist).filter((file) => file.endsWith('.d.ts') || file.endsWith('.d.cts'));
    const declaring = files.filter((file) =>
      /^declare class Router\b/m.test(readFileSync(join(dist, file), 'utf8')),
    );
    assert.deepEqual(declaring, [`${SHARED_TYPES}.d.ts`]);
    for (const file of files.filter((name) => name !== `${SHARED_TYPES}.d.ts`)) {
      const text = readFileSync(join(dist, file), 'utf8');
      const relative = [...new Set([...text.matchAll(/from '(\.[^']*)'/g)].map((match) => match[1]))];
      if (file.endsWith('.d.cts')) {
        // A CommonJS view imports its entry's ES module declarations (and kitjs's, for a type it names).
        const own = `./${file.replace(/\.d\.cts$/, '.js')}`;
        assert.ok(relative.includes(own), `${file} imports ${own}`);
        assert.deepEqual(
          relative.filter((specifier) => specifier !== own && specifier !== './index.js'),
          [],
          `${file} imports only ES module declarations of entries`,
        );
      } else if (relative.length > 0) {
        assert.deepEqual(relative, [`./${SHARED_TYPES}.js`], `${file} imports only the shared declarations`);
      }
    }
  });

  it('writes what scripts/build-entries.mjs lists (build-if-stale.mjs checks those), and their maps', async () => {
    const { buildOutputs } = await buildEntries();
    const listed = buildOutputs(root).map((file) => file.replace(/^dist\//, ''));
    const written = readdirSync(dist, { recursive: true, encoding: 'utf8' })
      .filter((file) => !file.endsWith('.map') && !statSync(join(dist, file)).isDirectory())
      .map((file) => file.split(sep).join('/'));
    assert.deepEqual(written.sort(), [...listed].sort());
    const maps = readdirSync(dist).filter((file) => file.endsWith('.map'));
    // A vendored file is copied as it is, with no map of ours.
    assert.deepEqual(
      maps.sort(),
      listed
        .filter((file) => !file.includes('.d.') && !file.startsWith('vendor/'))
        .map((file) => `${file}.map`)
        .sort(),
    );
  });
});
