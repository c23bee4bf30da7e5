/** One part's check: a Standard Schema or a JSON Schema, made into the same small function at registration. */

import { setupError } from '../../base/errors.js';
import type { SchemaCompilers } from './compilers.js';
import { type PartCheck, type PartOutcome, type SchemaPart, safeMessage, valueAt } from './issues.js';
import { jsonSchemaCheck } from './json-schema.js';
import { isStandardSchema, type StandardResult, type StandardSchema } from './standard.js';

/**
 * SCHEMA-002: the check for `schema` of `part`. A Standard Schema is used through its `~standard.validate`;
 * any other object is a JSON Schema, compiled now by the app's ajv (SCHEMA-013). Anything else is a TypeError naming `where`.
 *
 * @example
 * ```ts
 * const check = partCheck('body', z.object({ name: z.string() }), "post('/users')", compilers);
 * ```
 */
export function partCheck(
  part: SchemaPart,
  schema: unknown,
  where: string,
  compilers: SchemaCompilers,
): PartCheck {
  if (isStandardSchema(schema)) return standardCheck(schema);
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) {
    throw setupError(
      'KIT_ERR_SETUP_SCHEMA',
      `${where}: schema.${part} must be a Standard Schema (Zod, Valibot, ArkType...) or a JSON Schema object`,
    );
  }
  return jsonSchemaCheck(part, schema, compilers);
}

function standardCheck(schema: StandardSchema): PartCheck {
  const standard = schema['~standard'];
  return (input) => {
    const result = standard.validate(input);
    return result instanceof Promise
      ? result.then((settled) => outcomeOf(settled, input))
      : outcomeOf(result, input);
  };
}

function outcomeOf(result: StandardResult<unknown>, input: unknown): PartOutcome {
  if (result.issues === undefined) return { value: result.value };
  return {
    issues: result.issues.map((issue) => {
      const path = (issue.path ?? []).map((segment) => {
        const key = typeof segment === 'object' && segment !== null ? segment.key : segment;
        return typeof key === 'number' ? key : String(key);
      });
      return { path, message: safeMessage(issue.message, valueAt(input, path)) };
    }),
  };
}
