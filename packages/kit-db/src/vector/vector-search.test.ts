import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rejectionOf } from '../../../../test-support/rejection.js';
import { createDatabase } from '../database/create-database.js';
import { createTables } from '../database/create-tables.js';
import type { KitDatabase } from '../database/types.js';
import { KitDbError } from '../errors/kit-db-error.js';
import { enumField, id, json, string, vector } from '../model/field.js';
import { defineModel } from '../model/define-model.js';
import { stopTestProviders, testProviders } from '../testing/providers.js';
import { defineEmbedding } from './define-embedding.js';
import { searchInProcess } from './in-process.js';
import { isPgvectorColumn } from './pgvector.js';
import { vectorSearch, type VectorSearchOptions } from './vector-search.js';

const passage = defineModel('passage', {
  id: id(),
  topic: enumField(['billing', 'login']),
  body: string(),
  meta: json().optional(),
  embedding: vector({ dimensions: 4 }).optional(),
});
const unrelated = defineModel('unrelated', { id: id(), name: string() });

/** Vectors of eighths, exact in 32-bit floats, so every provider stores exactly these values. */
const vectors: [string, 'billing' | 'login', number[] | null][] = [
  ['p01', 'billing', [1, 0, 0, 0]],
  ['p02', 'billing', [0.875, 0.125, 0, 0]],
  ['p03', 'login', [0.75, 0.5, 0.125, 0]],
  ['p04', 'login', [0.5, 0.5, 0.5, 0.5]],
  ['p05', 'billing', [0, 1, 0, 0]],
  ['p06', 'login', [0, 0, 1, 0.25]],
  ['p07', 'billing', [-1, 0.25, 0, 0]],
  ['p08', 'login', [0.625, -0.375, 0.25, 0]],
  ['p09', 'billing', [0.125, 0.25, 0.375, 0.5]],
  ['p10', 'login', [2, 0.5, 0.25, 0.125]],
  ['p11', 'billing', [0, 0, 0, 0]],
  ['p12', 'login', null],
];

/** The reference: cosine by its definition, over every row with a non-zero vector, best first. */
function expected(query: number[], keep: (row: (typeof vectors)[number]) => boolean = () => true) {
  const cosine = (a: number[], b: number[]) =>
    a.reduce((sum, value, index) => sum + value * b[index]!, 0) / (Math.hypot(...a) * Math.hypot(...b));
  return vectors
    .filter((row) => row[2] !== null && row[2].some((value) => value !== 0) && keep(row))
    .map((row) => ({ id: row[0], score: cosine(query, row[2]!) }))
    .sort((a, b) => b.score - a.score);
}

function summary(matches: { row: { id: string }; score: number }[]) {
  return matches.map((match) => ({ id: match.row.id, score: match.score }));
}

function expectClose(actual: { id: string; score: number }[], wanted: { id: string; score: number }[]) {
  expect(actual.map((entry) => entry.id)).toEqual(wanted.map((entry) => entry.id));
  actual.forEach((entry, index) => expect(Math.abs(entry.score - wanted[index]!.score)).toBeLessThan(1e-6));
}

const query = [0.9, 0.3, 0.1, 0];
const embedding = defineEmbedding('fake-4d', {
  dimensions: 4,
  embed: async (texts) => texts.map((text) => (text.includes('invoice') ? query : [0, 0, 1, 0])),
});

async function fill(db: KitDatabase): Promise<void> {
  await createTables(db);
  for (const [key, topic, embeddingValue] of vectors) {
    await db.insert(passage, { id: key, topic, body: `passage ${key}`, embedding: embeddingValue });
  }
}

afterAll(stopTestProviders);

describe.each(testProviders)('vectorSearch on $name', (provider) => {
  let db: KitDatabase;
  beforeAll(async () => {
    if (!provider.available) return;
    db = await provider.open([passage, unrelated]);
    await fill(db);
  });

  describe.skipIf(!provider.available)(provider.unavailable ?? '', () => {
    it('ranks records by cosine similarity, best first, with the whole record', async () => {
      const matches = await vectorSearch(db, { model: passage, field: 'embedding', query, k: 5 });
      expectClose(summary(matches), expected(query).slice(0, 5));
      expect(matches[0]!.row).toEqual({ id: 'p10', topic: 'login', body: 'passage p10', meta: null, embedding: [2, 0.5, 0.25, 0.125] });
    });

    it('returns 10 by default and leaves out null and zero vectors', async () => {
      const all = await vectorSearch(db, { model: passage, field: 'embedding', query });
      expect(all).toHaveLength(10);
      expectClose(summary(all), expected(query));
      expect(all.map((match) => match.row.id)).not.toContain('p11');
      expect(all.map((match) => match.row.id)).not.toContain('p12');
    });

    it('filters by equality and by a least score', async () => {
      const login = await vectorSearch(db, { model: passage, field: 'embedding', query, filter: { topic: 'login' }, minScore: 0.5 });
      expectClose(
        summary(login),
        expected(query, (row) => row[1] === 'login').filter((entry) => entry.score >= 0.5),
      );
      expect(login.length).toBeGreaterThan(1);
      expect(
        await vectorSearch(db, { model: passage, field: 'embedding', query, filter: { topic: 'login', body: 'passage p04' } }),
      ).toHaveLength(1);
      expect(await vectorSearch(db, { model: passage, field: 'embedding', query, filter: { topic: 'billing' }, k: 2 })).toHaveLength(2);
    });

    it('embeds a text query with the embedding given', async () => {
      const matches = await vectorSearch(db, { model: passage, field: 'embedding', query: 'Where is my invoice?', embedding, k: 3 });
      expectClose(summary(matches), expected(query).slice(0, 3));
    });

    it('reads the table in pages without changing the answer', async () => {
      const resolved = db.schema.models.get('passage')!;
      const search = { db, resolved, table: db.table(passage), field: 'embedding', query, k: 4, condition: undefined, minScore: undefined };
      expect(await searchInProcess(search, 3)).toEqual(await searchInProcess(search, 1000));
      expect((await searchInProcess(search, 2)).map((entry) => entry.id)).toEqual(
        expected(query)
          .slice(0, 4)
          .map((entry) => entry.id),
      );
    });

    it('lets other work of the process run between pages', async () => {
      const resolved = db.schema.models.get('passage')!;
      const search = { db, resolved, table: db.table(passage), field: 'embedding', query, k: 4, condition: undefined, minScore: undefined };
      let ranMeanwhile = false;
      setImmediate(() => (ranMeanwhile = true));
      const ranBeforeTheEnd = await searchInProcess(search, 2).then(() => ranMeanwhile);
      expect(ranBeforeTheEnd).toBe(true);
    });

    it('refuses a query of another size, naming both sizes', async () => {
      const error = await rejectionOf(vectorSearch(db, { model: passage, field: 'embedding', query: [1, 0, 0] }), KitDbError);
      expect(error).toMatchObject({
        code: 'vector_dimension_mismatch',
        message:
          'vectorSearch(passage.embedding): the query has 3 dimensions but the field holds 4; embed the query with the model the stored vectors were made with.',
      });
      const wide = defineEmbedding('wide', { dimensions: 8, embed: async (texts) => texts.map(() => new Array<number>(8).fill(1)) });
      const mismatch = await rejectionOf(
        vectorSearch(db, { model: passage, field: 'embedding', query: 'text', embedding: wide }),
        KitDbError,
      );
      expect(mismatch).toMatchObject({
        code: 'vector_dimension_mismatch',
        message:
          'vectorSearch(passage.embedding): embedding "wide" makes vectors of 8 dimensions but the field holds 4; search with the embedding the stored vectors were made with.',
      });
    });

    it('refuses options it cannot honour, naming the fix', async () => {
      const base: VectorSearchOptions<typeof passage> = { model: passage, field: 'embedding', query };
      const cases: [Partial<VectorSearchOptions<typeof passage>> & Record<string, unknown>, string, RegExp][] = [
        [{ field: 'body' as 'embedding' }, 'invalid_input', /"body" is a string field, not a vector\(\) field; use "embedding"\./],
        [{ field: 'nothing' as 'embedding' }, 'invalid_input', /"nothing" is not a field of the model, not a vector\(\) field/],
        [{ query: 'text' }, 'invalid_input', /the query is a text, so pass embedding \(from defineEmbedding\)/],
        [{ query: [0, 0, 0, 0] }, 'invalid_input', /the query vector is all zeros, which has no direction to compare/],
        [{ query: [1, Number.NaN, 0, 0] }, 'invalid_input', /the query item 1 must be a finite number, got NaN/],
        [{ k: 0 }, 'invalid_input', /k must be a whole number from 1 to 1000, got 0/],
        [{ k: 2.5 }, 'invalid_input', /got 2\.5/],
        [{ minScore: 1.5 }, 'invalid_input', /minScore must be a number from -1 to 1, got 1\.5/],
        [
          { filter: { colour: 'red' } as never },
          'invalid_input',
          /filter names "colour", which is not a column of model "passage" that can be compared for equality; use one of id, topic, body\./,
        ],
        [{ filter: { embedding: [1, 0, 0, 0] } as never }, 'invalid_input', /filter names "embedding"/],
        [
          { filter: { topic: { in: ['login'] } } as never },
          'invalid_input',
          /filter\.topic must be a value to compare for equality \(or null\), got an object/,
        ],
        [
          { model: unrelated as never, field: 'name' as never },
          'invalid_input',
          /vectorSearch\(unrelated\.name\): "name" is a string field, not a vector\(\) field; model "unrelated" has none/,
        ],
      ];
      for (const [change, code, message] of cases) {
        const error = await rejectionOf(vectorSearch(db, { ...base, ...change } as VectorSearchOptions<typeof passage>), KitDbError);
        expect(error.code, String(message)).toBe(code);
        expect(error.message).toMatch(message);
      }
    });
  });
});

describe('vectorSearch and databases', () => {
  it('refuses a model the database was not created with', async () => {
    const db = await createDatabase({ provider: 'sqlite', url: ':memory:', models: [unrelated], setDefault: false });
    try {
      const error = await rejectionOf(vectorSearch(db, { model: passage, field: 'embedding', query }), KitDbError);
      expect(error).toMatchObject({
        code: 'unknown_model',
        message:
          'vectorSearch(passage.embedding): the database was created without model "passage"; add it to the models of createDatabase.',
      });
    } finally {
      await db.close();
    }
  });
});

const postgres = testProviders.find((candidate) => candidate.name === 'postgres')!;

describe.skipIf(!postgres.available)('vectorSearch with pgvector', () => {
  it('ranks in the database with <=> when the column is vector(n), with the same results', async (context) => {
    const url = await postgres.freshUrl();
    const probe = await createDatabase({ provider: 'postgres', url, models: [], setDefault: false });
    let reason: string | undefined;
    try {
      await probe.execute('CREATE EXTENSION IF NOT EXISTS vector');
    } catch (error) {
      reason = `pgvector is not installed on this PostgreSQL server (CREATE EXTENSION vector failed: ${(error as Error).message.slice(0, 120)}); install postgresql-<version>-pgvector to run this test`;
    } finally {
      await probe.close();
    }
    if (reason !== undefined) {
      context.skip(reason);
      return;
    }
    const db = await createDatabase({ provider: 'postgres', url, models: [passage], vector: 'pgvector', setDefault: false });
    try {
      await fill(db);
      expect(await isPgvectorColumn(db, 'passage', 'embedding')).toBe(true);
      expectClose(summary(await vectorSearch(db, { model: passage, field: 'embedding', query })), expected(query));
      expectClose(
        summary(await vectorSearch(db, { model: passage, field: 'embedding', query, filter: { topic: 'login' }, minScore: 0.5, k: 3 })),
        expected(query, (row) => row[1] === 'login')
          .filter((entry) => entry.score >= 0.5)
          .slice(0, 3),
      );
    } finally {
      await db.close();
    }
  });
});
