/** `express.static` of both Express flavours: serveStatic with serve-static's readings of its options and its answers (XFILE-022, X5-014). */
import type { Stats } from 'node:fs';
import { MAX_AGE_CAP_MS } from '../../base/cache-max-age.js';
import { markFactory } from '../../base/factory-guard.js';
import { type ServeStaticOptions, staticMiddleware } from '../../batteries/middleware/serve-static.js';
import { staticSettings } from '../../batteries/middleware/static/options.js';
import type { KitResponse, RequestHandler } from '../../core/types.js';
import { express5FileType, expressFileType } from './send-file.js';

// X5-014: serve-static passes a client's 4xx on when it falls through (a denied dotfile reaches the app's 404).
const EXPRESS_WAYS = Object.freeze({ redirectWithoutIndex: true, sendErrors: true, passRefusals: true });

/**
 * `express.static`'s options: serveStatic's, with `extensions` also one string, as serve-static takes it.
 *
 * @example
 * ```ts
 * const options: ExpressStaticOptions = { extensions: 'html', maxAge: Infinity };
 * ```
 */
export interface ExpressStaticOptions extends Omit<ServeStaticOptions, 'extensions'> {
  /** Extensions tried, in order, for a path that names no file: `'html'` or `['html', 'htm']`. */
  extensions?: string | readonly string[] | false;
}

/**
 * Express 4's `express.static(root, [options])`: kitjs's `serveStatic` (its path safety and option checks
 * included), reading the options as serve-static 1.x does and answering as it does (XFILE-022):
 * `extensions` may be one string, a numeric `maxAge` is held between 0 and one year, the charset of a text
 * type is spelt `UTF-8`, a directory is redirected even with `index: false`, and with `fallthrough: false`
 * send's own errors go on.
 *
 * @example
 * ```ts
 * import express from 'kitjs/express';
 * const app = express();
 * app.use(express.static('public', { extensions: 'html', maxAge: Infinity }));
 * ```
 */
export function expressStatic(root: string, options?: ExpressStaticOptions): RequestHandler {
  return staticMiddleware(staticSettings(root, serveStaticReading(options, expressFileType)), EXPRESS_WAYS);
}
markFactory(expressStatic, 'express.static(root)');

/**
 * X5-014: Express 5's `express.static` (serve-static 2, send 1.x): as Express 4's, with the charset of a
 * text type spelt `utf-8`, as mime-types writes it.
 *
 * @example
 * ```ts
 * import express from 'kitjs/express5';
 * const app = express();
 * app.use(express.static('public'));
 * ```
 */
export function express5Static(root: string, options?: ExpressStaticOptions): RequestHandler {
  return staticMiddleware(staticSettings(root, serveStaticReading(options, express5FileType)), EXPRESS_WAYS);
}
markFactory(express5Static, 'express.static(root)');

type Given = Record<string, unknown>;

/** The options as serve-static reads them, in the shape serveStatic checks; anything else is left to its checks. */
function serveStaticReading(
  options: unknown,
  fileType: (res: KitResponse, path: string) => void,
): ServeStaticOptions | undefined {
  if (options !== undefined && (typeof options !== 'object' || options === null || Array.isArray(options))) {
    return options as ServeStaticOptions;
  }
  const given: Given = { ...options };
  if (typeof given.extensions === 'string') given.extensions = [given.extensions];
  if (typeof given.maxAge === 'number') {
    given.maxAge = Number.isNaN(given.maxAge) ? 0 : Math.min(Math.max(0, given.maxAge), MAX_AGE_CAP_MS);
  }
  const setHeaders = given.setHeaders;
  if (setHeaders === undefined || typeof setHeaders === 'function') {
    const own = setHeaders as ServeStaticOptions['setHeaders'];
    // Runs where send's 'headers' event would, before send sets its own type: the application's hook first,
    // as in serve-static, then Express 4's type where the hook set none.
    given.setHeaders = (res: KitResponse, path: string, stat: Stats): void => {
      own?.(res, path, stat);
      fileType(res, path);
    };
  }
  return given as ServeStaticOptions;
}
