/** Turns a JSDoc type expression (`string`, `Song[]`, `array<Song>`, `A|B`, `Dictionary<T>`) into an OpenAPI schema. */
import type { SchemaObject } from './types.js';

/** What resolving a type needs: the schema names that exist, and somewhere to report a name that does not. */
export interface TypeContext {
  readonly schemaNames: ReadonlySet<string>;
  warn(message: string): void;
}

const PRIMITIVES: Record<string, SchemaObject> = {
  string: { type: 'string' },
  number: { type: 'number' },
  integer: { type: 'integer' },
  int: { type: 'integer' },
  boolean: { type: 'boolean' },
  bool: { type: 'boolean' },
  object: { type: 'object' },
  array: { type: 'array', items: {} },
  file: { type: 'string', format: 'binary' },
  date: { type: 'string', format: 'date-time' },
  any: {},
  '*': {},
};

const COMBINERS = new Set(['oneOf', 'anyOf', 'allOf']);

/** Splits at `sep` only at the top nesting level of `<>`, `()`, `{}` and `[]`. */
function splitTopLevel(text: string, sep: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '<' || ch === '(' || ch === '{' || ch === '[') depth++;
    else if (ch === '>' || ch === ')' || ch === '}' || ch === ']') depth--;
    else if (ch === sep && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts.map((part) => part.trim());
}

function unwrapParens(text: string): string {
  let t = text.trim();
  while (t.startsWith('(') && t.endsWith(')')) {
    const inner = t.slice(1, -1);
    // Only unwrap when the parentheses enclose the whole expression, not `(A)|(B)`.
    let depth = 0;
    let wraps = true;
    for (let i = 0; i < t.length - 1; i++) {
      if (t[i] === '(') depth++;
      else if (t[i] === ')') depth--;
      if (depth === 0) {
        wraps = false;
        break;
      }
    }
    if (!wraps) break;
    t = inner.trim();
  }
  return t;
}

/** Reads `array<T>`, `Array.<T>` and `Array<T>` (any case); returns the inner expression or undefined. */
function genericArgs(text: string, names: readonly string[]): string | undefined {
  const match = /^([A-Za-z]+)\.?<(.*)>$/s.exec(text);
  if (!match || !names.includes(match[1]!.toLowerCase())) return undefined;
  return match[2]!;
}

/**
 * Converts a type expression to a schema. Primitive names map to their JSON types, a name defined by a
 * `@typedef` (or a YAML component) becomes a `$ref`, and any other name is reported through `ctx.warn`
 * and becomes `{}` (any value) so the document never points at a schema that does not exist (DOCS-014).
 *
 * @example
 * ```ts
 * typeToSchema('array<Song>', { schemaNames: new Set(['Song']), warn: console.warn });
 * // { type: 'array', items: { $ref: '#/components/schemas/Song' } }
 * ```
 */
export function typeToSchema(expression: string, ctx: TypeContext): SchemaObject {
  const text = unwrapParens(expression);
  if (text === '') return {};

  const members = splitTopLevel(text, '|');
  if (members.length > 1) return unionSchema(members, ctx);

  if (text.endsWith('[]')) return { type: 'array', items: typeToSchema(text.slice(0, -2), ctx) };

  const arrayOf = genericArgs(text, ['array']);
  if (arrayOf !== undefined) return { type: 'array', items: typeToSchema(arrayOf, ctx) };

  const mapOf = genericArgs(text, ['dictionary', 'object', 'record', 'map']);
  if (mapOf !== undefined) {
    const args = splitTopLevel(mapOf, ',');
    return { type: 'object', additionalProperties: typeToSchema(args[args.length - 1]!, ctx) };
  }

  const primitive = Object.hasOwn(PRIMITIVES, text)
    ? PRIMITIVES[text]
    : Object.hasOwn(PRIMITIVES, text.toLowerCase())
      ? PRIMITIVES[text.toLowerCase()]
      : undefined;
  // Typedef names win over the lower-case primitive aliases only when spelled exactly.
  if (ctx.schemaNames.has(text)) return { $ref: `#/components/schemas/${text}` };
  if (primitive) return structuredClone(primitive);
  if (text === 'null') return { nullable: true };

  ctx.warn(
    /^[A-Za-z_$][\w$.-]*$/.test(text)
      ? `unknown type "${text}": no @typedef or component defines it`
      : `malformed type "{${text}}"`,
  );
  return {};
}

function unionSchema(members: string[], ctx: TypeContext): SchemaObject {
  let combiner = 'anyOf';
  if (COMBINERS.has(members[0]!)) combiner = members.shift()!;
  const nullable = members.some((member) => member === 'null');
  const schemas = members.filter((member) => member !== 'null').map((member) => typeToSchema(member, ctx));
  if (schemas.length === 0) return { nullable: true };
  const base: SchemaObject =
    schemas.length === 1 && combiner === 'anyOf' ? schemas[0]! : { [combiner]: schemas };
  // A $ref's siblings are ignored in OpenAPI 3.0, so a nullable reference has to be wrapped.
  if (nullable) return base.$ref ? { allOf: [base], nullable: true } : { ...base, nullable: true };
  return base;
}
