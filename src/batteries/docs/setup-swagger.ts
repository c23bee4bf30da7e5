/** `setupSwagger(app, options)`: builds the OpenAPI document from annotations and serves it with swagger-ui. */
import type { Server } from 'node:http';
import { markFactory } from '../../base/factory-guard.js';
import { logger } from '../../base/logger.js';
import type { KitApp } from '../../core/types.js';
import { buildDocument } from './build-document.js';
import { defaultFilesPattern, emptyPatterns, findAnnotatedFiles, readSources } from './discover-files.js';
import { computeDrift, isHidden } from './drift.js';
import { bearerGuardedRoutes } from './guarded-routes.js';
import { packageInfo } from './package-info.js';
import { addRouteSchemas, type RouteWarn } from './route-operations.js';
import { mountSwaggerUi } from './swagger-ui.js';
import type {
  DocsWarning,
  DriftReport,
  OpenApiDocument,
  SetupSwaggerOptions,
  SwaggerSetup,
} from './types.js';

export type {
  DocsWarning,
  DriftReport,
  OpenApiDocument,
  SetupSwaggerOptions,
  SwaggerSetup,
} from './types.js';

function badOption(message: string): TypeError {
  const err = new TypeError(`setupSwagger: ${message}`);
  (err as TypeError & { code: string }).code = 'KIT_ERR_DOCS_BAD_OPTIONS';
  return err;
}

function nonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

/** Checks the options at once, so a mistake fails at start-up rather than on the first request (DOCS-001). */
function checkOptions(app: unknown, options: unknown): asserts options is SetupSwaggerOptions {
  if (
    (typeof app !== 'object' && typeof app !== 'function') ||
    app === null ||
    typeof (app as KitApp).get !== 'function'
  ) {
    throw badOption('the first argument must be the app returned by kit()');
  }
  if (typeof options !== 'object' || options === null || Array.isArray(options))
    throw badOption('options must be an object, or left out');
  const o = options as Record<string, unknown>;
  // DOCS-029: info and each of its parts may be left out (package.json gives them); given, they must be right.
  const info = (o.info ?? {}) as Record<string, unknown>;
  if (typeof info !== 'object' || info === null || Array.isArray(info))
    throw badOption('options.info must be an object');
  if (info.title !== undefined && !nonEmptyString(info.title))
    throw badOption('options.info.title must be a non-empty string');
  if (info.version !== undefined && !nonEmptyString(info.version))
    throw badOption('options.info.version must be a non-empty string');
  if (info.description !== undefined && typeof info.description !== 'string')
    throw badOption('options.info.description must be a string');
  const pattern = o.filesPattern;
  const patterns = Array.isArray(pattern) ? pattern : [pattern];
  if (pattern !== undefined && (patterns.length === 0 || !patterns.every(nonEmptyString))) {
    throw badOption('options.filesPattern must be a glob string or an array of them');
  }
  if (o.baseDir !== undefined && !nonEmptyString(o.baseDir))
    throw badOption('options.baseDir must be a directory path');
  if (o.servers !== undefined) {
    if (
      !Array.isArray(o.servers) ||
      !o.servers.every(
        (s) => typeof s === 'object' && s !== null && nonEmptyString((s as { url?: unknown }).url),
      )
    ) {
      throw badOption('options.servers must be an array of { url, description? }');
    }
  }
  if (o.security !== undefined && (typeof o.security !== 'object' || o.security === null)) {
    throw badOption('options.security must map scheme names to OpenAPI security schemes');
  }
  if (o.path !== undefined && !(typeof o.path === 'string' && /^\/[^?#\s]*[^/?#\s]$/.test(o.path))) {
    throw badOption('options.path must start with "/" and not end with "/", like "/api-docs"');
  }
}

/**
 * The document's `info`: the options' parts, the rest from the nearest package.json (DOCS-029). A title given
 * without a description takes none from package.json, whose description is of the package, not of this API.
 */
function documentInfo(given: SetupSwaggerOptions['info'], baseDir: string): OpenApiDocument['info'] {
  const found = packageInfo(baseDir);
  const description = given?.description ?? (given?.title === undefined ? found.description : undefined);
  return {
    ...given,
    title: given?.title ?? found.title,
    version: given?.version ?? found.version,
    ...(description !== undefined ? { description } : {}),
  };
}

/**
 * Builds the OpenAPI 3 document from the JSDoc annotations in the files matching `filesPattern` (read
 * once, synchronously, so the document is complete before the first request) and registers
 * `GET /api-docs` (swagger-ui) and `GET /api-docs/swagger.json` on `app`. Annotation problems never
 * throw: they are logged at warn and listed in `warnings`. The first time the server starts listening
 * (or the docs are first requested, for servers `listen` did not start) the documentation is compared
 * with `app.routes()` and any drift is logged at warn; `drift()` gives the same report on demand. At that
 * same moment the routes' schemas (`app.post(path, { schema }, handler)`) are added to the document,
 * merged with the annotations, so routes registered after `setupSwagger` are documented too; so is every
 * other route, from its path alone (DOCS-028). A route's schema may carry its words (`summary`, `tags`,
 * `security`, `hide`..., under Fastify's names), which win over an annotation's (DOCS-030, DOCS-031), and a
 * route behind `authMiddleware` is documented with the bearer scheme (DOCS-032). Every option may be left
 * out: the files are those of the code the app runs from (DOCS-021) and `info` comes from the nearest
 * package.json (DOCS-029). Without swagger-ui-dist the JSON is still served (DOCS-022).
 *
 * @example
 * ```ts
 * import kit, { setupSwagger } from 'kitjs';
 * const app = kit();
 * app.get('/users/:id', (req, res) => res.json({ id: req.params.id }));
 * setupSwagger(app); // GET /api-docs/swagger.json lists GET /users/{id}; title and version from package.json
 * ```
 *
 * @example
 * ```ts
 * import kit, { authMiddleware, setupSwagger } from 'kitjs';
 * const app = kit();
 * // Documented with its summary, its tag and bearerAuth, with no comment: it survives any build.
 * app.get('/orders', { schema: { summary: 'List orders', tags: ['orders'] } }, authMiddleware, list);
 * app.get('/internal/metrics', { schema: { hide: true } }, metrics);
 * setupSwagger(app);
 * ```
 *
 * @example
 * ```ts
 * import kit, { setupSwagger } from 'kitjs';
 * const app = kit();
 * const docs = setupSwagger(app, {
 *   info: { title: 'Users API', version: '1.0.0' },
 *   filesPattern: './routes/**\/*.js',
 *   servers: [{ url: 'http://localhost:3000' }],
 * });
 * docs.warnings;  // annotation problems, each with file and line
 * app.listen(3000); // logs documented-but-unrouted operations and undocumented routes, if any
 * ```
 */
export function setupSwagger(app: KitApp, options: SetupSwaggerOptions = {}): SwaggerSetup {
  checkOptions(app, options);
  const baseDir = options.baseDir ?? process.cwd();
  const info = documentInfo(options.info, baseDir);
  const base = options.path ?? '/api-docs';
  // DOCS-015: the docs' warnings go to the app's logger (`kit({ logger })`), as its own failures do.
  const log = (app as Partial<KitApp>).log ?? logger;
  const warnings: DocsWarning[] = [];
  // DOCS-002: the files are found and read once, synchronously, before the server answers anything;
  // DOCS-021: by default, the files of the code that runs.
  const patterns = options.filesPattern ?? defaultFilesPattern(baseDir);
  const files = findAnnotatedFiles(patterns, baseDir);
  for (const pattern of emptyPatterns(patterns, baseDir, files)) {
    log.warn(
      { filesPattern: pattern, baseDir },
      `API docs: filesPattern "${pattern}" found no file in ${baseDir}: annotations there are not read; check filesPattern and baseDir`,
    );
  }
  const sources = readSources(files, baseDir, warnings);
  const built = buildDocument(sources, {
    info,
    ...(options.servers ? { servers: options.servers } : {}),
    ...(options.security ? { security: options.security } : {}),
  });
  warnings.push(...built.warnings);
  // DOCS-015: annotation problems are returned and logged at warn, never thrown.
  for (const w of warnings) log.warn({ file: w.file, line: w.line }, `API docs: ${w.message}`);

  const document = built.document;
  // DOCS-028: the operations made from a route's path alone, which the drift report does not count.
  let fromPattern: ReadonlySet<object> = new Set();
  const drift = (): DriftReport => {
    const routes = typeof app.routes === 'function' ? app.routes() : [];
    return computeDrift(document, routes, base, fromPattern);
  };

  // DOCS-026: the routes' schemas join the document once, at start-up (or the first docs request), when
  // the routes registered after setupSwagger exist too; the served text is fixed from then on.
  let json: string | undefined;
  const complete = (): string => {
    if (json !== undefined) return json;
    if (typeof app.routes === 'function') {
      const warn: RouteWarn = (route, message) => {
        warnings.push({ file: '', line: 0, route, message });
        log.warn({ route }, `API docs: ${message}`);
      };
      // DOCS-035: a route's schema and words come from the running app, not from its files, so a build that
      // drops comments keeps them. DOCS-032: the routes behind authMiddleware, read from the app's stack
      // (routes() lists no handlers).
      fromPattern = addRouteSchemas(document, app.routes(), base, warn, bearerGuardedRoutes(app));
    }
    json = JSON.stringify(document);
    return json;
  };

  // DOCS-020: the drift report, logged once at start-up when either list is non-empty.
  let reported = false;
  const reportDrift = () => {
    if (reported) return;
    reported = true;
    complete();
    if (typeof app.routes !== 'function') return;
    const routed = app.routes().filter((route) => !route.path.startsWith(base) && !isHidden(route.schema));
    const described = Object.values(document.paths ?? {}).some((item) =>
      Object.values(item).some((op) => !fromPattern.has(op)),
    );
    // DOCS-020: an app that annotates nothing and has no route schema would see every route listed; its
    // document lists them from their paths (DOCS-028). A pattern that found nothing was reported at setup
    // (DOCS-021).
    if (!described && routed.length > 0) return;
    const report = drift();
    const fmt = (list: DriftReport['unmatchedOperations']) =>
      list.map((r) => `${r.method} ${r.path}`).join(', ');
    if (report.unmatchedOperations.length > 0) {
      log.warn(
        { operations: report.unmatchedOperations },
        `API docs: documented but not routed: ${fmt(report.unmatchedOperations)}`,
      );
    }
    if (report.undocumentedRoutes.length > 0) {
      log.warn(
        { routes: report.undocumentedRoutes },
        `API docs: routes without documentation: ${fmt(report.undocumentedRoutes)}`,
      );
    }
  };

  mountSwaggerUi(app, base, complete, info.title, reportDrift);
  hookListen(app, reportDrift);
  return { document, warnings, files, drift };
}
markFactory(setupSwagger, 'setupSwagger(app, options)');

/**
 * Runs `onListening` once the server `app.listen` starts is listening, when all routes exist (DOCS-020,
 * DOCS-021).
 */
function hookListen(app: KitApp, onListening: () => void): void {
  const original = app.listen;
  if (typeof original !== 'function') return;
  const wrapped = function (this: KitApp, ...args: unknown[]): Server {
    const server = (original as (...a: unknown[]) => Server).apply(app, args);
    if (server && typeof server.once === 'function') {
      if (server.listening) setImmediate(onListening);
      else server.once('listening', onListening);
    }
    return server;
  };
  try {
    (app as { listen: unknown }).listen = wrapped;
  } catch {
    // A frozen app keeps its listen; drift is then reported on the first docs request.
  }
}
