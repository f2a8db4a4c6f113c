import { and, count, eq, getTableColumns, getTableName, sql, type SQL, type Table } from 'drizzle-orm';
import { KitDbError } from '../errors/kit-db-error.js';
import type { ConstraintFailure } from '../errors/constraint-failure.js';
import type { ResolvedModel, ResolvedSchema, TableSpec } from '../model/schema.js';
import type { AnyModel } from '../model/types.js';
import type { Availability } from './availability.js';
import type { Connection, Session } from './connect/connection.js';
import { decodeCursor, encodeCursor } from './cursor.js';
import { describeFailure, type FailureContext } from './describe-failure.js';
import type { DrizzleLike } from './drizzle-like.js';
import { afterRow, orderClauses, sortKeys } from './order.js';
import { inQuerySpan, noteQueryText, withholdQueryText, type QuerySpanName } from './query-span.js';
import { findPlaceholders, rawSql } from './raw-sql.js';
import type { DatabaseProvider, ExecuteResult, KitDatabase, ListPage } from './types.js';
import { checkId, prepareInsert, prepareUpdate } from './values.js';
import { buildWhere } from './where.js';

/** What every handle of one database shares: the connection, the compiled schema and tables. */
export interface DatabaseState {
  readonly connection: Connection;
  readonly schema: ResolvedSchema;
  readonly tables: ReadonlyMap<string, Table>;
  readonly tablesByName: Readonly<Record<string, Table>>;
  closed: boolean;
  /** Deadlines of statements and the outages of the database. */
  readonly availability: Availability;
  /** Told once the database is closed (the process default forgets it). */
  onClose?: () => void;
}

type Row = Record<string, unknown>;
type Columns = Record<string, unknown>;

const defaultLimit = 100;
const maxLimit = 1000;

/** The `KitDatabase` of a session: the root one, or one inside a transaction. */
export function databaseHandle<P extends DatabaseProvider>(state: DatabaseState, session: Session): KitDatabase<P> {
  const { connection, schema } = state;
  const provider = connection.provider as P;
  const dialect = connection.dialect;
  const returning = provider !== 'mysql';
  const drizzle = (): DrizzleLike => {
    if (state.closed)
      throw new KitDbError(
        'database_closed',
        `The ${provider} database at ${connection.where} is closed; create a new one with createDatabase().`,
        { provider },
      );
    return session.drizzle as DrizzleLike;
  };

  const resolve = (model: string | AnyModel | undefined): ResolvedModel => {
    const name = typeof model === 'string' ? model : model?.name;
    const found = name === undefined ? undefined : schema.models.get(name);
    if (found === undefined) {
      throw new KitDbError(
        'unknown_model',
        `The model ${JSON.stringify(name ?? String(model))} is not in this database (models: ${[...schema.models.keys()].join(', ') || 'none'}); pass it in createDatabase({ models: [...] }).`,
        name === undefined ? { provider } : { provider, model: name },
      );
    }
    return found;
  };
  const tableOf = (model: ResolvedModel): Table => state.tables.get(model.table.name)!;
  const columnsOf = (table: Table): Columns => getTableColumns(table) as Columns;
  const idEquals = (model: ResolvedModel, id: unknown): SQL =>
    eq(columnsOf(tableOf(model))[model.idColumn] as Parameters<typeof eq>[0], id);

  /**
   * Runs a statement of an operation, turning driver errors into errors that name model and field, in the
   * operation's span (`spanName`) when tracing is on.
   */
  const run = <T>(
    context: Omit<FailureContext, 'provider' | 'schema' | 'findForeignKey'>,
    work: () => Promise<T>,
    spanName: QuerySpanName = context,
  ): Promise<T> =>
    inQuerySpan(provider, spanName, async () => {
      try {
        return await state.availability.run(() => session.exclusive(work));
      } catch (error) {
        // An unreachable or too slow database is already a database_unavailable error.
        throw await describeFailure(error, { ...context, provider, schema, findForeignKey: (failure) => findForeignKey(failure, context) });
      }
    });

  /** SQLite does not say which foreign key failed: look for the missing target, or the row still pointing here. */
  const findForeignKey = async (
    failure: ConstraintFailure,
    context: Omit<FailureContext, 'provider' | 'schema' | 'findForeignKey'>,
  ): Promise<{ table: TableSpec; column: string } | undefined> => {
    const model = context.model;
    if (model === undefined || session.inTransaction) return undefined;
    const exists = async (table: Table, column: string, value: unknown): Promise<boolean> => {
      const rows = (await drizzle()
        .select({ one: sql`1` })
        .from(table)
        .where(eq(columnsOf(table)[column] as Parameters<typeof eq>[0], value))
        .limit(1)) as unknown[];
      return rows.length > 0;
    };
    if (context.operation === 'delete' || failure.direction === 'still_referenced') {
      for (const table of schema.tables) {
        for (const key of table.foreignKeys) {
          if (key.targetTable === model.table.name && (await exists(state.tables.get(table.name)!, key.column, context.id)))
            return { table, column: key.column };
        }
      }
      return undefined;
    }
    for (const key of model.table.foreignKeys) {
      const value = context.values?.[key.column];
      if (value === null || value === undefined) continue;
      if (!(await exists(state.tables.get(key.targetTable)!, key.targetColumn, value))) return { table: model.table, column: key.column };
    }
    return undefined;
  };

  const findById = async (model: ResolvedModel, id: unknown): Promise<Row | null> => {
    const table = tableOf(model);
    const rows = (await run({ model, operation: 'query', id }, async () =>
      drizzle().select().from(table).where(idEquals(model, id)).limit(1),
    )) as Row[];
    return rows[0] ?? null;
  };

  const notFound = (model: ResolvedModel, id: unknown): KitDbError =>
    new KitDbError('not_found', `No ${model.name} with id ${JSON.stringify(id)}.`, { provider, model: model.name, field: model.idColumn });

  const handle: KitDatabase<P> = {
    provider,
    dialect,
    get drizzle() {
      return session.drizzle as KitDatabase<P>['drizzle'];
    },
    schema,
    tables: state.tablesByName,
    inTransaction: session.inTransaction,

    table(model) {
      if (typeof model === 'string' && !schema.models.has(model)) {
        const join = state.tables.get(model);
        if (join !== undefined) return join;
      }
      return tableOf(resolve(model));
    },

    async insert(model, values) {
      const resolved = resolve(model);
      const row = prepareInsert(resolved, values);
      const table = tableOf(resolved);
      const stored = await run({ model: resolved, operation: 'insert', values: row, id: row[resolved.idColumn] }, async () => {
        if (returning) return ((await drizzle().insert(table).values(row).returning()) as Row[])[0];
        let id = row[resolved.idColumn];
        if (id === undefined) {
          const ids = (await drizzle().insert(table).values(row).$returningId()) as Row[];
          id = ids[0]?.[resolved.idColumn];
        } else {
          await drizzle().insert(table).values(row);
        }
        return ((await drizzle().select().from(table).where(idEquals(resolved, id)).limit(1)) as Row[])[0];
      });
      return stored as never;
    },

    async findById(model, id) {
      const resolved = resolve(model);
      return (await findById(resolved, checkId(resolved, id))) as never;
    },

    async get(model, id) {
      const resolved = resolve(model);
      const row = await findById(resolved, checkId(resolved, id));
      if (row === null) throw notFound(resolved, id);
      return row as never;
    },

    async list(model, options = {}) {
      const resolved = resolve(model);
      const table = tableOf(resolved);
      const columns = columnsOf(table);
      const limit = options.limit ?? defaultLimit;
      const offset = options.offset ?? 0;
      if (!Number.isInteger(limit) || limit < 1 || limit > maxLimit)
        throw pagingError(resolved, 'limit', `must be an integer from 1 to ${maxLimit}, got ${String(limit)}`);
      if (!Number.isInteger(offset) || offset < 0)
        throw pagingError(resolved, 'offset', `must be a non-negative integer, got ${String(offset)}`);
      if (options.cursor !== undefined && options.offset !== undefined)
        throw pagingError(resolved, 'cursor', 'cannot be combined with offset; use one of them');
      const keys = sortKeys(resolved, options.orderBy);
      const conditions: SQL[] = [];
      const where = buildWhere(resolved, columns, options.where);
      if (where !== undefined) conditions.push(where);
      if (options.cursor !== undefined) conditions.push(afterRow(keys, columns, decodeCursor(resolved, keys, options.cursor)));
      const rows = (await run({ model: resolved, operation: 'query' }, async () =>
        drizzle()
          .select()
          .from(table)
          .where(conditions.length === 0 ? undefined : and(...conditions))
          .orderBy(...orderClauses(keys, columns))
          .limit(limit + 1)
          .offset(offset),
      )) as Row[];
      const items = rows.slice(0, limit);
      const page: ListPage<Row> = { items, nextCursor: rows.length > limit ? encodeCursor(keys, items[items.length - 1]!) : null };
      return page as never;
    },

    async count(model, where) {
      const resolved = resolve(model);
      const table = tableOf(resolved);
      const condition = buildWhere(resolved, columnsOf(table), where);
      const rows = (await run({ model: resolved, operation: 'query' }, async () =>
        drizzle().select({ n: count() }).from(table).where(condition),
      )) as { n: number | string }[];
      return Number(rows[0]?.n ?? 0);
    },

    async update(model, id, patch) {
      const resolved = resolve(model);
      checkId(resolved, id);
      const values = prepareUpdate(resolved, patch);
      if (Object.keys(values).length === 0) return (await handle.get(model, id)) as never;
      const table = tableOf(resolved);
      const row = await run({ model: resolved, operation: 'update', values, id }, async () => {
        if (returning) return ((await drizzle().update(table).set(values).where(idEquals(resolved, id)).returning()) as Row[])[0];
        await drizzle().update(table).set(values).where(idEquals(resolved, id));
        return ((await drizzle().select().from(table).where(idEquals(resolved, id)).limit(1)) as Row[])[0];
      });
      if (row === undefined) throw notFound(resolved, id);
      return row as never;
    },

    async delete(model, id) {
      const resolved = resolve(model);
      checkId(resolved, id);
      const table = tableOf(resolved);
      const deleted = await run({ model: resolved, operation: 'delete', id }, async () => {
        if (returning)
          return (
            (await drizzle()
              .delete(table)
              .where(idEquals(resolved, id))
              .returning({ id: columnsOf(table)[resolved.idColumn] })) as Row[]
          ).length;
        const [result] = (await drizzle().delete(table).where(idEquals(resolved, id))) as unknown as [{ affectedRows: number }];
        return result.affectedRows;
      });
      if (deleted === 0) throw notFound(resolved, id);
    },

    async related(model, id, relation) {
      const resolved = resolve(model);
      checkId(resolved, id);
      const link = relationOf(resolved, relation);
      const source = await findById(resolved, id);
      if (source === null) throw notFound(resolved, id);
      const target = schema.models.get(link.target)!;
      const targetTable = tableOf(target);
      const targetColumns = columnsOf(targetTable);
      const targetId = targetColumns[target.idColumn] as Parameters<typeof eq>[0];
      return (await run({ model: resolved, operation: 'query', id }, async () => {
        if (link.kind === 'belongsTo') {
          const key = source[link.foreignKey!];
          if (key === null || key === undefined) return [];
          return drizzle().select().from(targetTable).where(eq(targetId, key)).limit(1);
        }
        if (link.kind === 'hasMany' || link.kind === 'hasOne') {
          return drizzle()
            .select()
            .from(targetTable)
            .where(eq(targetColumns[link.foreignKey!] as Parameters<typeof eq>[0], id))
            .orderBy(sql`${targetId}`);
        }
        const through = link.through!;
        const join = state.tables.get(through.table)!;
        const joinColumns = columnsOf(join);
        return drizzle()
          .select(targetColumns)
          .from(targetTable)
          .innerJoin(join, eq(joinColumns[through.targetColumn] as Parameters<typeof eq>[0], targetId))
          .where(eq(joinColumns[through.sourceColumn] as Parameters<typeof eq>[0], id))
          .orderBy(sql`${targetId}`);
      })) as Row[];
    },

    async link(model, id, relation, targetId) {
      const { join, values } = await linkValues(model, id, relation, targetId);
      await run(
        { model: resolve(model), operation: 'link', values },
        async () => {
          const insert = drizzle().insert(join).values(values);
          const first = Object.keys(values)[0]!;
          await (returning
            ? insert.onConflictDoNothing()
            : insert.onDuplicateKeyUpdate({ set: { [first]: sql`${columnsOf(join)[first]}` } }));
        },
        { operation: 'INSERT', model: { table: { name: getTableName(join) } } },
      );
    },

    async unlink(model, id, relation, targetId) {
      const { join, values } = await linkValues(model, id, relation, targetId);
      const columns = columnsOf(join);
      await run(
        { model: resolve(model), operation: 'link', values },
        async () =>
          drizzle()
            .delete(join)
            .where(and(...Object.entries(values).map(([name, value]) => eq(columns[name] as Parameters<typeof eq>[0], value)))),
        { operation: 'DELETE', model: { table: { name: getTableName(join) } } },
      );
    },

    transaction(fn) {
      if (state.closed)
        return Promise.reject(
          new KitDbError(
            'database_closed',
            `The ${provider} database at ${connection.where} is closed; create a new one with createDatabase().`,
            { provider },
          ),
        );
      const inner = (txSession: Session) => fn(databaseHandle<P>(state, txSession));
      // A savepoint runs inside the deadlines of its transaction.
      return session.inTransaction
        ? session.transaction(inner)
        : state.availability.transaction((body) => session.transaction(body), inner);
    },

    async execute(query, params = []) {
      if (typeof query !== 'string' && (query === null || typeof query !== 'object')) {
        throw new KitDbError('invalid_input', 'execute: pass an SQL string with its parameters, or a drizzle sql`...` template.', {
          provider,
        });
      }
      const { queryText } = session;
      // The span of raw text without parameters records no text, which may hold values; parameterized text it does.
      const spanName: QuerySpanName = typeof query === 'string' ? { text: query } : { operation: 'QUERY' };
      if (typeof query === 'string' && queryText) {
        drizzle();
        // The text goes to the driver as written; only its placeholders are checked against the parameters.
        if (params.length > 0) findPlaceholders(dialect.name, query, params);
        const rows = await run(
          { operation: 'query' },
          async () => {
            if (params.length === 0) withholdQueryText();
            else noteQueryText(query);
            return queryText(query, params);
          },
          spanName,
        );
        return { rows };
      }
      const statement = typeof query === 'string' ? rawSql(dialect.name, query, params) : query;
      drizzle();
      const rows = await run(
        { operation: 'query' },
        async () => {
          if (typeof query === 'string' && params.length === 0) withholdQueryText();
          return session.query(statement);
        },
        spanName,
      );
      const result: ExecuteResult = { rows };
      return result;
    },

    async close() {
      if (session.inTransaction)
        throw new KitDbError(
          'invalid_input',
          'close() was called on a transaction handle; close the database itself once the transaction has finished.',
          { provider },
        );
      if (state.closed) return;
      state.closed = true;
      state.onClose?.();
      await connection.close();
    },
  };

  const relationOf = (model: ResolvedModel, relation: unknown): ResolvedModel['relations'][number] => {
    const found = model.relations.find((r) => r.field === relation);
    if (found === undefined) {
      const names = model.relations.map((r) => r.field);
      throw new KitDbError(
        'invalid_input',
        `${model.name} has no relation ${JSON.stringify(relation)} (relations: ${names.join(', ') || 'none'}).`,
        {
          provider,
          model: model.name,
          field: String(relation),
          issues: [{ field: 'relation', message: `must be one of ${names.join(', ') || '(none)'}` }],
        },
      );
    }
    return found;
  };

  const linkValues = async (model: AnyModel, id: unknown, relation: unknown, targetId: unknown): Promise<{ join: Table; values: Row }> => {
    const resolved = resolve(model);
    const link = relationOf(resolved, relation);
    if (link.kind !== 'manyToMany') {
      throw new KitDbError(
        'invalid_input',
        `${resolved.name}.${link.field} is a ${link.kind} relation; link and unlink work on manyToMany relations (set the ${link.kind === 'belongsTo' ? link.foreignKey : 'belongsTo column'} with update instead).`,
        {
          provider,
          model: resolved.name,
          field: link.field,
        },
      );
    }
    const target = schema.models.get(link.target)!;
    checkId(resolved, id);
    checkId(target, targetId);
    if ((await findById(resolved, id)) === null) throw notFound(resolved, id);
    if ((await findById(target, targetId)) === null) throw notFound(target, targetId);
    return {
      join: state.tables.get(link.through!.table)!,
      values: { [link.through!.sourceColumn]: id, [link.through!.targetColumn]: targetId },
    };
  };

  return handle;
}

function pagingError(model: ResolvedModel, field: string, problem: string): KitDbError {
  return new KitDbError('invalid_input', `list of ${model.name}: ${field} ${problem}.`, {
    model: model.name,
    field,
    issues: [{ field, message: problem }],
  });
}
