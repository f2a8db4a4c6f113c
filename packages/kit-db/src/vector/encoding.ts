/**
 * A stored vector as the drivers hand it back: an array (decoded by the column type, or a PostgreSQL
 * `real[]`), a typed array, bytes (little-endian 32-bit floats, as a binary column would hold them),
 * or text (`[0.1,0.2]` is both the JSON the SQLite-family and MySQL columns hold and pgvector's text
 * form). Returns undefined for null or a value that is not a vector.
 */
export function readStoredVector(value: unknown): ArrayLike<number> | undefined {
  if (value === null || value === undefined) return undefined;
  if (Array.isArray(value)) return value.every((item) => typeof item === 'number') ? (value as number[]) : numbersOf(value);
  if (value instanceof Float32Array || value instanceof Float64Array) return value;
  if (value instanceof Uint8Array) {
    if (value.byteLength % 4 !== 0) return undefined;
    // A copy, since a Buffer from a driver may start at an offset a Float32Array cannot view.
    return new Float32Array(value.buffer.slice(value.byteOffset, value.byteOffset + value.byteLength));
  }
  if (typeof value === 'string') {
    try {
      const parsed: unknown = JSON.parse(value);
      return Array.isArray(parsed) ? numbersOf(parsed) : undefined;
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** Array items as numbers, when every one is a number or numeric text (pg gives `real[]` items as numbers, some drivers as text). */
function numbersOf(items: readonly unknown[]): number[] | undefined {
  const numbers = new Array<number>(items.length);
  for (let index = 0; index < items.length; index++) {
    const item = items[index];
    const number = typeof item === 'number' ? item : typeof item === 'string' && item.trim() !== '' ? Number(item) : Number.NaN;
    if (Number.isNaN(number)) return undefined;
    numbers[index] = number;
  }
  return numbers;
}

/**
 * A vector in pgvector's text form, `[1,0.5,-2]`, for a parameter cast with `::vector`. JavaScript's
 * shortest round-trip digits are exact for every float pgvector stores.
 */
export function toPgvectorText(vector: readonly number[]): string {
  return `[${vector.join(',')}]`;
}

/** Why `vector` is not a vector of `dimensions` finite numbers, or undefined when it is one. */
export function vectorProblem(vector: unknown, dimensions: number): string | undefined {
  if (!Array.isArray(vector)) return `must be an array of ${dimensions} numbers, got ${vector === null ? 'null' : typeof vector}`;
  if (vector.length !== dimensions) return `has ${vector.length} dimensions, expected ${dimensions}`;
  for (let index = 0; index < vector.length; index++) {
    const value: unknown = vector[index];
    if (typeof value !== 'number' || !Number.isFinite(value))
      return `item ${index} must be a finite number, got ${typeof value === 'number' ? String(value) : typeof value}`;
  }
  return undefined;
}
