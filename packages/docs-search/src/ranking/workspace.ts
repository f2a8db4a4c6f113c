import type { IndexData } from '../build.js';
import { Accumulator } from './accumulator.js';

/**
 * Scratch memory of one index, reused by every query: per-section accumulators and a per-term
 * bit mask of the query clauses each term belongs to. Searches are synchronous, so one workspace
 * per index is never used by two queries at once.
 */
export class Workspace {
  readonly total: Accumulator;
  readonly clause: Accumulator;
  readonly alternative: Accumulator;
  readonly slot: Accumulator;
  /** Candidate sections of the current query and their scores before rescoring. */
  readonly candidateDocs: Int32Array;
  readonly candidateScores: Float64Array;
  private readonly masks: Uint32Array;
  private readonly qualities: Float32Array;
  private readonly stamps: Uint32Array;
  private epoch = 0;

  constructor(sections: number, terms: number) {
    this.total = new Accumulator(sections);
    this.clause = new Accumulator(sections);
    this.alternative = new Accumulator(sections);
    this.slot = new Accumulator(sections);
    this.candidateDocs = new Int32Array(sections);
    this.candidateScores = new Float64Array(sections);
    this.masks = new Uint32Array(terms);
    this.qualities = new Float32Array(terms);
    this.stamps = new Uint32Array(terms);
  }

  /** Forgets the clause marks of the previous query. */
  startQuery(): void {
    this.epoch = (this.epoch + 1) >>> 0;
    if (this.epoch === 0) {
      this.stamps.fill(0);
      this.epoch = 1;
    }
  }

  /**
   * Marks `termId` as belonging to clause number `clause` (clauses past 31 are not tracked), matched
   * with `quality`: 1 for the word as typed, less for a synonym, completion or correction.
   */
  mark(termId: number, clause: number, quality: number): void {
    if (clause > 31) return;
    if (this.stamps[termId] !== this.epoch) {
      this.stamps[termId] = this.epoch;
      this.masks[termId] = 0;
      this.qualities[termId] = 0;
    }
    this.masks[termId] = (this.masks[termId]! | (1 << clause)) >>> 0;
    if (this.qualities[termId]! < quality) this.qualities[termId] = quality;
  }

  /** The best quality `termId` was marked with in the current query (0 when unmarked). */
  qualityOf(termId: number): number {
    return this.stamps[termId] === this.epoch ? this.qualities[termId]! : 0;
  }

  /** Bit mask of the clauses `termId` belongs to in the current query. */
  maskOf(termId: number): number {
    return this.stamps[termId] === this.epoch ? this.masks[termId]! : 0;
  }
}

const workspaces = new WeakMap<IndexData, Workspace>();

/**
 * The workspace of an index, created on first use.
 *
 * @example
 * ```ts
 * import { buildIndexData } from '../build.js';
 * import { workspaceOf } from './workspace.js';
 *
 * const data = buildIndexData([]);
 * workspaceOf(data) === workspaceOf(data); // true
 * ```
 */
export function workspaceOf(data: IndexData): Workspace {
  let workspace = workspaces.get(data);
  if (workspace === undefined) {
    workspace = new Workspace(data.ids.length, data.vocabulary.terms.length);
    workspaces.set(data, workspace);
  }
  return workspace;
}
