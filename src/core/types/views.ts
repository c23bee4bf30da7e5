/** Views: the template engines `app.engine` registers and the callback `render` answers with. */

/**
 * A template engine, as `app.engine(ext, fn)` takes it: renders the file at `path` with `options` (the
 * merged locals) and calls back with the text or an error.
 *
 * @example
 * ```ts
 * const engine: ViewEngine = (path, options, callback) => callback(null, `<p>${String(options.title)}</p>`);
 * app.engine('html', engine);
 * ```
 */
export type ViewEngine = (
  path: string,
  options: Record<string, unknown>,
  callback: (err: Error | null | undefined, rendered?: string) => void,
) => void;

/**
 * What `app.render` and `res.render` call with the rendered text, or the error.
 *
 * @example
 * ```ts
 * app.render('email', { name: 'Tobi' }, (err, html) => { if (!err) console.log(html); });
 * ```
 */
export type RenderCallback = (err: Error | null, html?: string) => void;
