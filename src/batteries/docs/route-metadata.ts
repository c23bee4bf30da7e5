/** A route's OpenAPI words given in code (`schema.summary`, `tags`, `security`, `hide`...) and its guard, put on its operation. */
import type { RouteSchema } from '../../core/types.js';
import { BUILTIN_SCHEMES } from './build-document.js';
import { routeShapes, shape } from './drift.js';
import { ensure, getOwn, isSchema, setOwn } from './schema-extras.js';
import type { OpenApiDocument, OperationObject, SchemaObject } from './types.js';

/** The name the bearer scheme `authMiddleware` implies takes when the document defines none (DOCS-032). */
export const GUARD_SCHEME = 'bearerAuth';

type Requirement = Record<string, string[]>;

/**
 * Puts a route's documentation keys on operations of one document (DOCS-030, DOCS-031): what the code says
 * wins over an annotation per field, tags add to the annotation's, and operationIds stay unique. Made once
 * per document, since it indexes the operationIds already used.
 *
 * @example
 * ```ts
 * const words = new RouteMetadata(document);
 * words.apply(op, { summary: 'List users', tags: ['users'] }, (message) => console.warn(message));
 * ```
 */
export class RouteMetadata {
  private readonly operationIds = new Map<string, OperationObject>();

  constructor(private readonly document: OpenApiDocument) {
    for (const item of Object.values(document.paths)) {
      for (const op of Object.values(item)) {
        if (isSchema(op) && typeof op.operationId === 'string') this.operationIds.set(op.operationId, op);
      }
    }
  }

  /** Sets the fields `schema` gives on `op`; a problem goes to `warn` and leaves that field as it was. */
  apply(op: OperationObject, schema: RouteSchema, warn: (message: string) => void): void {
    if (schema.summary !== undefined) op.summary = schema.summary;
    if (schema.description !== undefined) op.description = schema.description;
    if (schema.deprecated !== undefined) op.deprecated = schema.deprecated;
    if (schema.tags !== undefined && schema.tags.length > 0) this.addTags(op, schema.tags);
    if (schema.operationId !== undefined) this.setOperationId(op, schema.operationId, warn);
    if (schema.security !== undefined) {
      const security = this.knownRequirements(schema.security, warn);
      if (security !== undefined) op.security = security;
    }
  }

  /**
   * DOCS-032: a route behind `authMiddleware` whose operation says nothing of its security (neither the code
   * nor an annotation) requires the document's bearer scheme: the first `http` `bearer` scheme it defines
   * (an annotation's `BearerAuth`, one of the options), else `bearerAuth`, added.
   */
  applyGuard(op: OperationObject): void {
    if (op.security !== undefined) return;
    const schemes = this.document.components.securitySchemes ?? {};
    const defined = Object.entries(schemes).find(
      ([, scheme]) => scheme.type === 'http' && String(scheme.scheme).toLowerCase() === 'bearer',
    );
    const name = defined?.[0] ?? GUARD_SCHEME;
    if (defined === undefined) this.defineScheme(name, BUILTIN_SCHEMES[GUARD_SCHEME]!);
    op.security = [{ [name]: [] }];
  }

  /** DOCS-031: the annotation's tags first, then the code's; each named in the document's `tags` list. */
  private addTags(op: OperationObject, tags: readonly string[]): void {
    const own = Array.isArray(op.tags) ? [...(op.tags as string[])] : [];
    this.document.tags ??= [];
    const listed = this.document.tags;
    for (const tag of tags) {
      if (!own.includes(tag)) own.push(tag);
      if (!listed.some((entry) => entry.name === tag)) listed.push({ name: tag });
    }
    op.tags = own;
  }

  /** DOCS-031: an id another operation has already is a warning and left out, as DOCS-004 does. */
  private setOperationId(op: OperationObject, id: string, warn: (message: string) => void): void {
    const holder = this.operationIds.get(id);
    if (holder !== undefined && holder !== op) {
      warn(`operationId "${id}" is already used by another operation; it was left out here`);
      return;
    }
    if (typeof op.operationId === 'string' && this.operationIds.get(op.operationId) === op)
      this.operationIds.delete(op.operationId);
    op.operationId = id;
    this.operationIds.set(id, op);
  }

  /**
   * The requirements with the schemes the document knows (DOCS-012's built-ins, the options', YAML
   * components'); an unknown name is a warning and left out of its requirement, and a requirement left
   * empty is dropped. `[]` stays `[]` (a route open to all); a list whose every name was unknown is none.
   */
  private knownRequirements(
    given: ReadonlyArray<Readonly<Record<string, readonly string[]>>>,
    warn: (message: string) => void,
  ): Requirement[] | undefined {
    const out: Requirement[] = [];
    for (const requirement of given) {
      const known: Requirement = {};
      for (const [name, scopes] of Object.entries(requirement)) {
        const scheme =
          getOwn(this.document.components.securitySchemes ?? {}, name) ?? getOwn(BUILTIN_SCHEMES, name);
        if (!isSchema(scheme)) {
          warn(
            `unknown security scheme "${name}": use BearerAuth, bearerAuth, BasicAuth or one given in setupSwagger's security option`,
          );
          continue;
        }
        this.defineScheme(name, scheme);
        setOwn(known, name, [...scopes]);
      }
      if (Object.keys(known).length > 0) out.push(known);
    }
    return given.length > 0 && out.length === 0 ? undefined : out;
  }

  /** Lists a scheme in `components.securitySchemes` unless it is there already (DOCS-012). */
  private defineScheme(name: string, scheme: SchemaObject): void {
    const schemes = ensure<Record<string, SchemaObject>>(
      this.document.components,
      'securitySchemes',
      () => ({}),
    );
    if (getOwn(schemes, name) === undefined) setOwn(schemes, name, structuredClone(scheme));
  }
}

/**
 * DOCS-030: removes what documents `method` `path` (a hidden route), an annotation's operation included
 * (parameter names ignored, as DOCS-020 compares them), and the path item it leaves empty.
 *
 * @example
 * ```ts
 * hideOperation(document, 'get', '/internal/:id'); // paths['/internal/{id}'].get is gone
 * ```
 */
export function hideOperation(document: OpenApiDocument, method: string, path: string): void {
  const shapes = new Set(routeShapes(path));
  for (const [docPath, item] of Object.entries(document.paths)) {
    if (!shapes.has(shape(docPath)) || getOwn(item, method) === undefined) continue;
    delete item[method];
    if (Object.keys(item).length === 0) delete document.paths[docPath];
  }
}
