import { writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@kit/kit-core';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../../test-support/redis-server.js';
import { rejectionOf, thrownBy } from '../../../../test-support/rejection.js';
import {
  closeDatabases,
  createDatabase,
  createTables,
  createTablesSql,
  defaultDatabase,
  defineModel,
  id,
  KitDbError,
  setDefaultDatabase,
  string,
  type CreateDatabaseOptions,
} from '../index.js';

const dir = mkdtempSync(join(tmpdir(), 'kit-db-connect-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const note = defineModel('note', { id: id(), title: string() });

async function timedFailure(options: CreateDatabaseOptions): Promise<{ error: KitDbError; ms: number }> {
  const started = Date.now();
  const error = await rejectionOf(createDatabase(options), KitDbError);
  return { error, ms: Date.now() - started };
}

describe('createDatabase connection errors', () => {
  it.each(['postgres', 'mysql'] as const)(
    '%s on a closed port fails fast with connection_failed naming provider, host and fix',
    async (provider) => {
      const port = await freePort();
      const { error, ms } = await timedFailure({
        provider,
        url: `${provider}://kit:secret-password@127.0.0.1:${port}/app`,
        models: [note],
      });
      expect(ms).toBeLessThan(3000);
      expect(error).toMatchObject({ code: 'connection_failed', provider });
      expect(error.message).toBe(
        `Cannot connect to ${provider} at 127.0.0.1:${port}/app: connection refused (ECONNREFUSED); is the server running? check DATABASE_URL.`,
      );
      expect(error.message).not.toContain('secret-password');
      expect(error.toKitError()).toMatchObject({ code: 'service_unavailable', status: 503, headers: { 'Retry-After': '5' } });
    },
  );

  it.each(['postgres', 'mysql'] as const)('%s gives up on a host that does not answer within connectTimeoutMs', async (provider) => {
    // A TEST-NET-1 address (RFC 5737): never routed, so the connection either hangs or is refused at once.
    const { error, ms } = await timedFailure({
      provider,
      url: `${provider}://kit@192.0.2.1:5999/app`,
      models: [note],
      connectTimeoutMs: 300,
    });
    expect(ms).toBeLessThan(2500);
    expect(error).toMatchObject({ code: 'connection_failed', provider });
    expect(error.message).toContain('Cannot connect to');
    expect(error.message).toContain('192.0.2.1:5999/app');
  });

  it('libsql over HTTP on a closed port fails fast with connection_failed', async () => {
    const port = await freePort();
    const { error, ms } = await timedFailure({ provider: 'libsql', url: `http://127.0.0.1:${port}`, authToken: 'token', models: [note] });
    expect(ms).toBeLessThan(3000);
    expect(error).toMatchObject({ code: 'connection_failed', provider: 'libsql' });
    expect(error.message).toContain(`Cannot connect to libsql at http://127.0.0.1:${port}: `);
    expect(error.message).toContain('is the server running and the auth token right? check DATABASE_URL.');
  });

  it('sqlite and libsql name a missing directory and a file that is not a database', async () => {
    const missing = join(dir, 'no-such-dir', 'app.db');
    const sqlite = await rejectionOf(createDatabase({ provider: 'sqlite', url: missing }), KitDbError);
    expect(sqlite).toMatchObject({ code: 'connection_failed', provider: 'sqlite' });
    expect(sqlite.message).toBe(
      `Cannot connect to sqlite at file ${missing}: the directory ${join(dir, 'no-such-dir')} does not exist; create it, or fix the url (a path, file:<path> or :memory:).`,
    );
    const libsql = await rejectionOf(createDatabase({ provider: 'libsql', url: `file:${missing}` }), KitDbError);
    expect(libsql).toMatchObject({ code: 'connection_failed', provider: 'libsql' });
    expect(libsql.message).toContain(`file:${missing}`);
    const garbage = join(dir, 'garbage.db');
    writeFileSync(garbage, 'this is not a SQLite database, only some text long enough to fill a header........');
    const notDb = await rejectionOf(createDatabase({ provider: 'sqlite', url: `file:${garbage}` }), KitDbError);
    expect(notDb.code).toBe('connection_failed');
    expect(notDb.message).toContain('not a database');
  });

  it('refuses options that are missing or wrong with invalid_config', async () => {
    const cases: [unknown, string][] = [
      [undefined, 'createDatabase needs { provider, url, models }'],
      [{ provider: 'oracle', url: 'x' }, `provider "oracle" is not one of 'sqlite', 'libsql', 'postgres', 'mysql'`],
      [{ provider: 'sqlite' }, "url is missing for provider 'sqlite'"],
      [{ provider: 'postgres', url: '' }, 'url is empty'],
      [{ provider: 'postgres', url: 'mysql://localhost/app' }, 'the postgres url must start with postgres:// or postgresql://'],
      [{ provider: 'mysql', url: 'localhost:3306' }, 'the mysql url must start with mysql:// or mariadb://'],
      [{ provider: 'sqlite', url: ':memory:', models: note }, 'models must be an array'],
      [
        { provider: 'sqlite', url: ':memory:', queryTimeoutMs: 0 },
        'queryTimeoutMs must be a whole number of milliseconds from 1 to 3600000, got 0; omit it for 5000',
      ],
      [
        { provider: 'postgres', url: 'postgres://localhost/app', queryTimeoutMs: '10s' },
        'queryTimeoutMs must be a whole number of milliseconds from 1 to 3600000, got "10s"; omit it for 10000',
      ],
      [
        { provider: 'sqlite', url: ':memory:', retryAfterSeconds: 0 },
        'retryAfterSeconds must be a whole number of seconds from 1 to 86400, got 0; omit it for 5',
      ],
      [{ provider: 'sqlite', url: ':memory:', log: 'stderr' }, 'log must be a function that takes one line of text'],
    ];
    for (const [options, message] of cases) {
      const error = await rejectionOf(createDatabase(options as CreateDatabaseOptions), KitDbError);
      expect(error.code).toBe('invalid_config');
      expect(error.message).toContain(message);
    }
    expect(
      (
        await rejectionOf(
          createDatabase({
            provider: 'sqlite',
            url: ':memory:',
            models: [defineModel('a', { id: id(), b: string() }), defineModel('a', { id: id() })],
          }),
          KitDbError,
        )
      ).code,
    ).toBe('duplicate_model');
  });
});

describe('the process default database', () => {
  it('is the first database created, until it closes; setDefault overrides', async () => {
    setDefaultDatabase(undefined);
    const none = thrownBy(() => defaultDatabase(), KitDbError);
    expect(none.code).toBe('invalid_config');
    expect(none.message).toContain('call createDatabase({ provider, url, models }) at startup, or pass { db } explicitly');
    const config = defineConfig({ routes: {}, database: { provider: 'sqlite', url: ':memory:' } });
    const first = await createDatabase({ ...config.database!, models: [note] });
    const second = await createDatabase({ provider: 'sqlite', url: ':memory:', models: [note] });
    expect(defaultDatabase()).toBe(first);
    const third = await createDatabase({ provider: 'libsql', url: ':memory:', models: [note], setDefault: true });
    expect(defaultDatabase()).toBe(third);
    await third.close();
    expect(thrownBy(() => defaultDatabase(), KitDbError).code).toBe('invalid_config');
    await Promise.all([first.close(), second.close()]);
  });

  it('closeDatabases closes every database still open, for a shutdown hook', async () => {
    const one = await createDatabase({ provider: 'sqlite', url: ':memory:', models: [note], setDefault: false });
    const two = await createDatabase({ provider: 'libsql', url: ':memory:', models: [note], setDefault: false });
    await one.close();
    await closeDatabases();
    expect((await rejectionOf(two.execute('SELECT 1'), KitDbError)).code).toBe('database_closed');
    await closeDatabases();
  });

  it('accepts kit-core KitConfig.database as it is', async () => {
    const config = defineConfig({ routes: {}, database: { provider: 'sqlite', url: ':memory:' } });
    const db = await createDatabase(config.database!);
    expect(db.provider).toBe('sqlite');
    expect(Object.keys(db.tables)).toEqual([]);
    await db.close();
  });
});

describe('createTables', () => {
  it('creates the tables of the models, and createTablesSql shows the statements', async () => {
    const db = await createDatabase({ provider: 'sqlite', url: join(dir, 'tables.db'), models: [note], setDefault: false });
    expect(createTablesSql(db)).toEqual(['CREATE TABLE "note" (\n  "id" text PRIMARY KEY NOT NULL,\n  "title" text NOT NULL\n)']);
    await createTables(db);
    expect((await db.insert(note, { title: 'Hi' })).title).toBe('Hi');
    const again = await rejectionOf(createTables(db), KitDbError);
    expect(again.code).toBe('query_failed');
    expect(again.message).toContain('already exists');
    await db.close();
  });
});
