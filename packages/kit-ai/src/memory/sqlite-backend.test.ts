import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { KitAIError } from '../errors/kit-ai-error.js';
import { moduleInChild } from '../testing/child-module.js';
import { useTempFolders } from '../testing/temp-folders.js';
import { BuiltinMemoryBackend } from './builtin-backend.js';
import { SqliteMemoryBackend } from './sqlite-backend.js';
import type { MemoryBackend, NewMemoryEntry } from './types.js';

/** A new Node process (a real restart) with `kit` bound to the backend's module. */
const inChild = moduleInChild(new URL('./sqlite-backend.ts', import.meta.url));
const tempFolder = useTempFolders('kit-memory-');

afterEach(() => {
  vi.useRealTimers();
});

const alice = { type: 'user', id: 'alice' };

describe('SqliteMemoryBackend', () => {
  it('keeps entries across process restarts, in both directions', async () => {
    const folder = tempFolder();
    const path = join(folder, 'memory.sqlite');
    const writer = new SqliteMemoryBackend({ path });
    const id = await writer.store({
      content: 'Prefers invoices as PDF files',
      scope: alice,
      type: 'preference',
      importance: 0.8,
      metadata: { from: 'chat', tags: ['billing'] },
      subject: 'Alice Martin',
      embedding: [0.1, 1 / 3, -2.5],
    });
    await writer.store({ content: 'Lives in Lyon', scope: alice, embedding: [-1, 0, 0] });
    writer.close();

    const read = (await inChild(
      `const memory = new kit.SqliteMemoryBackend({ path: ${JSON.stringify(path)} });
       const lexical = await memory.query({ type: 'user', id: 'alice' }, 'invoice format', 5);
       const vector = await memory.query({ type: 'user', id: 'alice' }, '', 5, { embedding: [0.1, 0.3, -2] });
       const id = await memory.store({ content: 'Written by the second process', scope: { type: 'user', id: 'alice' } });
       memory.close();
       console.log(JSON.stringify({ lexical, vector: vector.map((entry) => entry.content), id }));`,
      folder,
    )) as { lexical: unknown[]; vector: string[]; id: string };
    expect(read.lexical).toEqual([
      {
        id,
        content: 'Prefers invoices as PDF files',
        scope: alice,
        createdAt: expect.any(String) as unknown,
        type: 'preference',
        importance: 0.8,
        metadata: { from: 'chat', tags: ['billing'] },
        subject: 'Alice Martin',
        embedding: [0.1, 1 / 3, -2.5],
        score: expect.any(Number) as unknown,
      },
    ]);
    expect(read.vector).toEqual(['Prefers invoices as PDF files', 'Lives in Lyon']);

    const reader = new SqliteMemoryBackend({ path });
    expect((await reader.query(alice, 'second process', 5)).map((entry) => entry.id)).toEqual([read.id]);
    reader.close();
  }, 60_000);

  it('defaults to ./.kit/memory.sqlite, creating the folder, in WAL mode with a schema version', async () => {
    const folder = tempFolder();
    const stored = (await inChild(
      `const memory = new kit.SqliteMemoryBackend();
       await memory.store({ content: 'hello', scope: { type: 'user', id: 'u' } });
       memory.close();
       console.log(JSON.stringify(memory.path));`,
      folder,
    )) as string;
    const file = join(folder, '.kit', 'memory.sqlite');
    expect(stored).toBe(file);
    expect(existsSync(file)).toBe(true);
    const db = new Database(file, { readonly: true });
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.prepare('SELECT component, version FROM kit_schema_versions').all()).toEqual([{ component: 'memory', version: 1 }]);
    db.close();
  }, 60_000);

  it('ranks exactly like BuiltinMemoryBackend, before and after removals', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const words = [
      'invoice',
      'refund',
      'order',
      'deploy',
      'tuesday',
      'customer',
      'pdf',
      'email',
      'lyon',
      'tea',
      'approval',
      'shipping',
      'delay',
      'french',
    ];
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const pick = () => words[Math.floor(random() * words.length)] as string;
    const entries: NewMemoryEntry[] = [];
    for (let index = 0; index < 300; index++) {
      const length = 2 + Math.floor(random() * 8);
      const content = Array.from({ length }, pick).join(' ');
      const entry: NewMemoryEntry = { content, scope: index % 3 === 0 ? { type: 'team', id: 't' } : alice };
      if (random() < 0.5) entry.importance = Math.round(random() * 10) / 10;
      if (random() < 0.2) entry.subject = pick();
      if (random() < 0.7) entry.embedding = [random() - 0.5, random() - 0.5, random() - 0.5, random() - 0.5];
      entries.push(entry);
    }
    const builtin = new BuiltinMemoryBackend();
    const sqlite = new SqliteMemoryBackend({ path: ':memory:' });
    const ids: [string, string][] = [];
    vi.setSystemTime(Date.parse('2025-05-01T00:00:00Z'));
    for (const [index, entry] of entries.entries()) {
      // Every four entries share a timestamp, so ties go down to insertion order.
      if (index % 4 === 0) vi.setSystemTime(Date.now() + 1000);
      ids.push([await builtin.store(entry), await sqlite.store(entry)]);
    }
    const toBuiltin = new Map(ids.map(([b, s]) => [s, b]));
    const queries = ['invoice pdf', 'refund order delay', 'tuesday deploys', 'french customers email', 'nothing matches xyz', '', 'tea'];
    const compare = async (backend: MemoryBackend, other: MemoryBackend) => {
      let compared = 0;
      for (const scope of [alice, { type: 'team', id: 't' }]) {
        for (const text of queries) {
          for (const options of [undefined, { embedding: [0.3, -0.1, 0.2, 0.05] }, { subject: 'tea' }]) {
            const expected = await backend.query(scope, text, 12, options);
            const actual = await other.query(scope, text, 12, options);
            compared += expected.length;
            expect(actual.map((entry) => toBuiltin.get(entry.id))).toEqual(expected.map((entry) => entry.id));
            actual.forEach((entry, index) => expect(entry.score).toBeCloseTo(expected[index]?.score ?? Number.NaN, 10));
          }
        }
      }
      // 42 queries, most with twelve answers; a broken comparison would compare empty lists.
      expect(compared).toBeGreaterThan(300);
    };
    await compare(builtin, sqlite);
    for (const [b, s] of ids.filter((_, index) => index % 5 === 0)) {
      expect(await builtin.remove(b)).toBe(true);
      expect(await sqlite.remove(s)).toBe(true);
    }
    await compare(builtin, sqlite);
    sqlite.close();
  });

  it('sees what another connection to the same file wrote, also through the vector cache', async () => {
    const path = join(tempFolder(), 'shared.sqlite');
    const first = new SqliteMemoryBackend({ path });
    const second = new SqliteMemoryBackend({ path });
    await first.store({ content: 'east', scope: alice, embedding: [1, 0] });
    expect((await first.query(alice, '', 5, { embedding: [1, 0] })).map((entry) => entry.content)).toEqual(['east']);
    const north = await second.store({ content: 'north', scope: alice, embedding: [0, 1] });
    expect((await first.query(alice, '', 5, { embedding: [0, 1] })).map((entry) => entry.content)).toEqual(['north', 'east']);
    await first.store({ content: 'north-east', scope: alice, embedding: [1, 1] });
    expect((await first.query(alice, '', 5, { embedding: [0, 1] })).map((entry) => entry.content)).toEqual(['north', 'north-east', 'east']);
    expect(await second.remove(north)).toBe(true);
    expect((await first.query(alice, '', 5, { embedding: [0, 1] })).map((entry) => entry.content)).toEqual(['north-east', 'east']);
    await second.clear(alice);
    expect(await first.query(alice, '', 5, { embedding: [0, 1] })).toEqual([]);
    first.close();
    second.close();
  });

  it('keeps its cached term postings in step with its own writes and with other connections', async () => {
    const path = join(tempFolder(), 'postings.sqlite');
    const first = new SqliteMemoryBackend({ path });
    const second = new SqliteMemoryBackend({ path });
    const contents = async () => (await first.query(alice, 'green tea', 5)).map((entry) => entry.content);
    await first.store({ content: 'likes green tea', scope: alice });
    expect(await contents()).toEqual(['likes green tea']);
    const own = await first.store({ content: 'green tea at noon, green tea at night', scope: alice });
    expect(await contents()).toEqual(['green tea at noon, green tea at night', 'likes green tea']);
    await second.store({ content: 'green tea every day', scope: alice });
    expect(await contents()).toEqual(['green tea at noon, green tea at night', 'likes green tea', 'green tea every day']);
    expect(await first.remove(own)).toBe(true);
    expect(await contents()).toEqual(['likes green tea', 'green tea every day']);
    const [other] = await second.query(alice, 'every day', 1);
    expect(await second.remove(other?.id ?? '')).toBe(true);
    expect(await contents()).toEqual(['likes green tea']);
    first.close();
    second.close();
  });

  it('removes entries and clears one scope only', async () => {
    const memory = new SqliteMemoryBackend({ path: ':memory:' });
    const tea = await memory.store({ content: 'likes tea', scope: alice });
    await memory.store({ content: 'likes coffee', scope: alice });
    await memory.store({ content: 'likes tea too', scope: { type: 'user', id: 'bob' } });
    expect(await memory.remove(tea)).toBe(true);
    expect(await memory.remove(tea)).toBe(false);
    expect((await memory.query(alice, 'likes', 5)).map((entry) => entry.content)).toEqual(['likes coffee']);
    await memory.clear(alice);
    expect(await memory.query(alice, 'likes', 5)).toEqual([]);
    expect(await memory.query({ type: 'user', id: 'bob' }, 'likes', 5)).toHaveLength(1);
    expect(await memory.query(alice, 'likes', 0)).toEqual([]);
    memory.close();
  });

  it('rejects calls after close() with store_failed, and closing twice is harmless', async () => {
    const memory = new SqliteMemoryBackend({ path: ':memory:' });
    memory.close();
    memory.close();
    const error = await memory.query(alice, 'x', 1).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(KitAIError);
    expect(error).toMatchObject({
      code: 'store_failed',
      message: 'SqliteMemoryBackend: the database ":memory:" is closed; create a new store to use it again.',
    });
  });

  it('refuses a file written by a newer schema, and a file that is no database', () => {
    const folder = tempFolder();
    const newer = join(folder, 'newer.sqlite');
    const db = new Database(newer);
    db.exec(
      "CREATE TABLE kit_schema_versions (component TEXT PRIMARY KEY, version INTEGER NOT NULL, updated_at TEXT NOT NULL); INSERT INTO kit_schema_versions VALUES ('memory', 99, '2030-01-01')",
    );
    db.close();
    expect(() => new SqliteMemoryBackend({ path: newer })).toThrow(
      `SqliteMemoryBackend: the database "${newer}" holds memory schema version 99, newer than version 1 that this kit-ai knows; upgrade @kit/kit-ai or use another file.`,
    );
    const garbage = join(folder, 'garbage.sqlite');
    writeFileSync(garbage, 'this is not a database, only text that is long enough to be read as a header '.repeat(20));
    const error = (() => {
      try {
        new SqliteMemoryBackend({ path: garbage });
        return undefined;
      } catch (thrown) {
        return thrown;
      }
    })();
    expect(error).toMatchObject({ code: 'store_failed' });
    expect((error as Error).message).toContain(`SqliteMemoryBackend: cannot prepare the SQLite database "${garbage}"`);
  });

  it('rejects a bad path with invalid_config', () => {
    expect(() => new SqliteMemoryBackend({ path: '' })).toThrow(
      "SqliteMemoryBackend: path must be a file path such as './.kit/memory.sqlite' or ':memory:', got \"\".",
    );
  });
});
