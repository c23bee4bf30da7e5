/**
 * Reply schemas compiled at registration into one contract for every library (SCHEMA-010): snapshot the
 * value by the schema's named fields, check the snapshot, write the snapshot with JSON.stringify.
 */
import { KitError, setupError } from '../../base/errors.js';
import { requirePeer } from '../../base/optional-package.js';
import type { SchemaCompilers } from './compilers.js';
import { type ReplySerialize, type RouteReplies, replyMismatch } from './replies.js';
import { compileSnapshot, ReplyMisfit, type Snapshot } from './reply-snapshot.js';
import { compileWriter, type ReplyWriter } from './reply-writer.js';
import { isStandardSchema, type StandardIssue, type StandardSchema } from './standard.js';

/** Standard JSON Schema (standardschema.dev): a Standard Schema that can also describe itself. */
interface JsonSchemaConverter {
  readonly input?: (options: {
    readonly target: string;
    readonly libraryOptions?: Record<string, unknown>;
  }) => Record<string, unknown>;
}

type ValibotToJsonSchema = typeof import('@valibot/to-json-schema');

/**
 * SCHEMA-007: the serializers of a route's `schema.response`, one per key, compiled now with the app's
 * compilers (a schema that cannot be compiled or described throws here, naming `where`). Keys were checked
 * by the caller (SCHEMA-006).
 *
 * @example
 * ```ts
 * const replies = compileReplies({ 201: User, '4xx': Problem }, "post('/users')", compilers);
 * ```
 */
export function compileReplies(
  response: Readonly<Record<string, unknown>>,
  where: string,
  compilers: SchemaCompilers,
): RouteReplies {
  const exact = new Map<number, ReplySerialize>();
  const classes: Array<ReplySerialize | undefined> = [];
  let fallback: ReplySerialize | undefined;
  for (const [key, schema] of Object.entries(response)) {
    const serialize = replySerializer(schema, key, where, compilers);
    const lower = key.toLowerCase();
    if (lower === 'default') fallback = serialize;
    else if (lower.endsWith('xx')) classes[Number(lower[0])] = serialize;
    else exact.set(Number(key), serialize);
  }
  return withFailure({ exact, classes, fallback });
}

/**
 * SCHEMA-009: the replies as a route leaves them when it fails: only what applies to an error status (400
 * and up, their classes, and `default` for those), so an error handler's answer is written by the failing
 * route's error schemas and by nothing meant for its successes.
 */
function withFailure(replies: Omit<RouteReplies, 'failure'>): RouteReplies {
  const exact = new Map([...replies.exact].filter(([status]) => status >= 400));
  const classes: Array<ReplySerialize | undefined> = [];
  for (const group of [4, 5]) classes[group] = replies.classes[group] ?? replies.fallback;
  const hasAny = exact.size > 0 || classes[4] !== undefined || classes[5] !== undefined;
  const failure: RouteReplies | undefined = hasAny
    ? { exact, classes, fallback: undefined, failure: undefined }
    : undefined;
  if (failure !== undefined) (failure as { failure: RouteReplies | undefined }).failure = failure;
  return { ...replies, failure };
}

/**
 * SCHEMA-010: one serializer. A JSON Schema (TypeBox's) is the whole contract: the snapshot checks it as it
 * copies, and ajv checks what the snapshot cannot (formats, oneOf...). A Standard Schema gives the shape of
 * its input as JSON Schema (Standard JSON Schema; Valibot through `@valibot/to-json-schema`): the snapshot
 * keeps the fields it names, and the library's own `validate` checks the snapshot, whose output is written.
 */
function replySerializer(
  schema: unknown,
  key: string,
  where: string,
  compilers: SchemaCompilers,
): ReplySerialize {
  const label = `${where}: schema.response[${key}]`;
  if (isStandardSchema(schema)) {
    const take = compileOrThrow(
      () => compileSnapshot(describeInput(schema, label), 'copy', compilers),
      label,
    );
    return standardSerializer(schema, take.take, key);
  }
  const plan = compileOrThrow(() => compileSnapshot(schema, 'check', compilers), label);
  const writer = compileWriter(schema, compilers);
  if (writer !== undefined) return (value) => written(writer, value, key);
  const full = plan.needsFullCheck
    ? compileOrThrow(() => compilers.compile('reply', schema as object), label)
    : undefined;
  const take = plan.take;
  return (value) => {
    const snapshot = snap(take, value, key);
    if (full !== undefined && !full(snapshot)) {
      throw replyMismatch(key, `at ${(full.errors ?? []).map(ajvPath).join(', ') || '(root)'}`);
    }
    return write(snapshot, key);
  };
}

function compileOrThrow<T>(compile: () => T, label: string): T {
  try {
    return compile();
  } catch (err) {
    if (err instanceof KitError) throw err;
    throw setupError('KIT_ERR_SETUP_SCHEMA', `${label} does not compile: ${(err as Error).message}`);
  }
}

/**
 * The JSON Schema of what a Standard Schema accepts, for its snapshot's shape; a library that cannot give
 * one cannot say which fields it names, and is refused now rather than let a field through (SCHEMA-010).
 */
function describeInput(schema: StandardSchema, label: string): unknown {
  const standard = schema['~standard'] as StandardSchema['~standard'] & { jsonSchema?: JsonSchemaConverter };
  if (typeof standard.jsonSchema?.input === 'function') {
    // Zod: a field JSON Schema cannot express (a Date, a custom type) is any value there, checked by Zod.
    return standard.jsonSchema.input({ target: 'draft-07', libraryOptions: { unrepresentable: 'any' } });
  }
  if (standard.vendor === 'valibot') {
    const { toJsonSchema } = requirePeer<ValibotToJsonSchema>(
      '@valibot/to-json-schema',
      'A Valibot reply schema (to know which fields it names)',
    );
    return toJsonSchema(schema as Parameters<ValibotToJsonSchema['toJsonSchema']>[0], {
      errorMode: 'ignore',
    });
  }
  throw setupError(
    'KIT_ERR_SETUP_SCHEMA',
    `${label} (${standard.vendor}) cannot describe its fields as JSON Schema (Standard JSON Schema's ` +
      '`~standard.jsonSchema`), so kitjs cannot tell which fields a reply may carry; use a JSON Schema or ' +
      'a library version that implements it',
  );
}

/** Snapshot, then the library's validate on the snapshot; its output is what goes out (SCHEMA-008). */
function standardSerializer(schema: StandardSchema, take: Snapshot, key: string): ReplySerialize {
  const validate = schema['~standard'].validate;
  return (value) => {
    const result = validate(snap(take, value, key));
    if (result instanceof Promise) {
      result.catch(() => {});
      throw new KitError(
        'KIT_ERR_REPLY_ASYNC',
        `schema.response[${key}] validated asynchronously; a reply schema must be synchronous`,
      );
    }
    if (result.issues !== undefined) throw replyMismatch(key, pathsOf(result.issues));
    return write(result.value, key);
  };
}

/** The text of the fast writer (SCHEMA-011), what it throws being a 500 as on the general path. */
function written(writer: ReplyWriter, value: unknown, key: string): string {
  try {
    return writer(value);
  } catch (err) {
    throw mismatchOf(err, key);
  }
}

/** The snapshot of `value`; a misfit (a wrong type, a missing field, a getter that throws) is a 500. */
function snap(take: Snapshot, value: unknown, key: string): unknown {
  try {
    return take(value);
  } catch (err) {
    throw mismatchOf(err, key);
  }
}

/** SCHEMA-008: a misfit as the 500 that names where and why; anything else thrown, without its words. */
function mismatchOf(err: unknown, key: string): KitError {
  if (err instanceof ReplyMisfit)
    return replyMismatch(key, `at ${err.path.join('.') || '(root)'} (${err.reason})`);
  return replyMismatch(key, 'the value could not be read');
}

/** JSON text of a checked value; what JSON cannot write (a BigInt, a cycle in an any-typed field) is a 500. */
function write(value: unknown, key: string): string {
  try {
    // An output JSON cannot write (undefined) is an empty body.
    return JSON.stringify(value) ?? '';
  } catch {
    throw replyMismatch(key, 'the value cannot be written as JSON');
  }
}

/** An ajv error's place, as keys joined by dots; its message may quote the schema, never shown. */
function ajvPath(error: { instancePath: string; params: Record<string, unknown> }): string {
  const keys = error.instancePath.split('/').slice(1);
  const missing = error.params.missingProperty;
  if (typeof missing === 'string') keys.push(missing);
  return keys.map((token) => token.replace(/~1/g, '/').replace(/~0/g, '~')).join('.') || '(root)';
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
