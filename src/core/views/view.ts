/** A view to render (Express's View): its file found from the `views` roots, and the engine for its extension. */
import { statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, extname, join, resolve } from 'node:path';
import type { ViewEngine } from '../types.js';

/** What `app.render` gives a view: the default extension, the roots to look in, the app's engines. */
export interface ViewOptions {
  defaultEngine: unknown;
  root: unknown;
  engines: Record<string, ViewEngine>;
}

/**
 * One view by name, as Express 4 looks it up (EXP-009): a name without an extension takes the `view engine`
 * setting's; the file is `<root>/<name>.<ext>`, else `<root>/<name>/index.<ext>`, in each root of `views`
 * in turn. `path` stays undefined when no root has it. An extension with no engine registered is loaded
 * as Express does, from the package of that name's `__express`.
 *
 * @example
 * ```ts
 * const view = new View('home', { defaultEngine: 'html', root: 'views', engines: app.engines });
 * view.path; // '/srv/app/views/home.html'
 * ```
 */
export class View {
  readonly name: string;
  readonly root: string | string[];
  readonly ext: string;
  readonly engine: ViewEngine;
  readonly path: string | undefined;

  constructor(name: string, options: ViewOptions) {
    if (typeof name !== 'string') throw new TypeError('render(name): the view name must be a string');
    this.name = name;
    this.root = options.root as string | string[];
    let ext = extname(name);
    let fileName = name;
    if (ext === '') {
      const fallback = options.defaultEngine;
      if (typeof fallback !== 'string' || fallback === '') {
        throw new Error('No default engine was specified and no extension was provided.');
      }
      ext = fallback.charCodeAt(0) === 46 ? fallback : `.${fallback}`;
      fileName += ext;
    }
    this.ext = ext;
    options.engines[ext] ??= loadEngine(ext.slice(1));
    this.engine = options.engines[ext] as ViewEngine;
    this.path = this.lookup(fileName);
  }

  /** Renders the view with `options`; the callback is always called asynchronously, once. */
  render(options: Record<string, unknown>, callback: (err: Error | null, html?: string) => void): void {
    let sync = true;
    const done = (err: Error | null, html?: string): void => {
      if (sync) process.nextTick(() => callback(err, html));
      else callback(err, html);
    };
    // An engine that throws instead of calling back fails the render the same way.
    try {
      this.engine(this.path as string, options, (err, html) => done(err ?? null, html));
    } catch (err) {
      done(err as Error);
    }
    sync = false;
  }

  private lookup(fileName: string): string | undefined {
    const roots = Array.isArray(this.root) ? this.root : [this.root];
    for (const root of roots) {
      const location = resolve(String(root), fileName);
      const found = findFile(dirname(location), basename(location), this.ext);
      if (found !== undefined) return found;
    }
    return undefined;
  }
}

/** `<dir>/<file>`, else `<dir>/<file without ext>/index<ext>`: whichever is a file first. */
function findFile(dir: string, file: string, ext: string): string | undefined {
  const direct = join(dir, file);
  if (isFile(direct)) return direct;
  const index = join(dir, basename(file, ext), `index${ext}`);
  return isFile(index) ? index : undefined;
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** Express's fallback: the package named like the extension, from the application's directory. */
function loadEngine(name: string): ViewEngine {
  const required = createRequire(join(process.cwd(), 'noop.js'))(name) as { __express?: unknown };
  if (typeof required?.__express !== 'function') {
    throw new Error(`Module "${name}" does not provide a view engine.`);
  }
  return required.__express as ViewEngine;
}
