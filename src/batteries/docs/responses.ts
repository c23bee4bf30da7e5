/** Builds an operation's responses from `@return {type} <status> - text [- media/type]` lines and response examples. */
import { STATUS_CODES } from 'node:http';
import { type Spec, tagLine } from './comment-blocks.js';
import { describe } from './describe.js';
import { type ExampleEntry, examplesObject } from './examples.js';
import type { Warn } from './schema-extras.js';
import { ensure, withExtras } from './schema-extras.js';
import { typeToSchema } from './type-expression.js';
import type { SchemaObject } from './types.js';

const VALID_STATUS = /^(?:[1-5]\d\d|[1-5]XX|default)$/;

/**
 * DOCS-033: whether a response of `status` never has a body: informational (`1XX`), 204 No Content, 205 Reset
 * Content and 304 Not Modified (RFC 9110, sections 15.2, 15.3.5, 15.3.6, 15.4.5).
 *
 * @example
 * ```ts
 * hasNoBody('204'); // true
 * hasNoBody('2XX'); // false: a 200 of the class has one
 * ```
 */
export function hasNoBody(status: string): boolean {
  return /^(?:1(?:\d\d|XX)|204|205|304)$/i.test(status);
}

/** The description a response gets when its line has no text: the status's reason phrase. */
export function defaultDescription(status: string): string {
  if (status === 'default') return 'Default response';
  return STATUS_CODES[status] ?? `${status[0]}XX response`;
}

/**
 * Builds the responses object. A line without text still gets a description (OpenAPI requires one), an
 * invalid status is skipped with a warning, and an operation with no `@return` gets a `default` response
 * so the document stays valid (DOCS-010). Response examples go to their status (DOCS-011).
 *
 * @example
 * ```ts
 * // @return {User} 200 - the user
 * // @return 404
 * buildResponses(specs, [], types, warnAt);
 * // { '200': { description: 'the user', content: { 'application/json': { schema: { $ref: ... } } } },
 * //   '404': { description: 'Not Found' } }
 * ```
 */
export function buildResponses(
  specs: readonly Spec[],
  examples: readonly ExampleEntry[],
  types: { readonly schemaNames: ReadonlySet<string> },
  warnAt: (line: number, message: string) => void,
): Record<string, SchemaObject> {
  const responses: Record<string, SchemaObject> = {};
  for (const spec of specs) {
    const warn: Warn = (message) => warnAt(tagLine(spec), message);
    const status = spec.name.toUpperCase() === 'DEFAULT' ? 'default' : spec.name.toUpperCase();
    if (!VALID_STATUS.test(status)) {
      warn(`@${spec.tag} needs a status code such as 200 (got "${spec.name}"); the line was skipped`);
      continue;
    }
    const described = describe(spec.description, { mediaTypes: true });
    const response = ensure<SchemaObject>(responses, status, () => ({ description: '' }));
    if (response.description === '' && described.description !== '')
      response.description = described.description;
    if (spec.type.trim() !== '' && hasNoBody(status)) {
      warn(`a ${status} response has no body; the type {${spec.type}} was ignored`);
    } else if (spec.type.trim() !== '') {
      const schema = withExtras(
        typeToSchema(spec.type, { schemaNames: types.schemaNames, warn }),
        { ...described, description: '' },
        warn,
      );
      const content = ensure<Record<string, SchemaObject>>(response, 'content', () => ({}));
      const mediaType = described.mediaType ?? 'application/json';
      if (content[mediaType])
        warn(`response ${status} for ${mediaType} is declared twice; the first declaration is kept`);
      else content[mediaType] = { schema };
    }
  }
  for (const [status, response] of Object.entries(responses)) {
    if (response.description === '') response.description = defaultDescription(status);
  }
  attachExamples(responses, examples, warnAt);
  if (Object.keys(responses).length === 0) responses.default = { description: 'Default response' };
  return responses;
}

function attachExamples(
  responses: Record<string, SchemaObject>,
  examples: readonly ExampleEntry[],
  warnAt: (line: number, message: string) => void,
): void {
  const byStatus = new Map<string, ExampleEntry[]>();
  for (const example of examples) {
    const status = example.status!.toUpperCase() === 'DEFAULT' ? 'default' : example.status!.toUpperCase();
    if (!responses[status]) {
      warnAt(
        example.line,
        `@example response for status ${example.status} but no @return declares that status; it was skipped`,
      );
      continue;
    }
    if (hasNoBody(status)) {
      warnAt(example.line, `@example response for status ${status}, which has no body; it was skipped`);
      continue;
    }
    byStatus.set(status, [...(byStatus.get(status) ?? []), example]);
  }
  for (const [status, entries] of byStatus) {
    const response = responses[status]!;
    const content = ensure<Record<string, SchemaObject>>(response, 'content', () => ({
      'application/json': {},
    }));
    for (const media of Object.values(content)) media.examples = examplesObject(entries);
  }
}
