/** Turns a `@typedef {object} Name` block and its `@property` lines into a `components.schemas` entry. */
import { type Block, blockTextLines, type Spec, tagLine } from './comment-blocks.js';
import { describe } from './describe.js';
import { lineSchema } from './parameters.js';
import { getOwn, setOwn, withExtras } from './schema-extras.js';
import { typeToSchema } from './type-expression.js';
import type { SchemaObject } from './types.js';

/** The `@typedef` tag of a block, if it has one. */
export function typedefTag(block: Block): Spec | undefined {
  return block.tags.find((spec) => spec.tag === 'typedef');
}

/**
 * Builds the schema a typedef block defines. `name.required` (or no brackets plus `.required`) marks a
 * required property; `[name]` and `[name=default]` are optional, the latter with a default (DOCS-013).
 *
 * @example
 * ```ts
 * // A song
 * // @typedef {object} Song
 * // @property {string} title.required - The title
 * // @property {integer} year - The year - int64
 * buildTypedef(block, spec, { schemaNames }, warnAt);
 * // { type: 'object', description: 'A song', required: ['title'],
 * //   properties: { title: {...}, year: { type: 'integer', format: 'int64', description: 'The year' } } }
 * ```
 */
export function buildTypedef(
  block: Block,
  typedef: Spec,
  types: { readonly schemaNames: ReadonlySet<string> },
  warnAt: (line: number, message: string) => void,
): SchemaObject {
  const at = tagLine(typedef);
  const typeWarn = (message: string) => warnAt(at, message);
  const type = typedef.type.trim() === '' ? 'object' : typedef.type.trim();
  const isObject = type.toLowerCase() === 'object';
  const described = describe(
    blockTextLines(block)
      .map((l) => l.text)
      .join(' '),
  );
  let schema: SchemaObject = isObject
    ? { type: 'object' }
    : typeToSchema(type, { schemaNames: types.schemaNames, warn: typeWarn });
  schema = withExtras(schema, { ...described, description: '' }, typeWarn);
  if (described.description !== '') schema.description = described.description;

  const props = block.tags.filter((spec) => spec.tag === 'property' || spec.tag === 'prop');
  if (!isObject) {
    if (props.length > 0)
      warnAt(
        tagLine(props[0]!),
        `@property lines need @typedef {object}; they were ignored for ${typedef.name}`,
      );
    return schema;
  }
  const properties: Record<string, SchemaObject> = {};
  const required: string[] = [];
  for (const prop of props) {
    const line = tagLine(prop);
    const warn = (message: string) => warnAt(line, message);
    if (prop.problems.length > 0) {
      for (const problem of prop.problems) warn(`malformed @${prop.tag}: ${problem.message}`);
      continue;
    }
    const [name, ...flags] = prop.name.split('.');
    if (!name) {
      warn(`@${prop.tag} needs a name: @property {type} name[.required] - text`);
      continue;
    }
    for (const flag of flags)
      if (flag !== 'required') warn(`unknown flag ".${flag}" on @property ${prop.name} was ignored`);
    if (getOwn(properties, name) !== undefined) {
      warn(`property "${name}" of ${typedef.name} is declared twice; the first declaration is kept`);
      continue;
    }
    const propDescribed = describe(prop.description);
    const propSchema = lineSchema(prop, propDescribed, types, warn);
    if (propDescribed.description !== '') propSchema.description = propDescribed.description;
    setOwn(properties, name, propSchema);
    if (flags.includes('required') && !prop.optional) required.push(name);
  }
  if (required.length > 0) schema.required = required;
  schema.properties = properties;
  return schema;
}
