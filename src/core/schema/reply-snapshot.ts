/**
 * A reply's snapshot (SCHEMA-010, SCHEMA-011): a plain copy of the value a handler sends, holding only the
 * fields its schema names, each property read exactly once, checked as it is copied.
 */

import { setupError } from '../../base/errors.js';
import {
  ANNOTATIONS,
  arrayish,
  codePoints,
  collectIds,
  constrains,
  fitsPrimitive,
  isObject,
  jsonView,
  mergeAll,
  mergeBranches,
  objectish,
  type SchemaObject,
  typesOf,
  withoutKey,
  withSiblings,
} from './json-schema-shape.js';

/** Copies a reply value by its schema; throws a {@link ReplyMisfit} where the value does not fit. */
export type Snapshot = (value: unknown) => unknown;

/**
 * Where and why a reply does not fit its schema: the path (keys and indexes from the root) and what was
 * expected. It never holds the value, which may be a secret. Not an Error: no stack is captured for it.
 */
export class ReplyMisfit {
  readonly path: Array<string | number> = [];
  constructor(readonly reason: string) {}
}

/** A compiled snapshot, and whether the schema has keywords it does not check (a full validator must). */
export interface SnapshotPlan {
  readonly take: Snapshot;
  readonly needsFullCheck: boolean;
}

/**
 * What a snapshot takes from the app's schema compilers (SCHEMA-013): whether its ajv checks `format`, and
 * its regular-expression engine (ajv's `code.regExp`: RegExp, or RE2 where the app chose it), so that a
 * pattern from a schema is built as the app's ajv would build it, never by kitjs (HARD-008).
 */
export interface SnapshotEngine {
  readonly checksFormats: boolean;
  regExp(source: string): PatternTest;
}

/** What a schema's pattern is used for here: testing a string (a RegExp, or RE2 through ajv). */
export interface PatternTest {
  test(value: string): boolean;
}

/**
 * How a snapshot treats the schema. `check`: the schema is the whole contract (a JSON Schema): types and the
 * common keywords are checked while copying. `copy`: a Standard Schema's own `validate` checks the copy
 * afterwards, so only its shape (the names it declares) is used and nothing is refused here.
 */
export type SnapshotMode = 'check' | 'copy';

// Keywords the snapshot checks itself (in `check` mode); any other needs the full validator (ajv).
const CHECKED = new Set([
  'type',
  'nullable',
  'properties',
  'required',
  'additionalProperties',
  'patternProperties',
  'items',
  'minItems',
  'maxItems',
  'minLength',
  'maxLength',
  'pattern',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'enum',
  'const',
  'anyOf',
  '$ref',
]);

const ANY: Snapshot = (value) => value;

/**
 * SCHEMA-010: compiles `schema` (a JSON Schema, draft-07 or 2020-12 style) into a snapshot. The copy of an
 * object has the properties the schema names (`properties`, names `required` lists, keys matching
 * `patternProperties`) and no other: a loose object, `additionalProperties: true` or `{}` adds none. An
 * object schema that names no property at all is a map, whose keys are data: they are kept, each value
 * copied by `additionalProperties`. A value with a `toJSON` method is taken as what it gives, as
 * JSON.stringify would write it (a Date as its ISO text). A `$ref` it cannot resolve in the schema itself
 * is a TypeError now.
 *
 * @example
 * ```ts
 * const { take } = compileSnapshot({ type: 'object', properties: { id: { type: 'integer' } } }, 'check', compilers);
 * take({ id: 1, passwordHash: 'x' }); // { id: 1 }
 * ```
 */
export function compileSnapshot(schema: unknown, mode: SnapshotMode, engine: SnapshotEngine): SnapshotPlan {
  const compiler = new SnapshotCompiler(schema, mode === 'check', engine);
  const take = compiler.node(schema);
  return { take, needsFullCheck: compiler.needsFullCheck };
}

class SnapshotCompiler {
  needsFullCheck = false;
  private readonly built = new Map<unknown, Snapshot>();
  private copier: SnapshotCompiler | undefined;
  private ids: Map<string, unknown> | undefined;

  constructor(
    private readonly root: unknown,
    private readonly strict: boolean,
    private readonly engine: SnapshotEngine,
  ) {}

  /** The snapshot of one (sub)schema, built once; a recursive `$ref` reaches it through a forwarder. */
  node(schema: unknown): Snapshot {
    if (schema === true || schema === undefined) return ANY;
    if (schema === false) return this.strict ? refuse('no value is allowed here') : ANY;
    if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) {
      throw setupError('KIT_ERR_SETUP_SCHEMA', 'a reply schema must be an object (a JSON Schema)');
    }
    const known = this.built.get(schema);
    if (known !== undefined) return known;
    let target: Snapshot | undefined;
    this.built.set(schema, (value) => (target as Snapshot)(value));
    target = this.build(schema as SchemaObject);
    this.built.set(schema, target);
    return target;
  }

  private build(schema: SchemaObject): Snapshot {
    for (const key of Object.keys(schema)) {
      if (ANNOTATIONS.has(key) || key.startsWith('x-')) continue;
      if (key === 'format' ? this.engine.checksFormats : !CHECKED.has(key)) this.needsFullCheck = true;
    }
    if (typeof schema.$ref === 'string') return this.node(this.resolve(schema.$ref));
    if (Array.isArray(schema.allOf))
      return this.node(mergeAll([withoutKey(schema, 'allOf'), ...schema.allOf], (part) => this.deref(part)));
    const union = Array.isArray(schema.anyOf) ? schema.anyOf : schema.oneOf;
    if (Array.isArray(union)) return this.union(schema, union as unknown[]);
    return this.single(schema);
  }

  /** A local `$ref` (`#`, a JSON pointer from the root, or an `$id` inside the schema), else a TypeError. */
  resolve(ref: string): unknown {
    if (ref === '#') return this.root;
    if (ref.startsWith('#/')) {
      let at: unknown = this.root;
      for (const token of ref.slice(2).split('/')) {
        const key = decodeURIComponent(token).replace(/~1/g, '/').replace(/~0/g, '~');
        at = typeof at === 'object' && at !== null ? (at as SchemaObject)[key] : undefined;
      }
      if (at !== undefined) return at;
    } else {
      this.ids ??= collectIds(this.root);
      const found = this.ids.get(ref);
      if (found !== undefined) return found;
    }
    throw setupError('KIT_ERR_SETUP_SCHEMA', `$ref "${ref}" does not resolve inside the schema`);
  }

  /**
   * anyOf/oneOf. The value is first copied once by the shape of every alternative together (`copy`), so
   * that trying the alternatives in order reads the copy, never the value again; in `check` mode the first
   * alternative the copy fits is the one written. oneOf's "exactly one" is left to the full check.
   */
  private union(schema: SchemaObject, options: unknown[]): Snapshot {
    const rest = withoutKey(withoutKey(schema, 'anyOf'), 'oneOf');
    const branches = options.map((option) => withSiblings(rest, this.deref(option)));
    const copy = this.copyCompiler().node(mergeBranches(branches, (branch) => this.deref(branch)));
    if (!this.strict) return copy;
    const tries = branches.map((branch) => this.node(branch));
    return (value) => {
      const plain = copy(value);
      for (const attempt of tries) {
        try {
          return attempt(plain);
        } catch (err) {
          if (!(err instanceof ReplyMisfit)) throw err;
        }
      }
      throw new ReplyMisfit('matches none of the alternatives');
    };
  }

  /** A schema with its `$ref` (and the refs that leads to) followed. */
  deref(schema: unknown): unknown {
    let at = schema;
    for (let hops = 0; hops < 32 && isObject(at) && typeof at.$ref === 'string'; hops++) {
      at = this.resolve(at.$ref);
    }
    return at;
  }

  private copyCompiler(): SnapshotCompiler {
    if (!this.strict) return this;
    this.copier ??= new SnapshotCompiler(this.root, false, this.engine);
    return this.copier;
  }

  /** A schema without a union: its types, the checks of each, and the object and array shapes. */
  private single(schema: SchemaObject): Snapshot {
    const types = typesOf(schema);
    const onObject = objectish(schema, types) ? this.objectCopy(schema) : undefined;
    const onArray = arrayish(schema, types) ? this.arrayCopy(schema) : undefined;
    const strict = this.strict;
    if (!strict && onObject === undefined && onArray === undefined) {
      // A field declared a string, a number...: a Date there is the text its toJSON gives, as JSON writes it.
      return types === undefined ? ANY : jsonView;
    }
    const checkString = strict ? stringCheck(schema, this.engine) : undefined;
    const checkNumber = strict ? numberCheck(schema) : undefined;
    const allowed = strict ? enumCheck(schema, this) : undefined;
    return (input) => {
      const value = jsonView(input);
      if (typeof value === 'object' && value !== null) {
        // An enum or const of primitives (objects in one are left to the full check) has no object in it.
        allowed?.(value);
        if (Array.isArray(value)) {
          if (strict && types !== undefined && !types.has('array')) throw new ReplyMisfit(expected(types));
          return onArray === undefined ? value : onArray(value);
        }
        if (strict && types !== undefined && !types.has('object')) throw new ReplyMisfit(expected(types));
        return onObject === undefined ? value : onObject(value as SchemaObject);
      }
      if (!strict) return value;
      if (types !== undefined && !fitsPrimitive(value, types)) throw new ReplyMisfit(expected(types));
      if (typeof value === 'string') checkString?.(value);
      else if (typeof value === 'number') checkNumber?.(value);
      else if (value !== null && typeof value !== 'boolean') throw new ReplyMisfit('is not a JSON value');
      allowed?.(value);
      return value;
    };
  }

  /** The copy of an object: its named properties, pattern keys, and the map's or catchall's other keys. */
  private objectCopy(schema: SchemaObject): (value: SchemaObject) => SchemaObject {
    const properties = isObject(schema.properties) ? schema.properties : {};
    const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
    const names = [...new Set([...Object.keys(properties), ...required])];
    const nodes = names.map((name) => this.node(properties[name]));
    const musts = names.map((name) => this.strict && required.has(name));
    // Defaults fill a missing property as the full check would; a Standard Schema fills its own.
    const defaults = names.map((name) =>
      this.strict && isObject(properties[name]) ? properties[name].default : undefined,
    );
    const patterns = isObject(schema.patternProperties)
      ? Object.entries(schema.patternProperties).map(([source, sub]) => ({
          pattern: this.engine.regExp(source),
          take: this.node(sub),
        }))
      : [];
    const extra = this.extraKeys(schema, names.length === 0 && patterns.length === 0);
    const named = new Set(names);
    const count = names.length;
    return (value) => {
      const out: SchemaObject = {};
      for (let index = 0; index < count; index++) {
        const name = names[index] as string;
        const raw = read(value, name);
        if (raw === undefined) {
          const fallback = defaults[index];
          if (fallback !== undefined) out[name] = structuredClone(fallback);
          else if (musts[index]) throw within(new ReplyMisfit('is required'), name);
          continue;
        }
        out[name] = take(nodes[index] as Snapshot, raw, name);
      }
      if (patterns.length === 0 && extra === undefined) return out;
      for (const key of Object.keys(value)) {
        if (named.has(key)) continue;
        let sub = extra;
        for (const { pattern, take: byPattern } of patterns) {
          if (pattern.test(key)) {
            sub = byPattern;
            break;
          }
        }
        if (sub === undefined) continue;
        const raw = read(value, key);
        if (raw !== undefined) out[key] = take(sub, raw, key);
      }
      return out;
    };
  }

  /**
   * The snapshot of the keys an object schema does not name: none for a loose object (`true`, `{}`, absent),
   * each copied by the schema given for them (a catchall declares them), and all of them for a map (a schema
   * that names no property).
   */
  private extraKeys(schema: SchemaObject, isMap: boolean): Snapshot | undefined {
    const additional = schema.additionalProperties;
    if (additional === false) return undefined;
    if (isObject(additional) && constrains(additional)) return this.node(additional);
    return isMap ? this.node(additional) : undefined;
  }

  /** The copy of an array: each item read once, by `items` (a tuple's per position), lengths checked. */
  private arrayCopy(schema: SchemaObject): (value: unknown[]) => unknown[] {
    const strict = this.strict;
    const min = strict && typeof schema.minItems === 'number' ? schema.minItems : 0;
    const max = strict && typeof schema.maxItems === 'number' ? schema.maxItems : Number.POSITIVE_INFINITY;
    const tuple = Array.isArray(schema.prefixItems)
      ? schema.prefixItems
      : Array.isArray(schema.items)
        ? schema.items
        : undefined;
    if (tuple !== undefined) {
      const nodes = tuple.map((item) => this.node(item));
      const after = Array.isArray(schema.prefixItems) ? this.node(schema.items) : ANY;
      return (value) => {
        const length = lengthWithin(value, min, max);
        const out: unknown[] = [];
        for (let index = 0; index < length; index++) {
          out.push(take(nodes[index] ?? after, value[index], index));
        }
        return out;
      };
    }
    const item = this.node(schema.items);
    const primitive = strict ? primitiveItems(schema.items) : undefined;
    if (primitive !== undefined) {
      // SCHEMA-011: a list of primitives is checked in one tight loop, the one fast path that pays.
      return (value) => {
        const length = lengthWithin(value, min, max);
        // Pushed, not preallocated: JSON.stringify writes a packed array far faster than a holey one.
        const out: unknown[] = [];
        for (let index = 0; index < length; index++) {
          const entry = value[index];
          out.push(primitive(entry) ? entry : take(item, entry, index));
        }
        return out;
      };
    }
    return (value) => {
      const length = lengthWithin(value, min, max);
      const out: unknown[] = [];
      for (let index = 0; index < length; index++) out.push(take(item, value[index], index));
      return out;
    };
  }
}

/** The length of an array, read once, within minItems and maxItems. */
function lengthWithin(value: unknown[], min: number, max: number): number {
  const length = value.length;
  if (length < min) throw new ReplyMisfit(`has fewer than ${min} items`);
  if (length > max) throw new ReplyMisfit(`has more than ${max} items`);
  return length;
}

/** Reads one property once; a getter that throws is a misfit at that key, like any other. */
function read(value: SchemaObject, key: string): unknown {
  try {
    return value[key];
  } catch {
    throw within(new ReplyMisfit('could not be read'), key);
  }
}

/** Copies one child, naming its key in the path of a misfit below it. */
function take(node: Snapshot, raw: unknown, key: string | number): unknown {
  try {
    return node(raw);
  } catch (err) {
    if (err instanceof ReplyMisfit) throw within(err, key);
    throw within(new ReplyMisfit('could not be read'), key);
  }
}

function within(misfit: ReplyMisfit, key: string | number): ReplyMisfit {
  misfit.path.unshift(key);
  return misfit;
}

function refuse(reason: string): Snapshot {
  return () => {
    throw new ReplyMisfit(reason);
  };
}

function expected(types: Set<string>): string {
  return `is not ${[...types].join(' or ')}`;
}

/** A test for items that are one primitive type and nothing more, for the fast loop; else undefined. */
function primitiveItems(items: unknown): ((value: unknown) => boolean) | undefined {
  if (
    !isObject(items) ||
    Object.keys(items).some((key) => key !== 'type' && ANNOTATIONS.has(key) === false)
  ) {
    return undefined;
  }
  switch (items.type) {
    case 'string':
      return (value) => typeof value === 'string';
    case 'integer':
      return (value) => Number.isInteger(value);
    case 'number':
      return (value) => typeof value === 'number' && Number.isFinite(value);
    case 'boolean':
      return (value) => typeof value === 'boolean';
    default:
      return undefined;
  }
}

/** minLength, maxLength (in code points, as JSON Schema counts) and pattern, when the schema has them. */
function stringCheck(schema: SchemaObject, engine: SnapshotEngine): ((value: string) => void) | undefined {
  const min = typeof schema.minLength === 'number' ? schema.minLength : undefined;
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : undefined;
  const pattern = typeof schema.pattern === 'string' ? engine.regExp(schema.pattern) : undefined;
  if (min === undefined && max === undefined && pattern === undefined) return undefined;
  return (value) => {
    if (min !== undefined || max !== undefined) {
      const length = codePoints(value);
      if (min !== undefined && length < min) throw new ReplyMisfit(`is shorter than ${min}`);
      if (max !== undefined && length > max) throw new ReplyMisfit(`is longer than ${max}`);
    }
    if (pattern !== undefined && !pattern.test(value)) throw new ReplyMisfit('does not match its pattern');
  };
}

/** minimum, maximum and the numeric exclusive bounds, when the schema has them. */
function numberCheck(schema: SchemaObject): ((value: number) => void) | undefined {
  const bounds: Array<[string, (value: number, bound: number) => boolean]> = [
    ['minimum', (value, bound) => value >= bound],
    ['maximum', (value, bound) => value <= bound],
    ['exclusiveMinimum', (value, bound) => value > bound],
    ['exclusiveMaximum', (value, bound) => value < bound],
  ];
  const present = bounds.filter(([key]) => typeof schema[key] === 'number');
  if (present.length === 0) return undefined;
  return (value) => {
    for (const [key, holds] of present) {
      if (!holds(value, schema[key] as number)) throw new ReplyMisfit(`is outside its ${key}`);
    }
  };
}

/** enum and const of primitives; of objects or arrays they are left to the full check. */
function enumCheck(schema: SchemaObject, compiler: SnapshotCompiler): ((value: unknown) => void) | undefined {
  const listed = Array.isArray(schema.enum) ? schema.enum : 'const' in schema ? [schema.const] : undefined;
  if (listed === undefined) return undefined;
  if (listed.some((entry) => typeof entry === 'object' && entry !== null)) {
    compiler.needsFullCheck = true;
    return undefined;
  }
  const allowed = new Set(listed);
  return (value) => {
    if (!allowed.has(value)) throw new ReplyMisfit('is not one of the allowed values');
  };
}
