import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendRaw } from '../../../../test-support/http.js';
import { parseRateLimit } from '../../src/cli/serve.js';
import type { DocsServer } from '../../src/server/start-server.js';
import { hasRedisServer, startRedis, type TestRedis } from '../../../../test-support/redis-server.js';
import { startInProcess } from './support.js';

describe('rate limiting in memory', () => {
  let server: DocsServer;
  beforeAll(async () => {
    server = await startInProcess({ rateLimit: parseRateLimit('5/1m') });
  });
  afterAll(() => server?.close());

  it('answers 429 with Retry-After and RateLimit headers after the limit, cached answers included', async () => {
    const url = `http://127.0.0.1:${server.port}/api/search?q=agents`;
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 7; i++) {
      last = await sendRaw(url);
      statuses.push(last.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
    expect(last!.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
    expect(last!.headers['ratelimit-limit']).toBe('5');
    expect(last!.headers['ratelimit-remaining']).toBe('0');
    expect(last!.headers['ratelimit-policy']).toBe('5;w=60');
    expect(last!.json()).toMatchObject({ status: 429, type: '/problems/rate-limited' });
  });
});

describe('rate limiting off (the default)', () => {
  let server: DocsServer;
  beforeAll(async () => {
    server = await startInProcess();
  });
  afterAll(() => server?.close());

  it('never throttles', async () => {
    for (let i = 0; i < 50; i++) {
      const response = await sendRaw(`http://127.0.0.1:${server.port}/api/health`);
      expect(response.status).toBe(200);
      expect(response.headers['ratelimit-limit']).toBeUndefined();
    }
  });
});

const redisInstalled = hasRedisServer();

describe.skipIf(!redisInstalled)(
  `rate limiting shared through Redis${redisInstalled ? '' : ' (skipped: redis-server is not installed; apt-get install -y redis-server)'}`,
  () => {
    let redis: TestRedis;
    const servers: DocsServer[] = [];
    beforeAll(async () => {
      redis = await startRedis();
      for (let i = 0; i < 2; i++) servers.push(await startInProcess({ rateLimit: parseRateLimit('6/1m'), redisUrl: redis.url }));
    });
    afterAll(async () => {
      for (const server of servers) await server.close();
      await redis?.stop();
    });

    it('counts requests to two replicas against one limit', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 8; i++) {
        const server = servers[i % 2]!;
        statuses.push((await sendRaw(`http://127.0.0.1:${server.port}/api/docs`)).status);
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429, 429]);
    });

    it('lets requests through when Redis is gone', async () => {
      await redis.stop();
      const response = await sendRaw(`http://127.0.0.1:${servers[0]!.port}/api/health`);
      expect(response.status).toBe(200);
    });
  },
);
