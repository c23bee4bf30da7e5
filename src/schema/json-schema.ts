/** A plain JSON Schema (TypeBox's too) compiled once by ajv, which is loaded only when a route uses one. */
import type { ErrorObject } from 'ajv';
import { lazyDependency } from '../optional-package.js';
import { type PartCheck, type SchemaPart, safeMessage, type ValidationIssue, valueAt } from './issues.js';

type AjvModule = typeof import('ajv');
type AjvInstance = InstanceType<AjvModule['default']>;

// ajv and its compiled code are kept off every app that has no JSON Schema route.
const loadAjv = lazyDependency<AjvModule>('ajv');
let coercing: AjvInstance | undefined;
let exact: AjvInstance | undefined;

/**
 * SCHEMA-003: params, query and headers arrive as strings, so their schemas coerce (`"3"` to 3, one value to
 * an array of one), as Fastify's do; a JSON body already has its types and is not coerced. Both fill
 * `default`s. `strict: false`: a schema written for other tools (`example`, an unknown `format`) still
 * compiles; ajv's own logging is off, kitjs's logger is the app's.
 */
function ajvFor(part: SchemaPart): AjvInstance {
  const Ajv = loadAjv().default;
  if (part === 'body') {
    exact ??= new Ajv({ useDefaults: true, strict: false, logger: false });
    return exact;
  }
  coercing ??= new Ajv({ coerceTypes: 'array', useDefaults: true, strict: false, logger: false });
  return coercing;
}

/**
 * The check of one part by a JSON Schema: compiled now (a schema ajv refuses throws here, at registration),
 * run on a shallow copy of params, query or headers so that coercion and defaults never change
 * `req.headers` or a query object another route reads.
 *
 * @example
 * ```ts
 * const check = jsonSchemaCheck('query', { type: 'object', properties: { page: { type: 'integer' } } });
 * check({ page: '2' }); // { value: { page: 2 } }
 * ```
 */
export function jsonSchemaCheck(part: SchemaPart, schema: object): PartCheck {
  const validate = ajvFor(part).compile(schema);
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
