import { describe, expect, it } from 'vitest';
import { runSoak } from '../../../../bench/http/soak.js';

describe('soak, 30 seconds', () => {
  it('answers the mixed workload at a fixed rate without errors and without memory growth', async () => {
    const results = await runSoak({ seconds: 30, rate: 200, connections: 10, windowSeconds: 10, fromSource: true });
    expect(results.requests).toBeGreaterThan(4_000);
    expect(results.errors).toBe(0);
    // Ten minutes allow 10 %; half a minute, after a warm-up, should show next to none.
    expect(results.growthPercent).toBeLessThan(10);
    // Latency on a shared CI machine says more about the neighbours than about the service: only a
    // stall (a blocked event loop, a leak driving garbage collection) would reach this.
    for (const window of results.windows) expect(window.p99Ms).toBeLessThan(2_000);
  }, 90_000);
});
