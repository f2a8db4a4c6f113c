/**
 * Vectors of one length kept side by side in one growing Float64Array, with their norms, so a similarity
 * scan reads memory in order. A scan over vectors allocated one by one, interleaved with everything else a
 * process allocates, ran twice as slow at 10,000 vectors of 384 numbers. Removal moves the last vector into
 * the freed slot, so the pool stays dense; each owner is told its new slot.
 */
export class VectorPool<Owner> {
  readonly dimensions: number;
  #data: Float64Array;
  #norms: Float64Array;
  readonly #owners: Owner[] = [];
  readonly #slots = new Map<Owner, number>();

  constructor(dimensions: number, capacity = 64) {
    this.dimensions = dimensions;
    this.#data = new Float64Array(dimensions * capacity);
    this.#norms = new Float64Array(capacity);
  }

  get size(): number {
    return this.#owners.length;
  }

  /** Adds the vector of `owner` (its length must be `dimensions`). */
  add(owner: Owner, vector: ArrayLike<number>): void {
    const slot = this.#owners.length;
    if (slot === this.#norms.length) this.#grow();
    let norm = 0;
    const offset = slot * this.dimensions;
    for (let index = 0; index < this.dimensions; index++) {
      const value = vector[index] as number;
      this.#data[offset + index] = value;
      norm += value * value;
    }
    this.#norms[slot] = Math.sqrt(norm);
    this.#owners.push(owner);
    this.#slots.set(owner, slot);
  }

  /** Removes the vector of `owner`; false when it has none here. */
  remove(owner: Owner): boolean {
    const slot = this.#slots.get(owner);
    if (slot === undefined) return false;
    const last = this.#owners.length - 1;
    if (slot !== last) {
      const moved = this.#owners[last] as Owner;
      this.#data.copyWithin(slot * this.dimensions, last * this.dimensions, (last + 1) * this.dimensions);
      this.#norms[slot] = this.#norms[last] as number;
      this.#owners[slot] = moved;
      this.#slots.set(moved, slot);
    }
    this.#owners.pop();
    this.#slots.delete(owner);
    return true;
  }

  /** A copy of the vector of `owner`, as a plain array. */
  vectorOf(owner: Owner): number[] | undefined {
    const slot = this.#slots.get(owner);
    if (slot === undefined) return undefined;
    return Array.from(this.#data.subarray(slot * this.dimensions, (slot + 1) * this.dimensions));
  }

  /** Calls `visit` with each owner and its cosine similarity to `query` (0 when either vector has no direction). */
  scan(query: ArrayLike<number>, visit: (owner: Owner, similarity: number) => void): void {
    const dimensions = this.dimensions;
    const data = this.#data;
    let queryNorm = 0;
    for (let index = 0; index < dimensions; index++) queryNorm += (query[index] as number) ** 2;
    queryNorm = Math.sqrt(queryNorm);
    for (let slot = 0; slot < this.#owners.length; slot++) {
      const norm = this.#norms[slot] as number;
      let dot = 0;
      const offset = slot * dimensions;
      for (let index = 0; index < dimensions; index++) dot += (query[index] as number) * (data[offset + index] as number);
      visit(this.#owners[slot] as Owner, queryNorm === 0 || norm === 0 ? 0 : dot / (queryNorm * norm));
    }
  }

  #grow(): void {
    const capacity = this.#norms.length * 2;
    const data = new Float64Array(this.dimensions * capacity);
    data.set(this.#data);
    const norms = new Float64Array(capacity);
    norms.set(this.#norms);
    this.#data = data;
    this.#norms = norms;
  }
}
