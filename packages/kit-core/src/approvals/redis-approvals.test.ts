import { Redis } from 'ioredis';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createKitApp } from '../app/create-kit-app.js';
import type { KitServer } from '../app/kit-app.js';
import { defineAPI } from '../definitions/define-api.js';
import { definePolicy } from '../definitions/define-policy.js';
import { KitError } from '../errors/kit-error.js';
import { RedisStore } from '../rate-limit/redis-store.js';
import { rejectionOf } from '../../../../test-support/rejection.js';
import { freePort, startRedis, type TestRedis } from '../../../../test-support/redis-server.js';
import { ApprovalLimitError } from './approval-limit-error.js';
import { newApprovalId } from './approval-record.js';
import { clearApprovals, createApproval, getApproval, listApprovals, resolveApproval } from './approvals.js';
import type { Approval } from './types.js';

let redis: TestRedis;
let a: RedisStore;
let b: RedisStore;
let raw: Redis;

beforeAll(async () => {
  redis = await startRedis();
  a = new RedisStore({ url: redis.url });
  b = new RedisStore({ url: redis.url });
  raw = new Redis(redis.url);
});
afterAll(async () => {
  await a?.close();
  await b?.close();
  raw?.disconnect();
  await redis?.stop();
});
beforeEach(() => clearApprovals({ store: a }));

function approval(fingerprint: string, now: number, ttl = 60_000): Approval {
  return {
    id: newApprovalId(),
    status: 'pending',
    action: 'a',
    input: { empty: [], nested: { list: [1, 'two', null] }, big: 12345678901234567890, text: 'é "quoted" \u2028' },
    requestedBy: { authType: 'agent', subject: 'bot' },
    fingerprint,
    createdAt: new Date(now).toISOString(),
    expiresAt: new Date(now + ttl).toISOString(),
  };
}

describe('RedisStore as an approval store', () => {
  it('keeps approvals under <prefix>approval: with a TTL of the lifetime plus an hour, and reads back exactly what was written', async () => {
    const now = Date.now();
    const saved = await a.addApproval(approval('f1', now, 60_000), now);
    expect(await b.getApproval(saved.id)).toEqual(saved);
    expect(saved.input).toEqual({ empty: [], nested: { list: [1, 'two', null] }, big: 12345678901234567890, text: 'é "quoted" \u2028' });
    const ttl = await raw.pttl(`kit:rl:approval:${saved.id}`);
    expect(ttl).toBeGreaterThan(60_000 + 3_600_000 - 5_000);
    expect(ttl).toBeLessThanOrEqual(60_000 + 3_600_000);
    expect(await raw.get(`kit:rl:approval:fp:f1`)).toBe(saved.id);
    expect((await b.findApproval('f1'))?.id).toBe(saved.id);
    expect(await b.findApproval('unknown')).toBeUndefined();
    expect(await b.getApproval(newApprovalId())).toBeUndefined();
  });

  it('returns the live approval of a fingerprint instead of adding a second, even when replicas race', async () => {
    const now = Date.now();
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? a : b).addApproval(approval('same', now), now)));
    expect(new Set(results.map((result) => result.id)).size).toBe(1);
    expect(await a.listApprovals()).toHaveLength(1);
  });

  it('decides once: one of many racing decisions wins, the others see not_pending', async () => {
    const now = Date.now();
    const saved = await a.addApproval(approval('f', now), now);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        (i % 2 ? a : b).decideApproval(
          saved.id,
          { status: i % 3 ? 'approved' : 'denied', decidedAt: 't', decidedBy: `r${i}`, note: 'n' },
          now,
        ),
      ),
    );
    expect(results.filter((result) => result.outcome === 'decided')).toHaveLength(1);
    expect(results.filter((result) => result.outcome === 'not_pending')).toHaveLength(9);
    const winner = results.find((result) => result.outcome === 'decided')!.approval!;
    expect(await a.getApproval(saved.id)).toEqual(winner);
    expect(winner).toMatchObject({ decidedAt: 't', note: 'n' });
    expect((await a.decideApproval(newApprovalId(), { status: 'approved', decidedAt: 't' }, now)).outcome).toBe('missing');
  });

  it('refuses to decide an expired approval, and uses an approved one once before it expires', async () => {
    const now = Date.now();
    const stale = await a.addApproval(approval('stale', now, 1_000), now);
    expect((await a.decideApproval(stale.id, { status: 'approved', decidedAt: 't' }, now + 1_000)).outcome).toBe('expired');
    const fresh = await a.addApproval(approval('fresh', now, 1_000), now);
    await a.decideApproval(fresh.id, { status: 'approved', decidedAt: 't' }, now);
    expect(await b.consumeApproval(fresh.id, now + 1_000)).toBe(false);
    const uses = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? a : b).consumeApproval(fresh.id, now)));
    expect(uses.filter(Boolean)).toHaveLength(1);
    expect(await a.getApproval(fresh.id)).toMatchObject({ status: 'used', usedAt: new Date(now).toISOString() });
  });

  it('caps the pending approvals of a requester across replicas, freeing a place when one is decided or expires, and evicts nothing', async () => {
    const now = Date.now();
    const limits = { maxPendingPerRequester: 3 };
    const added = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) => (i % 2 ? a : b).addApproval(approval(`cap-${i}`, now), now, limits)),
    );
    const kept = added
      .filter((result): result is PromiseFulfilledResult<Approval> => result.status === 'fulfilled')
      .map((result) => result.value);
    const refused = added
      .filter((result): result is PromiseRejectedResult => result.status === 'rejected')
      .map((result) => result.reason as unknown);
    expect(kept).toHaveLength(3);
    expect(refused).toHaveLength(7);
    expect(refused[0]).toBeInstanceOf(ApprovalLimitError);
    expect(refused[0]).toMatchObject({ reason: 'requester', limit: 3, requester: { authType: 'agent', subject: 'bot' } });
    // A call already pending is found again, not refused; another requester is not affected.
    expect((await a.addApproval(approval('cap-0', now), now, limits)).fingerprint).toBe('cap-0');
    const other = { ...approval('other', now), requestedBy: { authType: 'agent' as const, subject: 'other' } };
    expect((await b.addApproval(other, now, limits)).status).toBe('pending');
    // Deciding one frees a place; the decided one stays.
    await b.decideApproval(kept[0]!.id, { status: 'denied', decidedAt: 't' }, now);
    const next = await a.addApproval(approval('cap-next', now), now, limits);
    await expect(a.addApproval(approval('cap-more', now), now, limits)).rejects.toThrow(ApprovalLimitError);
    expect((await a.getApproval(kept[0]!.id))?.status).toBe('denied');
    // An expired pending approval no longer counts.
    expect((await a.addApproval(approval('cap-later', now + 120_000), now + 120_000, limits)).status).toBe('pending');
    expect((await a.listApprovals()).map((item) => item.id)).toEqual(expect.arrayContaining([...kept.map((item) => item.id), next.id]));
  });

  it('lists oldest first and clears only its own prefix', async () => {
    const now = Date.now();
    const first = await a.addApproval(approval('1', now - 10), now);
    const second = await a.addApproval(approval('2', now), now);
    await raw.set('kit:rl:anonymous:someone', '3');
    const other = new RedisStore({ url: redis.url, prefix: 'other:' });
    try {
      const foreign = await other.addApproval(approval('1', now), now);
      expect((await a.listApprovals()).map((item) => item.id)).toEqual([first.id, second.id]);
      await a.clearApprovals();
      expect(await a.listApprovals()).toEqual([]);
      expect(await raw.get('kit:rl:anonymous:someone')).toBe('3');
      expect((await other.getApproval(foreign.id))?.id).toBe(foreign.id);
      await other.clearApprovals();
    } finally {
      await other.close();
    }
  });

  it('serves the approval functions', async () => {
    const created = await createApproval({ action: 'send-newsletter', input: { list: 'all' }, ttl: '1h' }, { store: a });
    expect((await getApproval(created.id, { store: b }))?.status).toBe('pending');
    const decided = await resolveApproval(created.id, { approved: false, note: 'no' }, { store: b });
    expect(decided.status).toBe('denied');
    expect((await rejectionOf(resolveApproval(created.id, { approved: true }, { store: a }), KitError)).message).toContain(
      'is already denied',
    );
    expect((await listApprovals({ status: 'denied' }, { store: a })).map((item) => item.id)).toEqual([created.id]);
  });
});

describe('two replicas on one RedisStore', () => {
  const needsApproval = definePolicy({
    key: 'needs-approval',
    title: 'Payouts need approval',
    effect: 'approve',
    check: async () => ({ applies: true }),
  });
  let runs: string[];
  let servers: KitServer[];

  beforeAll(async () => {
    runs = [];
    const replica = (name: string, store: RedisStore) =>
      createKitApp({
        policies: [needsApproval],
        approvals: { store },
        routes: {
          'POST /api/payouts': defineAPI({
            policy: 'needs-approval',
            input: z.strictObject({ to: z.string() }),
            handler: async ({ input }) => {
              runs.push(name);
              return { paid: input.to, by: name };
            },
          }),
        },
      });
    servers = [await replica('a', a).listen({ port: 0 }), await replica('b', b).listen({ port: 0 })];
  });
  afterAll(async () => {
    for (const server of servers ?? []) await server.close();
  });

  const pay = (server: KitServer) =>
    fetch(`http://127.0.0.1:${server.port}/api/payouts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"to":"acct-1"}',
    });

  it('shares approvals: asked on one replica, seen and used on the other, exactly once when both race', async () => {
    const [one, two] = servers as [KitServer, KitServer];
    const { approvalId, statusUrl } = await (await pay(one)).json();
    expect((await (await pay(two)).json()).approvalId).toBe(approvalId);
    expect((await (await fetch(`http://127.0.0.1:${two.port}${statusUrl}`)).json()).status).toBe('pending');
    await resolveApproval(approvalId, { approved: true }, { store: b });

    const responses = await Promise.all(Array.from({ length: 8 }, (_, i) => pay(i % 2 ? one : two)));
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 202)).toHaveLength(7);
    expect(runs).toHaveLength(1);
    // The losers asked for one new approval between them, not one each.
    const pending = new Set(
      await Promise.all(
        responses.filter((response) => response.status === 202).map(async (response) => (await response.json()).approvalId),
      ),
    );
    expect(pending.size).toBe(1);
    expect(pending.has(approvalId)).toBe(false);
  });
});

describe('an approval store that is down', () => {
  it('refuses the held call with a 500 that reveals nothing, reported to onError, rather than letting it run or hang', async () => {
    const store = new RedisStore({ url: `redis://127.0.0.1:${await freePort()}` });
    const reported: unknown[] = [];
    let ran = false;
    const app = createKitApp({
      policies: [definePolicy({ key: 'always', title: 'Always ask', effect: 'approve', check: async () => ({ applies: true }) })],
      approvals: { store },
      onError: (error) => reported.push(error),
      routes: {
        'POST /api/act': defineAPI({
          policy: 'always',
          handler: async () => {
            ran = true;
            return { ok: true };
          },
        }),
      },
    });
    try {
      const started = Date.now();
      const response = await app.fetch(new Request('http://test/api/act', { method: 'POST' }));
      expect(response.status).toBe(500);
      expect((await response.json()).detail).toBe('The server failed to answer this request; it has been logged.');
      expect(Date.now() - started).toBeLessThan(3_000);
      expect(reported).toHaveLength(1);
      expect(ran).toBe(false);
    } finally {
      await store.close();
    }
  });
});
