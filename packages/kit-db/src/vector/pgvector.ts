import { and, asc, getTableColumns, isNotNull, sql, type Column, type SQL, type Table } from 'drizzle-orm';
import type { KitDatabase } from '../database/types.js';
import type { ResolvedModel } from '../model/schema.js';
import { selectable } from './drizzle-select.js';
import { toPgvectorText } from './encoding.js';

/** Whether each column of a database is a pgvector `vector` column; a column's type only changes by migration, so it is asked once. */
const columnTypes = new WeakMap<object, Map<string, boolean>>();

/**
 * Whether `vectorSearch` can rank this field in the database: the database is PostgreSQL, its dialect
 * stores vectors with pgvector, and the column really is `vector` (a table created before pgvector
 * was installed keeps `real[]`). Any other case is ranked in the process.
 */
export async function isPgvectorColumn(db: KitDatabase, table: string, column: string): Promise<boolean> {
  if (db.provider !== 'postgres' || db.dialect.vectorStorage !== 'pgvector') return false;
  const key = `${table}.${column}`;
  let known = columnTypes.get(db.drizzle);
  const cached = known?.get(key);
  if (cached !== undefined) return cached;
  const { rows } = await db.execute(
    'SELECT t.typname AS type FROM pg_attribute a JOIN pg_type t ON t.oid = a.atttypid WHERE a.attrelid = to_regclass($1) AND a.attname = $2 AND NOT a.attisdropped',
    [db.dialect.quote(table), column],
  );
  const isVector = rows[0]?.type === 'vector';
  if (!known) columnTypes.set(db.drizzle, (known = new Map()));
  known.set(key, isVector);
  return isVector;
}

/** Whether the pgvector extension is installed in the database `db` is connected to. */
export async function hasPgvectorExtension(db: KitDatabase): Promise<boolean> {
  if (db.provider !== 'postgres') return false;
  const { rows } = await db.execute("SELECT 1 AS present FROM pg_extension WHERE extname = 'vector'");
  return rows.length > 0;
}

/** What the database search needs. */
export interface DatabaseSearch {
  readonly db: KitDatabase;
  readonly resolved: ResolvedModel;
  readonly table: Table;
  readonly field: string;
  readonly query: readonly number[];
  readonly k: number;
  readonly condition: SQL | undefined;
  readonly minScore: number | undefined;
}

/**
 * The k best ids and scores, ranked by pgvector's cosine distance operator `<=>` (score = 1 -
 * distance), ties by id. Rows whose vector is NULL or all zeros (a distance of NaN) are left out, as
 * the in-process search leaves them out.
 */
export async function searchWithPgvector(search: DatabaseSearch): Promise<{ id: unknown; score: number }[]> {
  const columns = getTableColumns(search.table) as Record<string, Column>;
  const vectorColumn = columns[search.field]!;
  const idColumn = columns[search.resolved.idColumn]!;
  const distance = sql`(${vectorColumn} <=> ${toPgvectorText([...search.query])}::vector)`;
  // Text ids tie-break in code-unit order, as the in-process search does, whatever the database collation.
  const idOrder = search.resolved.autoIncrement ? asc(idColumn) : sql`${idColumn} COLLATE "C"`;
  const rows = await selectable(search.db.drizzle)
    .select({ id: idColumn, distance: distance.mapWith(Number) })
    .from(search.table)
    .where(
      and(
        isNotNull(vectorColumn),
        search.condition,
        sql`${distance} <> 'NaN'::float8`,
        search.minScore === undefined ? undefined : sql`${distance} <= ${1 - search.minScore}`,
      ),
    )
    .orderBy(distance, idOrder)
    .limit(search.k);
  return rows.map((row) => ({ id: row.id, score: 1 - (row.distance as number) }));
}
