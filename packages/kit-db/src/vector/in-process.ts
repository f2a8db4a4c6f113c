import { and, asc, getTableColumns, gt, isNotNull, sql, type Column } from 'drizzle-orm';
import { norm, cosineWithNorm } from './cosine.js';
import { selectable } from './drizzle-select.js';
import { readStoredVector } from './encoding.js';
import type { DatabaseSearch } from './pgvector.js';
import { textCosine } from './text-cosine.js';
import { TopK, type TieKey } from './top-k.js';

/** Rows read per query of the scan: large enough that round trips do not dominate, small enough to stay a few MB. */
export const scanPageSize = 2_000;

/**
 * The k best ids and scores by cosine similarity, computed in the process. The scan reads only the id
 * and the vector of each row, a page at a time in id order (keyset paging, so each page is one index
 * range), and keeps the best k in a bounded heap: memory stays O(page + k) however large the table.
 * Vectors are read as the text the database holds (JSON, or a PostgreSQL array literal) and scored
 * straight from it, skipping the column's decoder. Rows whose vector is NULL, unreadable, of another
 * length than the query, or all zeros are skipped.
 */
export async function searchInProcess(search: DatabaseSearch, pageSize = scanPageSize): Promise<{ id: unknown; score: number }[]> {
  const columns = getTableColumns(search.table) as Record<string, Column>;
  const vectorColumn = columns[search.field]!;
  const idColumn = columns[search.resolved.idColumn]!;
  const query = search.query;
  const queryNorm = norm(query);
  const minScore = search.minScore ?? Number.NEGATIVE_INFINITY;
  const top = new TopK<unknown>(search.k);
  const drizzle = selectable(search.db.drizzle);
  // The column's own decoder would build an array per row first; the text is scored as it is.
  const storedText = search.db.provider === 'postgres' ? sql`${vectorColumn}::text` : sql`${vectorColumn}`;
  let after: unknown;
  for (;;) {
    const page = await drizzle
      .select({ id: idColumn, vector: storedText })
      .from(search.table)
      .where(and(isNotNull(vectorColumn), search.condition, after === undefined ? undefined : gt(idColumn, after)))
      .orderBy(asc(idColumn))
      .limit(pageSize);
    for (const row of page) {
      const score = typeof row.vector === 'string' ? textCosine(row.vector, query, queryNorm) : decodedCosine(row.vector, query, queryNorm);
      if (score >= minScore) top.offer(score, row.id as TieKey, row.id);
    }
    if (page.length < pageSize) break;
    after = page[page.length - 1]!.id;
    // better-sqlite3 answers synchronously, so without this a scan of a large table would hold the
    // event loop for its whole length and stall every other request of the process.
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  return top.sorted().map((entry) => ({ id: entry.value, score: entry.score }));
}

/** The score of a vector a driver handed back decoded (an array, a typed array); NaN when it cannot be compared. */
function decodedCosine(value: unknown, query: readonly number[], queryNorm: number): number {
  const vector = readStoredVector(value);
  return vector === undefined || vector.length !== query.length ? Number.NaN : cosineWithNorm(query, queryNorm, vector);
}
