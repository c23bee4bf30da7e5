/** Compares documented operations with the app's live routes, translating `{id}` to `:id`. */
import { replaceBraced } from './path-template.js';
import type { DriftReport, OpenApiDocument, RouteRef } from './types.js';

const DOC_METHODS = new Set(['GET', 'PUT', 'POST', 'DELETE', 'OPTIONS', 'HEAD', 'PATCH', 'TRACE']);

/** A path with every parameter (`{id}`, `:id`, `*`) replaced by one placeholder and no trailing slash. */
export function shape(path: string): string {
  const out = replaceBraced(path, () => ':')
    .replace(/:[A-Za-z_$][\w$]*/g, ':')
    .replace(/\*/g, ':');
  // Trailing slashes cut by hand: `\/+$` rescans every run of slashes not at the end (quadratic).
  let end = out.length;
  while (end > 0 && out[end - 1] === '/') end--;
  return end === 0 ? '/' : out.slice(0, end);
}

/** The shapes a live route answers: an optional `:name?` segment gives the path with and without it. */
export function routeShapes(path: string): string[] {
  const segments = path.split('/');
  let variants: string[][] = [[]];
  for (const segment of segments) {
    if (/^:[A-Za-z_$][\w$]*\?$/.test(segment)) variants = variants.flatMap((v) => [v, [...v, ':']]);
    else variants = variants.map((v) => [...v, segment]);
  }
  return variants.map((v) => shape(v.join('/')));
}

/** Whether a route's schema says `hide: true` (DOCS-030). */
export function isHidden(schema: unknown): boolean {
  return typeof schema === 'object' && schema !== null && (schema as { hide?: unknown }).hide === true;
}

/** `{id}` → `:id`, the form an app registers. */
export function toRoutePath(openApiPath: string): string {
  return replaceBraced(openApiPath, (name) => `:${name}`);
}

/**
 * Lists documented operations that no live route answers and live routes nothing documents. Routes under
 * `ignorePrefix` (the docs' own) are left out, and so is a HEAD route beside a GET on the same path
 * (DOCS-020), and so is a route whose schema hides it (DOCS-030). The operations in `fromPattern` were made
 * from a route's path alone and count as undocumented (DOCS-028).
 *
 * @example
 * ```ts
 * computeDrift(document, [{ method: 'GET', path: '/users/:id' }], '/api-docs');
 * // { unmatchedOperations: [...documented but not routed], undocumentedRoutes: [] }
 * ```
 */
export function computeDrift(
  document: OpenApiDocument,
  routes: ReadonlyArray<RouteRef & { schema?: unknown }>,
  ignorePrefix: string,
  fromPattern: ReadonlySet<object> = new Set(),
): DriftReport {
  const live = routes
    // DOCS-030: a hidden route is meant to be out of the document, so it is not drift.
    .filter((r) => !isHidden(r.schema))
    .map((r) => ({ method: r.method.toUpperCase(), path: r.path, schema: r.schema !== undefined }))
    .filter((r) => r.path !== ignorePrefix && !r.path.startsWith(`${ignorePrefix}/`));
  const liveKeys = new Set<string>();
  for (const r of live) for (const s of routeShapes(r.path)) liveKeys.add(`${r.method} ${s}`);

  const documented: RouteRef[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, op] of Object.entries(item)) {
      // DOCS-028: an operation made from a route's pattern alone documents nothing.
      if (fromPattern.has(op)) continue;
      if (DOC_METHODS.has(method.toUpperCase())) documented.push({ method: method.toUpperCase(), path });
    }
  }
  const docKeys = new Set(documented.map((d) => `${d.method} ${shape(d.path)}`));
  const docShapes = new Set(documented.map((d) => shape(d.path)));

  const answers = (d: RouteRef) => {
    const s = shape(d.path);
    return (
      liveKeys.has(`${d.method} ${s}`) ||
      liveKeys.has(`ALL ${s}`) ||
      (d.method === 'HEAD' && liveKeys.has(`GET ${s}`))
    );
  };
  const unmatchedOperations = documented
    .filter((d) => !answers(d))
    .map((d) => ({ method: d.method, path: toRoutePath(d.path) }));

  const seen = new Set<string>();
  const undocumentedRoutes = live
    .filter((r) => {
      const shapes = routeShapes(r.path);
      const key = `${r.method} ${r.path}`;
      if (seen.has(key)) return false;
      seen.add(key);
      if (r.method === 'ALL' || r.method === '*') return !shapes.some((s) => docShapes.has(s));
      // DOCS-027: a route with a schema documents itself (its operation is built from the schema).
      if (r.schema && DOC_METHODS.has(r.method)) return false;
      if (r.method === 'HEAD' && shapes.some((s) => liveKeys.has(`GET ${s}`))) return false;
      return !shapes.some((s) => docKeys.has(`${r.method} ${s}`));
    })
    .map(({ method, path }) => ({ method, path }));
  return { unmatchedOperations, undocumentedRoutes };
}
