/** The documentation keys of a route schema (DOCS-030): what the API docs read, checked at registration. */

import { setupError } from '../../base/errors.js';
import { isPlainObject } from '../../base/plain-object.js';

/** DOCS-030: what the API docs read from a schema, under Fastify's names; nothing checks them per request. */
export const DOC_KEYS: readonly string[] = [
  'summary',
  'description',
  'tags',
  'operationId',
  'deprecated',
  'security',
  'hide',
];

/**
 * Whether `schema` carries any documentation key (DOCS-030).
 *
 * @example
 * ```ts
 * hasDocKeys({ summary: 'Add a note' }); // true
 * ```
 */
export function hasDocKeys(schema: Record<string, unknown>): boolean {
  return DOC_KEYS.some((key) => schema[key] !== undefined);
}

/**
 * DOCS-030: the documentation keys of a schema have the types OpenAPI gives them; a wrong one is a TypeError
 * naming the route now, not a document that fails validation later.
 *
 * @example
 * ```ts
 * checkDocKeys({ tags: 'notes' }, "get('/notes')"); // TypeError: get('/notes'): schema.tags must be an array...
 * ```
 */
export function checkDocKeys(schema: Record<string, unknown>, where: string): void {
  const bad = (key: string, what: string): never => {
    throw setupError('KIT_ERR_SETUP_SCHEMA', `${where}: schema.${key} must be ${what}`);
  };
  for (const key of ['summary', 'description'] as const) {
    if (schema[key] !== undefined && typeof schema[key] !== 'string') bad(key, 'a string');
  }
  const id = schema.operationId;
  if (id !== undefined && (typeof id !== 'string' || id.trim() === ''))
    bad('operationId', 'a non-empty string');
  for (const key of ['deprecated', 'hide'] as const) {
    if (schema[key] !== undefined && typeof schema[key] !== 'boolean') bad(key, 'true or false');
  }
  const tags = schema.tags;
  if (
    tags !== undefined &&
    !(Array.isArray(tags) && tags.every((tag) => typeof tag === 'string' && tag !== ''))
  ) {
    bad('tags', 'an array of non-empty strings');
  }
  const security = schema.security;
  if (security !== undefined && !(Array.isArray(security) && security.every(isRequirement))) {
    bad('security', 'an array of requirements such as [{ bearerAuth: [] }] (scheme name → array of scopes)');
  }
}

/** An OpenAPI security requirement: scheme names, each with its array of scopes (strings). */
function isRequirement(value: unknown): boolean {
  return (
    isPlainObject(value) &&
    Object.values(value).every(
      (scopes) => Array.isArray(scopes) && scopes.every((s) => typeof s === 'string'),
    )
  );
}
