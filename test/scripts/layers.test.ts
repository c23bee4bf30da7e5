/** The house's layers (src/README.md): what each folder may import, and no import circle between source files. */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const src = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'src');

type LayerName = 'base' | 'core' | 'battery' | 'flavour' | 'entry';

/**
 * Each folder of src/ is a layer; a file loose in src/ is a public entry point (package.json's exports). A
 * new folder has to be named here, so nothing lands in a layer by default.
 */
const FOLDER_LAYERS: Record<string, LayerName> = {
  base: 'base',
  core: 'core',
  batteries: 'battery',
  flavours: 'flavour',
};

/** What each layer may import, itself included. */
const ALLOWED: Record<LayerName, readonly LayerName[]> = {
  base: ['base'],
  core: ['base', 'core'],
  battery: ['base', 'core', 'battery'],
  flavour: ['base', 'core', 'battery', 'flavour'],
  entry: ['base', 'core', 'battery', 'flavour', 'entry'],
};

function layerOf(file: string): LayerName | `unplaced: ${string}` {
  const parts = file.split(sep);
  if (parts.length === 1) return 'entry';
  return FOLDER_LAYERS[parts[0] as string] ?? `unplaced: ${parts[0]}`;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [relative(src, path)] : [];
  });
}

/** The public types, which may name each other in a circle of type-only imports (see typeCircleAllowed). */
const PUBLIC_TYPES = join('core', 'types') + sep;

/**
 * Whether an import of `target` by `file` may close a circle: a type-only one between two files of the
 * public types. A request names its app, whose registrars take handlers of requests: types that refer to
 * each other. Such a circle costs nothing at run time (the compiler erases it) and needs nothing of the
 * build (the declaration bundler puts them in one file); breaking it took an augmented registry and a step
 * rewriting the built declarations, which is worse than the circle (CONVENTIONS.md, Layers).
 */
function typeCircleAllowed(file: string, target: string, typeOnly: boolean): boolean {
  return typeOnly && file.startsWith(PUBLIC_TYPES) && target.startsWith(PUBLIC_TYPES);
}

/**
 * The source files `file` imports (type-only imports too: a circle of types is still a circle, but for
 * the public types' own, see typeCircleAllowed), each with whether every import of it is type-only.
 */
function importsOf(file: string): Array<{ target: string; typeOnly: boolean }> {
  const text = readFileSync(join(src, file), 'utf8');
  const found = new Map<string, boolean>();
  for (const match of text.matchAll(/(?:^|\n)\s*(import|export)\s(type\s)?[^;]*?from\s+'(\.[^']+)'/g)) {
    const target = relative(src, resolve(dirname(join(src, file)), match[3] as string)).replace(
      /\.js$/,
      '.ts',
    );
    found.set(target, (found.get(target) ?? true) && match[2] !== undefined);
  }
  return [...found].map(([target, typeOnly]) => ({ target, typeOnly }));
}

/**
 * Files allowed over 300 lines, each with its reason and the most lines it may have, so it cannot grow
 * unseen. The count is a smell to look at, not a limit: a file with one job stays whole.
 */
const LONG_ON_PURPOSE: Record<string, string> = {
  'core/app.ts':
    'the App class, one job: registration, settings, its flavour, lifecycle, its two ways in (a request of its own server, whose prototypes node:http set, and any other), the error path of one app and its shutdown (closing, APP-007, APP-014); split, the halves would reach into each other',
  'base/errors.ts':
    'the one registry of error codes (each with its status, whether it is shown, how it is logged, whether it is a setup misuse) and the two error classes built from it; split, a code and its class would live apart',
  'core/router/route-index.ts':
    "one router's route index, one job: registering a route's pattern and matching a path against every pattern, static segments, params and bounded regexes together",
  'core/router/router.ts':
    "the Router class, one job: its registrars (every method, use, route, param), its walk and routes(); `get` is its own method (an app's reads a setting) and so spells out PathRegistrar's overloads, guards beside route options included",
  'core/router/dispatch.ts':
    "the one walker of handlers (a router's stack, its routes, a Route on its own): ERR-004, next('route'), SCHEMA-009 and HARD-002 live in one place; split, the halves would share every field",
  'core/schema/reply-snapshot.ts':
    'one compiler, one job: the checked copy of every JSON Schema form (objects, maps, arrays, tuples, unions, refs), each keyword check beside the node that runs it',
  'core/schema/reply-writer.ts':
    'one code generator: the code each keyword emits sits beside the code it is emitted with; split, the halves would call each other',
};
const LONG_LIMITS: Record<string, number> = {
  'core/app.ts': 400,
  'core/router/dispatch.ts': 330,
  'core/router/router.ts': 320,
  'base/errors.ts': 400,
  'core/router/route-index.ts': 310,
  'core/schema/reply-snapshot.ts': 480,
  'core/schema/reply-writer.ts': 350,
};

/** The key under which a long file is allowed: its path while it stays within its limit, else none. */
function lineKey(lines: number, file: string): string {
  return lines <= (LONG_LIMITS[file] ?? 300) ? file : `${file} (over its limit)`;
}

/** Lines as `wc -l` counts them. */
function lineCount(text: string): number {
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

const files = sourceFiles(src).sort();
const graph = new Map(files.map((file) => [file, importsOf(file)]));

describe('the layers of src/ (src/README.md)', () => {
  it('are what every source file is, and each imports only from the layers below it or its own', () => {
    const broken: string[] = [];
    for (const [file, targets] of graph) {
      const from = layerOf(file);
      for (const { target } of targets) {
        const to = layerOf(target);
        if (from.startsWith('unplaced') || !ALLOWED[from as LayerName].includes(to as LayerName))
          broken.push(`${file} (${from}) -> ${target} (${to})`);
      }
    }
    assert.deepEqual(broken, []);
  });

  it('have no import circle between source files', () => {
    const circles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const path: string[] = [];
    const visit = (file: string): void => {
      state.set(file, 'open');
      path.push(file);
      for (const { target, typeOnly } of graph.get(file) ?? []) {
        if (!graph.has(target) || typeCircleAllowed(file, target, typeOnly)) continue;
        if (state.get(target) === 'open')
          circles.push([...path.slice(path.indexOf(target)), target].join(' -> '));
        else if (state.get(target) === undefined) visit(target);
      }
      path.pop();
      state.set(file, 'done');
    };
    for (const file of files) if (state.get(file) === undefined) visit(file);
    assert.deepEqual(circles, []);
  });

  it('keep every source file under 300 lines, but for the one whose reason is written here', () => {
    const long = files
      .map((file) => ({ file, lines: lineCount(readFileSync(join(src, file), 'utf8')) }))
      .filter(({ file, lines }) => lines > 300 && !Object.hasOwn(LONG_ON_PURPOSE, lineKey(lines, file)))
      .map(({ file, lines }) => `${file}: ${lines}`);
    assert.deepEqual(long, []);
  });

  it('see every import the files make (the reader is not blind)', () => {
    assert.ok(files.length > 50, `only ${files.length} source files found`);
    assert.ok(
      (graph.get('core/app.ts') ?? []).some(({ target }) => target === 'core/router/dispatch.ts'),
      'app.ts imports the dispatcher',
    );
    const request = graph.get(join('core', 'types', 'request-response.ts')) ?? [];
    assert.deepEqual(
      request.find(({ target }) => target === join('core', 'types', 'kit-app.ts')),
      { target: join('core', 'types', 'kit-app.ts'), typeOnly: true },
      'the request names its app with a type-only import',
    );
    assert.equal(typeCircleAllowed(join('core', 'app.ts'), join('core', 'types', 'kit-app.ts'), true), false);
    assert.equal(layerOf(join('flavours', 'express4', 'flavour.ts')), 'flavour');
    assert.equal(layerOf(join('batteries', 'middleware', 'cors.ts')), 'battery');
    assert.equal(layerOf('index.ts'), 'entry');
    assert.equal(layerOf(join('helpers', 'x.ts')), 'unplaced: helpers');
  });
});
