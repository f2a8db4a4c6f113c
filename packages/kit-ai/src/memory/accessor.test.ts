import { afterEach, describe, expect, it, vi } from 'vitest';
import { KitAIError } from '../errors/kit-ai-error.js';
import { createMemoryAccessor, memoryContextHeading } from './accessor.js';
import { BuiltinMemoryBackend } from './builtin-backend.js';
import { tokenize } from './lexical.js';
import type { MemoryBackend, MemoryEmbedder, MemoryEntry, MemoryQueryOptions, MemoryScope, NewMemoryEntry } from './types.js';

const user = { type: 'user', id: 'u-1' };
const team = { type: 'team', id: 'support' };

/** A real (if tiny) embedding model: each stemmed word adds 1 to a dimension chosen by its hash. */
function bagOfWordsEmbedder(dimensions = 64): MemoryEmbedder & { calls: string[][] } {
  const calls: string[][] = [];
  return {
    calls,
    async embed(texts) {
      calls.push(texts);
      return texts.map((text) => {
        const vector = new Array<number>(dimensions).fill(0);
        for (const term of tokenize(text)) {
          let hash = 0;
          for (const char of term) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) % 1_000_003;
          vector[hash % dimensions] = (vector[hash % dimensions] ?? 0) + 1;
        }
        return vector;
      });
    },
  };
}

/** A built-in backend that counts the queries it answers, per scope. */
class CountingBackend extends BuiltinMemoryBackend {
  readonly queries: string[] = [];
  override async query(scope: MemoryScope, text: string, k: number, options?: MemoryQueryOptions): Promise<MemoryEntry[]> {
    this.queries.push(`${scope.type}:${scope.id}`);
    return super.query(scope, text, k, options);
  }
}

/** A third-party backend: keyword search without scores, ignoring the subject option. */
class PlainBackend implements MemoryBackend {
  readonly #entries: MemoryEntry[] = [];
  async store(entry: NewMemoryEntry): Promise<string> {
    const id = `plain-${this.#entries.length + 1}`;
    this.#entries.push({ ...entry, id, createdAt: new Date().toISOString() });
    return id;
  }
  async query(scope: MemoryScope, text: string, k: number): Promise<MemoryEntry[]> {
    const words = text.toLowerCase().split(/\W+/).filter(Boolean);
    return this.#entries
      .filter(
        (entry) =>
          entry.scope.type === scope.type &&
          entry.scope.id === scope.id &&
          words.some((word) => `${entry.content} ${entry.subject ?? ''}`.toLowerCase().includes(word)),
      )
      .slice(0, k);
  }
  async remove(): Promise<boolean> {
    return false;
  }
  async clear(): Promise<void> {}
}

afterEach(() => {
  vi.useRealTimers();
});

describe('createMemoryAccessor', () => {
  it('remembers into its scope with type, importance, metadata and subject', async () => {
    const store = new BuiltinMemoryBackend();
    const memory = createMemoryAccessor({ store, scope: user, readScopes: [team] });
    const id = await memory.remember('Prefers answers in French', {
      type: 'preference',
      importance: 0.9,
      metadata: { via: 'chat' },
      subject: ' Camille ',
    });
    const [entry] = await store.query(user, 'french', 5);
    expect(entry).toMatchObject({ id, scope: user, type: 'preference', importance: 0.9, metadata: { via: 'chat' }, subject: 'Camille' });
    expect(await store.query(team, 'french', 5)).toEqual([]);
  });

  it('recalls across scope and readScopes, one query per scope, merged best first', async () => {
    const store = new CountingBackend();
    await store.store({ content: 'Refunds above 50 EUR need a manager approval', scope: team });
    await store.store({ content: 'Asked about a refund for order 1042 refund refund', scope: user });
    await store.store({ content: 'Lives in Lyon', scope: user });
    const memory = createMemoryAccessor({ store, scope: user, readScopes: [team, { ...user }] });
    const found = await memory.recall('refund');
    expect(store.queries).toEqual(['user:u-1', 'team:support']);
    expect(found.map((entry) => entry.content)).toEqual([
      'Asked about a refund for order 1042 refund refund',
      'Refunds above 50 EUR need a manager approval',
    ]);
    expect(found[0]?.score).toBeGreaterThan(found[1]?.score ?? Infinity);
  });

  it('recalls 5 by default, k when given, none for k <= 0', async () => {
    const store = new BuiltinMemoryBackend();
    const memory = createMemoryAccessor({ store, scope: user });
    for (let index = 0; index < 8; index++) await memory.remember(`tea note ${index}`);
    expect(await memory.recall('tea')).toHaveLength(5);
    expect(await memory.recall('tea', 7)).toHaveLength(7);
    expect(await memory.recall('tea', 0)).toEqual([]);
  });

  it('embeds what it remembers and what it recalls when an embedder is set', async () => {
    const embedding = bagOfWordsEmbedder();
    const store = new BuiltinMemoryBackend();
    const memory = createMemoryAccessor({ store, scope: user, embedding });
    await memory.remember('deploys happen on tuesday');
    await memory.remember('the customer prefers email');
    const [first] = await memory.recall('tuesday deploys', 1);
    expect(first?.content).toBe('deploys happen on tuesday');
    expect(first?.embedding).toHaveLength(64);
    expect(first?.score).toBeCloseTo(Math.sqrt(2 / 3), 10);
    expect(embedding.calls).toEqual([['deploys happen on tuesday'], ['the customer prefers email'], ['tuesday deploys']]);
  });

  it('reports an embedder that returns no vector as invalid_config', async () => {
    const memory = createMemoryAccessor({ store: new BuiltinMemoryBackend(), scope: user, embedding: { embed: async () => [] } });
    await expect(memory.remember('x')).rejects.toMatchObject({
      code: 'invalid_config',
      message:
        'createMemoryAccessor: embedding.embed([remembered content])[0] must be a non-empty array of numbers (the output of your embedder), got undefined. Fix the MemoryEmbedder: embed(texts) must resolve with one vector per text.',
    });
  });

  it('forgets by id', async () => {
    const memory = createMemoryAccessor({ store: new BuiltinMemoryBackend(), scope: user });
    const id = await memory.remember('temporary note');
    expect(await memory.forget(id)).toBe(true);
    expect(await memory.forget(id)).toBe(false);
    expect(await memory.recall('temporary note')).toEqual([]);
  });

  it('finds what is known about a subject, else falls back to recall', async () => {
    const store = new BuiltinMemoryBackend();
    const memory = createMemoryAccessor({ store, scope: user, readScopes: [team] });
    const french = await memory.remember('Prefers answers in French', { subject: 'Camille' });
    await store.store({ content: 'Works night shifts', scope: team, subject: 'camille', importance: 0.2 });
    await memory.remember('Camille mentioned a broken printer');
    const about = await memory.about('CAMILLE');
    expect(about.map((entry) => entry.content)).toEqual(['Prefers answers in French', 'Works night shifts']);
    expect(about[0]?.id).toBe(french);
    expect((await memory.about('printer')).map((entry) => entry.content)).toEqual(['Camille mentioned a broken printer']);
    // Equally "about" the subject: the more important first, whatever the words.
    await memory.remember('Camille Camille Camille', { subject: 'Camille', importance: 0.1 });
    expect((await memory.about('Camille')).map((entry) => entry.content)).toEqual([
      'Prefers answers in French',
      'Works night shifts',
      'Camille Camille Camille',
    ]);
  });

  it('works over a backend without scores or subject support', async () => {
    const store = new PlainBackend();
    const memory = createMemoryAccessor({ store, scope: user, readScopes: [team] });
    await memory.remember('tea with Camille', { subject: 'Camille' });
    await memory.remember('tea without subject');
    await store.store({ content: 'team tea', scope: team });
    expect((await memory.recall('tea')).map((entry) => entry.content)).toEqual(['tea with Camille', 'team tea', 'tea without subject']);
    expect((await memory.about('camille')).map((entry) => entry.content)).toEqual(['tea with Camille']);
  });

  it('assembles a context block with each memory and its age', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.parse('2025-01-01T10:00:00Z'));
    const store = new BuiltinMemoryBackend();
    const memory = createMemoryAccessor({ store, scope: user, readScopes: [team] });
    await memory.remember('Order 1042 was\n  delayed by the carrier', { type: 'fact', subject: 'order 1042' });
    vi.setSystemTime(Date.parse('2025-01-22T10:00:00Z'));
    await store.store({ content: 'Delayed orders get a 10% voucher', scope: team });
    vi.setSystemTime(Date.parse('2025-01-22T18:00:00Z'));
    expect(await memory.assembleContext('The customer asks why order 1042 is delayed')).toBe(
      [
        memoryContextHeading,
        '- [fact, about order 1042] Order 1042 was\n  delayed by the carrier (Recorded 3 weeks ago; it may be outdated.)',
        '- Delayed orders get a 10% voucher (Recorded today.)',
      ].join('\n'),
    );
    expect(memoryContextHeading).toBe(
      'Relevant memories, most relevant first (each says when it was recorded; older ones may be outdated):',
    );
    expect(await memory.assembleContext('quantum chromodynamics')).toBe('');
  });

  it('keeps the block within maxMemoryTokens, dropping the least relevant first', async () => {
    const store = new BuiltinMemoryBackend();
    const memory = createMemoryAccessor({ store, scope: user, maxMemoryTokens: 70 });
    await memory.remember('invoice invoice invoice: always PDF');
    await memory.remember('invoice sent on the first of the month, by email to the accounting address');
    await memory.remember('an invoice once went to the wrong address, a long time ago, and the customer was unhappy about it');
    const block = await memory.assembleContext('invoice');
    expect(block.split('\n').slice(1)).toEqual([
      '- invoice invoice invoice: always PDF (Recorded today.)',
      '- invoice sent on the first of the month, by email to the accounting address (Recorded today.)',
    ]);
    expect(Math.ceil(block.length / 4)).toBeLessThanOrEqual(70);
  });

  it('cuts a single memory that alone is over the budget', async () => {
    const memory = createMemoryAccessor({ store: new BuiltinMemoryBackend(), scope: user, maxMemoryTokens: 50 });
    await memory.remember(`invoice ${'details '.repeat(100)}`);
    const block = await memory.assembleContext('invoice');
    expect(block.length).toBeLessThanOrEqual(200);
    expect(block).toMatch(/^Relevant memories[^\n]*\n- invoice details( details)*\.\.\. \(Recorded today\.\)$/);
    const tiny = createMemoryAccessor({ store: new BuiltinMemoryBackend(), scope: user, maxMemoryTokens: 30 });
    await tiny.remember(`invoice ${'details '.repeat(100)}`);
    expect(await tiny.assembleContext('invoice')).toBe('');
  });

  it('rejects a bad configuration with invalid_config', () => {
    const bad = (config: unknown) => {
      try {
        createMemoryAccessor(config as never);
      } catch (error) {
        expect(error).toBeInstanceOf(KitAIError);
        expect((error as KitAIError).code).toBe('invalid_config');
        return (error as KitAIError).message;
      }
      throw new Error('accepted');
    };
    expect(bad({ store: {}, scope: user })).toBe(
      'createMemoryAccessor: config.store must be a MemoryBackend (store, query, remove and clear methods), got an object without store, query, remove, clear; use new BuiltinMemoryBackend() or new SqliteMemoryBackend().',
    );
    expect(bad({ store: new BuiltinMemoryBackend(), scope: { type: 'user' } })).toBe(
      "createMemoryAccessor: config.scope.id must be a non-empty string such as 'u-42', got undefined.",
    );
    expect(bad({ store: new BuiltinMemoryBackend(), scope: user, readScopes: [null] })).toContain(
      'config.readScopes[0] must be an object { type, id }',
    );
    expect(bad({ store: new BuiltinMemoryBackend(), scope: user, maxMemoryTokens: 0 })).toBe(
      'createMemoryAccessor: config.maxMemoryTokens must be a positive integer number of tokens such as 1000, got 0.',
    );
    expect(bad({ store: new BuiltinMemoryBackend(), scope: user, embedding: {} })).toBe(
      'createMemoryAccessor: config.embedding must be a MemoryEmbedder (an object with embed(texts)), got an object.',
    );
  });

  it('rejects bad call arguments with invalid_arguments', async () => {
    const memory = createMemoryAccessor({ store: new BuiltinMemoryBackend(), scope: user });
    await expect(memory.remember('')).rejects.toMatchObject({
      code: 'invalid_arguments',
      message: 'createMemoryAccessor.remember: content must not be empty; pass the text to remember.',
    });
    await expect(memory.remember('x', { importance: -1 })).rejects.toMatchObject({
      code: 'invalid_arguments',
      message: 'createMemoryAccessor.remember: options.importance must be a number from 0 to 1, got -1.',
    });
    await expect(memory.recall(42 as never)).rejects.toMatchObject({
      code: 'invalid_arguments',
      message: 'createMemoryAccessor.recall: text must be a string, got 42.',
    });
    await expect(memory.about(' ')).rejects.toMatchObject({ code: 'invalid_arguments' });
  });
});
