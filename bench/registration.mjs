// Route registration, side by side (issue 35): how long an app takes to register regex routes and how much
// resident memory that adds, for kitjs/express, kit(), Express 4.21.2 and Express 5. Each measurement runs in
// a fresh process (the first regex route is the one that used to load a checker), the framework already
// imported; the median of --runs (default 5) is reported. Writes bench/results/registration.{md,json}.
//   node scripts/with-bench-deps.mjs bench/registration.mjs [--runs N] [--kitjs-src DIR] [--label NAME] [--out FILE]
// kitjs comes from dist/ when it is built, else from src/ bundled by esbuild (as the build does, into
// node_modules/.cache/kitjs-registration/); --kitjs-src DIR measures the sources of another checkout (e.g.
// `git archive REV src | tar -x -C DIR`) for a before/after.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  return at === -1 ? fallback : args[at + 1];
};

// What each scenario registers: 200 parameters with their own regex (the README's form), and the forms of
// issue 35 with them (`:p*`, `:p+`, Express's routing guide's RegExp).
const regexRoutes = () => Array.from({ length: 200 }, (_, i) => `/items${i}/:id(\\d+)`);
const SCENARIOS = {
  '200 /items<i>/:id (no regex)': () => Array.from({ length: 200 }, (_, i) => `/items${i}/:id`),
  '200 :id(\\d+)': regexRoutes,
  ':p*, :p+, /.*fly$/ and 200 :id(\\d+)': () => [
    '/assets/:path*',
    '/docs/:path+',
    /.*fly$/,
    ...regexRoutes(),
  ],
};

// The child: import one framework, then time the registration of one scenario's routes.
if (args[0] === '--child') {
  const [, framework, scenario, module] = args;
  const { default: make } = await import(module);
  const app = make();
  // kit() reads kitjs's own syntax (ROUTE-022), which refuses `:p*` and `:p+`: it registers the spelling its
  // refusal names instead (`/assets/*`, `/docs/*`), the trie's, with no regex.
  const kitSpelling = (path) => (typeof path === 'string' ? path.replace(/\/:\w+[*+]$/, '/*') : path);
  const routes = SCENARIOS[scenario]().map(framework === 'kit()' ? kitSpelling : (path) => path);
  const handler = (_req, res) => res.end('ok');
  globalThis.gc?.();
  const before = process.memoryUsage().rss;
  const start = process.hrtime.bigint();
  for (const path of routes) app.get(path, handler);
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  const rssMB = (process.memoryUsage().rss - before) / 2 ** 20;
  process.stdout.write(JSON.stringify({ framework, scenario, ms, rssMB }));
  process.exit(0);
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

const runs = Number(option('--runs', '5'));
const kitjsSrc = option('--kitjs-src', undefined);
const label = option('--label', kitjsSrc ? `kitjs from ${kitjsSrc}` : 'kitjs (this tree)');
const out = option('--out', join(here, 'results', 'registration'));
const useDist = kitjsSrc === undefined && existsSync(join(root, 'dist', 'express.js'));
const src = kitjsSrc ?? join(root, 'src');
const bundles = join(root, 'node_modules', '.cache', 'kitjs-registration');
function kitjsModule(entry) {
  if (useDist) return pathToFileURL(join(root, 'dist', `${entry}.js`)).href;
  const outfile = join(bundles, `${entry}.mjs`);
  const esbuild = join(root, 'node_modules', '.bin', 'esbuild');
  const flags = ['--bundle', '--format=esm', '--platform=node', '--packages=external', '--log-level=error'];
  const built = spawnSync(esbuild, [join(src, `${entry}.ts`), ...flags, `--outfile=${outfile}`], {
    encoding: 'utf8',
  });
  if (built.status !== 0) throw new Error(`esbuild ${entry}: ${built.stderr}`);
  return pathToFileURL(outfile).href;
}
const frameworks = [
  { name: 'kitjs/express', module: kitjsModule('express') },
  { name: 'kit()', module: kitjsModule('index') },
  { name: 'express@4.21.2', module: pathToFileURL(join(here, 'node_modules', 'express4', 'index.js')).href },
  { name: 'express@5', module: pathToFileURL(join(here, 'node_modules', 'express', 'index.js')).href },
];

const results = [];
for (const scenario of Object.keys(SCENARIOS)) {
  for (const framework of frameworks) {
    const samples = [];
    let failure;
    for (let run = 0; run < runs && failure === undefined; run++) {
      const node = ['--expose-gc'];
      const child = spawnSync(
        process.execPath,
        [...node, fileURLToPath(import.meta.url), '--child', framework.name, scenario, framework.module],
        { cwd: root, encoding: 'utf8' },
      );
      if (child.status !== 0)
        failure = (child.stderr.split('\n').find((l) => /^[A-Za-z]*Error\b/.test(l)) ?? child.stderr).trim();
      else samples.push(JSON.parse(child.stdout));
    }
    const row = { framework: framework.name, scenario };
    if (failure !== undefined) row.error = failure.slice(0, 160);
    else
      Object.assign(row, {
        ms: median(samples.map((s) => s.ms)),
        rssMB: median(samples.map((s) => s.rssMB)),
      });
    results.push(row);
    console.log(
      row.error
        ? `${scenario} ${row.framework}: refused: ${row.error}`
        : `${scenario} ${row.framework}: ${row.ms.toFixed(1)} ms, +${row.rssMB.toFixed(1)} MB RSS`,
    );
  }
}

const lines = [
  '# Route registration (bench/registration.mjs)',
  '',
  `${label}; Node ${process.version}; median of ${runs} fresh processes each; time and RSS growth while the`,
  `routes are registered, the framework already imported. ${cpus().length} cores, load average ${loadavg()[0].toFixed(1)} at the end.`,
  '',
  '| scenario | framework | time (ms) | RSS growth (MB) |',
  '| --- | --- | ---: | ---: |',
  ...results.map((r) =>
    r.error
      ? `| ${r.scenario} | ${r.framework} | refused: ${r.error.replace(/\|/g, '\\|')} | |`
      : `| ${r.scenario} | ${r.framework} | ${r.ms.toFixed(1)} | ${r.rssMB.toFixed(1)} |`,
  ),
  '',
];
mkdirSync(dirname(out), { recursive: true });
writeFileSync(`${out}.md`, lines.join('\n'));
writeFileSync(`${out}.json`, `${JSON.stringify({ label, node: process.version, runs, results }, null, 2)}\n`);
console.log(`wrote ${out}.md and ${out}.json`);
