/** One app's schema compilers: its own ajv instances, made from its own options, shared with no other app. */
import type { Options as AjvOptions, Plugin as AjvPlugin, ValidateFunction } from 'ajv';
import { lazyDependency } from '../../base/optional-package.js';
import type { PatternTest, SnapshotEngine } from './reply-snapshot.js';

type AjvModule = typeof import('ajv');
type AjvInstance = InstanceType<AjvModule['default']>;

// ajv and its compiled code are kept off every app that has no JSON Schema route.
const loadAjv = lazyDependency<AjvModule>('ajv');

/**
 * `kit({ ajv })`: how this app's ajv instances are made, as Fastify's `ajv` option. `customOptions` are
 * ajv's own options, laid over kitjs's; `plugins` are ajv plugins (`ajv-formats`, `ajv-errors`...), each a
 * plugin or `[plugin, options]`, applied to every instance of the app.
 *
 * @example
 * ```ts
 * import addFormats from 'ajv-formats';
 * const app = kit({ ajv: { customOptions: { allErrors: true }, plugins: [addFormats] } });
 * ```
 */
export interface AjvSettings {
  customOptions?: AjvOptions;
  // biome-ignore lint/suspicious/noExplicitAny: an ajv plugin's options are its own type, unknown here.
  plugins?: ReadonlyArray<AjvPlugin<any> | readonly [AjvPlugin<any>, unknown]>;
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
      throw new TypeError('kit({ ajv }): ajv must be an object of { customOptions, plugins }');
    }
    if (settings.plugins !== undefined && !Array.isArray(settings.plugins)) {
      throw new TypeError('kit({ ajv }): ajv.plugins must be an array of ajv plugins');
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
    for (const entry of this.settings.plugins ?? []) {
      const [plugin, options] = Array.isArray(entry) ? entry : [entry, undefined];
      (plugin as AjvPlugin<unknown>)(ajv, options);
    }
    this.instances.set(use, ajv);
    return ajv;
  }
}
