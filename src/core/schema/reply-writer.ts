/**
 * The fast reply writer (SCHEMA-011): a JSON Schema of the common kind compiled into one function that reads
 * each value once, checks it and writes its JSON text in the same pass, as fast-json-stringify writes but
 * refusing, never coercing, a value of another type.
 */
import {
  ANNOTATIONS,
  codePoints,
  fitsPrimitive,
  isObject,
  jsonView,
  type SchemaObject,
  typesOf,
} from './json-schema-shape.js';
import { ReplyMisfit, type SnapshotEngine } from './reply-snapshot.js';

/** Writes a reply's JSON text; throws a {@link ReplyMisfit} where it does not fit. */
export type ReplyWriter = (value: unknown) => string;

const KEYWORDS = new Set([
  'type',
  'nullable',
  'properties',
  'required',
  'additionalProperties',
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
]);
const BOUNDS: ReadonlyArray<readonly [string, string]> = [
  ['minimum', '<'],
  ['maximum', '>'],
  ['exclusiveMinimum', '<='],
  ['exclusiveMaximum', '>='],
];
// What a JSON string must escape: controls, the quote, the backslash, and surrogates (JSON.stringify then
// decides which are lone).
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what it looks for.
const NEEDS_ESCAPE = /[\u0000-\u001f"\\\ud800-\udfff]/;

/** A schema the writer does not cover; the caller takes the general path (snapshot, check, stringify). */
class Uncovered extends Error {}

/**
 * SCHEMA-011: the writer of `schema`, or undefined when the schema uses what it does not cover (a `$ref`, a
 * union other than of constants, a map, a tuple, `patternProperties`, a catchall, a keyword the app's ajv
 * must check), which the general path handles. The text is what the snapshot's path writes: only the
 * named properties, in the schema's order, each value read once and exactly of its declared type.
 *
 * @example
 * ```ts
 * const write = compileWriter({ type: 'object', properties: { id: { type: 'integer' } } }, compilers);
 * write?.({ id: 1, passwordHash: 'x' }); // '{"id":1}'
 * ```
 */
export function compileWriter(schema: unknown, engine: SnapshotEngine): ReplyWriter | undefined {
  const generator = new Generator(engine);
  let root: string;
  try {
    root = generator.value(schema, 'x');
  } catch (err) {
    if (err instanceof Uncovered) return undefined;
    throw err;
  }
  // Property names enter the source only as JSON.stringify's string literals; every other value the schema
  // gives (patterns, bounds, constants, defaults) is in `C`, reached by index.
  const source = `${generator.functions.join('\n')}\nreturn function write(x) { let o = ''; ${root} return o; };`;
  const make = new Function('C', 'M', 'W', 'S', 'J', source) as (
    constants: unknown[],
    misfit: typeof misfitAt,
    within: typeof rethrowWithin,
    string: typeof jsonString,
    view: typeof jsonView,
  ) => ReplyWriter;
  return make(generator.constants, misfitAt, rethrowWithin, jsonString, jsonView);
}

class Generator {
  readonly functions: string[] = [];
  readonly constants: unknown[] = [];

  constructor(private readonly engine: SnapshotEngine) {}

  private constant(value: unknown): string {
    this.constants.push(value);
    return `C[${this.constants.length - 1}]`;
  }

  /**
   * Code that checks the value in variable `x` against `schema` and appends its text to `o`. A misfit is
   * thrown without a key: the object or array around it adds the key it was reading.
   */
  value(schema: unknown, x: string): string {
    if (schema === true || (isObject(schema) && Object.keys(schema).every((word) => ANNOTATIONS.has(word)))) {
      return `{ const t = JSON.stringify(${x}); if (t === undefined) throw M('is not a JSON value'); o += t; }`;
    }
    if (!isObject(schema)) throw new Uncovered();
    for (const word of Object.keys(schema)) {
      if (ANNOTATIONS.has(word) || word.startsWith('x-')) continue;
      if (word === 'format' && !this.engine.checksFormats) continue;
      if (!KEYWORDS.has(word)) throw new Uncovered();
    }
    const allowed = constantsOf(schema);
    const types = typesOf(schema);
    if (allowed !== undefined) return this.allowedValue(allowed, types, x);
    if (Array.isArray(schema.anyOf) || types === undefined) throw new Uncovered();
    const nullable = types.delete('null');
    if (types.size !== 1) throw new Uncovered();
    const [type] = types as Set<string>;
    const code = this.typed(type as string, schema, x);
    return nullable ? `if (${x} === null) o += 'null'; else { ${code} }` : code;
  }

  /** An enum, a const, or a union of constants (TypeBox's union of literals). */
  private allowedValue(allowed: unknown[], types: Set<string> | undefined, x: string): string {
    if (allowed.some((entry) => typeof entry === 'object' && entry !== null)) throw new Uncovered();
    if (types !== undefined && allowed.some((entry) => !fitsPrimitive(entry, types))) throw new Uncovered();
    const set = this.constant(new Set(allowed));
    return `if (!${set}.has(${x})) throw M('is not one of the allowed values'); o += typeof ${x} === 'string' ? S(${x}) : String(${x});`;
  }

  private typed(type: string, schema: SchemaObject, x: string): string {
    const convert = `if (typeof ${x} === 'object' && ${x} !== null) ${x} = J(${x});`;
    switch (type) {
      case 'string':
        return `if (typeof ${x} !== 'string') { ${convert} if (typeof ${x} !== 'string') throw M('is not string'); } ${this.stringChecks(schema, x)} o += S(${x});`;
      case 'integer':
      case 'number': {
        const test = type === 'integer' ? `Number.isInteger(${x})` : `Number.isFinite(${x})`;
        return `if (!${test}) { ${convert} if (!${test}) throw M('is not ${type}'); } ${this.numberChecks(schema, x)} o += '' + ${x};`;
      }
      case 'boolean':
        return `if (typeof ${x} !== 'boolean') { ${convert} if (typeof ${x} !== 'boolean') throw M('is not boolean'); } o += ${x} ? 'true' : 'false';`;
      case 'object':
        return `o += ${this.objectFunction(schema)}(${x});`;
      case 'array':
        return `o += ${this.arrayFunction(schema)}(${x});`;
      default:
        throw new Uncovered();
    }
  }

  private stringChecks(schema: SchemaObject, x: string): string {
    let code = '';
    const min = schema.minLength;
    const max = schema.maxLength;
    if (typeof min === 'number' || typeof max === 'number') {
      code += `{ const n = C[${this.constants.length}](${x});`;
      this.constants.push(codePoints);
      if (typeof min === 'number') code += ` if (n < ${Number(min)}) throw M('is too short');`;
      if (typeof max === 'number') code += ` if (n > ${Number(max)}) throw M('is too long');`;
      code += ' }';
    }
    if (typeof schema.pattern === 'string') {
      const pattern = this.constant(this.engine.regExp(schema.pattern));
      code += ` if (!${pattern}.test(${x})) throw M('does not match its pattern');`;
    }
    return code;
  }

  private numberChecks(schema: SchemaObject, x: string): string {
    let code = '';
    for (const [word, fails] of BOUNDS) {
      const bound = schema[word];
      if (bound === undefined) continue;
      if (typeof bound !== 'number') throw new Uncovered();
      code += ` if (${x} ${fails} ${this.constant(bound)}) throw M('is outside its ${word}');`;
    }
    return code;
  }

  /** A function writing an object: its named properties, in order; defaults fill missing ones. */
  private objectFunction(schema: SchemaObject): string {
    const additional = schema.additionalProperties;
    if (isObject(additional) && Object.keys(additional).some((word) => !ANNOTATIONS.has(word))) {
      throw new Uncovered();
    }
    const properties = isObject(schema.properties) ? schema.properties : {};
    const required = new Set(Array.isArray(schema.required) ? schema.required.map(String) : []);
    const names = [...new Set([...Object.keys(properties), ...required])];
    // An object schema that names nothing is a map (SCHEMA-010): the general path keeps its keys.
    if (names.length === 0 && additional !== false) throw new Uncovered();
    const name = `f${this.functions.length}`;
    this.functions.push('');
    let body = `function ${name}(v) {
  if (typeof v === 'object' && v !== null && typeof v.toJSON === 'function') v = J(v);
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw M('is not object');
  let o = '{'; let c = ''; let x; let k;
  try {\n`;
    // Whether a property is sure to have been written before this one: then the comma is known now, and
    // only optional properties ahead of every written one need the `c` the code keeps.
    let written = false;
    for (const property of names) {
      const sub = properties[property];
      // JSON.stringify of a string is a valid JavaScript string literal: the name cannot escape it.
      const key = JSON.stringify(property);
      const text = `${JSON.stringify(property)}:`;
      const fallback = isObject(sub) ? sub.default : undefined;
      const always = fallback !== undefined || required.has(property);
      const lead = written ? JSON.stringify(`,${text}`) : `c + ${JSON.stringify(text)}`;
      const after = written ? '' : " c = ',';";
      const missing =
        fallback !== undefined
          ? `{ o += ${lead} + ${this.constant(JSON.stringify(fallback))};${after} }`
          : required.has(property)
            ? `throw M('is required');`
            : '{}';
      body += `    k = ${key}; x = v[${key}];
    if (x === undefined) ${missing}
    else { o += ${lead};${after} ${this.value(sub ?? true, 'x')} }\n`;
      written ||= always;
    }
    body += `  } catch (e) { throw W(e, k); }
  return o + '}';
}`;
    this.functions[Number(name.slice(1))] = body;
    return name;
  }

  /** A function writing an array: its length read once, each item once, by `items`. */
  private arrayFunction(schema: SchemaObject): string {
    if (Array.isArray(schema.items)) throw new Uncovered();
    const name = `f${this.functions.length}`;
    this.functions.push('');
    const min = schema.minItems;
    const max = schema.maxItems;
    const head = `function ${name}(v) {
  if (!Array.isArray(v)) { v = J(v); if (!Array.isArray(v)) throw M('is not array'); }
  const n = v.length;
  ${typeof min === 'number' ? `if (n < ${Number(min)}) throw M('has too few items');` : ''}
  ${typeof max === 'number' ? `if (n > ${Number(max)}) throw M('has too many items');` : ''}`;
    const test = primitiveTest(schema.items);
    // SCHEMA-011: items of one bare primitive type are copied at once (each read once), checked in the copy,
    // and the copy written by JSON.stringify, natively, several times faster than text built piece by piece.
    this.functions[Number(name.slice(1))] =
      test === undefined
        ? `${head}
  let o = '['; let x; let i = 0;
  try {
    for (; i < n; i++) { if (i !== 0) o += ','; x = v[i]; ${this.value(schema.items ?? true, 'x')} }
  } catch (e) { throw W(e, i); }
  return o + ']';
}`
        : `${head}
  if (n < 16) {
    let o = '['; let x; let i = 0;
    try {
      for (; i < n; i++) { if (i !== 0) o += ','; x = v[i]; ${this.value(schema.items, 'x')} }
    } catch (e) { throw W(e, i); }
    return o + ']';
  }
  let a; try { a = Array.prototype.slice.call(v, 0, n); } catch { throw M('could not be read'); }
  let x; let i = 0;
  try {
    for (; i < n; i++) { x = a[i]; if (!(${test})) { x = J(x); if (!(${test})) throw M('is not ${(schema.items as SchemaObject).type}'); a[i] = x; } }
  } catch (e) { throw W(e, i); }
  return JSON.stringify(a);
}`;
    return name;
  }
}

/** The test, as code on `x`, of items that are one primitive type and nothing more; else undefined. */
function primitiveTest(items: unknown): string | undefined {
  if (!isObject(items) || Object.keys(items).some((word) => word !== 'type' && !ANNOTATIONS.has(word))) {
    return undefined;
  }
  switch (items.type) {
    case 'string':
      return "typeof x === 'string'";
    case 'integer':
      return 'Number.isInteger(x)';
    case 'number':
      return 'Number.isFinite(x)';
    case 'boolean':
      return "typeof x === 'boolean'";
    default:
      return undefined;
  }
}

/** A misfit, for the generated code; the objects and arrays around it add their keys. */
function misfitAt(reason: string): ReplyMisfit {
  return new ReplyMisfit(reason);
}

/**
 * A failure inside an object or array, as a misfit at the key it was reading: a misfit from below gets the
 * key in front of its path; anything else (a getter or a `toJSON` that threw) becomes one there.
 */
function rethrowWithin(err: unknown, key: string | number): ReplyMisfit {
  const misfit = err instanceof ReplyMisfit ? err : new ReplyMisfit('could not be read');
  misfit.path.unshift(key);
  return misfit;
}

/**
 * A string's JSON text: as it is, quoted, unless it has a character JSON must escape. A short string is
 * looked through by hand, faster there than a regular expression's call.
 */
function jsonString(value: string): string {
  if (value.length < 42) {
    for (let index = 0; index < value.length; index++) {
      const unit = value.charCodeAt(index);
      if (unit < 32 || unit === 34 || unit === 92 || (unit >= 0xd800 && unit <= 0xdfff)) {
        return JSON.stringify(value);
      }
    }
    return `"${value}"`;
  }
  return NEEDS_ESCAPE.test(value) ? JSON.stringify(value) : `"${value}"`;
}

/** The constants a schema allows: its enum, its const, or those of a union made only of constants. */
function constantsOf(schema: SchemaObject): unknown[] | undefined {
  if (Array.isArray(schema.enum)) return schema.enum;
  if ('const' in schema) return [schema.const];
  if (!Array.isArray(schema.anyOf)) return undefined;
  const all: unknown[] = [];
  for (const option of schema.anyOf) {
    const inner = isObject(option) ? constantsOf(option) : undefined;
    if (inner === undefined || (isObject(option) && 'anyOf' in option)) return undefined;
    all.push(...inner);
  }
  return all;
}
