import { beforeEach, describe, expect, it } from 'vitest';
import { KitError } from '../errors/kit-error.js';
import { rejectionOf } from '../../../../test-support/rejection.js';
import { clearApprovals, createApproval, getApproval, listApprovals, resolveApproval } from './approvals.js';
import { approvalFingerprint, canonicalJson } from './fingerprint.js';
import { MemoryApprovalStore } from './memory-approval-store.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('approval functions on the default store', () => {
  beforeEach(() => clearApprovals());

  it('creates a pending approval with a 128-bit url-safe id, a fingerprint and a 24 h lifetime', async () => {
    const before = Date.now();
    const approval = await createApproval({
      action: 'send-newsletter',
      input: { list: 'all', at: new Date(0) },
      reason: 'big',
      requestedBy: { authType: 'agent', subject: 'bot' },
    });
    expect(approval.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(approval).toMatchObject({
      status: 'pending',
      action: 'send-newsletter',
      reason: 'big',
      input: { list: 'all', at: '1970-01-01T00:00:00.000Z' },
      requestedBy: { authType: 'agent', subject: 'bot' },
    });
    expect(approval.fingerprint).toBe(
      approvalFingerprint('send-newsletter', { authType: 'agent', subject: 'bot' }, { at: '1970-01-01T00:00:00.000Z', list: 'all' }),
    );
    const lifetime = Date.parse(approval.expiresAt) - Date.parse(approval.createdAt);
    expect(lifetime).toBe(86_400_000);
    expect(Date.parse(approval.createdAt)).toBeGreaterThanOrEqual(before - 1);
    expect(await getApproval(approval.id)).toEqual(approval);
  });

  it('returns the live approval of an identical request instead of a second one', async () => {
    const first = await createApproval({ action: 'a', input: { x: 1, y: 2 } });
    const again = await createApproval({ action: 'a', input: { y: 2, x: 1 } });
    expect(again.id).toBe(first.id);
    const other = await createApproval({ action: 'a', input: { x: 2, y: 2 } });
    expect(other.id).not.toBe(first.id);
    const byAgent = await createApproval({ action: 'a', input: { x: 1, y: 2 }, requestedBy: { authType: 'agent' } });
    expect(byAgent.id).not.toBe(first.id);
    expect(await listApprovals()).toHaveLength(3);
  });

  it('approves and denies once, naming the status of an approval already decided', async () => {
    const approval = await createApproval({ action: 'a' });
    const approved = await resolveApproval(approval.id, { approved: true, by: 'reviewer@example.com', note: 'fine' });
    expect(approved).toMatchObject({ id: approval.id, status: 'approved', decidedBy: 'reviewer@example.com', note: 'fine' });
    expect(Date.parse(approved.decidedAt!)).not.toBeNaN();
    const again = await rejectionOf(resolveApproval(approval.id, { approved: false }), KitError);
    expect(again.code).toBe('conflict');
    expect(again.message).toBe(
      `resolveApproval: approval ${approval.id} is already approved at ${approved.decidedAt} by reviewer@example.com; an approval is decided once.`,
    );

    const other = await createApproval({ action: 'b' });
    expect((await resolveApproval(other.id, { approved: false, note: 'no' })).status).toBe('denied');
    expect((await rejectionOf(resolveApproval(other.id, { approved: true }), KitError)).message).toContain('is already denied at');
  });

  it('answers an unknown or malformed id with not_found', async () => {
    for (const id of ['AAAAAAAAAAAAAAAAAAAAAA', 'short', '../../etc']) {
      const error = await rejectionOf(resolveApproval(id, { approved: true }), KitError);
      expect(error.code).toBe('not_found');
      expect(error.message).toContain(`resolveApproval: no approval ${JSON.stringify(id)}`);
      expect(await getApproval(id)).toBeUndefined();
    }
  });

  it('expires: the status reads expired, deciding it fails, and an identical request makes a new one', async () => {
    const approval = await createApproval({ action: 'a', ttl: 60 });
    await sleep(90);
    expect((await getApproval(approval.id))?.status).toBe('expired');
    const error = await rejectionOf(resolveApproval(approval.id, { approved: true }), KitError);
    expect(error.code).toBe('conflict');
    expect(error.message).toContain(`approval ${approval.id} has expired`);
    expect((await createApproval({ action: 'a' })).id).not.toBe(approval.id);
  });

  it('lists by status, oldest first, with expiry applied', async () => {
    const a = await createApproval({ action: 'a' });
    const b = await createApproval({ action: 'b' });
    const c = await createApproval({ action: 'c', ttl: '1ms' });
    await resolveApproval(b.id, { approved: false });
    await sleep(5);
    expect((await listApprovals()).map((approval) => approval.id)).toEqual([a.id, b.id, c.id]);
    expect((await listApprovals({ status: 'pending' })).map((approval) => approval.id)).toEqual([a.id]);
    expect((await listApprovals({ status: 'denied' })).map((approval) => approval.id)).toEqual([b.id]);
    expect((await listApprovals({ status: 'expired' })).map((approval) => approval.id)).toEqual([c.id]);
    await clearApprovals();
    expect(await listApprovals()).toEqual([]);
  });

  it('refuses bad requests with invalid_input messages that name the function, the value and the fix', async () => {
    const cases: [Promise<unknown>, string][] = [
      [createApproval({ action: '' }), 'createApproval: action must be a non-empty string of at most 200 characters, got "".'],
      [
        createApproval({ action: 'a', ttl: '3 weeks' }),
        `createApproval: ttl "3 weeks" is not a lifetime; give a whole number of milliseconds or a count and a unit such as '15m', '24h' or '7d', at most 366 days (default 24h).`,
      ],
      [createApproval({ action: 'a', ttl: 0 }), 'createApproval: ttl 0 is not a lifetime'],
      [
        createApproval({ action: 'a', requestedBy: { authType: 'robot' as never } }),
        'createApproval: requestedBy must be { authType, subject? } with authType one of anonymous, human, agent; got {"authType":"robot"}.',
      ],
      [
        createApproval({ action: 'a', reason: 7 as never }),
        'createApproval: reason must be a string of at most 1000 characters, got 7; omit it if there is none.',
      ],
      [
        resolveApproval('AAAAAAAAAAAAAAAAAAAAAA', { approved: 'yes' as never }),
        'resolveApproval: the decision must be { approved: true } or { approved: false }, with optional by and note; got {"approved":"yes"}.',
      ],
      [
        listApprovals({ status: 'open' as never }),
        'listApprovals: status "open" is not an approval status; use one of pending, approved, denied, expired, used.',
      ],
    ];
    for (const [promise, message] of cases) {
      const error = await rejectionOf(promise, KitError);
      expect(error.code).toBe('invalid_input');
      expect(error.message.startsWith(message)).toBe(true);
    }
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect((await rejectionOf(createApproval({ action: 'a', input: cyclic }), KitError)).message).toContain(
      'input must be JSON-serialisable',
    );
    expect((await rejectionOf(createApproval({ action: 'a' }, { store: {} as never }), TypeError)).message).toContain(
      'the approval store lacks addApproval',
    );
  });
});

describe('approval functions on a given store', () => {
  it('work on that store only', async () => {
    const store = new MemoryApprovalStore();
    const approval = await createApproval({ action: 'a' }, { store });
    expect(await getApproval(approval.id)).toBeUndefined();
    expect((await getApproval(approval.id, { store }))?.id).toBe(approval.id);
    expect((await resolveApproval(approval.id, { approved: true }, { store })).status).toBe('approved');
    await clearApprovals({ store });
    expect(store.size).toBe(0);
  });

  it('decide atomically: of concurrent decisions exactly one wins', async () => {
    const store = new MemoryApprovalStore();
    const approval = await createApproval({ action: 'a' }, { store });
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) => resolveApproval(approval.id, { approved: i % 2 === 0 }, { store })),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
  });
});

describe('canonicalJson', () => {
  it('sorts keys at every depth, drops undefined, keeps arrays in order', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: 1, y: 2 }], c: undefined } })).toBe('{"a":{"d":[3,{"y":2,"z":1}]},"b":1}');
    expect(canonicalJson(undefined)).toBe('null');
    expect(canonicalJson({ n: 10n })).toBe('{"n":"10"}');
  });
});
