/**
 * How the run store's tables reach a database: the app's migrations (writeRunStoreMigration, then
 * applyMigrations as kit db:push runs it) or createTables; and the error of a database without them.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isKitAIError } from '../../../kit-ai/src/errors/kit-ai-error.js';
import { applyMigrations, defineModel, generateMigration, id, string } from '../index.js';
import { startTestProviders, stopTestProviders, testProviders } from '../testing/providers.js';
import { kitDbRunStore } from './kit-db-run-store.js';
import { runStoreSql } from './run-store-schema.js';
import { writeRunStoreMigration } from './write-run-store-migration.js';

beforeAll(() => startTestProviders());
afterAll(() => stopTestProviders());

const folders: string[] = [];
afterAll(() => folders.forEach((folder) => rmSync(folder, { recursive: true, force: true })));
function migrationsFolder(): string {
  const folder = mkdtempSync(join(tmpdir(), 'kit-run-store-migrations-'));
  folders.push(folder);
  return join(folder, 'migrations');
}

const newRun = (runId: string) => ({ id: runId, goal: 'g', metadata: {}, next: { kind: 'start' as const } });

async function storeFailedMessage(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (rejected: unknown) => rejected,
  );
  expect(isKitAIError(error, 'store_failed'), String(error)).toBe(true);
  return (error as Error).message;
}

describe('runStoreSql', () => {
  it('writes statements that can run again, for each dialect', () => {
    for (const provider of ['sqlite', 'libsql', 'postgres', 'mysql'] as const) {
      const statements = runStoreSql(provider);
      expect(statements.join('\n')).toContain('kit_run_events');
      for (const statement of statements) expect(statement).toMatch(/^CREATE (TABLE|INDEX) IF NOT EXISTS /);
    }
    expect(runStoreSql('postgres').join('\n')).toContain('BYTEA');
    expect(runStoreSql('mysql').join('\n')).toContain('LONGBLOB');
    expect(runStoreSql('libsql')).toEqual(runStoreSql('sqlite'));
  });
});

describe.each(testProviders)('$name', (provider) => {
  describe.skipIf(!provider.available)(`the run store's tables on ${provider.name}`, () => {
    it('without them, the first call fails naming the missing table and both fixes', async () => {
      const db = await provider.open([]);
      const store = kitDbRunStore(db);
      const message = await storeFailedMessage(store.getRun('run-1'));
      expect(message).toContain(`kitDbRunStore: getRun failed on the ${provider.name} database`);
      expect(message).toContain('the table kit_runs is missing');
      expect(message).toContain(`writeRunStoreMigration({ dir: 'migrations', provider: '${provider.name}' })`);
      expect(message).toContain('kit db:push');
      expect(message).toContain('{ createTables: true }');
      expect(message).not.toMatch(/no such table|does not exist|doesn't exist/);
    });

    it('names a table that went missing later, and works once it is back', async () => {
      const db = await provider.open([]);
      await kitDbRunStore(db, { createTables: true }).getRun('run-1');
      await db.execute('DROP TABLE kit_run_events');
      const store = kitDbRunStore(db);
      expect(await storeFailedMessage(store.createRun(newRun('run-1')))).toContain('the table kit_run_events is missing');
      await kitDbRunStore(db, { createTables: true }).getRun('run-1');
      expect((await store.createRun(newRun('run-1'))).status).toBe('queued');
    });

    it('come with the app’s migrations: written once, applied by applyMigrations', async () => {
      const dir = migrationsFolder();
      const written = await writeRunStoreMigration({ dir, provider: provider.name });
      expect(written?.name).toBe('0001_kit_run_store_v1');
      expect(await writeRunStoreMigration({ dir, provider: provider.name })).toBeNull();

      const db = await provider.open([]);
      const { applied } = await applyMigrations({ db, dir });
      expect(applied.map((migration) => migration.name)).toEqual(['0001_kit_run_store_v1']);
      const store = kitDbRunStore(db);
      await store.createRun(newRun('run-1'));
      expect((await store.appendEvents('run-1', [{ type: 'resumed', at: 'now', data: { message: 'hi' } }]))?.[0]?.sequence).toBe(1);
      // Creating what exists already changes nothing.
      await kitDbRunStore(db, { createTables: true }).getRun('run-1');
      expect((await store.getRun('run-1'))?.lastSequence).toBe(1);
    });

    it('are created by several stores starting at once', async () => {
      const url = await provider.freshUrl();
      // SQLite's drivers wait for another connection's lock synchronously, holding the whole process,
      // so in one process the stores share a handle; separate processes each have their own.
      const file = provider.name === 'sqlite' || provider.name === 'libsql';
      const first = await provider.open([], { url });
      const handles = file ? [first, first, first] : [first, ...(await Promise.all([1, 2].map(() => provider.open([], { url }))))];
      const runs = await Promise.all(
        handles.map((db, index) => kitDbRunStore(db, { createTables: true }).createRun(newRun(`run-${index}`))),
      );
      expect(runs.map((run) => run.status)).toEqual(['queued', 'queued', 'queued']);
    });
  });
});

describe('writeRunStoreMigration beside generated migrations', () => {
  it('takes the next number, and generateMigration numbers after it', async () => {
    const dir = migrationsFolder();
    const note = defineModel('note', { id: id(), title: string() });
    await generateMigration({ models: [note], dir, provider: 'sqlite' });
    expect((await writeRunStoreMigration({ dir, provider: 'sqlite' }))?.name).toBe('0002_kit_run_store_v1');
    const later = defineModel('note', { id: id(), title: string(), body: string().optional() });
    expect((await generateMigration({ models: [later], dir, provider: 'sqlite' }))?.name).toMatch(/^0003_/);
    expect(readdirSync(dir).filter((name) => name.endsWith('.sql'))).toHaveLength(3);
  });

  it('refuses a folder written for another dialect', async () => {
    const dir = migrationsFolder();
    await generateMigration({ models: [defineModel('note', { id: id() })], dir, provider: 'postgres' });
    await expect(writeRunStoreMigration({ dir, provider: 'mysql' })).rejects.toThrow(/written for postgres .*, not mysql/);
  });
});
