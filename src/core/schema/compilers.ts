/** One app's schema compilers: its own ajv instances, made from its own options, shared with no other app. */
import type { Options as AjvOptions, Plugin as AjvPlugin, ValidateFunction } from 'ajv';
import { setupError } from '../../base/errors.js';
import { lazyDependency } from '../../base/optional-package.js';
import type { PatternTest, SnapshotEngine } from './reply-snapshot.js';

type AjvModule = typeof import('ajv');
type AjvInstance = InstanceType<AjvModule['default']>;
type FormatsModule = typeof import('ajv-formats');
/** A format ajv-formats checks (`email`, `uri`, `uuid`, `date-time`...). */
export type FormatName = import('ajv-formats').FormatName;

// ajv and its compiled code are kept off every app that has no JSON Schema route.
const loadAjv = lazyDependency<AjvModule>('ajv');
const loadFormats = lazyDependency<FormatsModule>('ajv-formats');

// biome-ignore lint/suspicious/noExplicitAny: an ajv plugin's options are its own type, unknown here.
type AnyAjvPlugin = AjvPlugin<any>;

/**
 * An ajv plugin as an app may hold it: the function, or the module a default import gives under NodeNext
 * for a CommonJS plugin (`import addErrors from 'ajv-errors'` is then `{ default: plugin }` to the types).
 */
export type AjvPluginLike = AnyAjvPlugin | { readonly default: AnyAjvPlugin };

/**
 * `kit({ ajv })`: how this app's ajv instances are made, as Fastify's `ajv` option. `customOptions` are
 * ajv's own options, laid over kitjs's; `plugins` are ajv plugins (`ajv-errors`, a keyword...), each a
 * plugin or `[plugin, options]`, applied to every instance of the app. `formats` (SCHEMA-014): the common
 * formats that request parts are checked against, all of ajv-formats' by default; `false` checks none, a
 * list only those; more come from `customOptions.formats` (ajv's own option) or a plugin.
 *
 * @example
 * ```ts
 * const app = kit({ ajv: { customOptions: { allErrors: true, formats: { sku: /^[A-Z]{3}-\d{4}$/ } } } });
 * const lenient = kit({ ajv: { formats: false } }); // `format` is an annotation only, as in bare ajv
 * ```
 */
export interface AjvSettings {
  customOptions?: AjvOptions;
  plugins?: ReadonlyArray<AjvPluginLike | readonly [AjvPluginLike, unknown]>;
  /** SCHEMA-014: which formats request parts are checked against: `true` (the default) all, `false` none. */
  formats?: boolean | readonly FormatName[];
}

/** What a schema's check is for: a request part (SCHEMA-003) or a reply (SCHEMA-008). */
export type CheckUse = 'coerced' | 'body' | 'reply';

/**
 * SCHEMA-013: the schema compilers of one app. Each app (and each standalone Router until an app serves
 * it) has its own, so formats, keywords, options and `$id`s never leak from one app to another. An
 * instance of ajv is made on first need, per use: request parts other than the body coerce strings
 * (SCHEMA-003); a body is checked as it is; a reply is checked exactly, with no coercion and no defaults
 * (those a reply's snapshot fills, SCHEMA-010).
 *
 * @example
 * ```ts
 * const compilers = new SchemaCompilers({ customOptions: { allErrors: true } });
 * const check = compilers.compile('body', { type: 'object', required: ['name'] });
 * ```
 */
export class SchemaCompilers implements SnapshotEngine {
  private readonly instances = new Map<CheckUse, AjvInstance>();

  constructor(private readonly settings: AjvSettings = {}) {
    if (settings === null || typeof settings !== 'object') {
      throw setupError(
        'KIT_ERR_SETUP_APP_OPTIONS',
        'kit({ ajv }): ajv must be an object of { customOptions, plugins }',
      );
    }
    if (settings.plugins !== undefined && !Array.isArray(settings.plugins)) {
      throw setupError(
        'KIT_ERR_SETUP_APP_OPTIONS',
        'kit({ ajv }): ajv.plugins must be an array of ajv plugins',
      );
    }
    const formats = settings.formats;
    if (formats !== undefined && typeof formats !== 'boolean' && !Array.isArray(formats)) {
      throw setupError(
        'KIT_ERR_SETUP_APP_OPTIONS',
        'kit({ ajv }): ajv.formats must be true, false or a list of format names',
      );
    }
  }

  /** Whether this app's ajv checks `format` (a plugin or the `formats` option gave it formats). */
  get checksFormats(): boolean {
    return (this.settings.plugins?.length ?? 0) > 0 || this.settings.customOptions?.formats !== undefined;
  }

  /**
   * A schema's `pattern` as this app's ajv builds it (`code.regExp`, RegExp with the `u` flag unless the app
   * chose another engine), for the reply snapshot's checks and keys (HARD-008).
   */
  regExp(source: string): PatternTest {
    return this.ajv('reply').opts.code.regExp(source, 'u');
  }

  /** Compiles `schema` for `use` with this app's ajv; what ajv refuses throws, for the caller to name. */
  compile(use: CheckUse, schema: object): ValidateFunction {
    return this.ajv(use).compile(schema);
  }

  private ajv(use: CheckUse): AjvInstance {
    let ajv = this.instances.get(use);
    if (ajv !== undefined) return ajv;
    const Ajv = loadAjv().default;
    // `strict: false`: a schema written for other tools (`example`, an unknown `format`) still compiles;
    // ajv's own logging is off, kitjs's logger is the app's.
    const base: AjvOptions = { strict: false, logger: false };
    const own: AjvOptions =
      use === 'coerced'
        ? { coerceTypes: 'array', useDefaults: true }
        : use === 'body'
          ? { useDefaults: true }
          : { coerceTypes: false, useDefaults: false, removeAdditional: false };
    // A reply is checked as it will be written: no option may coerce or change it (SCHEMA-010).
    ajv = new Ajv(
      use === 'reply'
        ? { ...base, ...this.settings.customOptions, ...own }
        : { ...base, ...own, ...this.settings.customOptions },
    );
    // SCHEMA-014: request parts are checked against the common formats with no setup, as Fastify's are. A
    // reply is the app's own data: its formats are checked only where the app asked for them (a plugin or
    // customOptions.formats), which keeps the compiled reply writer for schemas that carry a `format`.
    const formats = this.settings.formats ?? true;
    if (use !== 'reply' && formats !== false) {
      const addFormats = loadFormats().default;
      if (formats === true) addFormats(ajv);
      else addFormats(ajv, [...formats]);
      // The app's own formats (ajv's `formats` option) win over the defaults of the same name.
      for (const [name, format] of Object.entries(this.settings.customOptions?.formats ?? {})) {
        if (format !== undefined) ajv.addFormat(name, format);
      }
    }
    for (const entry of this.settings.plugins ?? []) {
      const [plugin, options] = Array.isArray(entry) ? entry : [entry, undefined];
      pluginFunction(plugin as AjvPluginLike)(ajv, options);
    }
    this.instances.set(use, ajv);
    return ajv;
  }
}

/** The plugin function of what an app gave: itself, or the `default` of a CommonJS module's namespace. */
function pluginFunction(plugin: AjvPluginLike): AnyAjvPlugin {
  if (typeof plugin === 'function') return plugin;
  const inner = (plugin as { default?: unknown } | null)?.default;
  if (typeof inner === 'function') return inner as AnyAjvPlugin;
  throw setupError(
    'KIT_ERR_SETUP_APP_OPTIONS',
    'kit({ ajv }): each of ajv.plugins must be an ajv plugin function or [plugin, options]',
  );
}
