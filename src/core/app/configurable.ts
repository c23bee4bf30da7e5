/** The settings, locals and views every app has (Express's app.set/get/enable..., app.engine, app.render). */
import { setupError } from '../../base/errors.js';
import type { MatchOptions } from '../router/regex-path.js';
import { Router } from '../router/router.js';
import { type AppSettings, assignSetting, defaultSettings } from '../settings.js';
import type { KitApp, RenderCallback, ViewEngine } from '../types.js';
import { renderView } from '../views/render.js';
import type { View } from '../views/view.js';
import { type MountSettings, settleMount } from './mount.js';

/**
 * A Router with an app's settings table and views. The app on top of it hears every change of a setting
 * (`settingsChanged`), to compile what its requests read; nothing here runs per request. Its own
 * properties are `settings` and `locals`, as an Express app's; the engines and the view cache are private,
 * read through `engines` and `cache`.
 */
export abstract class ConfigurableRouter extends Router {
  /** Express's settings table (EXP-002); kit()'s server timeouts are kept in it under their own names. */
  settings: AppSettings = defaultSettings();
  /** Application-wide values, as Express's `app.locals` (EXP-005). */
  locals: Record<string, unknown> = Object.create(null);
  /**
   * EXP-009: the engines and the view cache; EXP-004: `trustProxyDefault`, true until `trust proxy` is set
   * (a mounted app then trusts what its parent trusts). One field: an app is a function, and keeps few.
   */
  readonly #own: MountSettings & { cache: Record<string, View> };

  constructor() {
    super();
    this.locals.settings = this.settings;
    this.#own = {
      settings: this.settings,
      engines: Object.create(null),
      cache: Object.create(null),
      trustProxyDefault: true,
    };
  }

  /** EXP-009: the template engines by extension (`.html`), from `app.engine`; a sub-app's inherit its parent's. */
  get engines(): Record<string, ViewEngine> {
    return this.#own.engines;
  }

  set engines(table: Record<string, ViewEngine>) {
    this.#own.engines = table;
  }

  /** EXP-009: views looked up once while `view cache` is on, by name. */
  get cache(): Record<string, View> {
    return this.#own.cache;
  }

  set cache(table: Record<string, View>) {
    this.#own.cache = table;
  }

  /** EXP-004: on being mounted in `parent`, its settings and engines inherit the parent's (mount.ts). */
  protected inherit(parent: KitApp): void {
    this.#own.settings = this.settings;
    settleMount(this.#own, parent);
  }

  /** Called after a setting of this app changed, or one it inherits. */
  protected abstract settingsChanged(): void;

  // EXP-002: Express's settings. `get(name)` with one argument reads a setting; with handlers it is a route.
  set(name: string, value: unknown): this;
  set(name: string): unknown;
  set(name: string, ...value: unknown[]): unknown {
    if (value.length === 0) return this.settings[name];
    assignSetting(this.settings, name, value[0]);
    if (name === 'trust proxy') this.#own.trustProxyDefault = false;
    this.settingsChanged();
    return this;
  }

  override get(...args: unknown[]): this {
    if (args.length === 1 && typeof args[0] === 'string') return this.settings[args[0]] as this;
    return (super.get as (...forms: unknown[]) => this)(...args);
  }

  enable(name: string): this {
    return this.set(name, true);
  }

  disable(name: string): this {
    return this.set(name, false);
  }

  enabled(name: string): boolean {
    return Boolean(this.settings[name]);
  }

  disabled(name: string): boolean {
    return !this.settings[name];
  }

  // XROUTE-005: an app's routes compare paths as its settings say when each route is registered.
  protected override matchOptions(): MatchOptions {
    return {
      caseSensitive: Boolean(this.settings['case sensitive routing']),
      strict: Boolean(this.settings['strict routing']),
    };
  }

  // EXP-009: Express's app.engine: the function that renders files of that extension.
  engine(ext: string, fn: ViewEngine): this {
    if (typeof fn !== 'function')
      throw setupError('KIT_ERR_SETUP_ENGINE_CALLBACK', 'app.engine(ext, fn): fn must be a function');
    if (typeof ext !== 'string' || ext === '')
      throw setupError('KIT_ERR_SETUP_VIEW', 'app.engine(ext, fn): ext must be a string');
    this.#own.engines[ext.charCodeAt(0) === 46 ? ext : `.${ext}`] = fn;
    return this;
  }

  /** EXP-009: renders the view `name` with `app.locals` and `options` merged; the callback gets the text. */
  render(name: string, options?: Record<string, unknown> | RenderCallback, callback?: RenderCallback): void {
    renderView(this, name, options, callback);
  }
}
