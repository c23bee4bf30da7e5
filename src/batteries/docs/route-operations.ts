/** Puts each route's schemas (`app.routes()`) into the document, merged with the annotated operation if any. */
import type { RouteInfo, RouteSchema } from '../../core/types.js';
import { routeShapes, shape } from './drift.js';
import { type Converted, safeName, toOpenApiSchema } from './openapi-schema.js';
import { pathParamNames } from './operation.js';
import { routeTemplate, type TemplateParam } from './path-template.js';
import { resolvePointer } from './refs.js';
import { defaultDescription, hasNoBody } from './responses.js';
import { hideOperation, RouteMetadata } from './route-metadata.js';
import { ensure, isSchema, setOwn } from './schema-extras.js';
import type { OpenApiDocument, OperationObject, RouteRef, SchemaObject } from './types.js';

const OPERATION_METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);
const JSON_TYPE = 'application/json';

/** A problem with one route's schema: the route, and what went wrong. */
export type RouteWarn = (route: RouteRef, message: string) => void;

/** What a user can do about a schema with no Standard JSON Schema converter, by library. */
function conversionHint(schema: unknown): string {
  const vendor = (schema as { '~standard'?: { vendor?: unknown } })['~standard']?.vendor;
  if (vendor === 'valibot')
    return 'wrap it with toStandardJsonSchema() from @valibot/to-json-schema to document it';
  if (vendor === 'zod') return 'Zod 4.2 or later converts its schemas';
  return "give a JSON Schema, or use the schema library's Standard JSON Schema conversion";
}

/** `POST /users/:id` → `PostUsersId`: the prefix of the route's component names. */
function componentPrefix(method: string, path: string): string {
  const words = [method, ...path.split(/[^A-Za-z0-9]+/)].filter((w) => w !== '');
  return safeName(words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join(''));
}

/**
 * The annotated operation for this route (parameter names ignored, DOCS-020), or a new one, with its path
 * in the document.
 */
function operationFor(
  document: OpenApiDocument,
  method: string,
  path: string,
  template: string,
): { op: OperationObject; docPath: string; created: boolean } {
  const shapes = new Set(routeShapes(path));
  for (const [docPath, item] of Object.entries(document.paths)) {
    const op = item[method];
    if (shapes.has(shape(docPath)) && isSchema(op)) return { op, docPath, created: false };
  }
  const item = ensure<Record<string, OperationObject>>(document.paths, template, () => ({}));
  const created = !isSchema(item[method]);
  const op = ensure<OperationObject>(item, method, () => ({ deprecated: false }));
  return { op, docPath: template, created };
}

/** The JSON content entry of a body or response, keeping the annotation's examples; the schema replaced. */
function setJsonSchema(holder: SchemaObject, schema: SchemaObject): void {
  const content = ensure<Record<string, SchemaObject>>(holder, 'content', () => ({}));
  content[JSON_TYPE] = { ...(content[JSON_TYPE] ?? {}), schema };
}

/** Sets (or adds) a parameter: the schema's type and requiredness, the annotation's description kept. */
function setParameter(
  op: OperationObject,
  name: string,
  where: string,
  required: boolean,
  schema: SchemaObject,
) {
  const parameters = ensure<SchemaObject[]>(op, 'parameters', () => []);
  const found = parameters.find((p) => p.name === name && p.in === where);
  if (found) {
    found.schema = schema;
    found.required = required;
  } else parameters.push({ name, in: where, required, deprecated: false, schema });
}

/**
 * Adds the routes' schemas to `document`: `requestBody` from `body`, `parameters` from `params`, `query` and
 * `headers`, `responses` from `response`. Where an annotation documents the same operation, its words
 * (summary, descriptions, tags, examples, security) stay and the route's schemas replace its types, since
 * they are what the route checks (DOCS-025). An `all` route is not an operation (DOCS-023); a schema that
 * cannot be converted leaves that part as any value, with a warning (DOCS-024). The words a schema gives
 * (`summary`, `tags`, `security`...) win over an annotation's, `hide` leaves the route out (DOCS-030,
 * DOCS-031), and a route whose key is in `guarded` (behind `authMiddleware`) requires the bearer scheme
 * unless something says otherwise (DOCS-032).
 *
 * @example
 * ```ts
 * addRouteSchemas(document, app.routes(), '/api-docs', (route, message) => console.warn(route, message));
 * document.paths['/users'].post.requestBody; // { required: true, content: { 'application/json': { schema } } }
 * ```
 */
export function addRouteSchemas(
  document: OpenApiDocument,
  routes: readonly RouteInfo[],
  ignorePrefix: string,
  warn: RouteWarn,
  guarded: ReadonlySet<string> = new Set(),
): Set<OperationObject> {
  const done = new Set<string>();
  const fromPattern = new Set<OperationObject>();
  const words = new RouteMetadata(document);
  // Schema'd routes first: a method and path registered twice is documented from the one with a schema.
  const ordered = [
    ...routes.filter((route) => isSchema(route.schema)),
    ...routes.filter((route) => !isSchema(route.schema)),
  ];
  for (const route of ordered) {
    if (route.path === ignorePrefix || route.path.startsWith(`${ignorePrefix}/`)) continue;
    const hasSchema = isSchema(route.schema);
    const schema: RouteSchema = route.schema ?? {};
    const method = route.method.toLowerCase();
    const ref = { method: route.method.toUpperCase(), path: route.path };
    if (schema.hide === true) {
      // DOCS-030: a hidden route is in no operation, an annotation's included, and warns of nothing.
      if (OPERATION_METHODS.has(method) && !done.has(`${method} ${route.path}`))
        hideOperation(document, method, route.path);
      done.add(`${method} ${route.path}`);
      continue;
    }
    if (!OPERATION_METHODS.has(method)) {
      // DOCS-023: OpenAPI has no operation for `all` (or a method it does not name); DOCS-028: without a
      // schema, such a route is left out quietly.
      if (hasSchema)
        warn(
          ref,
          `${ref.method} ${ref.path} has a schema but OpenAPI has no ${ref.method} operation; it is not documented`,
        );
      continue;
    }
    if (done.has(`${method} ${route.path}`)) continue;
    done.add(`${method} ${route.path}`);
    const pattern = routeTemplate(route.path);
    if (pattern === undefined) {
      // DOCS-028: a RegExp route has no OpenAPI path template.
      if (hasSchema)
        warn(
          ref,
          `${ref.method} ${ref.path} is a RegExp route, which OpenAPI cannot write; it is not documented`,
        );
      continue;
    }
    const { op, docPath, created } = operationFor(document, method, route.path, pattern.template);
    // DOCS-028: an operation made from the pattern alone; the drift report does not count it as documented.
    if (created && !hasSchema) fromPattern.add(op);
    const prefix = componentPrefix(method, route.path);
    const convert = (part: string, value: unknown, io: 'input' | 'output'): SchemaObject => {
      const name = `${prefix}${safeName(part[0]!.toUpperCase() + part.slice(1))}`;
      const converted: Converted = toOpenApiSchema(value, io, name);
      if ('unconvertible' in converted) {
        // DOCS-024: the operation stays, the part is documented as any value.
        warn(
          ref,
          `${ref.method} ${ref.path}: the ${part} schema is not in the document: ${converted.unconvertible}; ${conversionHint(value)}`,
        );
        return {};
      }
      for (const [key, def] of Object.entries(converted.defs)) setOwn(document.components.schemas, key, def);
      return converted.schema;
    };
    // The properties of an object schema, following a root `$ref` to its component.
    const propertiesOf = (converted: SchemaObject): [Record<string, SchemaObject>, string[]] => {
      const target =
        typeof converted.$ref === 'string' ? resolvePointer(document, converted.$ref) : converted;
      if (!isSchema(target)) return [{}, []];
      const props = isSchema(target.properties) ? (target.properties as Record<string, SchemaObject>) : {};
      const required = Array.isArray(target.required) ? (target.required as string[]) : [];
      return [props, required];
    };

    if (schema.body !== undefined && method !== 'get' && method !== 'head') {
      const body = ensure<SchemaObject>(op, 'requestBody', () => ({}));
      setJsonSchema(body, convert('body', schema.body, 'input'));
      body.required = true;
    }
    // The annotation may name a parameter otherwise (`{id}` for `:userId`): matched by position.
    const pathNames = pathParamNames(docPath);
    const routeNames = pattern.params.map((param) => param.name);
    if (schema.params !== undefined) {
      const [props] = propertiesOf(convert('params', schema.params, 'input'));
      for (const [name, prop] of Object.entries(props)) {
        const at = routeNames.indexOf(name);
        const docName = at >= 0 ? pathNames[at] : undefined;
        if (docName !== undefined) setParameter(op, docName, 'path', true, prop);
      }
    }
    for (const [part, where] of [
      ['query', 'query'],
      ['headers', 'header'],
    ] as const) {
      if (schema[part] === undefined) continue;
      const [props, required] = propertiesOf(convert(part, schema[part], 'input'));
      // DOCS-034: a parameter with a default is filled in when it is missing, so it is never required.
      for (const [name, prop] of Object.entries(props))
        setParameter(op, name, where, required.includes(name) && prop.default === undefined, prop);
    }
    // DOCS-005: every `{name}` in the path is a required path parameter, so the document stays valid.
    pathNames.forEach((name, at) => {
      const parameters = ensure<SchemaObject[]>(op, 'parameters', () => []);
      if (parameters.some((p) => p.name === name && p.in === 'path')) return;
      setParameter(op, name, 'path', true, { type: 'string' });
      const note = paramNote(pattern.params[at]);
      if (note) parameters[parameters.length - 1]!.description = note;
    });
    addResponses(op, schema.response, (status, value) => convert(`response${status}`, value, 'output'));
    words.apply(op, schema, (message) => warn(ref, `${ref.method} ${ref.path}: ${message}`));
    if (guarded.has(`${ref.method} ${route.path}`)) words.applyGuard(op);
  }
  return fromPattern;
}

/** What the path template cannot say about a parameter (DOCS-028): OpenAPI path parameters are required. */
function paramNote(param: TemplateParam | undefined): string | undefined {
  if (param?.optional) return 'Optional: the route also answers without this segment.';
  if (param?.wildcard) return 'The rest of the path; it may hold "/".';
  return undefined;
}

/** Responses from `schema.response`: `2xx` written `2XX`, the placeholder `default` replaced (DOCS-023). */
function addResponses(
  op: OperationObject,
  response: unknown,
  convert: (status: string, value: unknown) => SchemaObject,
): void {
  const responses = ensure<Record<string, SchemaObject>>(op, 'responses', () => ({}));
  if (!isSchema(response) || Object.keys(response).length === 0) {
    if (Object.keys(responses).length === 0) responses.default = { description: 'Default response' };
    return;
  }
  const keys = Object.keys(responses);
  const placeholder = responses.default;
  if (
    keys.length === 1 &&
    placeholder?.description === 'Default response' &&
    placeholder.content === undefined
  )
    delete responses.default;
  for (const [key, value] of Object.entries(response)) {
    const status = key.toLowerCase() === 'default' ? 'default' : key.toUpperCase();
    const entry = ensure<SchemaObject>(responses, status, () => ({
      description: defaultDescription(status),
    }));
    // DOCS-033: a status that never has a body is documented with its description alone.
    if (!hasNoBody(status)) setJsonSchema(entry, convert(status === 'default' ? 'Default' : status, value));
  }
}
