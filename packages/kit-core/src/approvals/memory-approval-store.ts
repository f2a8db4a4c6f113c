import { ApprovalLimitError } from './approval-limit-error.js';
import { statusAt } from './approval-record.js';
import type { Approval, ApprovalChange, ApprovalLimits, ApprovalRequester, ApprovalStore, ApprovalTransition } from './types.js';

/** Options of `MemoryApprovalStore`. */
export interface MemoryApprovalStoreOptions {
  /**
   * Approvals held at most, whatever their status. Past it a new approval is refused (an
   * `ApprovalLimitError`, 503) until older ones are forgotten: nothing is dropped to make room.
   * Default 10 000.
   */
  readonly maxApprovals?: number;
  /** How long an approval is kept after it expires, so its status can still be read. Default 1 hour. */
  readonly graceMs?: number;
  /** Clock, for tests. */
  readonly now?: () => number;
}

/** How often, at most, a store looks for approvals past their grace period when a new one is added. */
const sweepEveryMs = 60_000;

/**
 * Approvals in this process's memory: what `createKitApp` and the approval functions use unless given
 * a store. Right for one process; with several processes or replicas, a call held on one would not
 * find its approval on another, so use `RedisStore` there. Bounded without evicting: an approval, pending or
 * decided, is forgotten only an hour (`graceMs`) after its own `expiresAt`; each requester may have
 * `maxPendingPerRequester` pending (a limit the app passes, see `ApprovalLimits`); and past
 * `maxApprovals` in all, new approvals are refused, so a flood of calls can never push out an
 * approval a person has decided or is about to.
 *
 * @example
 * ```ts
 * import { createKitApp, MemoryApprovalStore } from '@kit/kit-core';
 *
 * const app = createKitApp({ routes: {}, approvals: { store: new MemoryApprovalStore({ maxApprovals: 1_000 }), ttl: '1h' } });
 * ```
 */
export class MemoryApprovalStore implements ApprovalStore {
  /** In insertion order, so the first entries are the oldest. */
  readonly #approvals = new Map<string, Approval>();
  readonly #byFingerprint = new Map<string, string>();
  /** Ids of the approvals each requester added; those no longer pending are pruned when counted. */
  readonly #pendingByRequester = new Map<string, Set<string>>();
  readonly #maxApprovals: number;
  readonly #graceMs: number;
  readonly #now: () => number;
  #sweptAt = 0;

  constructor(options: MemoryApprovalStoreOptions = {}) {
    const { maxApprovals = 10_000, graceMs = 3_600_000 } = options;
    if (!Number.isSafeInteger(maxApprovals) || maxApprovals < 1) {
      throw new TypeError(
        `MemoryApprovalStore: maxApprovals must be a whole number, at least 1, got ${String(maxApprovals)}; omit it for 10000.`,
      );
    }
    if (!Number.isSafeInteger(graceMs) || graceMs < 0) {
      throw new TypeError(
        `MemoryApprovalStore: graceMs must be a whole number of milliseconds, 0 or more, got ${String(graceMs)}; omit it for an hour.`,
      );
    }
    this.#maxApprovals = maxApprovals;
    this.#graceMs = graceMs;
    this.#now = options.now ?? Date.now;
  }

  /** Approvals held, for tests and metrics. */
  get size(): number {
    return this.#approvals.size;
  }

  async addApproval(approval: Approval, now: number, limits: ApprovalLimits = {}): Promise<Approval> {
    const existingId = this.#byFingerprint.get(approval.fingerprint);
    const existing = existingId === undefined ? undefined : this.#live(existingId);
    if (existing && (existing.status === 'pending' || existing.status === 'approved') && statusAt(existing, now) !== 'expired')
      return copy(existing);
    if (this.#approvals.size >= this.#maxApprovals || now - this.#sweptAt >= sweepEveryMs) this.#sweep(now);
    const requester = requesterKey(approval.requestedBy);
    const cap = limits.maxPendingPerRequester;
    if (cap !== undefined && this.#pendingCount(requester, now) >= cap)
      throw new ApprovalLimitError('requester', cap, approval.requestedBy);
    if (this.#approvals.size >= this.#maxApprovals) throw new ApprovalLimitError('store_full', this.#maxApprovals);
    this.#approvals.set(approval.id, copy({ ...approval, status: 'pending' }));
    this.#byFingerprint.set(approval.fingerprint, approval.id);
    let ids = this.#pendingByRequester.get(requester);
    if (!ids) this.#pendingByRequester.set(requester, (ids = new Set()));
    ids.add(approval.id);
    return copy(this.#approvals.get(approval.id)!);
  }

  async getApproval(id: string): Promise<Approval | undefined> {
    const approval = this.#live(id);
    return approval && copy(approval);
  }

  async findApproval(fingerprint: string): Promise<Approval | undefined> {
    const id = this.#byFingerprint.get(fingerprint);
    const approval = id === undefined ? undefined : this.#live(id);
    return approval && copy(approval);
  }

  async decideApproval(id: string, change: ApprovalChange, now: number): Promise<ApprovalTransition> {
    const approval = this.#live(id);
    if (!approval) return { outcome: 'missing' };
    if (approval.status !== 'pending') return { outcome: 'not_pending', approval: copy(approval) };
    if (statusAt(approval, now) === 'expired') return { outcome: 'expired', approval: copy(approval) };
    const decided: Approval = {
      ...approval,
      status: change.status,
      decidedAt: change.decidedAt,
      ...(change.decidedBy === undefined ? {} : { decidedBy: change.decidedBy }),
      ...(change.note === undefined ? {} : { note: change.note }),
    };
    this.#approvals.set(id, decided);
    return { outcome: 'decided', approval: copy(decided) };
  }

  async consumeApproval(id: string, now: number): Promise<boolean> {
    const approval = this.#live(id);
    if (!approval || approval.status !== 'approved' || statusAt(approval, now) === 'expired') return false;
    this.#approvals.set(id, { ...approval, status: 'used', usedAt: new Date(now).toISOString() });
    return true;
  }

  async listApprovals(): Promise<Approval[]> {
    this.#sweep(this.#now());
    return [...this.#approvals.values()].map(copy);
  }

  async clearApprovals(): Promise<void> {
    this.#approvals.clear();
    this.#byFingerprint.clear();
    this.#pendingByRequester.clear();
  }

  /** The approval, unless its grace period is over (it is then dropped, as Redis would have). */
  #live(id: string): Approval | undefined {
    const approval = this.#approvals.get(id);
    if (approval && this.#gone(approval, this.#now())) {
      this.#drop(approval);
      return undefined;
    }
    return approval;
  }

  #gone(approval: Approval, now: number): boolean {
    return Date.parse(approval.expiresAt) + this.#graceMs <= now;
  }

  #drop(approval: Approval): void {
    this.#approvals.delete(approval.id);
    if (this.#byFingerprint.get(approval.fingerprint) === approval.id) this.#byFingerprint.delete(approval.fingerprint);
    const key = requesterKey(approval.requestedBy);
    const ids = this.#pendingByRequester.get(key);
    if (ids?.delete(approval.id) && ids.size === 0) this.#pendingByRequester.delete(key);
  }

  #sweep(now: number): void {
    this.#sweptAt = now;
    for (const approval of this.#approvals.values()) if (this.#gone(approval, now)) this.#drop(approval);
  }

  /** How many approvals of this requester are pending and unexpired at `now`; forgets the others' ids. */
  #pendingCount(requester: string, now: number): number {
    const ids = this.#pendingByRequester.get(requester);
    if (!ids) return 0;
    for (const id of ids) {
      const approval = this.#approvals.get(id);
      if (!approval || statusAt(approval, now) !== 'pending') ids.delete(id);
    }
    if (ids.size === 0) this.#pendingByRequester.delete(requester);
    return ids.size;
  }
}

/** One key per requester: its auth type and subject. */
function requesterKey(requester: ApprovalRequester): string {
  return `${requester.authType}\u0000${requester.subject ?? ''}`;
}

/** Approvals are plain JSON; copies keep callers from changing what the store holds. */
function copy(approval: Approval): Approval {
  return structuredClone(approval);
}
