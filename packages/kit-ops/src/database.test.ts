import { copyFileSync, openSync, writeSync, closeSync } from 'node:fs';
import { createRequire } from 'node:module';
import type Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { createOpsStore } from './create-ops-store.js';
import { KitOpsError } from './kit-ops-error.js';
import { useTempDatabases } from './testing/temp-files.js';
import { thrownBy } from '../../../test-support/rejection.js';

const Driver = createRequire(import.meta.url)('better-sqlite3') as typeof Database;
const tempDatabase = useTempDatabases();

const thrown = (run: () => unknown): KitOpsError => thrownBy(run, KitOpsError);

describe('a damaged or busy database', () => {
  it('gives store_corrupt naming the file and the fix, while the original keeps its events', () => {
    const path = tempDatabase();
    const ops = createOpsStore({ path });
    ops.recordMany([
      { kind: 'reload', subject: 'docs' },
      { kind: 'error', subject: 'docs', data: { message: 'x' } },
    ]);
    ops.close();
    const copy = `${path}.copy`;
    copyFileSync(path, copy);
    const handle = openSync(copy, 'r+');
    writeSync(handle, Buffer.alloc(100, 'x'), 0, 100, 0);
    closeSync(handle);
    const error = thrown(() => createOpsStore({ path: copy }));
    expect(error.code).toBe('store_corrupt');
    expect(error.message).toMatch(
      /^kit-ops: cannot open the database: the database ".*ops\.sqlite\.copy" is not a SQLite database or is damaged \(file is not a database\)\. Move the file aside and start with a fresh one/,
    );
    const again = createOpsStore({ path });
    expect(again.query().length).toBe(2);
    again.close();
  });

  it('gives store_locked when another connection holds the write lock, and loses nothing written before', () => {
    const path = tempDatabase();
    const ops = createOpsStore({ path, busyTimeoutMs: 50 });
    ops.record({ kind: 'reload', subject: 'docs' });
    const other = new Driver(path);
    other.exec('BEGIN IMMEDIATE');
    try {
      const error = thrown(() => ops.record({ kind: 'reload', subject: 'docs' }));
      expect(error.code).toBe('store_locked');
      expect(error.message).toMatch(
        /^kit-ops: cannot record an event: the database ".*ops\.sqlite" is locked by another connection \(database is locked\) for longer than busyTimeoutMs \(50 ms\); events already recorded are safe\./,
      );
      expect(
        thrown(() =>
          ops.recordMany([
            { kind: 'reload', subject: 'a' },
            { kind: 'reload', subject: 'b' },
          ]),
        ).message,
      ).toContain('cannot record 2 events');
      // Readers are never blocked by a writer under WAL.
      expect(ops.query().length).toBe(1);
    } finally {
      other.exec('ROLLBACK');
      other.close();
    }
    expect(ops.record({ kind: 'reload', subject: 'docs' }).id).toBe(2);
    expect(ops.query().length).toBe(2);
    ops.close();
  });

  it('gives store_corrupt when damaged pages are met by a query', () => {
    const path = tempDatabase();
    const ops = createOpsStore({ path });
    ops.recordMany(
      Array.from({ length: 2000 }, (_, index) => ({ kind: 'error' as const, subject: `s${index}`, data: { message: 'x'.repeat(100) } })),
    );
    ops.close();
    const raw = new Driver(path);
    raw.pragma('wal_checkpoint(TRUNCATE)');
    raw.close();
    const copy = `${path}.pages`;
    copyFileSync(path, copy);
    const handle = openSync(copy, 'r+');
    // Pages after the first hold the tables' rows and indexes; the first (the schema) stays intact.
    writeSync(handle, Buffer.alloc(4096 * 40, 0xab), 0, 4096 * 40, 4096 * 3);
    closeSync(handle);
    const error = thrown(() => {
      const damaged = createOpsStore({ path: copy });
      try {
        damaged.query({ limit: 5000 });
      } finally {
        damaged.close();
      }
    });
    expect(error.code).toBe('store_corrupt');
    expect(error.message).toContain('is not a SQLite database or is damaged (database disk image is malformed)');
  });

  it('refuses a file written by a newer schema', () => {
    const path = tempDatabase();
    createOpsStore({ path }).close();
    const raw = new Driver(path);
    raw.pragma('user_version = 99');
    raw.close();
    const error = thrown(() => createOpsStore({ path }));
    expect(error.code).toBe('unsupported_schema');
    expect(error.message).toContain(
      'has schema version 99, newer than 1, the newest this kit-ops knows; upgrade @kit/kit-ops or use another file.',
    );
  });
});
