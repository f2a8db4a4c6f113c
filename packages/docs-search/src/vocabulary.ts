import { allowedTypos, boundedEditDistance } from './edit-distance.js';

/** A term the index holds that a query word may stand for, found by prefix or by typo correction. */
export interface SurfaceMatch {
  readonly surface: string;
  readonly termIds: readonly number[];
  /** Edit distance for a correction, 0 for a prefix completion. */
  readonly distance: number;
}

/**
 * The dictionary of an index: stored terms with their ids, and the written (surface) forms that
 * produced them, which prefix completion and typo correction search.
 */
export class Vocabulary {
  private readonly ids = new Map<string, number>();
  private readonly surfaceTerms = new Map<string, number[]>();
  private sortedSurfaces: string[] = [];
  private surfacesByStart = new Map<string, string[]>();
  /** Letter-presence masks of the surfaces in `surfacesByStart`, bucket by bucket. */
  private masksByStart = new Map<string, Uint32Array>();
  /** Ids of whole identifiers (`createsmartagent`), as opposed to words. */
  private readonly compoundIds = new Set<number>();
  readonly terms: string[] = [];

  /** The id of `term`, adding it when new. */
  intern(term: string): number {
    let id = this.ids.get(term);
    if (id === undefined) {
      id = this.terms.length;
      this.ids.set(term, id);
      this.terms.push(term);
    }
    return id;
  }

  /** Records that `surface` (a lower-case written form) is indexed as term `termId`. */
  addSurface(surface: string, termId: number): void {
    const known = this.surfaceTerms.get(surface);
    if (known === undefined) this.surfaceTerms.set(surface, [termId]);
    else if (!known.includes(termId)) known.push(termId);
  }

  /** Sorts the surface forms for lookups; called once when the index is complete. */
  freeze(): void {
    this.sortedSurfaces = [...this.surfaceTerms.keys()].sort();
    this.surfacesByStart = new Map();
    for (const surface of this.sortedSurfaces) {
      const key = startKey(surface.charAt(0), surface.length);
      const bucket = this.surfacesByStart.get(key);
      if (bucket === undefined) this.surfacesByStart.set(key, [surface]);
      else bucket.push(surface);
    }
    this.masksByStart = new Map();
    for (const [key, bucket] of this.surfacesByStart) this.masksByStart.set(key, Uint32Array.from(bucket, letterMask));
  }

  /** Records that term `termId` stands for a whole identifier. */
  markCompound(termId: number): void {
    this.compoundIds.add(termId);
  }

  /** Whether term `termId` stands for a whole identifier (it may also be a word of the same spelling). */
  isCompound(termId: number): boolean {
    return this.compoundIds.has(termId);
  }

  termId(term: string): number | undefined {
    return this.ids.get(term);
  }

  termsOfSurface(surface: string): readonly number[] {
    return this.surfaceTerms.get(surface) ?? [];
  }

  /**
   * Up to `limit` surface forms that start with `prefix` and are longer than it, in lexical order;
   * with `rank`, the `keep` best by `rank` (lowest first, then lexical) among them.
   */
  completions(prefix: string, limit: number, rank?: (termIds: readonly number[]) => number, keep = limit): SurfaceMatch[] {
    let low = 0;
    let high = this.sortedSurfaces.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.sortedSurfaces[middle]! < prefix) low = middle + 1;
      else high = middle;
    }
    const chosen: { surface: string; rank: number }[] = [];
    let seen = 0;
    for (let index = low; index < this.sortedSurfaces.length && seen < limit; index += 1) {
      const surface = this.sortedSurfaces[index]!;
      if (!surface.startsWith(prefix)) break;
      if (surface.length === prefix.length) continue;
      seen += 1;
      const value = rank === undefined ? seen : rank(this.surfaceTerms.get(surface)!);
      // Keep the `keep` best so far, sorted; candidates arrive in lexical order, so ties stay lexical.
      if (chosen.length === keep && value >= chosen[keep - 1]!.rank) continue;
      let at = chosen.length;
      while (at > 0 && chosen[at - 1]!.rank > value) at -= 1;
      chosen.splice(at, 0, { surface, rank: value });
      if (chosen.length > keep) chosen.pop();
    }
    return chosen.map(({ surface }) => ({ surface, termIds: this.surfaceTerms.get(surface)!, distance: 0 }));
  }

  /**
   * Surface forms within the typo allowance of `word` (see `allowedTypos`), closest first. Like most
   * spelling correctors it trusts the first letter: candidates start with the word's first or second
   * letter (the second covers a swapped, dropped or doubled first letter).
   */
  corrections(word: string): SurfaceMatch[] {
    const max = allowedTypos(word);
    if (max === 0) return [];
    const found: SurfaceMatch[] = [];
    const starts = new Set([word.charAt(0), word.charAt(1)]);
    const wordMask = letterMask(word);
    for (const start of starts) {
      for (let length = word.length - max; length <= word.length + max; length += 1) {
        const key = startKey(start, length);
        const bucket = this.surfacesByStart.get(key);
        if (bucket === undefined) continue;
        const masks = this.masksByStart.get(key)!;
        for (let index = 0; index < bucket.length; index += 1) {
          // One edit changes which letters occur in at most two places of the mask: a cheap filter.
          if (bitCount(wordMask ^ masks[index]!) > 2 * max) continue;
          const surface = bucket[index]!;
          const distance = boundedEditDistance(word, surface, max);
          if (distance > 0 && distance <= max) {
            found.push({ surface, termIds: this.surfaceTerms.get(surface)!, distance });
          }
        }
      }
    }
    return found.sort((a, b) => a.distance - b.distance || (a.surface < b.surface ? -1 : 1));
  }
}

function startKey(first: string, length: number): string {
  return `${first}${length}`;
}

/** Which of 32 letter classes occur in `text` (a–z, digits folded into a few bits, the rest in one). */
function letterMask(text: string): number {
  let mask = 0;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    const bit = code >= 97 && code <= 122 ? code - 97 : code >= 48 && code <= 57 ? 26 + (code % 5) : 31;
    mask |= 1 << bit;
  }
  return mask >>> 0;
}

function bitCount(value: number): number {
  let rest = value - ((value >>> 1) & 0x55555555);
  rest = (rest & 0x33333333) + ((rest >>> 2) & 0x33333333);
  return (((rest + (rest >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}
