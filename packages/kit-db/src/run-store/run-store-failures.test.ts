/**
 * A database that fails under the run store (down, closed) is reported as kit-ai's store_failed,
 * naming kitDbRunStore, the operation and the cause; a deadlock the database broke is retried.
 */
import { describe, expect, it } from 'vitest';
import { hasPostgresServer, startPostgres } from '../../../../test-support/postgres-server.js';
import { KitAIError } from '../../../kit-ai/src/errors/kit-ai-error.js';
import { createDatabase } from '../database/create-database.js';
import { kitDbRunStore } from './kit-db-run-store.js';
import { retryDeadlocks } from './retry-deadlocks.js';

async function storeFailed(promise: Promise<unknown>): Promise<KitAIError> {
  const error = await promise.then(
    () => undefined,
    (rejected: unknown) => rejected,
  );
  expect(error).toBeInstanceOf(KitAIError);
  expect((error as KitAIError).code).toBe('store_failed');
  return error as KitAIError;
}

describe('kitDbRunStore when the database fails', () => {
  it('reports a closed database as store_failed with the operation and the cause', async () => {
    const db = await createDatabase({ provider: 'sqlite', url: ':memory:', models: [], setDefault: false });
    const store = kitDbRunStore(db, { createTables: true });
    await store.createRun({ id: 'run-1', goal: 'g', metadata: {}, next: { kind: 'start' } });
    await db.close();
    const error = await storeFailed(store.claimRun({ owner: 'w', leaseMs: 1000 }));
    expect(error.message).toMatch(/^kitDbRunStore: claimRun failed on the sqlite database: .*is closed/);
    expect(error.cause).toBeInstanceOf(Error);
  });

  describe.skipIf(!hasPostgresServer())('a PostgreSQL server that stopped', () => {
    it('is store_failed naming the operation and the unreachable server', async () => {
      const server = await startPostgres();
      try {
        const url = await server.createDatabase('run_store_down');
        const db = await createDatabase({
          provider: 'postgres',
          url,
          models: [],
          setDefault: false,
          queryTimeoutMs: 2_000,
          log: () => undefined,
        });
        const store = kitDbRunStore(db, { createTables: true });
        await store.createRun({ id: 'run-1', goal: 'g', metadata: {}, next: { kind: 'start' } });
        await server.stop();
        const error = await storeFailed(store.getRun('run-1'));
        expect(error.message).toMatch(/^kitDbRunStore: getRun failed on the postgres database: /);
        expect(error.message).toMatch(/could not be reached|did not answer/);
        await db.close();
      } finally {
        await server.stop().catch(() => undefined);
      }
    }, 30_000);
  });
});

describe('retryDeadlocks', () => {
  it('runs a transaction the database rolled back as a deadlock again, and gives up on other errors at once', async () => {
    let calls = 0;
    const deadlock = Object.assign(new Error('deadlock detected'), { code: '40P01' });
    expect(
      await retryDeadlocks(async () => {
        calls++;
        if (calls < 3) throw new Error('query failed', { cause: deadlock });
        return 'done';
      }),
    ).toBe('done');
    expect(calls).toBe(3);

    let other = 0;
    await expect(
      retryDeadlocks(async () => {
        other++;
        throw Object.assign(new Error('duplicate key'), { code: '23505' });
      }),
    ).rejects.toThrow('duplicate key');
    expect(other).toBe(1);
  });
});
