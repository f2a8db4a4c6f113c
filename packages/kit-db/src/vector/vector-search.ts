import type { KitDatabase } from '../database/types.js';
import { KitDbError } from '../errors/kit-db-error.js';
import { Model } from '../model/define-model.js';
import type { ColumnSpec } from '../model/schema.js';
import type { AnyModel, InferRow } from '../model/types.js';
import { norm } from './cosine.js';
import type { Embedding } from './define-embedding.js';
import { vectorProblem } from './encoding.js';
import { equalityCondition } from './filter.js';
import { searchInProcess } from './in-process.js';
import { isPgvectorColumn, searchWithPgvector, type DatabaseSearch } from './pgvector.js';

/** Names of the `vector()` fields of a model (any name for a model whose fields are not known statically). */
export type VectorFieldOf<M> = M extends { readonly fields: infer S }
  ? string extends keyof S
    ? string
    : { [K in keyof S]: S[K] extends { readonly kind: 'field'; readonly type: 'vector' } ? K : never }[keyof S] & string
  : never;

/** Equality conditions on columns of a model, all of which must hold (`null` matches NULL). */
export type VectorSearchFilter<M> = { readonly [K in keyof InferRow<M>]?: InferRow<M>[K] };

/** Options of `vectorSearch`. */
export interface VectorSearchOptions<M extends AnyModel = AnyModel> {
  /** The model whose records are searched. */
  readonly model: M;
  /** The `vector()` field compared with the query. */
  readonly field: VectorFieldOf<M>;
  /** A vector of the field's dimensions, or a text to embed with `embedding`. */
  readonly query: readonly number[] | string;
  /** Embeds a text `query`; its dimensions must be the field's. Required when `query` is a text. */
  readonly embedding?: Embedding;
  /** How many records to return, 1 to 1000. Default 10. */
  readonly k?: number;
  /** Only records whose columns equal these values (any column but `json()` and `vector()` ones). */
  readonly filter?: VectorSearchFilter<M>;
  /** Leave out records scoring below this, from -1 to 1. */
  readonly minScore?: number;
}

/** One result of `vectorSearch`: the record and its cosine similarity to the query, from -1 to 1. */
export interface VectorMatch<Row> {
  readonly row: Row;
  readonly score: number;
}

/** Most results one search returns. */
export const maxVectorSearchK = 1_000;

/**
 * The `k` records of `model` whose `field` vectors are closest in direction to `query`, best first,
 * each with its cosine similarity as `score` (ties by id). On PostgreSQL with pgvector, where the
 * column is `vector(n)`, the ranking runs in the database with the `<=>` operator (score = 1 -
 * distance); everywhere else it runs in the process, streaming ids and vectors a page at a time
 * through a bounded top-k heap, then reading the k winning records. Records whose vector is NULL or
 * all zeros never match. A text `query` is embedded with `embedding`.
 *
 * Errors (`KitDbError`): `vector_dimension_mismatch` when the query or the embedding has another size
 * than the field, naming both; `invalid_input` for a field that is not a `vector()` of the model, a
 * text query without `embedding`, a query of zeros, a `k` outside 1–1000, a `minScore` outside -1–1 or
 * a filter on an unknown, `json()` or `vector()` column; `unknown_model` when the database was created
 * without the model.
 *
 * @example
 * ```ts
 * import { createDatabase, createTables, defineEmbedding, defineModel, id, text, vector, vectorSearch } from '@kit/kit-db';
 *
 * const passage = defineModel('passage', { id: id(), body: text(), embedding: vector({ dimensions: 3 }) });
 * const db = await createDatabase({ provider: 'sqlite', url: ':memory:', models: [passage] });
 * await createTables(db);
 * const embedding = defineEmbedding('toy', {
 *   dimensions: 3,
 *   embed: async (texts) => texts.map((text) => [text.length, text.split(' ').length, 1]),
 * });
 * const bodies = ['Reset a password from the sign-in page', 'Invoices are sent monthly'];
 * const vectors = await embedding.embed(bodies);
 * for (const [index, body] of bodies.entries()) await db.insert(passage, { body, embedding: vectors[index]! });
 * const matches = await vectorSearch(db, { model: passage, field: 'embedding', query: 'reset a password', embedding, k: 5 });
 * for (const { row, score } of matches) console.log(score.toFixed(3), row.body);
 * ```
 */
export async function vectorSearch<M extends AnyModel>(
  db: KitDatabase,
  options: VectorSearchOptions<M>,
): Promise<VectorMatch<InferRow<M>>[]> {
  if (options === null || typeof options !== 'object')
    throw new KitDbError(
      'invalid_input',
      `vectorSearch: options must be an object with model, field and query, got ${options === null ? 'null' : typeof options}.`,
    );
  const { model, field, k = 10, minScore } = options;
  if (!(model instanceof Model))
    throw new KitDbError('invalid_input', 'vectorSearch: options.model must be a model made by defineModel(...).');
  const where = `vectorSearch(${model.name}.${String(field)})`;
  const resolved = db.schema.models.get(model.name);
  if (resolved === undefined) {
    throw new KitDbError(
      'unknown_model',
      `${where}: the database was created without model "${model.name}"; add it to the models of createDatabase.`,
      { model: model.name },
    );
  }
  const column = vectorColumn(resolved.table.columns, model.name, String(field), where);
  if (!Number.isInteger(k) || k < 1 || k > maxVectorSearchK) {
    throw new KitDbError('invalid_input', `${where}: k must be a whole number from 1 to ${maxVectorSearchK}, got ${String(k)}.`, {
      model: model.name,
      field: 'k',
    });
  }
  if (minScore !== undefined && !(typeof minScore === 'number' && minScore >= -1 && minScore <= 1)) {
    throw new KitDbError('invalid_input', `${where}: minScore must be a number from -1 to 1, got ${String(minScore)}.`, {
      model: model.name,
      field: 'minScore',
    });
  }
  const query = await queryVector(options, column.options.dimensions, where, model.name);
  const table = db.table(model);
  const search: DatabaseSearch = {
    db,
    resolved,
    table,
    field: column.name,
    query,
    k,
    condition: equalityCondition(resolved, table, options.filter as Readonly<Record<string, unknown>> | undefined, where),
    minScore,
  };
  const ranked = (await isPgvectorColumn(db, resolved.table.name, column.name))
    ? await searchWithPgvector(search)
    : await searchInProcess(search);
  if (ranked.length === 0) return [];
  // The ranking read only ids and vectors; the winners are read whole through the same path as every other read.
  const page = await db.list(model, {
    where: { [resolved.idColumn]: { in: ranked.map((entry) => entry.id) } } as never,
    limit: ranked.length,
  });
  const rows = new Map<unknown, InferRow<M>>(page.items.map((row) => [(row as Record<string, unknown>)[resolved.idColumn], row]));
  const matches: VectorMatch<InferRow<M>>[] = [];
  for (const { id, score } of ranked) {
    const row = rows.get(id);
    // A record deleted between the ranking and the read is simply not returned.
    if (row !== undefined) matches.push({ row, score });
  }
  return matches;
}

function vectorColumn(columns: readonly ColumnSpec[], modelName: string, field: string, where: string): ColumnSpec {
  const column = columns.find((candidate) => candidate.name === field);
  if (column?.type === 'vector') return column;
  const vectors = columns.filter((candidate) => candidate.type === 'vector').map((candidate) => candidate.name);
  const choice =
    vectors.length === 0
      ? `model "${modelName}" has none; add one, such as embedding: vector({ dimensions: 384 })`
      : `use ${vectors.map((name) => `"${name}"`).join(' or ')}`;
  throw new KitDbError(
    'invalid_input',
    `${where}: "${field}" is ${column ? `a ${column.type} field` : 'not a field of the model'}, not a vector() field; ${choice}.`,
    { model: modelName, field: 'field' },
  );
}

/** The query as a vector of the field's size: checked as given, or embedded from text. */
async function queryVector(
  options: VectorSearchOptions<AnyModel>,
  dimensions: number | undefined,
  where: string,
  modelName: string,
): Promise<readonly number[]> {
  let vector: unknown = options.query;
  if (typeof vector === 'string') {
    const embedding = options.embedding;
    if (embedding === undefined) {
      throw new KitDbError(
        'invalid_input',
        `${where}: the query is a text, so pass embedding (from defineEmbedding) to turn it into a vector, or pass the vector itself.`,
        { model: modelName, field: 'embedding' },
      );
    }
    if (dimensions !== undefined && embedding.dimensions !== dimensions) {
      throw new KitDbError(
        'vector_dimension_mismatch',
        `${where}: embedding "${embedding.name}" makes vectors of ${embedding.dimensions} dimensions but the field holds ${dimensions}; search with the embedding the stored vectors were made with.`,
        { model: modelName, field: 'embedding' },
      );
    }
    vector = await embedding.embedOne(vector);
  }
  if (Array.isArray(vector) && dimensions !== undefined && vector.length !== dimensions) {
    throw new KitDbError(
      'vector_dimension_mismatch',
      `${where}: the query has ${vector.length} dimensions but the field holds ${dimensions}; embed the query with the model the stored vectors were made with.`,
      { model: modelName, field: 'query' },
    );
  }
  const problem = vectorProblem(vector, Array.isArray(vector) ? vector.length : (dimensions ?? 0));
  if (problem !== undefined) throw new KitDbError('invalid_input', `${where}: the query ${problem}.`, { model: modelName, field: 'query' });
  const query = vector as readonly number[];
  if (query.length === 0 || norm(query) === 0) {
    throw new KitDbError(
      'invalid_input',
      `${where}: the query vector is ${query.length === 0 ? 'empty' : 'all zeros'}, which has no direction to compare; pass the embedding of the query text.`,
      { model: modelName, field: 'query' },
    );
  }
  return query;
}
