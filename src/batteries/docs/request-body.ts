/** Builds an operation's requestBody from whole-body, body-field and form-field `@param` lines. */
import { type ExampleEntry, examplesObject } from './examples.js';
import { getOwn, setOwn } from './schema-extras.js';
import type { SchemaObject } from './types.js';

const JSON_TYPE = 'application/json';
const FORM_TYPE = 'application/x-www-form-urlencoded';

interface FieldGroup {
  properties: Record<string, SchemaObject>;
  required: string[];
}

/**
 * Collects the body lines of one operation. Unlike the peer package, where the last field line replaced
 * the others, every `request.body.<field>` line adds a property to one object schema (DOCS-009). Whole-body
 * lines give one content entry per media type (DOCS-008).
 *
 * @example
 * ```ts
 * const body = new RequestBodyBuilder();
 * body.addField('email', { type: 'string' }, true, undefined, warn);
 * body.addField('password', { type: 'string' }, true, undefined, warn);
 * body.build([]); // one object schema with both properties, both required
 * ```
 */
export class RequestBodyBuilder {
  private readonly content = new Map<string, SchemaObject>();
  private readonly fields = new Map<string, FieldGroup>();
  private description = '';
  private required = false;

  /** `@param {T} request.body[.required] - text [- media/type]` */
  addWhole(
    schema: SchemaObject,
    required: boolean,
    description: string,
    mediaType: string | undefined,
    warn: (m: string) => void,
  ): void {
    const type = mediaType ?? JSON_TYPE;
    if (this.content.has(type)) {
      warn(`request body for ${type} is declared twice; the first declaration is kept`);
      return;
    }
    this.content.set(type, schema);
    if (required) this.required = true;
    if (this.description === '' && description !== '') this.description = description;
  }

  /** `@param {T} request.body[.required].<field> - text` (or `<field>.form[.required]` for a form field) */
  addField(
    name: string,
    schema: SchemaObject,
    required: boolean,
    mediaType: string | undefined,
    warn: (m: string) => void,
    form = false,
  ): void {
    const type = mediaType ?? (form ? FORM_TYPE : JSON_TYPE);
    let group = this.fields.get(type);
    if (!group) {
      group = { properties: {}, required: [] };
      this.fields.set(type, group);
    }
    if (getOwn(group.properties, name) !== undefined) {
      warn(`body field "${name}" is declared twice; the first declaration is kept`);
      return;
    }
    setOwn(group.properties, name, schema);
    if (required) {
      group.required.push(name);
      // A body with a required field cannot be left out.
      this.required = true;
    }
  }

  get isEmpty(): boolean {
    return this.content.size === 0 && this.fields.size === 0;
  }

  /** The requestBody object, with request examples attached to every media type. */
  build(examples: readonly ExampleEntry[], warn: (m: string) => void): SchemaObject {
    const content: Record<string, SchemaObject> = {};
    for (const [type, schema] of this.content) content[type] = { schema };
    for (const [type, group] of this.fields) {
      const existing = content[type]?.schema as SchemaObject | undefined;
      if (existing && (existing.type !== 'object' || existing.$ref)) {
        warn(`body fields for ${type} were ignored: the whole body is already declared as a non-object type`);
        continue;
      }
      const properties = {
        ...((existing?.properties as Record<string, SchemaObject> | undefined) ?? {}),
        ...group.properties,
      };
      const required = [...((existing?.required as string[] | undefined) ?? []), ...group.required];
      const schema: SchemaObject = { ...(existing ?? {}), type: 'object', properties };
      if (required.length > 0) schema.required = [...new Set(required)];
      content[type] = { schema };
    }
    if (examples.length > 0) {
      for (const entry of Object.values(content)) entry.examples = examplesObject(examples);
    }
    const body: SchemaObject = {};
    if (this.description !== '') body.description = this.description;
    body.required = this.required;
    body.content = content;
    return body;
  }
}
