/**
 * A short, safe rendering of a bad value for an error message: strings quoted (cut at 60 characters),
 * numbers and booleans as written (`-1`, `NaN`, `true`; unambiguous, since strings are quoted), objects,
 * arrays and functions by kind only, so no secret or huge structure ends up in a message.
 */
export function describeValue(value: unknown): string {
  if (value === null || value === undefined) return String(value);
  if (typeof value === 'string') return JSON.stringify(value.length > 60 ? `${value.slice(0, 60)}…` : value);
  if (typeof value === 'function') return 'a function';
  if (typeof value === 'object') return Array.isArray(value) ? 'an array' : 'an object';
  if (typeof value === 'symbol') return 'a symbol';
  return String(value);
}

/** The message of a thrown value, whatever was thrown. */
export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
