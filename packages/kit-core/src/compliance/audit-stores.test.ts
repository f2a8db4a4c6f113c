import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { z } from 'zod';
import { createKitApp } from '../app/create-kit-app.js';
import { defineAPI } from '../definitions/define-api.js';
import { RedisStore } from '../rate-limit/redis-store.js';
import type { AuditEntry, AuditFilter, AuditStore } from './audit-types.js';
import { auditInputDigest, canonicalJson } from './canonical-json.js';
import { defineCompliance } from './define-compliance.js';
import { MemoryAuditStore } from './memory-audit-store.js';
import { startRedis, type TestRedis } from '../../../../test-support/redis-server.js';
import { thrownBy } from '../../../../test-support/rejection.js';

let sequence = 0;
function entry(overrides: Partial<AuditEntry> = {}): AuditEntry {
  sequence++;
  return {
    id: `e-${sequence}`,
    at: new Date(Date.UTC(2025, 0, 1, 0, 0, sequence)).toISOString(),
    requestId: `r-${sequence}`,
    actor: { authType: 'agent', subject: sequence % 2 ? 'agent:odd' : 'agent:even' },
    action: 'post_api_things',
    method: 'POST',
    path: '/api/things',
    outcome: 'succeeded',
    durationMs: 1.5,
    ...overrides,
  };
}

async function read(store: AuditStore, filter: AuditFilter = {}): Promise<AuditEntry[]> {
  const found: AuditEntry[] = [];
  for await (const item of store.readAudit(filter)) found.push(item);
  return found;
}

describe('canonicalJson and auditInputDigest', () => {
  it('give equal text and digests for equal values however they were built', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, undefined], c: new Date(0) }, e: undefined })).toBe(
      '{"a":{"c":"1970-01-01T00:00:00.000Z","d":[3,null]},"b":1}',
    );
    expect(auditInputDigest({ x: 1, y: 'two' })).toBe(auditInputDigest({ y: 'two', x: 1 }));
    expect(auditInputDigest({ x: 1 })).not.toBe(auditInputDigest({ x: 2 }));
    expect(auditInputDigest({})).toMatch(/^[0-9a-f]{64}$/);
    const cycle: Record<string, unknown> = { n: 10n };
    cycle.self = cycle;
    expect(canonicalJson(cycle)).toBe('{"n":"10","self":"[cycle]"}');
  });
});

describe('MemoryAuditStore', () => {
  it('keeps the newest maxEntries in order and filters by time and actor', async () => {
    const store = new MemoryAuditStore({ maxEntries: 3 });
    const written = [entry(), entry(), entry(), entry(), entry()];
    for (const item of written) await store.appendAudit(item);
    expect(store.size).toBe(3);
    expect(await read(store)).toEqual(written.slice(2));
    expect(await read(store, { actor: 'agent:odd' })).toEqual(written.slice(2).filter((item) => item.actor.subject === 'agent:odd'));
    expect(await read(store, { since: new Date(written[3]!.at), until: new Date(written[4]!.at) })).toEqual([written[3]]);
    expect(thrownBy(() => new MemoryAuditStore({ maxEntries: 0 }), TypeError).message).toContain(
      'maxEntries must be a positive whole number',
    );
  });
});

describe('RedisStore as an audit store', () => {
  let redis: TestRedis;
  let store: RedisStore;
  let raw: Redis;

  beforeAll(async () => {
    redis = await startRedis();
    store = new RedisStore({ url: redis.url, prefix: 'test:', auditMaxEntries: 1_000 });
    raw = new Redis(redis.url);
  });
  afterAll(async () => {
    await store?.close();
    raw?.disconnect();
    await redis?.stop();
  });

  it('appends to a stream and reads it back in order, in batches, filtered by time and actor', async () => {
    const written = Array.from({ length: 620 }, () => entry({ at: new Date().toISOString() }));
    for (const item of written) await store.appendAudit(item);
    expect(await raw.xlen('test:audit')).toBe(620);
    // More than one XRANGE batch of 500.
    expect(await read(store)).toEqual(written);
    expect(await read(store, { actor: 'agent:even' })).toEqual(written.filter((item) => item.actor.subject === 'agent:even'));
    const middle = written[300]!;
    const since = await read(store, { since: new Date(middle.at) });
    expect(since).toEqual(written.filter((item) => item.at >= middle.at));
    expect(await read(store, { until: new Date(Date.parse(written[0]!.at)) })).toEqual([]);
    expect(await read(store, { since: new Date(Date.now() + 3_600_000) })).toEqual([]);
  });

  it('trims the stream to about auditMaxEntries', async () => {
    const small = new RedisStore({ url: redis.url, prefix: 'trim:', auditMaxEntries: 100 });
    try {
      for (let index = 0; index < 1_000; index++) await small.appendAudit(entry());
      const length = await raw.xlen('trim:audit');
      // Approximate trimming drops whole stream nodes, so a few more than the bound may stay.
      expect(length).toBeGreaterThanOrEqual(100);
      expect(length).toBeLessThan(300);
    } finally {
      await small.close();
    }
    expect(thrownBy(() => new RedisStore({ url: redis.url, auditMaxEntries: -1 }), TypeError).message).toContain(
      'auditMaxEntries must be a positive whole number',
    );
  });

  it('keeps one trail for two replicas of an app', async () => {
    const shared = new RedisStore({ url: redis.url, prefix: 'replicas:' });
    const replica = () => {
      const compliance = defineCompliance({
        system: { name: 'Refunds', purpose: 'Decides refunds' },
        riskLevel: 'high',
        audit: { store: shared },
      });
      const app = createKitApp({
        routes: {
          'POST /api/refunds': defineAPI({
            input: z.strictObject({ order: z.string() }),
            handler: async ({ input }) => ({ refunded: input.order }),
          }),
        },
        plugins: [compliance],
      });
      return { compliance, app };
    };
    try {
      const one = replica();
      const two = replica();
      const call = (app: ReturnType<typeof replica>['app'], order: string) =>
        app.fetch(
          new Request('http://test/api/refunds', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ order }),
          }),
        );
      expect((await call(one.app, 'o-1')).status).toBe(200);
      expect((await call(two.app, 'o-2')).status).toBe(200);
      await one.compliance.auditTrail.flush();
      await two.compliance.auditTrail.flush();
      const entries = await one.compliance.auditTrail.list();
      expect(entries.map((item) => item.inputDigest)).toEqual([auditInputDigest({ order: 'o-1' }), auditInputDigest({ order: 'o-2' })]);
      expect(await two.compliance.auditTrail.export()).toBe(entries.map((item) => `${JSON.stringify(item)}\n`).join(''));
    } finally {
      await shared.close();
    }
  });
});
