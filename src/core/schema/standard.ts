/** Standard Schema v1 (standardschema.dev): the interface Zod, Valibot and ArkType schemas share, in kitjs's words. */

/** One problem a Standard Schema reports: its message and where, as keys or `{ key }` segments. */
export interface StandardIssue {
  readonly message: string;
  readonly path?: ReadonlyArray<PropertyKey | { readonly key: PropertyKey }> | undefined;
}

/** What a Standard Schema's `validate` gives: the output value, or the issues. */
export type StandardResult<Output> =
  | { readonly value: Output; readonly issues?: undefined }
  | { readonly issues: ReadonlyArray<StandardIssue> };

/**
 * A Standard Schema v1: any object with a `~standard` property whose `validate(value)` answers with a
 * result or a promise of one. kitjs reads only `validate` and, for types, `types.output`; the library
 * that made the schema (Zod ≥3.24, Valibot 1, ArkType 2) is the user's.
 *
 * @example
 * ```ts
 * import { z } from 'zod';
 * const body: StandardSchema<unknown, { name: string }> = z.object({ name: z.string() });
 * ```
 */
export interface StandardSchema<Input = unknown, Output = Input> {
  readonly '~standard': {
    readonly version: 1;
    readonly vendor: string;
    readonly validate: (value: unknown) => StandardResult<Output> | Promise<StandardResult<Output>>;
    readonly types?: { readonly input: Input; readonly output: Output } | undefined;
  };
}

/** Whether `schema` is a Standard Schema (has `~standard.validate`) rather than a JSON Schema object. */
export function isStandardSchema(schema: unknown): schema is StandardSchema {
  if ((typeof schema !== 'object' && typeof schema !== 'function') || schema === null) return false;
  const standard = (schema as { '~standard'?: { validate?: unknown } })['~standard'];
  return typeof standard === 'object' && standard !== null && typeof standard.validate === 'function';
}
