/** A vector as the search reads it: a plain array or a typed array of floats. */
export type VectorLike = ArrayLike<number>;

/** The Euclidean length of `vector`. */
export function norm(vector: VectorLike): number {
  let sum = 0;
  for (let index = 0; index < vector.length; index++) {
    const value = vector[index]!;
    sum += value * value;
  }
  return Math.sqrt(sum);
}

/**
 * Cosine similarity of `a` and `b`, given the length of `a` already computed (the query's, computed
 * once per search rather than once per row). Both vectors must have the same length. A zero vector
 * has no direction, so its similarity is `NaN`, which callers skip rather than rank.
 */
export function cosineWithNorm(a: VectorLike, aNorm: number, b: VectorLike): number {
  let dot = 0;
  let bSquares = 0;
  // One pass over both arrays: the dot product and the second length together.
  for (let index = 0; index < a.length; index++) {
    const bValue = b[index]!;
    dot += a[index]! * bValue;
    bSquares += bValue * bValue;
  }
  const denominator = aNorm * Math.sqrt(bSquares);
  return denominator === 0 ? Number.NaN : dot / denominator;
}

/** Cosine similarity of two vectors of the same length: from -1 (opposite) to 1 (same direction). */
export function cosineSimilarity(a: VectorLike, b: VectorLike): number {
  return cosineWithNorm(a, norm(a), b);
}
