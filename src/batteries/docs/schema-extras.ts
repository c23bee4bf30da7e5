/** Applies a description's `format`, `enum:`, `default:` and `json:` segments to a schema. */
import type { Described } from './describe.js';
import type { SchemaObject } from './types.js';

/** Reports a problem at the line being read. */
export type Warn = (message: string) => void;

/** Converts an enum or default written as text to the schema's type, so `enum:1,2` on a number gives numbers. */
export function coerce(value: string, schema: SchemaObject): unknown {
  const type = schema.type;
  if (type === 'integer' || type === 'number') {
    const n = Number(value);
    return value.trim() !== '' && Number.isFinite(n) ? n : value;
  }
  if (type === 'boolean') {
    if (value === 'true') return true;
    if (value === 'false') return false;
  }
  return value;
}

/**
 * Returns `schema` with the extras of `described` applied (DOCS-007). Enum and format go to an array's items
 * (that is what `array<string> - enum:a,b` means); a `$ref` is wrapped in `allOf` because OpenAPI 3.0 ignores
 * the siblings of a reference.
 *
 * @example
 * ```ts
 * withExtras({ type: 'integer' }, { description: '', enumValues: ['1', '2'] }, console.warn);
 * // { type: 'integer', enum: [1, 2] }
 * ```
 */
export function withExtras(schema: SchemaObject, described: Described, warn: Warn): SchemaObject {
  const hasExtras =
    described.format !== undefined ||
    described.enumValues !== undefined ||
    described.defaultValue !== undefined ||
    described.json !== undefined;
  if (!hasExtras) return schema;
  let out: SchemaObject = schema.$ref ? { allOf: [schema] } : { ...schema };
  const items = out.type === 'array' && isSchema(out.items) ? { ...out.items } : undefined;
  const target = items ?? out;
  if (described.format !== undefined) target.format = described.format;
  if (described.enumValues !== undefined) {
    target.enum = described.enumValues.map((value) => coerce(value, target));
  }
  if (items) out.items = items;
  if (described.defaultValue !== undefined) out.default = coerce(described.defaultValue, out);
  if (described.json !== undefined) {
    try {
      const extra: unknown = JSON.parse(described.json);
      if (!isSchema(extra)) throw new Error('expected a JSON object');
      out = { ...out, ...extra };
    } catch (err) {
      warn(`malformed json: options (${(err as Error).message}); they were ignored`);
    }
  }
  return out;
}

/** True for a plain object (a schema), false for arrays and scalars. */
export function isSchema(value: unknown): value is SchemaObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Sets an own property. Names come from annotations, so `__proto__` must not reach the prototype setter
 * and `constructor` must not read Object's.
 */
export function setOwn(record: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(record, key, { value, enumerable: true, writable: true, configurable: true });
}

/** The own property `record[key]`, or undefined (inherited names such as `constructor` do not count). */
export function getOwn(record: Record<string, unknown>, key: string): unknown {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

/** The object at `record[key]`, created with `make` when missing. */
export function ensure<T>(record: Record<string, unknown>, key: string, make: () => T): T {
  if (getOwn(record, key) === undefined) setOwn(record, key, make());
  return record[key] as T;
}
