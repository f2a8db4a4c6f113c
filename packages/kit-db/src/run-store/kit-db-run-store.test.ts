/**
 * kitDbRunStore keeps the RunStore contract of kit-ai's harness on every provider kit-db serves: the
 * same suite the in-memory store passes, on a fresh database per test.
 */
import { afterAll, beforeAll, describe } from 'vitest';
import { describeRunStoreContract } from '../../../kit-ai/src/harness/testing/run-store-contract.js';
import { startTestProviders, stopTestProviders, testProviders } from '../testing/providers.js';
import { kitDbRunStore } from './kit-db-run-store.js';

beforeAll(() => startTestProviders());
afterAll(() => stopTestProviders());

for (const provider of testProviders) {
  describe.skipIf(!provider.available)(`kitDbRunStore on ${provider.name}`, () => {
    describeRunStoreContract(
      `kitDbRunStore on ${provider.name}`,
      async () => {
        const db = await provider.open([]);
        const store = kitDbRunStore(db, { createTables: true });
        // Each test's database is closed with its store, so the servers' connections do not pile up.
        const closeStore = store.close;
        store.close = async () => {
          await closeStore();
          await db.close();
        };
        return store;
      },
      // The servers time leases by their own clock: a little more room for a 1 ms lease to run out.
      { leaseExpiryWaitMs: 100, timeoutMs: 30_000 },
    );
  });
}
