import { afterEach, describe, expect, it, vi } from 'vitest';
import { KitAIError } from '../errors/kit-ai-error.js';
import { BuiltinMemoryBackend } from './builtin-backend.js';

const alice = { type: 'user', id: 'alice' };
const bob = { type: 'user', id: 'bob' };

afterEach(() => {
  vi.useRealTimers();
});

describe('BuiltinMemoryBackend', () => {
  it('stores entries with a new id and createdAt, and finds them by their words', async () => {
    const memory = new BuiltinMemoryBackend();
    const id = await memory.store({
      content: 'Prefers invoices as PDF files',
      scope: alice,
      type: 'preference',
      importance: 0.7,
      metadata: { source: 'chat' },
    });
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const [found] = await memory.query(alice, 'which invoice format', 5);
    expect(found).toMatchObject({
      id,
      content: 'Prefers invoices as PDF files',
      scope: alice,
      type: 'preference',
      importance: 0.7,
      metadata: { source: 'chat' },
    });
    expect(Date.parse(found?.createdAt ?? '')).toBeGreaterThan(Date.now() - 5000);
    expect(found?.score).toBeGreaterThan(0);
  });

  it('returns copies: changing a result does not change the store', async () => {
    const memory = new BuiltinMemoryBackend();
    await memory.store({ content: 'Office in Lyon', scope: alice, metadata: { floor: 3 } });
    const [first] = await memory.query(alice, 'office', 1);
    (first as { content: string }).content = 'changed';
    (first?.metadata as { floor: number }).floor = 9;
    const [again] = await memory.query(alice, 'office', 1);
    expect(again).toMatchObject({ content: 'Office in Lyon', metadata: { floor: 3 } });
  });

  it('keeps scopes apart', async () => {
    const memory = new BuiltinMemoryBackend();
    await memory.store({ content: 'Alice likes tea', scope: alice });
    await memory.store({ content: 'Bob likes tea', scope: bob });
    expect((await memory.query(alice, 'tea', 5)).map((entry) => entry.content)).toEqual(['Alice likes tea']);
    expect(await memory.query({ type: 'user', id: 'carol' }, 'tea', 5)).toEqual([]);
  });

  it('ranks by relevance and leaves out entries without a shared term', async () => {
    const memory = new BuiltinMemoryBackend();
    await memory.store({ content: 'The deploy happens on Tuesday', scope: alice });
    await memory.store({ content: 'Deploy windows: Tuesday and Thursday; deploy freeze in August', scope: alice });
    await memory.store({ content: 'Lunch is at noon', scope: alice });
    const found = await memory.query(alice, 'when is the deploy freeze?', 5);
    expect(found.map((entry) => entry.content)).toEqual([
      'Deploy windows: Tuesday and Thursday; deploy freeze in August',
      'The deploy happens on Tuesday',
    ]);
  });

  it('breaks ties by importance, then newest', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const memory = new BuiltinMemoryBackend();
    vi.setSystemTime(Date.parse('2025-01-01T00:00:00Z'));
    const oldLow = await memory.store({ content: 'likes green tea', scope: alice, importance: 0.2 });
    const oldPlain = await memory.store({ content: 'likes green tea', scope: alice });
    vi.setSystemTime(Date.parse('2025-03-01T00:00:00Z'));
    const newPlain = await memory.store({ content: 'likes green tea', scope: alice });
    const high = await memory.store({ content: 'likes green tea', scope: alice, importance: 0.9 });
    const sameInstant = await memory.store({ content: 'likes green tea', scope: alice });
    const ids = (await memory.query(alice, 'green tea', 10)).map((entry) => entry.id);
    // 0.5 is the importance of an entry without one; the later insertion wins within one millisecond.
    expect(ids).toEqual([high, sameInstant, newPlain, oldPlain, oldLow]);
  });

  it('lists a scope by importance, then newest, for a query without terms', async () => {
    const memory = new BuiltinMemoryBackend();
    const low = await memory.store({ content: 'one', scope: alice, importance: 0.1 });
    const high = await memory.store({ content: 'two', scope: alice, importance: 1 });
    const plain = await memory.store({ content: 'three', scope: alice });
    const found = await memory.query(alice, 'what is it?', 10);
    expect(found.map((entry) => entry.id)).toEqual([high, plain, low]);
    expect(found.every((entry) => entry.score === 0)).toBe(true);
  });

  it('returns [] for k <= 0 and at most k entries otherwise', async () => {
    const memory = new BuiltinMemoryBackend();
    for (let index = 0; index < 5; index++) await memory.store({ content: `note ${index} about tea`, scope: alice });
    expect(await memory.query(alice, 'tea', 0)).toEqual([]);
    expect(await memory.query(alice, 'tea', -1)).toEqual([]);
    expect(await memory.query(alice, 'tea', 2)).toHaveLength(2);
    expect(await memory.query(alice, 'tea', 2.9)).toHaveLength(2);
    expect(await memory.query(alice, 'tea', Infinity)).toHaveLength(5);
  });

  it('ranks by cosine similarity with an embedding, skipping entries without one of that length', async () => {
    const memory = new BuiltinMemoryBackend();
    const east = await memory.store({ content: 'east', scope: alice, embedding: [1, 0] });
    const northEast = await memory.store({ content: 'north-east', scope: alice, embedding: [1, 1] });
    const west = await memory.store({ content: 'west', scope: alice, embedding: [-1, 0] });
    await memory.store({ content: 'no vector', scope: alice });
    await memory.store({ content: 'other model', scope: alice, embedding: [1, 0, 0] });
    const found = await memory.query(alice, 'ignored text', 10, { embedding: [2, 0.1] });
    expect(found.map((entry) => entry.id)).toEqual([east, northEast, west]);
    expect(found[0]?.score).toBeCloseTo(2 / Math.sqrt(4.01), 12);
    expect(found[2]?.score).toBeCloseTo(-2 / Math.sqrt(4.01), 12);
    expect(found[0]?.embedding).toEqual([1, 0]);
  });

  it('filters by subject, searching the subject words too', async () => {
    const memory = new BuiltinMemoryBackend();
    const pref = await memory.store({ content: 'Prefers answers in French', scope: alice, subject: 'Camille Durand' });
    const other = await memory.store({ content: 'Camille from accounting prefers email', scope: alice });
    expect((await memory.query(alice, 'camille', 5)).map((entry) => entry.id).sort()).toEqual([pref, other].sort());
    const subjectOnly = await memory.query(alice, 'anything at all', 5, { subject: '  CAMILLE   durand ' });
    expect(subjectOnly.map((entry) => entry.id)).toEqual([pref]);
    expect(subjectOnly[0]).toMatchObject({ subject: 'Camille Durand', score: 0 });
  });

  it('removes one entry and clears a scope', async () => {
    const memory = new BuiltinMemoryBackend();
    const tea = await memory.store({ content: 'likes tea', scope: alice });
    await memory.store({ content: 'likes coffee', scope: alice });
    await memory.store({ content: 'likes tea too', scope: bob });
    expect(await memory.remove(tea)).toBe(true);
    expect(await memory.remove(tea)).toBe(false);
    expect((await memory.query(alice, 'likes', 5)).map((entry) => entry.content)).toEqual(['likes coffee']);
    await memory.clear(alice);
    expect(await memory.query(alice, 'likes', 5)).toEqual([]);
    expect(await memory.query(bob, 'likes', 5)).toHaveLength(1);
  });

  it('rejects bad input with invalid_arguments naming the field and the fix', async () => {
    const memory = new BuiltinMemoryBackend();
    const reject = async (promise: Promise<unknown>) => {
      const error = await promise.then(
        () => undefined,
        (thrown: unknown) => thrown,
      );
      expect(error).toBeInstanceOf(KitAIError);
      expect((error as KitAIError).code).toBe('invalid_arguments');
      return (error as KitAIError).message;
    };
    expect(await reject(memory.store({ content: '  ', scope: alice }))).toBe(
      'BuiltinMemoryBackend.store: entry.content must be a non-empty string, got "  ".',
    );
    expect(await reject(memory.store({ content: 'x', scope: { type: 'user', id: '' } }))).toContain(
      'entry.scope.id must be a non-empty string such as \'u-42\', got ""',
    );
    expect(await reject(memory.store({ content: 'x', scope: alice, importance: 2 }))).toBe(
      'BuiltinMemoryBackend.store: entry.importance must be a number from 0 to 1, got 2.',
    );
    expect(await reject(memory.store({ content: 'x', scope: alice, embedding: [1, Number.NaN] }))).toContain(
      'entry.embedding[1] must be a finite number, got NaN',
    );
    expect(await reject(memory.query(alice, 'x', Number.NaN))).toBe(
      'BuiltinMemoryBackend.query: k must be a number of entries such as 5, got NaN.',
    );
    expect(await reject(memory.query(null as never, 'x', 1))).toContain('BuiltinMemoryBackend.query: scope must be an object { type, id }');
    expect(await reject(memory.query(alice, 'x', 1, { embedding: [] }))).toContain(
      'options.embedding must be a non-empty array of numbers',
    );
  });
});
