/** What a request and its response read of their app on every use: settings compiled once, when they change. */
import type { Logger } from 'pino';
import { SchemaCompilers } from '../schema/compilers.js';
import type { AppSettings, EtagFunction, QueryParserFunction, TrustFunction } from '../settings.js';
import type { ErrorFormat, KitApp } from '../types.js';
import type { Flavour } from './flavour.js';

/** JSON text for `res.json` under the app's `json replacer`, `json spaces` and `json escape` settings. */
export type JsonStringify = (value: unknown) => string | undefined;

type JsonReplacer = (this: unknown, key: string, value: unknown) => unknown;

const HTML_SIGNIFICANT = /[<>&]/g;
const HTML_ESCAPES: Readonly<Record<string, string>> = { '<': '\\u003c', '>': '\\u003e', '&': '\\u0026' };

/**
 * One app's view for its requests and responses: the settings they read per request, compiled from the
 * settings table whenever a setting changes (or the app is mounted, and so inherits), so that a request
 * reads a field where it used to look a setting up. A kit() app's defaults leave every field at its fast
 * value: nothing trusted, kitjs's own query parse, no ETag, `JSON.stringify`, no banner.
 *
 * @example
 * ```ts
 * const context = new AppContext(app, logger, kitFlavour);
 * context.refresh(app.settings); // after app.set(...)
 * ```
 */
export class AppContext {
  /** `trust proxy fn` while `trust proxy` trusts anything; undefined when it trusts nothing (XREQ-001). */
  trust: TrustFunction | undefined = undefined;
  /** `query parser fn`; undefined for kitjs's `'strings'` parse (ROUTE-013, XREQ-040). */
  parseQuery: QueryParserFunction | undefined = undefined;
  /** True while `query parser` is off: the query is an empty object. */
  noQuery = false;
  /** `etag fn` (XRES-001); undefined when no ETag is made. */
  etag: EtagFunction | undefined = undefined;
  /** The JSON text of `res.json` (XRES-004); undefined for plain `JSON.stringify`. */
  stringify: JsonStringify | undefined = undefined;
  /** `json escape` (XRES-004), which a reply schema's text keeps too (SCHEMA-012). */
  jsonEscape = false;
  /** `x-powered-by` (EXP-003). */
  poweredBy = false;
  /** SCHEMA-013: this app's schema compilers (`kit({ ajv })`), which compile its routes' JSON Schemas. */
  schemas: SchemaCompilers = new SchemaCompilers();
  /** ERR-013: the shape of the answers kitjs writes itself (`kit({ errors })`), fixed with the app. */
  errors: ErrorFormat = 'text';

  /**
   * @param app the callable app, what `req.app` and `res.app` answer
   * @param logger where the framework logs this app's failures (`kit({ logger })`)
   * @param flavour the app's flavour: its request and response classes, its pages (app/flavour.ts)
   */
  constructor(
    public app: KitApp,
    public logger: Logger,
    readonly flavour: Flavour,
  ) {}

  /** Compiles the fields from `settings` (its own values and those it inherits from a parent app's). */
  refresh(settings: AppSettings): void {
    const trust = settings['trust proxy fn'];
    this.trust =
      settings['trust proxy'] && typeof trust === 'function' ? (trust as TrustFunction) : undefined;
    const parser = settings['query parser'];
    const parse = settings['query parser fn'];
    this.parseQuery =
      parser === 'strings' || typeof parse !== 'function' ? undefined : (parse as QueryParserFunction);
    this.noQuery = parser !== 'strings' && typeof parse !== 'function';
    const etag = settings['etag fn'];
    this.etag = typeof etag === 'function' ? (etag as EtagFunction) : undefined;
    this.stringify = compileStringify(settings);
    this.jsonEscape = Boolean(settings['json escape']);
    this.poweredBy = Boolean(settings['x-powered-by']);
  }
}

/**
 * XRES-004: JSON text under `json replacer`, `json spaces` and `json escape`; undefined when none is set
 * (a kit() app), so `res.json` calls `JSON.stringify` itself. With `json escape`, `<`, `>` and `&` become
 * `\u003c`, `\u003e` and `\u0026`, so the text can sit inside an HTML `<script>` without closing it.
 */
function compileStringify(settings: AppSettings): JsonStringify | undefined {
  const replacer = settings['json replacer'] as JsonReplacer | undefined;
  const spaces = settings['json spaces'] as string | number | undefined;
  const escapeHtml = Boolean(settings['json escape']);
  if (!replacer && !spaces && !escapeHtml) return undefined;
  return (value) => {
    const text = replacer || spaces ? JSON.stringify(value, replacer, spaces) : JSON.stringify(value);
    return escapeHtml && text !== undefined ? escapeJsonHtml(text) : text;
  };
}

/**
 * XRES-004: JSON text with `<`, `>` and `&` as `\u003c`, `\u003e` and `\u0026`, safe inside an HTML `<script>`.
 *
 * @example
 * ```ts
 * escapeJsonHtml('{"a":"</script>"}'); // '{"a":"\u003c/script\u003e"}'
 * ```
 */
export function escapeJsonHtml(text: string): string {
  return text.replace(HTML_SIGNIFICANT, (char) => HTML_ESCAPES[char] as string);
}
