import { describe, expect, it } from 'vitest';
import { describeRunStoreContract } from '../../../kit-ai/src/harness/testing/run-store-contract.js';
import { createDatabase } from '../database/create-database.js';
import type { KitDatabase } from '../database/types.js';
import { kitDbRunStore } from './kit-db-run-store.js';

const openMemory = () => createDatabase({ provider: 'sqlite', url: ':memory:', models: [] });

// The same contract as a store given an open database.
describeRunStoreContract('kitDbRunStore opened on first use', async () => {
  let opened: KitDatabase | undefined;
  const store = kitDbRunStore(async () => (opened ??= await openMemory()), { createTables: true });
  const closeStore = store.close;
  store.close = async () => {
    await closeStore();
    await opened?.close();
  };
  return store;
});

describe('kitDbRunStore of a database opened on first use', () => {
  it('opens nothing until its first call, and opens once', async () => {
    let opens = 0;
    let database: KitDatabase | undefined;
    const store = kitDbRunStore(
      async () => {
        opens += 1;
        return (database = await openMemory());
      },
      { createTables: true },
    );
    expect(opens).toBe(0);
    await Promise.all([store.getRun('a'), store.getRun('b'), store.listRuns()]);
    expect(opens).toBe(1);
    await store.close();
    await database?.close();
  });

  it('answers a failed open with store_failed naming the cause, and tries again on the next call', async () => {
    let attempt = 0;
    let database: KitDatabase | undefined;
    const store = kitDbRunStore(
      async () => {
        attempt += 1;
        if (attempt === 1) throw new Error('SQLITE_CANTOPEN: unable to open database file data/tickets.db');
        return (database = await openMemory());
      },
      { createTables: true },
    );
    await expect(store.getRun('a')).rejects.toMatchObject({
      code: 'store_failed',
      message: expect.stringContaining('kitDbRunStore: the database could not be opened: SQLITE_CANTOPEN'),
    });
    expect(await store.getRun('a')).toBeUndefined();
    await store.close();
    await database?.close();
  });

  it('closes without opening when it was never used', async () => {
    let opens = 0;
    const store = kitDbRunStore(async () => {
      opens += 1;
      return openMemory();
    });
    await store.close();
    expect(opens).toBe(0);
  });
});
