/** Reply schemas compiled at registration: fast-json-stringify for a JSON Schema, else validate-and-strip. */
import { KitError } from '../errors.js';
import { lazyDependency } from '../optional-package.js';
import { type ReplySerialize, type RouteReplies, replyMismatch } from './replies.js';
import { replyProjection } from './reply-projection.js';
import { isStandardSchema, type StandardIssue, type StandardSchema } from './standard.js';

type FastJsonModule = typeof import('fast-json-stringify');

// fast-json-stringify (and the ajv it builds on) stays off every app without a reply JSON Schema.
const loadFastJson = lazyDependency<FastJsonModule>('fast-json-stringify');

/** Standard JSON Schema (standardschema.dev): a Standard Schema that can also describe itself. */
interface JsonSchemaConverter {
  readonly output?: (options: { readonly target: string }) => Record<string, unknown>;
}

/**
 * SCHEMA-007: the serializers of a route's `schema.response`, one per key, compiled now (a JSON Schema that
 * fast-json-stringify refuses throws here, naming `where`). Keys were checked by the caller (SCHEMA-006).
 *
 * @example
 * ```ts
 * const replies = compileReplies({ 201: User, '4xx': Problem }, "post('/users')");
 * ```
 */
export function compileReplies(response: Readonly<Record<string, unknown>>, where: string): RouteReplies {
  const exact = new Map<number, ReplySerialize>();
  const classes: Array<ReplySerialize | undefined> = [];
  let fallback: ReplySerialize | undefined;
  for (const [key, schema] of Object.entries(response)) {
    const serialize = replySerializer(schema, key, where);
    const lower = key.toLowerCase();
    if (lower === 'default') fallback = serialize;
    else if (lower.endsWith('xx')) classes[Number(lower[0])] = serialize;
    else exact.set(Number(key), serialize);
  }
  return { exact, classes, fallback };
}

/**
 * SCHEMA-010: a JSON Schema, or the JSON Schema a Standard Schema gives of its output, through
 * fast-json-stringify; a Standard Schema that gives none (or cannot describe itself, as Zod's transforms
 * cannot) through its own `validate`, whose output is then `JSON.stringify`d.
 */
function replySerializer(schema: unknown, key: string, where: string): ReplySerialize {
  if (!isStandardSchema(schema)) return fastSerializer(schema as Record<string, unknown>, key, where);
  const converter = (schema['~standard'] as { jsonSchema?: JsonSchemaConverter }).jsonSchema;
  if (typeof converter?.output === 'function') {
    let described: Record<string, unknown> | undefined;
    try {
      described = converter.output({ target: 'draft-07' });
    } catch {
      // Not every schema has a JSON Schema (Zod's transforms, dates): its own validate still strips.
    }
    if (described !== undefined) return fastSerializer(described, key, where);
  }
  return strippingSerializer(schema, key);
}

/**
 * fast-json-stringify writes only the declared properties, the source of its speed. SCHEMA-011: a large root
 * array whose schema the projection understands, every value exactly as declared, goes out through
 * `JSON.stringify` with the declared keys, faster there and the same text; any other value through fjs.
 */
function fastSerializer(schema: Record<string, unknown>, key: string, where: string): ReplySerialize {
  let compiled: ReplySerialize;
  try {
    compiled = loadFastJson()(schema as unknown as Parameters<FastJsonModule>[0]) as ReplySerialize;
  } catch (err) {
    throw new TypeError(`${where}: schema.response[${key}] does not compile: ${(err as Error).message}`);
  }
  const serialize: ReplySerialize = (value) => {
    try {
      return compiled(value);
    } catch (err) {
      // fast-json-stringify's own words name a missing property; others may quote the value, which stays out.
      const message = (err as Error | null)?.message;
      throw replyMismatch(
        key,
        typeof message === 'string' && message.endsWith(' is required!') ? message : '',
      );
    }
  };
  const projection = replyProjection(schema);
  if (projection === undefined) return serialize;
  const { write, from } = projection;
  return (value) => {
    const text = Array.isArray(value) && value.length >= from ? write(value) : undefined;
    return text ?? serialize(value);
  };
}

/**
 * Validate-and-strip: the schema's output is what goes out (Zod's and Valibot's objects drop the keys they do
 * not declare). SCHEMA-008: a refused reply, or a promise where the reply needs its text now, is a 500.
 */
function strippingSerializer(schema: StandardSchema, key: string): ReplySerialize {
  const validate = schema['~standard'].validate;
  return (value) => {
    const result = validate(value);
    if (result instanceof Promise) {
      result.catch(() => {});
      throw new KitError(
        'KIT_ERR_REPLY_ASYNC',
        `schema.response[${key}] validated asynchronously; a reply schema must be synchronous`,
      );
    }
    if (result.issues !== undefined) throw replyMismatch(key, pathsOf(result.issues));
    // An output JSON cannot write (undefined) is an empty body, never a fall back to the unstripped value.
    return JSON.stringify(result.value) ?? '';
  };
}

/** The paths of the issues, as keys joined by dots (`user.id`); the messages may quote the value. */
function pathsOf(issues: ReadonlyArray<StandardIssue>): string {
  const paths = issues.map((issue) =>
    (issue.path ?? [])
      .map((segment) => String(typeof segment === 'object' ? segment.key : segment))
      .join('.'),
  );
  return `at ${paths.map((path) => (path === '' ? '(root)' : path)).join(', ')}`;
}
