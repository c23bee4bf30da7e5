/** Finds local `$ref`s that point at nothing and removes them, so the served document always resolves. */
import { isSchema } from './schema-extras.js';

/** Resolves a `#/a/b` JSON pointer against `root`; undefined when any step is missing. */
export function resolvePointer(root: unknown, ref: string): unknown {
  if (!ref.startsWith('#')) return undefined;
  let node: unknown = root;
  for (const raw of ref.slice(1).split('/').slice(1)) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (!isSchema(node) && !Array.isArray(node)) return undefined;
    node = Object.hasOwn(node as object, key) ? (node as Record<string, unknown>)[key] : undefined;
    if (node === undefined) return undefined;
  }
  return node;
}

/**
 * Walks `node` and replaces every object whose local `$ref` does not resolve in `root` by `{}` (any
 * value), calling `onDangling` with the reference. Returns how many were removed (DOCS-016).
 *
 * @example
 * ```ts
 * const doc = { components: { schemas: {} }, x: { $ref: '#/components/schemas/Nope' } };
 * dropDanglingRefs(doc.x, doc, (ref) => console.warn(ref)); // 1; doc.x is now {}
 * ```
 */
export function dropDanglingRefs(node: unknown, root: unknown, onDangling: (ref: string) => void): number {
  let removed = 0;
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) {
      for (const item of value) visit(item);
      return;
    }
    if (!isSchema(value)) return;
    const ref = value.$ref;
    if (typeof ref === 'string' && ref.startsWith('#') && resolvePointer(root, ref) === undefined) {
      delete value.$ref;
      removed++;
      onDangling(ref);
    }
    for (const child of Object.values(value)) visit(child);
  };
  visit(node);
  return removed;
}
