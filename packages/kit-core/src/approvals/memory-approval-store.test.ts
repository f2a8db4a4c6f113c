import { describe, expect, it } from 'vitest';
import { rejectionOf, thrownBy } from '../../../../test-support/rejection.js';
import { ApprovalLimitError } from './approval-limit-error.js';
import { newApprovalId } from './approval-record.js';
import { MemoryApprovalStore } from './memory-approval-store.js';
import type { Approval } from './types.js';

const hour = 3_600_000;

function approval(fingerprint: string, now: number, ttl = hour): Approval {
  return {
    id: newApprovalId(),
    status: 'pending',
    action: 'a',
    requestedBy: { authType: 'anonymous' },
    fingerprint,
    createdAt: new Date(now).toISOString(),
    expiresAt: new Date(now + ttl).toISOString(),
  };
}

describe('MemoryApprovalStore', () => {
  it('keeps an expired approval readable for the grace period, then forgets it', async () => {
    let now = 1_000_000;
    const store = new MemoryApprovalStore({ now: () => now, graceMs: hour });
    const saved = await store.addApproval(approval('f', now), now);
    now += hour + hour - 1;
    expect(await store.getApproval(saved.id)).toBeDefined();
    now += 1;
    expect(await store.getApproval(saved.id)).toBeUndefined();
    expect(await store.findApproval('f')).toBeUndefined();
    expect(store.size).toBe(0);
  });

  it('never drops an approval to make room: past maxApprovals a new one is refused, until old ones are forgotten', async () => {
    let now = 1_000_000;
    const store = new MemoryApprovalStore({ maxApprovals: 3, now: () => now, graceMs: 0 });
    const first = await store.addApproval(approval('1', now), now);
    const second = await store.addApproval(approval('2', now), now);
    const third = await store.addApproval(approval('3', now, 2 * hour), now);
    await store.decideApproval(second.id, { status: 'denied', decidedAt: new Date(now).toISOString() }, now);
    const full = await rejectionOf(store.addApproval(approval('4', now), now), ApprovalLimitError);
    expect(full).toMatchObject({ reason: 'store_full', limit: 3, code: 'service_unavailable' });
    expect(store.size).toBe(3);
    for (const kept of [first, second, third]) expect(await store.getApproval(kept.id)).toBeDefined();
    // A repeated call still finds its approval when the store is full.
    expect((await store.addApproval(approval('1', now), now)).id).toBe(first.id);
    // Forgotten by their own expiry (the first two after an hour), not by pressure.
    now += hour;
    expect((await store.addApproval(approval('5', now), now)).status).toBe('pending');
    expect(await store.getApproval(second.id)).toBeUndefined();
    expect(await store.getApproval(third.id)).toBeDefined();
  });

  it('caps the pending approvals of each requester when asked, counting only pending and unexpired ones', async () => {
    let now = 1_000_000;
    const store = new MemoryApprovalStore({ now: () => now });
    const bot = { authType: 'agent' as const, subject: 'bot' };
    const of = (fingerprint: string, requestedBy = bot, ttl = hour) => ({ ...approval(fingerprint, now, ttl), requestedBy });
    const limits = { maxPendingPerRequester: 2 };
    const a = await store.addApproval(of('a'), now, limits);
    await store.addApproval(of('b', bot, 1_000), now, limits);
    const refused = await rejectionOf(store.addApproval(of('c'), now, limits), ApprovalLimitError);
    expect(refused).toMatchObject({ reason: 'requester', limit: 2, code: 'rate_limited', requester: bot });
    expect(refused.message).toContain('agent "bot" already has 2 calls waiting');
    // The same call again is its approval, not a new one; another requester has its own count.
    expect((await store.addApproval(of('a'), now, limits)).id).toBe(a.id);
    expect((await store.addApproval(of('d', { authType: 'agent', subject: 'other' }), now, limits)).status).toBe('pending');
    // A decision frees a place, and so does an expiry.
    await store.decideApproval(a.id, { status: 'approved', decidedAt: 'x' }, now);
    await store.addApproval(of('e'), now, limits);
    await expect(store.addApproval(of('f'), now, limits)).rejects.toThrow(ApprovalLimitError);
    now += 1_000;
    expect((await store.addApproval(of('f'), now, limits)).status).toBe('pending');
    // Without limits there is no cap.
    expect((await store.addApproval(of('g'), now)).status).toBe('pending');
  });

  it('sweeps approvals past their grace period when a new one is added', async () => {
    let now = 1_000_000;
    const store = new MemoryApprovalStore({ now: () => now, graceMs: 0 });
    for (let i = 0; i < 5; i += 1) await store.addApproval(approval(`old-${i}`, now, 1_000), now);
    now += 120_000;
    await store.addApproval(approval('new', now), now);
    expect(store.size).toBe(1);
  });

  it('uses an approved approval once, and only before it expires', async () => {
    let now = 1_000_000;
    const store = new MemoryApprovalStore({ now: () => now });
    const saved = await store.addApproval(approval('f', now, 1_000), now);
    expect(await store.consumeApproval(saved.id, now)).toBe(false);
    expect((await store.decideApproval(saved.id, { status: 'approved', decidedAt: 'x' }, now)).outcome).toBe('decided');
    now += 1_000;
    expect(await store.consumeApproval(saved.id, now)).toBe(false);
    now -= 1;
    expect(await store.consumeApproval(saved.id, now)).toBe(true);
    expect(await store.consumeApproval(saved.id, now)).toBe(false);
    expect((await store.getApproval(saved.id))?.status).toBe('used');
  });

  it('hands out copies, so callers cannot change what it holds', async () => {
    const store = new MemoryApprovalStore();
    const saved = await store.addApproval({ ...approval('f', Date.now()), input: { amount: 1 } }, Date.now());
    (saved.input as { amount: number }).amount = 999;
    expect((await store.getApproval(saved.id))?.input).toEqual({ amount: 1 });
  });

  it('refuses bad options', () => {
    expect(thrownBy(() => new MemoryApprovalStore({ maxApprovals: 0 }), TypeError).message).toContain(
      'maxApprovals must be a whole number, at least 1, got 0',
    );
    expect(thrownBy(() => new MemoryApprovalStore({ graceMs: -1 }), TypeError).message).toContain(
      'graceMs must be a whole number of milliseconds',
    );
  });
});
