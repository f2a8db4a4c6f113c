import { join } from 'node:path';
import { createDatabase, createTables, defineModel, id, integer, vector, vectorSearch, type KitDatabase } from '@kit/kit-db';
import { asc, getTableColumns, type Column } from 'drizzle-orm';
import { TopK } from '../../packages/kit-db/src/vector/top-k.js';
import { percentile, seededRandom } from './stats.js';

export const dimensions = 384;

/** The searched model: a chunk of a document with its embedding, as a RAG store holds it. */
export const chunk = defineModel('chunk', { id: id({ autoIncrement: true }), doc: integer(), embedding: vector({ dimensions }) });

/** A unit vector of random direction, rounded to 8 significant digits as embedding APIs send them. */
export function randomUnitVector(random: () => number): number[] {
  const values = Array.from({ length: dimensions }, () => random() * 2 - 1);
  const length = Math.hypot(...values);
  return values.map((value) => Number((value / length).toPrecision(8)));
}

/** A query near one stored vector, so the best matches score high as real questions do. */
export function nearQuery(base: readonly number[], random: () => number): number[] {
  return base.map((value) => value + (random() * 2 - 1) * 0.02);
}

/** Opens a SQLite file holding `count` chunks; returns the database and a few stored vectors to query near. */
export async function vectorStore(
  folder: string,
  count: number,
  seed: number,
): Promise<{ db: KitDatabase; samples: number[][]; fillSeconds: number }> {
  const db = await createDatabase({ provider: 'sqlite', url: join(folder, `vectors-${count}.sqlite`), models: [chunk], setDefault: false });
  await createTables(db);
  const random = seededRandom(seed);
  const samples: number[][] = [];
  const began = performance.now();
  const table = db.table(chunk);
  for (let offset = 0; offset < count; offset += 1_000) {
    const rows = Array.from({ length: Math.min(1_000, count - offset) }, (_, index) => ({
      doc: offset + index,
      embedding: randomUnitVector(random),
    }));
    if (samples.length < 50 && offset % Math.max(1_000, Math.floor(count / 50)) === 0) samples.push(rows[0]!.embedding);
    await db.transaction(async (tx) => {
      await (tx.drizzle as unknown as { insert(table: unknown): { values(rows: unknown[]): Promise<unknown> } }).insert(table).values(rows);
    });
  }
  return { db, samples, fillSeconds: (performance.now() - began) / 1000 };
}

/** Latencies of `queries` searches (k = 10) with vectorSearch, in milliseconds. */
export async function searchLatencies(db: KitDatabase, samples: readonly number[][], queries: number, seed: number): Promise<number[]> {
  const random = seededRandom(seed);
  const times: number[] = [];
  for (let index = 0; index < queries; index++) {
    const query = nearQuery(samples[index % samples.length]!, random);
    const began = performance.now();
    const matches = await vectorSearch(db, { model: chunk, field: 'embedding', query, k: 10 });
    times.push(performance.now() - began);
    if (matches.length !== 10 || matches[0]!.score < 0.9)
      throw new Error(`vectorSearch returned ${matches.length} matches, best ${matches[0]?.score}`);
  }
  return times;
}

/**
 * The naive way, as a baseline: every row read through drizzle (the column type decodes each vector
 * with JSON.parse), a cosine for each, everything sorted. Milliseconds per query.
 */
export async function naiveLatencies(db: KitDatabase, samples: readonly number[][], queries: number, seed: number): Promise<number[]> {
  const random = seededRandom(seed);
  const table = db.table(chunk);
  const columns = getTableColumns(table) as Record<string, Column>;
  const drizzle = db.drizzle as unknown as {
    select(fields: object): { from(table: unknown): { orderBy(order: unknown): Promise<{ id: number; embedding: number[] }[]> } };
  };
  const times: number[] = [];
  for (let index = 0; index < queries; index++) {
    const query = nearQuery(samples[index % samples.length]!, random);
    const queryLength = Math.hypot(...query);
    const began = performance.now();
    const rows = await drizzle.select({ id: columns.id!, embedding: columns.embedding! }).from(table).orderBy(asc(columns.id!));
    const scored = rows.map((row) => {
      let dot = 0;
      let squares = 0;
      for (let i = 0; i < dimensions; i++) {
        dot += query[i]! * row.embedding[i]!;
        squares += row.embedding[i]! * row.embedding[i]!;
      }
      return { id: row.id, score: dot / (queryLength * Math.sqrt(squares)) };
    });
    scored.sort((a, b) => b.score - a.score);
    scored.slice(0, 10);
    times.push(performance.now() - began);
  }
  return times;
}

/** Top 10 of `count` scores: the bounded heap against sorting them all, best of 5 runs each, in milliseconds. */
export function heapVersusSort(count: number): { heapMs: number; sortMs: number } {
  const random = seededRandom(99);
  const scores = Array.from({ length: count }, () => random());
  const time = (run: () => void) => {
    const runs: number[] = [];
    for (let index = 0; index < 5; index++) {
      const began = performance.now();
      run();
      runs.push(performance.now() - began);
    }
    return percentile(runs, 0);
  };
  const heapMs = time(() => {
    const top = new TopK<number>(10);
    for (let index = 0; index < scores.length; index++) top.offer(scores[index]!, index, index);
    top.sorted();
  });
  const sortMs = time(() => {
    scores
      .map((score, index) => ({ score, index }))
      .sort((a, b) => b.score - a.score)
      .slice(0, 10);
  });
  return { heapMs, sortMs };
}
