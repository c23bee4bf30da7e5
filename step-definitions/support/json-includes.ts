/** Partial deep equality for `Then the JSON body includes:`: every key given must be present with an equal value. */
import { deepStrictEqual } from 'node:assert/strict';

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * Throws when `actual` does not include `expected`. Objects may carry extra keys at any depth; arrays must
 * have the same length, their elements compared the same way; everything else must be strictly equal.
 */
export function assertIncludes(actual: unknown, expected: unknown, path = '$'): void {
  if (isPlainObject(expected)) {
    if (!isPlainObject(actual)) throw new Error(`${path}: expected an object, got ${JSON.stringify(actual)}`);
    for (const [key, value] of Object.entries(expected)) {
      if (!(key in actual)) throw new Error(`${path}.${key}: missing (expected ${JSON.stringify(value)})`);
      assertIncludes(actual[key], value, `${path}.${key}`);
    }
    return;
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual) || actual.length !== expected.length) {
      throw new Error(`${path}: expected an array of ${expected.length}, got ${JSON.stringify(actual)}`);
    }
    expected.forEach((value, index) => {
      assertIncludes(actual[index], value, `${path}[${index}]`);
    });
    return;
  }
  deepStrictEqual(
    actual,
    expected,
    `${path}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`,
  );
}
