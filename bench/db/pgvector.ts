import { createDatabase, createTables, vectorSearch, type KitDatabase } from '@kit/kit-db';
import { hasPostgresServer, startPostgres } from '../../test-support/postgres-server.js';
import { chunk, nearQuery, randomUnitVector } from './vectors.js';
import { format, percentile, seededRandom } from './stats.js';

/**
 * vectorSearch on PostgreSQL with pgvector (ranked in the database with `<=>`), when PostgreSQL is
 * installed and `CREATE EXTENSION vector` succeeds; otherwise a line saying why it was not measured.
 */
export async function pgvectorBench(sizes: readonly number[], queries: number): Promise<string> {
  if (!hasPostgresServer()) return 'pgvector: not measured (PostgreSQL is not installed).';
  const server = await startPostgres();
  try {
    const url = await server.createDatabase('kit_db_bench');
    const probe = await createDatabase({ provider: 'postgres', url, models: [], setDefault: false });
    try {
      await probe.execute('CREATE EXTENSION IF NOT EXISTS vector');
    } catch (error) {
      return `pgvector: not measured (CREATE EXTENSION vector failed: ${(error as Error).message}).`;
    } finally {
      await probe.close();
    }
    const lines = [
      'vectorSearch on PostgreSQL with pgvector (no index, exact scan in the database):',
      '',
      '| Vectors | p50 ms | p99 ms |',
      '|---:|---:|---:|',
    ];
    for (const count of sizes) {
      const db: KitDatabase = await createDatabase({
        provider: 'postgres',
        url: await server.createDatabase(`kit_db_bench_${count}`),
        models: [chunk],
        vector: 'pgvector',
        setDefault: false,
      });
      await db.execute('CREATE EXTENSION IF NOT EXISTS vector');
      await createTables(db);
      const random = seededRandom(count);
      const samples: number[][] = [];
      for (let offset = 0; offset < count; offset += 1_000) {
        const rows = Array.from({ length: Math.min(1_000, count - offset) }, (_, index) => ({
          doc: offset + index,
          embedding: randomUnitVector(random),
        }));
        if (samples.length < 50) samples.push(rows[0]!.embedding);
        await (db.drizzle as unknown as { insert(table: unknown): { values(rows: unknown[]): Promise<unknown> } })
          .insert(db.table(chunk))
          .values(rows);
      }
      const times: number[] = [];
      for (let index = 0; index < queries; index++) {
        const query = nearQuery(samples[index % samples.length]!, random);
        const began = performance.now();
        await vectorSearch(db, { model: chunk, field: 'embedding', query, k: 10 });
        times.push(performance.now() - began);
      }
      lines.push(`| ${format(count)} | ${format(percentile(times, 0.5), 1)} | ${format(percentile(times, 0.99), 1)} |`);
      await db.close();
    }
    return lines.join('\n');
  } finally {
    await server.stop();
  }
}
