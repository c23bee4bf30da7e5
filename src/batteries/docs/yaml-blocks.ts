/** Reads swagger-jsdoc's `@openapi` / `@swagger` YAML blocks and merges them into the document. */
import { lazyDependency } from '../../base/optional-package.js';
import { type Spec, tagBody, tagLine } from './comment-blocks.js';
import { HTTP_METHODS } from './operation.js';
import { ensure, getOwn, isSchema, setOwn } from './schema-extras.js';
import type { OpenApiDocument, SchemaObject } from './types.js';

const loadYaml = lazyDependency<typeof import('yaml')>('yaml');

/** One parsed YAML block with where it came from. */
export interface YamlFragment {
  value: SchemaObject;
  line: number;
  warnAt: (line: number, message: string) => void;
}

/** True for the tags that open a YAML block. */
export function isYamlTag(spec: Spec): boolean {
  return spec.tag === 'openapi' || spec.tag === 'swagger';
}

/** Removes the indentation every non-empty line shares, so a block may be indented inside the comment. */
function dedent(lines: string[]): string {
  const indents = lines.filter((l) => l.trim() !== '').map((l) => /^ */.exec(l)![0].length);
  const cut = indents.length > 0 ? Math.min(...indents) : 0;
  return lines.map((l) => l.slice(cut)).join('\n');
}

/**
 * Parses the YAML after an `@openapi` tag. A syntax error or a block that is not a mapping is reported
 * with its line and skipped (DOCS-016).
 *
 * @example
 * ```ts
 * // @openapi
 * // /health:
 * //   get:
 * //     responses:
 * //       200: { description: ok }
 * parseYamlBlock(spec, warnAt)?.value; // { '/health': { get: { ... } } }
 * ```
 */
export function parseYamlBlock(
  spec: Spec,
  warnAt: (line: number, message: string) => void,
): YamlFragment | undefined {
  const line = tagLine(spec);
  const text = dedent(tagBody(spec));
  let value: unknown;
  try {
    value = loadYaml().parse(text);
  } catch (err) {
    const offset = err instanceof loadYaml().YAMLParseError ? (err.linePos?.[0].line ?? 0) : 0;
    warnAt(line + offset, `@${spec.tag} block is not valid YAML: ${(err as Error).message.split('\n')[0]}`);
    return undefined;
  }
  if (!isSchema(value)) {
    warnAt(line, `@${spec.tag} block must be a YAML mapping (paths, components...); it was skipped`);
    return undefined;
  }
  return { value, line, warnAt };
}

/** The schema names a fragment defines, so annotation types may refer to them. */
export function fragmentSchemaNames(fragment: YamlFragment): string[] {
  const components = fragment.value.components;
  if (!isSchema(components) || !isSchema(components.schemas)) return [];
  return Object.keys(components.schemas);
}

const PATH_ITEM_FIELDS = new Set(['$ref', 'summary', 'description', 'servers', 'parameters']);

function mergePath(doc: OpenApiDocument, path: string, item: unknown, fragment: YamlFragment): void {
  if (!isSchema(item)) {
    fragment.warnAt(fragment.line, `path ${path} in @openapi block is not a mapping; it was skipped`);
    return;
  }
  const target = ensure<Record<string, SchemaObject>>(doc.paths, path, () => ({}));
  for (const [key, value] of Object.entries(item)) {
    if (getOwn(target, key) !== undefined) {
      const what = HTTP_METHODS.includes(key) ? `operation ${key.toUpperCase()} ${path}` : `${path} ${key}`;
      fragment.warnAt(fragment.line, `${what} is already documented; the @openapi block's copy was ignored`);
      continue;
    }
    // A path item holds operations and a few shared fields only; anything else would make the whole
    // document invalid, so it is left out with a warning.
    if (!HTTP_METHODS.includes(key) && !PATH_ITEM_FIELDS.has(key) && !key.startsWith('x-')) {
      fragment.warnAt(
        fragment.line,
        `"${key}" under path ${path} is not an OpenAPI path-item field; it was skipped`,
      );
      continue;
    }
    // An operation must be a mapping (`get:` with nothing under it is null).
    if (HTTP_METHODS.includes(key) && !isSchema(value)) {
      fragment.warnAt(
        fragment.line,
        `operation ${key.toUpperCase()} ${path} is not a mapping; it was skipped`,
      );
      continue;
    }
    setOwn(target, key, value);
  }
}

/**
 * Merges a fragment into the document: keys starting with `/` (or under `paths`) are paths, `components`
 * sections are merged name by name, `tags` are added; the first definition of anything wins (DOCS-016).
 *
 * @example
 * ```ts
 * mergeFragment(doc, fragment, tags);
 * ```
 */
export function mergeFragment(
  doc: OpenApiDocument,
  fragment: YamlFragment,
  tags: Map<string, string | undefined>,
): void {
  for (const [key, value] of Object.entries(fragment.value)) {
    if (key.startsWith('/')) mergePath(doc, key, value, fragment);
    else if (key === 'paths' && isSchema(value)) {
      for (const [path, item] of Object.entries(value)) mergePath(doc, path, item, fragment);
    } else if (key === 'components' && isSchema(value)) {
      for (const [section, entries] of Object.entries(value)) {
        if (!isSchema(entries)) continue;
        const target = ensure<Record<string, unknown>>(doc.components, section, () => ({}));
        for (const [name, entry] of Object.entries(entries)) {
          if (getOwn(target, name) !== undefined) {
            fragment.warnAt(
              fragment.line,
              `components.${section}.${name} is already defined; the @openapi block's copy was ignored`,
            );
          } else setOwn(target, name, entry);
        }
      }
    } else if (key === 'tags' && Array.isArray(value)) {
      for (const tag of value) {
        if (!isSchema(tag) || typeof tag.name !== 'string') continue;
        const description = typeof tag.description === 'string' ? tag.description : undefined;
        if (!tags.has(tag.name) || tags.get(tag.name) === undefined) tags.set(tag.name, description);
      }
    } else if (
      (key === 'security' || key === 'servers' || key === 'externalDocs') &&
      doc[key] === undefined
    ) {
      (doc as Record<string, unknown>)[key] = value;
    } else {
      fragment.warnAt(
        fragment.line,
        `top-level key "${key}" in an @openapi block is not merged (info and openapi come from setupSwagger's options)`,
      );
    }
  }
}
