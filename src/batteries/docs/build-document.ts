/** Builds the OpenAPI document from annotated source texts: typedefs first, then operations, then YAML blocks. */
import { type Block, blockLine, blockTextLines, readBlocks, tagLine } from './comment-blocks.js';
import { buildOperation, type DocState, parseOperationLine } from './operation.js';
import { dropDanglingRefs } from './refs.js';
import { ensure, getOwn, isSchema, setOwn } from './schema-extras.js';
import { buildTypedef, typedefTag } from './typedef.js';
import type { DocsWarning, OpenApiDocument, SchemaObject } from './types.js';
import {
  fragmentSchemaNames,
  isYamlTag,
  mergeFragment,
  parseYamlBlock,
  type YamlFragment,
} from './yaml-blocks.js';

/** One annotated file: its name (as warnings should show it) and its text. */
export interface SourceText {
  file: string;
  text: string;
}

/** The document-level options `buildDocument` needs. */
export interface BuildOptions {
  info: OpenApiDocument['info'];
  servers?: OpenApiDocument['servers'];
  /** Extra security schemes `@security` may name. */
  security?: Record<string, SchemaObject>;
}

/**
 * The security schemes `@security` and a route's `schema.security` know without configuration (DOCS-012):
 * `bearerAuth` is the name routes behind `authMiddleware` are documented with (DOCS-032), `BearerAuth` the
 * one express-jsdoc-swagger's annotations use.
 */
export const BUILTIN_SCHEMES: Readonly<Record<string, SchemaObject>> = {
  BearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
  bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
  BasicAuth: { type: 'http', scheme: 'basic' },
};

/** The security schemes YAML blocks define, so `@security` may name them. */
function fragmentSchemes(fragments: readonly YamlFragment[]): Record<string, SchemaObject> {
  const out: Record<string, SchemaObject> = {};
  for (const { value } of fragments) {
    const components = value.components;
    if (!isSchema(components) || !isSchema(components.securitySchemes)) continue;
    for (const [name, scheme] of Object.entries(components.securitySchemes))
      if (isSchema(scheme)) setOwn(out, name, scheme);
  }
  return out;
}

interface ParsedFile {
  file: string;
  blocks: Block[];
  warnAt: (line: number, message: string) => void;
}

/**
 * Builds the document and the list of warnings. Pure: it reads nothing from disk, so tests feed it
 * source texts directly. Bad annotations are reported and skipped; this function does not throw on them
 * (DOCS-015). The document is OpenAPI 3.0.0 and always has `components.schemas` (DOCS-017).
 *
 * @example
 * ```ts
 * const { document, warnings } = buildDocument(
 *   [{ file: 'routes.js', text: '/**\n * GET /ping\n * @return {string} 200 - pong\n *\/' }],
 *   { info: { title: 'API', version: '1.0.0' } },
 * );
 * document.paths['/ping'].get.responses['200'].description; // 'pong'
 * ```
 */
export function buildDocument(
  sources: readonly SourceText[],
  options: BuildOptions,
): { document: OpenApiDocument; warnings: DocsWarning[] } {
  const warnings: DocsWarning[] = [];
  const files: ParsedFile[] = sources.map(({ file, text }) => ({
    file,
    blocks: readBlocks(text),
    warnAt: (line: number, message: string) => warnings.push({ file, line, message }),
  }));

  const document: OpenApiDocument = {
    openapi: '3.0.0',
    info: { ...options.info },
    ...(options.servers && options.servers.length > 0
      ? { servers: options.servers.map((s) => ({ ...s })) }
      : {}),
    paths: {},
    components: { schemas: {} },
  };

  // Pass 1: every schema name (typedefs and YAML components), so types may refer to a later file (DOCS-013).
  const typedefs: Array<{ parsed: ParsedFile; block: Block }> = [];
  const fragments: YamlFragment[] = [];
  const schemaNames = new Set<string>();
  for (const parsed of files) {
    for (const block of parsed.blocks) {
      for (const spec of block.tags.filter(isYamlTag)) {
        const fragment = parseYamlBlock(spec, parsed.warnAt);
        if (fragment) {
          fragments.push(fragment);
          for (const name of fragmentSchemaNames(fragment)) schemaNames.add(name);
        }
      }
      const typedef = typedefTag(block);
      if (!typedef) continue;
      if (typedef.name === '')
        parsed.warnAt(tagLine(typedef), '@typedef needs a name: @typedef {object} Name');
      else if (typedefs.some((t) => typedefTag(t.block)?.name === typedef.name)) {
        parsed.warnAt(
          tagLine(typedef),
          `schema ${typedef.name} is already defined; this @typedef was ignored`,
        );
      } else {
        schemaNames.add(typedef.name);
        typedefs.push({ parsed, block });
      }
    }
  }

  for (const { parsed, block } of typedefs) {
    const spec = typedefTag(block)!;
    setOwn(document.components.schemas, spec.name, buildTypedef(block, spec, { schemaNames }, parsed.warnAt));
  }

  // Pass 2: operations (DOCS-003); the same method and path twice keeps the first.
  const state: DocState = {
    schemaNames,
    availableSchemes: { ...BUILTIN_SCHEMES, ...fragmentSchemes(fragments), ...(options.security ?? {}) },
    usedSchemes: new Set(),
    tags: new Map(),
    operationIds: new Set(),
  };
  for (const parsed of files) {
    for (const block of parsed.blocks) {
      const first = blockTextLines(block)[0];
      if (!first) continue;
      const line = parseOperationLine(first.text);
      if (line === undefined) continue;
      if ('error' in line) {
        parsed.warnAt(first.line, line.error);
        continue;
      }
      const item = ensure<Record<string, SchemaObject>>(document.paths, line.path, () => ({}));
      if (item[line.method]) {
        parsed.warnAt(
          blockLine(block),
          `${line.method.toUpperCase()} ${line.path} is documented twice; the first one is kept`,
        );
        continue;
      }
      item[line.method] = buildOperation(block, line, state, parsed.warnAt);
    }
  }

  // Pass 3: YAML blocks, after annotations so a JSDoc operation wins over a YAML duplicate (DOCS-016).
  for (const fragment of fragments) mergeFragment(document, fragment, state.tags);
  for (const fragment of fragments) {
    dropDanglingRefs(fragment.value, document, (ref) =>
      fragment.warnAt(fragment.line, `$ref "${ref}" points at nothing; it was removed`),
    );
  }

  // Schemes the options define are always listed (the user asked for them); built-in ones only when used
  // (DOCS-012).
  for (const name of Object.keys(options.security ?? {})) state.usedSchemes.add(name);
  if (state.usedSchemes.size > 0) {
    const schemes = ensure<Record<string, SchemaObject>>(document.components, 'securitySchemes', () => ({}));
    for (const name of state.usedSchemes) {
      if (getOwn(schemes, name) === undefined)
        setOwn(schemes, name, structuredClone(state.availableSchemes[name]!));
    }
  }
  // DOCS-004: the top-level tags list names every tag in first-seen order.
  if (state.tags.size > 0) {
    document.tags = [...state.tags].map(([name, description]) =>
      description === undefined ? { name } : { name, description },
    );
  }
  return { document, warnings };
}
