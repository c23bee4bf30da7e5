/** The shapes the docs module reads and produces: options, warnings, OpenAPI fragments and the drift report. */

/** A JSON Schema / OpenAPI schema object, kept open because users may add any keyword through `json:`. */
export type SchemaObject = Record<string, unknown>;

/** One OpenAPI operation (the value under `paths[path][method]`). */
export type OperationObject = Record<string, unknown>;

/** The OpenAPI 3.0 document `setupSwagger` builds and serves. */
export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description?: string; [key: string]: unknown };
  servers?: Array<{ url: string; description?: string }>;
  tags?: Array<{ name: string; description?: string }>;
  paths: Record<string, Record<string, OperationObject>>;
  components: {
    schemas: Record<string, SchemaObject>;
    securitySchemes?: Record<string, SchemaObject>;
    [section: string]: unknown;
  };
  [key: string]: unknown;
}

/** A problem found in an annotation: it is skipped or repaired, never fatal. */
export interface DocsWarning {
  /** The annotated file, relative to the directory the pattern was resolved from. */
  file: string;
  /** 1-based line of the tag (or block) at fault; `0` for a route's schema. */
  line: number;
  message: string;
  /** For a problem with a route's schema (DOCS-024): the route; `file` is then `''`. */
  route?: RouteRef;
}

/** Options of {@link setupSwagger}; all optional (DOCS-029). */
export interface SetupSwaggerOptions {
  /**
   * The document's `info`. `title`, `version` and `description` default to the `name`, `version` and
   * `description` of the nearest package.json at or above `baseDir` (then `'API'`, `'0.0.0'`).
   */
  info?: { title?: string; version?: string; description?: string; [key: string]: unknown };
  /**
   * Glob (or globs) of annotated files, resolved from `baseDir`. Default: the code the app runs from, the
   * JavaScript of its build folder when it runs from `dist/` or `build/`, else every JS and TS source below
   * `baseDir` (DOCS-021). node_modules is never read; a pattern that finds no file is a warning.
   */
  filesPattern?: string | string[];
  /** Directory the pattern is resolved from; default `process.cwd()`. */
  baseDir?: string;
  /** Servers listed in the document and the UI. */
  servers?: Array<{ url: string; description?: string }>;
  /**
   * Extra security schemes (name → OpenAPI scheme) that `@security` and a route's `schema.security` may name,
   * beside BearerAuth, bearerAuth and BasicAuth; an `http` `bearer` one is also what routes behind
   * `authMiddleware` are documented with (DOCS-032).
   */
  security?: Record<string, SchemaObject>;
  /** Where the UI is mounted; the JSON lives at `<path>/swagger.json`. Default `'/api-docs'`. */
  path?: string;
}

/** An HTTP route as the app reports it, or as the documentation describes it. */
export interface RouteRef {
  method: string;
  path: string;
}

/** Differences between the documentation and the app's live routes. */
export interface DriftReport {
  /** Documented operations no live route answers. */
  unmatchedOperations: RouteRef[];
  /** Live routes the documentation does not describe. */
  undocumentedRoutes: RouteRef[];
}

/** What {@link setupSwagger} returns. */
export interface SwaggerSetup {
  /**
   * The OpenAPI document: the annotations at once; the routes' schemas join it when the server starts
   * listening or the docs are first requested (DOCS-026).
   */
  readonly document: OpenApiDocument;
  /** Every annotation problem found while building it, then the routes' schema problems (DOCS-024). */
  readonly warnings: readonly DocsWarning[];
  /** The annotated files that were read (absolute paths). */
  readonly files: readonly string[];
  /** Compares the document with `app.routes()` now. */
  drift(): DriftReport;
}
