/** A route's schema (Standard Schema with Standard JSON Schema, or plain JSON Schema) as an OpenAPI 3.0 schema object. */
import { isStandardSchema } from '../../core/schema/standard.js';
import { isSchema } from './schema-extras.js';
import type { SchemaObject } from './types.js';

/** The Standard JSON Schema target for an OpenAPI 3.0 document (a superset of JSON Schema draft-04). */
export const OPENAPI_TARGET = 'openapi-3.0';

/** The keywords an OpenAPI 3.0 Schema Object may carry (besides `x-` extensions). */
const OPENAPI_KEYWORDS = new Set([
  'title',
  'multipleOf',
  'maximum',
  'exclusiveMaximum',
  'minimum',
  'exclusiveMinimum',
  'maxLength',
  'minLength',
  'pattern',
  'maxItems',
  'minItems',
  'uniqueItems',
  'maxProperties',
  'minProperties',
  'required',
  'enum',
  'type',
  'allOf',
  'oneOf',
  'anyOf',
  'not',
  'items',
  'properties',
  'additionalProperties',
  'description',
  'format',
  'default',
  'nullable',
  'discriminator',
  'readOnly',
  'writeOnly',
  'xml',
  'externalDocs',
  'example',
  'deprecated',
]);
const SUBSCHEMA_LISTS = ['allOf', 'oneOf', 'anyOf'];

/** What {@link toOpenApiSchema} gives: the schema, or why the library's schema cannot be converted. */
export type Converted =
  | { schema: SchemaObject; defs: Record<string, SchemaObject> }
  | { unconvertible: string };

/** A copy with only JSON values: symbol keys (TypeBox's `Kind`), functions and undefined are left out. */
export function jsonOnly(value: unknown): unknown {
  if (Array.isArray(value)) return value.map((item) => jsonOnly(item) ?? null);
  if (typeof value === 'function' || typeof value === 'symbol' || typeof value === 'bigint') return undefined;
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const item = jsonOnly((value as Record<string, unknown>)[key]);
    if (item !== undefined) out[key] = item;
  }
  return out;
}

/** Rewrites a JSON Schema (draft-04 to 2020-12) into what an OpenAPI 3.0 Schema Object accepts. */
function toOpenApi30(node: unknown, mapRef: (ref: string) => string): SchemaObject {
  if (node === true || !isSchema(node)) return {};
  if (typeof node.$ref === 'string') return { $ref: mapRef(node.$ref) };
  const out: SchemaObject = {};
  for (const [key, value] of Object.entries(node)) {
    if (key.startsWith('x-')) out[key] = value;
    else if (OPENAPI_KEYWORDS.has(key)) out[key] = value;
  }
  // Later drafts' spellings of what 3.0 says another way.
  if ('const' in node) out.enum = [node.const];
  if (Array.isArray(node.examples) && node.examples.length > 0 && !('example' in out))
    out.example = node.examples[0];
  if (typeof node.exclusiveMinimum === 'number') {
    out.minimum = node.exclusiveMinimum;
    out.exclusiveMinimum = true;
  }
  if (typeof node.exclusiveMaximum === 'number') {
    out.maximum = node.exclusiveMaximum;
    out.exclusiveMaximum = true;
  }
  if (Array.isArray(node.type)) {
    const types = node.type.filter((t) => t !== 'null');
    if (types.length < node.type.length) out.nullable = true;
    if (types.length === 1) out.type = types[0];
    else {
      delete out.type;
      if (types.length > 1) out.anyOf = types.map((type) => ({ type }));
    }
  } else if (node.type === 'null') {
    delete out.type;
    out.nullable = true;
    out.enum = [null];
  }
  const sub = (value: unknown) => toOpenApi30(value, mapRef);
  if (isSchema(node.properties)) {
    const properties: SchemaObject = {};
    for (const [name, value] of Object.entries(node.properties)) properties[name] = sub(value);
    out.properties = properties;
  }
  if (Array.isArray(node.prefixItems) || Array.isArray(node.items)) {
    // A tuple: 3.0 has no positional items, so any of the positions' schemas.
    const positions = (Array.isArray(node.prefixItems) ? node.prefixItems : node.items) as unknown[];
    out.items = positions.length === 1 ? sub(positions[0]) : { anyOf: positions.map(sub) };
  } else if (node.items !== undefined) out.items = sub(node.items);
  if (out.type === 'array' && out.items === undefined) out.items = {};
  if (isSchema(node.additionalProperties)) out.additionalProperties = sub(node.additionalProperties);
  if (node.not !== undefined) out.not = sub(node.not);
  for (const list of SUBSCHEMA_LISTS)
    if (Array.isArray(node[list])) out[list] = (node[list] as unknown[]).map(sub);
  return out;
}

/**
 * Converts one part of a route's schema. A plain object is taken as JSON Schema (cleaned of what is not
 * JSON); a Standard Schema is converted through its Standard JSON Schema `jsonSchema.input` (request parts)
 * or `.output` (responses) with the `openapi-3.0` target; one without that extension (a plain Valibot
 * schema) is unconvertible. Local definitions (`$defs`, `definitions`) come back in `defs` under `name`'s
 * prefix, and every local `$ref` points at `#/components/schemas/...` (DOCS-024).
 *
 * @example
 * ```ts
 * toOpenApiSchema(z.object({ name: z.string() }), 'input', 'PostUsersBody');
 * // { schema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'], ... }, defs: {} }
 * ```
 */
export function toOpenApiSchema(schema: unknown, io: 'input' | 'output', name: string): Converted {
  let json: unknown;
  if (isStandardSchema(schema)) {
    const standard = schema['~standard'] as { vendor?: unknown; jsonSchema?: Record<string, unknown> };
    const convert = standard.jsonSchema?.[io];
    if (typeof convert !== 'function') {
      return { unconvertible: `its ${String(standard.vendor)} schema has no Standard JSON Schema converter` };
    }
    try {
      json = convert({ target: OPENAPI_TARGET });
    } catch (err) {
      return { unconvertible: `${String(standard.vendor)} could not convert it (${(err as Error).message})` };
    }
  } else json = schema;
  const root = jsonOnly(json);
  if (!isSchema(root)) return { unconvertible: 'the converter gave no JSON Schema object' };

  const defs: Record<string, SchemaObject> = {};
  const local: Record<string, unknown> = {};
  for (const section of ['$defs', 'definitions']) {
    if (isSchema(root[section])) Object.assign(local, root[section]);
  }
  const componentName = (key: string) => `${name}.${safeName(key)}`;
  const mapRef = (ref: string): string => {
    if (ref === '#') return `#/components/schemas/${name}`;
    for (const section of ['#/$defs/', '#/definitions/']) {
      if (ref.startsWith(section)) {
        const [key = '', ...rest] = ref.slice(section.length).split('/');
        return [`#/components/schemas/${componentName(decodeURIComponent(key))}`, ...rest].join('/');
      }
    }
    return ref;
  };
  for (const [key, value] of Object.entries(local)) defs[componentName(key)] = toOpenApi30(value, mapRef);
  const converted = toOpenApi30(root, mapRef);
  // A schema that refers to itself (`$ref: '#'`) is a component too, so the reference resolves.
  if (JSON.stringify(json).includes('"$ref":"#"')) defs[name] = converted;
  return { schema: converted, defs };
}

/** A component name OpenAPI accepts (`^[a-zA-Z0-9._-]+$`). */
export function safeName(text: string): string {
  let out = '';
  for (const c of text) out += /[A-Za-z0-9._-]/.test(c) ? c : '_';
  return out === '' ? '_' : out;
}
