/** A plain JSON Schema (TypeBox's too) compiled once by the app's ajv, which is loaded only when a route uses one. */
import type { ErrorObject } from 'ajv';
import type { SchemaCompilers } from './compilers.js';
import { type PartCheck, type SchemaPart, safeMessage, type ValidationIssue, valueAt } from './issues.js';

/**
 * The check of one part by a JSON Schema: compiled now by the app's ajv (a schema ajv refuses throws here, at
 * registration). SCHEMA-003: params, query and headers arrive as strings, so their schemas coerce (`"3"` to
 * 3, one value to an array of one), as Fastify's do; a JSON body already has its types and is not coerced.
 * Both fill `default`s. Run on a shallow copy of params, query or headers so that coercion and defaults never change
 * `req.headers` or a query object another route reads.
 *
 * @example
 * ```ts
 * const check = jsonSchemaCheck('query', { type: 'object', properties: { page: { type: 'integer' } } }, compilers);
 * check({ page: '2' }); // { value: { page: 2 } }
 * ```
 */
export function jsonSchemaCheck(part: SchemaPart, schema: object, compilers: SchemaCompilers): PartCheck {
  const validate = compilers.compile(part === 'body' ? 'body' : 'coerced', schema);
  const copies = part !== 'body';
  return (input) => {
    const value = copies && input !== null && typeof input === 'object' ? { ...input } : input;
    if (validate(value)) return { value };
    return { issues: (validate.errors ?? []).map((error) => issueOf(error, value)) };
  };
}

/** An ajv error as an issue: its JSON pointer as keys, the missing or extra property named in the path. */
function issueOf(error: ErrorObject, value: unknown): ValidationIssue {
  const path: Array<string | number> = error.instancePath
    .split('/')
    .slice(1)
    .map((token) => {
      const key = token.replace(/~1/g, '/').replace(/~0/g, '~');
      return /^(0|[1-9]\d*)$/.test(key) ? Number(key) : key;
    });
  const params = error.params as { missingProperty?: string; additionalProperty?: string };
  const rejected = valueAt(value, path);
  if (typeof params.missingProperty === 'string') path.push(params.missingProperty);
  else if (typeof params.additionalProperty === 'string') path.push(params.additionalProperty);
  // SCHEMA-005: ajv's `pattern` message quotes the schema's regex; the client learns only that it failed.
  const message = error.keyword === 'pattern' ? 'must match the expected pattern' : error.message;
  return { path, message: safeMessage(message, rejected) };
}
