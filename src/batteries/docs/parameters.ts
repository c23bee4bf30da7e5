/** Reads an operation's `@param` lines: path, query, header and cookie parameters, and the request body's parts. */
import type { Spec } from './comment-blocks.js';
import { describe } from './describe.js';
import type { RequestBodyBuilder } from './request-body.js';
import { type Warn, withExtras } from './schema-extras.js';
import { typeToSchema } from './type-expression.js';
import type { SchemaObject } from './types.js';

const LOCATIONS = new Set(['path', 'query', 'header', 'cookie']);
const FLAGS = new Set(['required', 'deprecated', 'allowEmptyValue']);

/**
 * The schema of a `@param`/`@property` line: its type (DOCS-014; none is a string, DOCS-006) plus the extras
 * (DOCS-007).
 */
export function lineSchema(
  spec: Spec,
  described: ReturnType<typeof describe>,
  types: { readonly schemaNames: ReadonlySet<string> },
  warn: Warn,
): SchemaObject {
  let schema: SchemaObject;
  if (spec.type.trim() === '') {
    warn(`@${spec.tag} ${spec.name} has no {type}; string is assumed`);
    schema = { type: 'string' };
  } else {
    schema = typeToSchema(spec.type, { schemaNames: types.schemaNames, warn });
  }
  if (spec.default !== undefined && described.defaultValue === undefined)
    described.defaultValue = spec.default;
  return withExtras(schema, described, warn);
}

/**
 * Turns one `@param` tag into a parameter (returned) or a body part (given to `body`). `name.path` is
 * always required, whatever the line says: OpenAPI forbids an optional path parameter (DOCS-005). Query,
 * header and cookie parameters (DOCS-006), a whole body (DOCS-008) and body or form fields (DOCS-009).
 *
 * @example
 * ```ts
 * // @param {string} id.path - the user id
 * readParam(spec, body, types, warn); // { name: 'id', in: 'path', description: 'the user id', required: true, schema: { type: 'string' } }
 * ```
 */
export function readParam(
  spec: Spec,
  body: RequestBodyBuilder,
  types: { readonly schemaNames: ReadonlySet<string> },
  warn: Warn,
): SchemaObject | undefined {
  const parts = spec.name.split('.').filter((part) => part !== '');
  const described = describe(spec.description, { mediaTypes: true });
  if (parts[0] === 'request' && parts[1] === 'body') {
    const rest = parts.slice(2);
    const required = rest.includes('required');
    const field = rest.filter((part) => part !== 'required');
    const schema = lineSchema(spec, described, types, warn);
    if (field.length === 0) {
      body.addWhole(schema, required, described.description, described.mediaType, warn);
    } else {
      if (field.length > 1) warn(`nested body field "${field.join('.')}" is documented as one property`);
      if (described.description !== '') schema.description = described.description;
      body.addField(field.join('.'), schema, required, described.mediaType, warn);
    }
    return undefined;
  }
  if (parts.length < 2 || !(LOCATIONS.has(parts[1]!) || parts[1] === 'form')) {
    warn(
      `malformed @param "${spec.name}": expected <name>.<path|query|header|cookie|form>[.required], request.body or request.body.<field>`,
    );
    return undefined;
  }
  const [name, location, ...flags] = parts as [string, string, ...string[]];
  for (const flag of flags) {
    if (!FLAGS.has(flag)) warn(`unknown flag ".${flag}" on @param ${spec.name} was ignored`);
  }
  const schema = lineSchema(spec, described, types, warn);
  if (location === 'form') {
    if (described.description !== '') schema.description = described.description;
    body.addField(name, schema, flags.includes('required'), described.mediaType, warn, true);
    return undefined;
  }
  const param: SchemaObject = { name, in: location };
  if (described.description !== '') param.description = described.description;
  param.required = location === 'path' || flags.includes('required');
  param.deprecated = flags.includes('deprecated');
  // OpenAPI defines allowEmptyValue for query parameters only.
  if (location === 'query') param.allowEmptyValue = flags.includes('allowEmptyValue');
  else if (flags.includes('allowEmptyValue'))
    warn(`.allowEmptyValue applies to query parameters only; ignored on ${spec.name}`);
  param.schema = schema;
  return param;
}
