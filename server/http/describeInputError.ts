import type { ZodError } from 'zod';

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = Reflect.get(value, key);
  }
  return value;
}

/**
 * The first few problems of bad input, each with its field: "units: is required." when the field
 * is not there at all, the schema's own words when it is there but wrong. `input` is what the
 * caller sent, before any coercion (a coerced missing number reads as NaN, not as missing).
 */
export function describeInputError(error: ZodError, input?: unknown): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => {
      const field = issue.path.join('.');
      const missing =
        input === undefined
          ? issue.code === 'invalid_type' && issue.input === undefined
          : issue.path.length > 0 && valueAt(input, issue.path) === undefined;
      const message = missing && issue.code === 'invalid_type' ? 'is required.' : issue.message;
      return field ? `${field}: ${message}` : message;
    })
    .join(' ');
}
