/** SCHEMA-011: a large array reply checked against its schema, then written by JSON.stringify with the declared keys. */

type Schema = Readonly<Record<string, unknown>>;
type Check = (value: unknown) => boolean;

// Keywords fast-json-stringify ignores while writing a value of a single declared type: validation-only or
// annotations. Any other keyword (anyOf, $ref, if, const, nullable, patternProperties, additionalItems, $id...)
// means no projection, and fjs writes every reply of that schema.
const IGNORED = [
  '$schema',
  '$comment',
  'title',
  'description',
  'examples',
  'deprecated',
  'readOnly',
  'writeOnly',
];
const NUMERIC = ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'];
const ALLOWED: Readonly<Record<string, ReadonlySet<string>>> = {
  string: new Set([...IGNORED, 'type', 'enum', 'default', 'minLength', 'maxLength', 'pattern', 'format']),
  number: new Set([...IGNORED, 'type', 'enum', 'default', ...NUMERIC]),
  integer: new Set([...IGNORED, 'type', 'enum', 'default', ...NUMERIC]),
  boolean: new Set([...IGNORED, 'type', 'enum', 'default']),
  array: new Set([...IGNORED, 'type', 'items', 'minItems', 'maxItems', 'uniqueItems']),
  object: new Set([
    ...IGNORED,
    'type',
    'properties',
    'required',
    'additionalProperties',
    'minProperties',
    'maxProperties',
  ]),
};
// fast-json-stringify converts Dates (or writes unescaped) for these string formats.
const CONVERTING_FORMATS = new Set(['date-time', 'date', 'time', 'unsafe']);

// The values fast-json-stringify writes exactly as JSON.stringify does; any other goes to fjs, which coerces
// (a number where a string is declared, null, a Date) or throws (NaN). ±Infinity is `null` in both.
const STRING = 0;
const NUMBER = 1;
const INTEGER = 2;
const BOOLEAN = 3;
const NESTED = 4;
const KINDS: Readonly<Record<string, number>> = {
  string: STRING,
  number: NUMBER,
  integer: INTEGER,
  boolean: BOOLEAN,
};

// The length from which the projection beats fast-json-stringify (figures in spec SCHEMA-011 too),
// measured on Node 20 (V8 11.3), 2 cores, best of 3 × 300 ms, output flattened as a socket write does:
// - objects (the bench's user, 6 fields): projection/fjs 1.03 at 1,000 items, 1.09 at 3,000, 1.13 at 10,000,
//   1.20 at 20,000; unflattened 0.79, 0.86, 1.01, 0.94 (fjs's rope is cheap until flattened). From 10,000.
// - integers 1.66 at 100, 1.87 at 1,000; strings 0.87 at 10, 1.25 at 100, 3.2 at 100,000; numbers > 2 from 10.
const OBJECT_ITEMS_FROM = 10_000;
const PRIMITIVE_ITEMS_FROM = 100;

/** A compiled projection of a root array schema: its writer and the length it pays off from. */
export interface ReplyProjection {
  /** The JSON text fast-json-stringify would write, or undefined when the value is not exactly as declared. */
  readonly write: (value: unknown) => string | undefined;
  /** The array length from which `write` is faster than fast-json-stringify. */
  readonly from: number;
}

/** The object schemas of one reply schema and the order of their keys, shared by the whole tree. */
interface Objects {
  readonly orders: string[][];
  readonly foreign: string[][];
}

/**
 * SCHEMA-011: compiles, once, a JSON Schema made only of objects (declared `properties`, no extras), arrays
 * with one `items` schema, and strings, numbers, integers and booleans into a writer for large replies: one
 * pass checks every declared value is exactly of its declared type (no `toJSON`, no default to fill, no
 * required property missing, and no key declared elsewhere in the schema set on an object that does not
 * declare it), then `JSON.stringify(value, keys)` writes only the declared keys, in fast-json-stringify's
 * order (required first). Undefined for any other schema, or when no single key order fits every object.
 *
 * @example
 * ```ts
 * const users = replyProjection({ type: 'array', items: { type: 'object', properties: { id: { type: 'integer' } } } });
 * users?.write([{ id: 1, passwordHash: 'x' }]); // '[{"id":1}]'
 * ```
 */
export function replyProjection(schema: unknown): ReplyProjection | undefined {
  // A root array only: under a root object (`{ total, users }`) the check of the keys declared elsewhere costs
  // more than it saves (projection/fjs 0.70 to 0.91 from 100 to 20,000 users).
  if (kindOf(schema) !== 'array') return undefined;
  const objects: Objects = { orders: [], foreign: [] };
  const check = checkOf(schema, objects);
  const keys = check === undefined ? undefined : keyOrder(objects.orders);
  if (check === undefined || keys === undefined) return undefined;
  objects.orders.forEach((order, index) => {
    objects.foreign[index]?.push(...keys.filter((key) => !order.includes(key)));
  });
  // No object in the schema: nothing to filter. An object without properties: `[]` writes it as `{}`, as fjs.
  const replacer = objects.orders.length === 0 ? undefined : keys;
  return {
    write: (value) => (check(value) ? JSON.stringify(value, replacer) : undefined),
    from: objects.orders.length === 0 ? PRIMITIVE_ITEMS_FROM : OBJECT_ITEMS_FROM,
  };
}

/** One order of every declared key that keeps each object's own order, or undefined when none does. */
function keyOrder(orders: ReadonlyArray<ReadonlyArray<string>>): string[] | undefined {
  const keys: string[] = [];
  for (const order of orders) for (const key of order) if (!keys.includes(key)) keys.push(key);
  const fits = orders.every((order) =>
    order.every((key, i) => i === 0 || keys.indexOf(order[i - 1] as string) < keys.indexOf(key)),
  );
  return fits ? keys : undefined;
}

function kindOf(schema: unknown): string | undefined {
  if (typeof schema !== 'object' || schema === null) return undefined;
  const type = (schema as Schema).type;
  if (typeof type !== 'string' || !Object.hasOwn(ALLOWED, type)) return undefined;
  for (const key of Object.keys(schema)) if (!ALLOWED[type]?.has(key)) return undefined;
  return type;
}

function checkOf(schema: unknown, objects: Objects): Check | undefined {
  const type = kindOf(schema);
  if (type === 'object') return objectCheck(schema as Schema, objects);
  if (type === 'array') return arrayCheck((schema as Schema).items, objects);
  return undefined;
}

interface Field {
  readonly key: string;
  readonly kind: number;
  readonly check: Check | undefined;
  readonly required: boolean;
}

/** A field's kind: a primitive's, or NESTED with its check; undefined when it is not projectable. */
function fieldOf(key: string, schema: unknown, required: boolean, objects: Objects): Field | undefined {
  const type = kindOf(schema);
  if (type === undefined || key === '__proto__') return undefined;
  const node = schema as Schema;
  // A default is written by fjs when the value is missing: such a field counts as required here.
  const needed = required || node.default !== undefined;
  const kind = KINDS[type];
  if (kind !== undefined) {
    if (typeof node.format === 'string' && CONVERTING_FORMATS.has(node.format)) return undefined;
    return { key, kind, check: undefined, required: needed };
  }
  const check = checkOf(node, objects);
  return check === undefined ? undefined : { key, kind: NESTED, check, required: needed };
}

function objectCheck(node: Schema, objects: Objects): Check | undefined {
  if (node.additionalProperties !== undefined && node.additionalProperties !== false) return undefined;
  const properties = node.properties ?? {};
  const required = node.required ?? [];
  if (typeof properties !== 'object' || properties === null || !Array.isArray(required)) return undefined;
  const fields: Field[] = [];
  for (const [key, schema] of Object.entries(properties)) {
    const field = fieldOf(key, schema, required.includes(key), objects);
    if (field === undefined) return undefined;
    fields.push(field);
  }
  // fast-json-stringify writes the required properties first, each group in the schema's order.
  const order = [
    ...fields.filter((field) => required.includes(field.key)),
    ...fields.filter((field) => !required.includes(field.key)),
  ].map((field) => field.key);
  const undeclared = required.map(String).filter((key) => !Object.hasOwn(properties, key));
  const foreign: string[] = [];
  objects.orders.push(order);
  objects.foreign.push(foreign);
  const first = firstFields(fields.slice(0, 6));
  const rest = fields.slice(6);
  return (value) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
    const input = value as Record<string, unknown>;
    if (typeof input.toJSON === 'function' || !first(input)) return false;
    for (const field of rest) {
      const item = input[field.key];
      if (item === undefined ? field.required : !passes(field.kind, field.check, item)) return false;
    }
    // Keys declared on other objects of the schema are in the replacer: here they must be absent.
    for (const key of foreign) if (input[key] !== undefined) return false;
    for (const key of undeclared) if (input[key] === undefined) return false;
    return true;
  };
}

const ANY: Field = { key: '', kind: -1, check: undefined, required: false };

/**
 * The first six fields, one property read each in its own place in the code: each place sees one key (per
 * schema), where one read in a loop sees them all and is slow (V8's megamorphic lookup). Three times faster.
 */
function firstFields(fields: Field[]): (input: Record<string, unknown>) => boolean {
  const [f0 = ANY, f1 = ANY, f2 = ANY, f3 = ANY, f4 = ANY, f5 = ANY] = fields;
  const { key: k0, kind: t0, check: c0, required: r0 } = f0;
  const { key: k1, kind: t1, check: c1, required: r1 } = f1;
  const { key: k2, kind: t2, check: c2, required: r2 } = f2;
  const { key: k3, kind: t3, check: c3, required: r3 } = f3;
  const { key: k4, kind: t4, check: c4, required: r4 } = f4;
  const { key: k5, kind: t5, check: c5, required: r5 } = f5;
  return (input) =>
    fits(input[k0], t0, c0, r0) &&
    fits(input[k1], t1, c1, r1) &&
    fits(input[k2], t2, c2, r2) &&
    fits(input[k3], t3, c3, r3) &&
    fits(input[k4], t4, c4, r4) &&
    fits(input[k5], t5, c5, r5);
}

function fits(item: unknown, kind: number, check: Check | undefined, required: boolean): boolean {
  return item === undefined ? !required : kind === ANY.kind || passes(kind, check, item);
}

function passes(kind: number, check: Check | undefined, item: unknown): boolean {
  switch (kind) {
    case STRING:
      return typeof item === 'string';
    case NUMBER:
      return typeof item === 'number' && !Number.isNaN(item);
    case INTEGER:
      return Number.isInteger(item);
    case BOOLEAN:
      return typeof item === 'boolean';
    default:
      return (check as Check)(item);
  }
}

function arrayCheck(items: unknown, objects: Objects): Check | undefined {
  const field = fieldOf('items', items, false, objects);
  if (field === undefined) return undefined;
  const { kind, check } = field;
  if (kind === NESTED) return (value) => isArray(value) && every(value, check as Check);
  // One loop per kind, the test inlined: a shared loop calling a test per item costs a fifth of the write.
  if (kind === STRING) return (value) => isArray(value) && allStrings(value);
  if (kind === INTEGER) return (value) => isArray(value) && allIntegers(value);
  if (kind === NUMBER) return (value) => isArray(value) && allNumbers(value);
  return (value) => isArray(value) && every(value, (item) => typeof item === 'boolean');
}

/** An array JSON.stringify writes item by item: not one with a `toJSON` of its own. */
function isArray(value: unknown): value is unknown[] {
  return Array.isArray(value) && typeof (value as { toJSON?: unknown }).toJSON !== 'function';
}

function every(items: unknown[], check: Check): boolean {
  for (let index = 0; index < items.length; index++) if (!check(items[index])) return false;
  return true;
}

function allStrings(items: unknown[]): boolean {
  for (let index = 0; index < items.length; index++) if (typeof items[index] !== 'string') return false;
  return true;
}

function allIntegers(items: unknown[]): boolean {
  for (let index = 0; index < items.length; index++) if (!Number.isInteger(items[index])) return false;
  return true;
}

function allNumbers(items: unknown[]): boolean {
  for (let index = 0; index < items.length; index++) {
    const item = items[index];
    if (typeof item !== 'number' || Number.isNaN(item)) return false;
  }
  return true;
}
