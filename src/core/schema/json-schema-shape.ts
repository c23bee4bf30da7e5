/** What a JSON Schema says about the shape of a value: its types, its named fields, its unions and refs. */

/** A JSON Schema object (a boolean schema is handled by the caller). */
export type SchemaObject = Record<string, unknown>;

// Words that describe a schema without constraining a value.
export const ANNOTATIONS: ReadonlySet<string> = new Set([
  '$schema',
  '$id',
  'id',
  '$comment',
  '$defs',
  'definitions',
  'title',
  'description',
  'examples',
  'example',
  'default',
  'readOnly',
  'writeOnly',
  'deprecated',
  'contentMediaType',
  'contentEncoding',
]);

/** What JSON.stringify would write for `value`: the result of its `toJSON`, if it has one. */
export function jsonView(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const toJSON = (value as { toJSON?: unknown }).toJSON;
  return typeof toJSON === 'function' ? (toJSON as () => unknown).call(value) : value;
}

export function isObject(value: unknown): value is SchemaObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Whether a schema constrains its value (more than annotations), unlike `{}`. */
export function constrains(schema: SchemaObject): boolean {
  return Object.keys(schema).some((key) => !ANNOTATIONS.has(key) && !key.startsWith('x-'));
}

export function typesOf(schema: SchemaObject): Set<string> | undefined {
  const type = schema.type;
  if (type === undefined) return undefined;
  const types = new Set(Array.isArray(type) ? (type as string[]) : [type as string]);
  if (schema.nullable === true) types.add('null');
  return types;
}

export function objectish(schema: SchemaObject, types: Set<string> | undefined): boolean {
  if (types !== undefined) return types.has('object');
  return ['properties', 'required', 'additionalProperties', 'patternProperties'].some((key) => key in schema);
}

export function arrayish(schema: SchemaObject, types: Set<string> | undefined): boolean {
  if (types !== undefined) return types.has('array');
  return 'items' in schema || 'prefixItems' in schema;
}

export function fitsPrimitive(value: unknown, types: Set<string>): boolean {
  switch (typeof value) {
    case 'string':
      return types.has('string');
    case 'number':
      return (
        Number.isFinite(value) && (types.has('number') || (types.has('integer') && Number.isInteger(value)))
      );
    case 'boolean':
      return types.has('boolean');
    default:
      return value === null && types.has('null');
  }
}

export function codePoints(value: string): number {
  let length = value.length;
  for (let index = 0; index < value.length; index++) {
    const unit = value.charCodeAt(index);
    if (unit >= 0xdc00 && unit <= 0xdfff && index > 0) {
      const before = value.charCodeAt(index - 1);
      if (before >= 0xd800 && before <= 0xdbff) length--;
    }
  }
  return length;
}

export function withoutKey(schema: SchemaObject, key: string): SchemaObject {
  if (!(key in schema)) return schema;
  const { [key]: _dropped, ...rest } = schema;
  return rest;
}

/** An alternative with the keywords written beside anyOf/oneOf, which apply to every alternative. */
export function withSiblings(rest: SchemaObject, option: unknown): unknown {
  if (!isObject(option) || !constrains(rest)) return option;
  return mergeAll([rest, option], undefined);
}

/**
 * allOf as one schema: the properties and required names of every part, the other keywords of the last part
 * that has them. Loose where two parts disagree, which the full check (needed for allOf) settles.
 */
export function mergeAll(parts: unknown[], deref: ((schema: unknown) => unknown) | undefined): SchemaObject {
  const merged: SchemaObject = {};
  const properties: SchemaObject = {};
  const required = new Set<string>();
  for (const part of parts) {
    const schema = deref === undefined ? part : deref(part);
    if (!isObject(schema)) continue;
    for (const [key, value] of Object.entries(schema)) {
      if (key === 'properties' && isObject(value)) Object.assign(properties, value);
      else if (key === 'required' && Array.isArray(value))
        for (const name of value) required.add(String(name));
      else merged[key] = value;
    }
  }
  if (Object.keys(properties).length > 0) merged.properties = properties;
  if (required.size > 0) merged.required = [...required];
  return merged;
}

/**
 * The shape of every alternative together, for copying a union's value once: objects with the names of all
 * object alternatives (a name in several takes any of their shapes), arrays with any of the item shapes.
 */
export function mergeBranches(branches: unknown[], deref: (schema: unknown) => unknown): SchemaObject | true {
  const properties: Record<string, unknown[]> = {};
  const patterns: SchemaObject = {};
  const items: unknown[] = [];
  let additional: unknown;
  let object = false;
  let array = false;
  for (const branch of branches) {
    const schema = deref(branch);
    if (!isObject(schema) || !constrains(schema)) return true;
    if (Array.isArray(schema.anyOf) || Array.isArray(schema.oneOf) || Array.isArray(schema.allOf))
      return true;
    const types = typesOf(schema);
    if (objectish(schema, types)) {
      object = true;
      const named = isObject(schema.properties) ? schema.properties : {};
      for (const [name, sub] of Object.entries(named)) properties[name] = [...(properties[name] ?? []), sub];
      for (const name of Array.isArray(schema.required) ? schema.required.map(String) : []) {
        if (!(name in properties)) properties[name] = [];
      }
      if (isObject(schema.patternProperties)) Object.assign(patterns, schema.patternProperties);
      const isMap = Object.keys(named).length === 0 && !isObject(schema.patternProperties);
      if (schema.additionalProperties !== false && (isMap || isObject(schema.additionalProperties))) {
        // Wrapped, so that the merged shape (which names properties) keeps these keys rather than drop them.
        additional ??= { anyOf: [schema.additionalProperties ?? true] };
      }
    }
    if (arrayish(schema, types)) {
      array = true;
      items.push(schema.items ?? true);
    }
  }
  const shape: SchemaObject = {};
  if (object) {
    const named: SchemaObject = {};
    for (const [name, subs] of Object.entries(properties)) {
      named[name] = subs.length === 0 ? true : subs.length === 1 ? subs[0] : { anyOf: subs };
    }
    shape.properties = named;
    if (Object.keys(patterns).length > 0) shape.patternProperties = patterns;
    shape.additionalProperties = additional ?? false;
  }
  if (array) shape.items = items.length === 1 ? items[0] : { anyOf: items };
  if (!object && !array) return true;
  return shape;
}

/** Every `$id` inside a schema, for a `$ref` that names one. */
export function collectIds(root: unknown): Map<string, unknown> {
  const ids = new Map<string, unknown>();
  const seen = new Set<unknown>();
  const visit = (at: unknown): void => {
    if (typeof at !== 'object' || at === null || seen.has(at)) return;
    seen.add(at);
    if (!Array.isArray(at) && typeof (at as SchemaObject).$id === 'string') {
      ids.set((at as SchemaObject).$id as string, at);
    }
    for (const value of Object.values(at)) visit(value);
  };
  visit(root);
  return ids;
}
