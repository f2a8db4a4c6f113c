import { KitDbError } from '../errors/kit-db-error.js';
import { constraintFailure, driverError, type ConstraintFailure } from '../errors/constraint-failure.js';
import { schemaGap } from '../errors/schema-gap.js';
import { primaryKeyName } from '../model/constraint-name.js';
import type { ResolvedModel, ResolvedSchema, TableSpec } from '../model/schema.js';
import type { DatabaseProvider } from './types.js';

/** What was being done when a statement failed, for the error message. */
export interface FailureContext {
  readonly provider: DatabaseProvider;
  readonly schema: ResolvedSchema;
  readonly model?: ResolvedModel;
  readonly operation: 'insert' | 'update' | 'delete' | 'link' | 'query';
  /** The id of the record written or deleted. */
  readonly id?: unknown;
  /** The values written. */
  readonly values?: Readonly<Record<string, unknown>>;
  /** For foreign keys the driver does not name (SQLite): finds the column whose target is missing, or the table still pointing here. */
  readonly findForeignKey?: (failure: ConstraintFailure) => Promise<{ table: TableSpec; column: string } | undefined>;
}

/**
 * The `KitDbError` of a failed statement: `constraint_violation` naming model, field and fix for
 * unique, not-null, foreign-key and check constraints; `schema_out_of_date` naming `kit db:push` for a missing
 * table or column; `query_failed` with the driver's message otherwise.
 */
export async function describeFailure(error: unknown, context: FailureContext): Promise<KitDbError> {
  if (error instanceof KitDbError) return error;
  const failure = constraintFailure(error);
  const cause = driverError(error);
  if (failure === undefined) {
    const message = cause instanceof Error ? cause.message : String(cause);
    const subject = context.model ? `${context.operation} of ${context.model.name}` : 'query';
    const gap = schemaGap(error);
    if (gap !== undefined) {
      const what = gap.name === undefined ? `${gap.kind} it needs` : `${gap.kind} "${gap.name}"`;
      return new KitDbError(
        'schema_out_of_date',
        `${context.provider}: ${subject} failed: the database has no ${what}, so the app's migrations have not been applied to it; run kit db:push (kit db:status lists what is pending).`,
        { provider: context.provider, ...(context.model ? { model: context.model.name } : {}), cause },
      );
    }
    return new KitDbError(
      'query_failed',
      `${context.provider}: ${subject} failed: ${message.length > 300 ? `${message.slice(0, 300)}…` : message}`,
      {
        provider: context.provider,
        ...(context.model ? { model: context.model.name } : {}),
        cause,
      },
    );
  }
  const located = await locate(failure, context);
  const modelName = located.table?.model ?? located.table?.name ?? context.model?.name ?? 'record';
  const field = located.columns?.[0];
  const options = {
    provider: context.provider,
    model: modelName,
    constraint: failure.kind,
    cause,
    ...(field === undefined ? {} : { field }),
  };
  const columns = located.columns ?? [];
  const subject =
    columns.length === 0 ? modelName : columns.length === 1 ? `${modelName}.${columns[0]!}` : `${modelName} (${columns.join(', ')})`;
  switch (failure.kind) {
    case 'unique': {
      const shown =
        columns.length === 1 && context.values !== undefined && columns[0]! in context.values
          ? ` ${show(context.values[columns[0]!])}`
          : '';
      const message =
        columns.length > 1
          ? `${subject} must be unique together: another ${modelName} already has these values; change one of them.`
          : `${subject} must be unique: another ${modelName} already has the value${shown}; choose another.`;
      return new KitDbError('constraint_violation', message, {
        ...options,
        issues:
          columns.length === 0
            ? []
            : [
                {
                  field: columns[0]!,
                  message: columns.length > 1 ? `must be unique together with ${columns.slice(1).join(', ')}` : 'must be unique',
                },
              ],
      });
    }
    case 'not_null':
      return new KitDbError('constraint_violation', `${subject} is required and cannot be null; give it a value.`, {
        ...options,
        issues: field === undefined ? [] : [{ field, message: 'cannot be null' }],
      });
    case 'check': {
      const values = located.table?.checks.find((check) => check.column === field)?.values;
      const allowed = values ? `one of ${values.map((value) => JSON.stringify(value)).join(', ')}` : 'an allowed value';
      return new KitDbError('constraint_violation', `${subject} must be ${allowed}.`, {
        ...options,
        issues: field === undefined ? [] : [{ field, message: `must be ${allowed}` }],
      });
    }
    case 'foreign_key':
      return foreignKeyError(failure, located, context, { ...options, constraint: 'foreign_key' });
  }
}

interface Located {
  readonly table?: TableSpec;
  readonly columns?: readonly string[];
}

async function locate(failure: ConstraintFailure, context: FailureContext): Promise<Located> {
  const tables = context.schema.tables;
  if (failure.constraint !== undefined) {
    for (const table of tables) {
      const index = table.indexes.find((i) => i.name === failure.constraint);
      if (index) return { table, columns: index.columns };
      const key = table.foreignKeys.find((k) => k.name === failure.constraint);
      if (key) return { table, columns: [key.column] };
      const check = table.checks.find((c) => c.name === failure.constraint);
      if (check) return { table, columns: [check.column] };
      if (
        failure.constraint === primaryKeyName(table.name) ||
        (failure.constraint === 'PRIMARY' && table.name === context.model?.table.name)
      )
        return { table, columns: table.primaryKey };
    }
  }
  // MySQL's not-null message names only the column: the table is the model's, or the one table that has it.
  const owners = failure.columns?.length === 1 ? tables.filter((t) => t.columns.some((c) => c.name === failure.columns![0])) : [];
  const table =
    failure.table !== undefined
      ? tables.find((t) => t.name === failure.table)
      : (context.model?.table ?? (owners.length === 1 ? owners[0] : undefined));
  if (failure.columns !== undefined && failure.columns.length > 0) return { ...(table ? { table } : {}), columns: failure.columns };
  if (failure.kind === 'foreign_key' && context.findForeignKey) {
    const found = await context.findForeignKey(failure).catch(() => undefined);
    if (found) return { table: found.table, columns: [found.column] };
  }
  return table ? { table } : {};
}

function foreignKeyError(
  failure: ConstraintFailure,
  located: Located,
  context: FailureContext,
  options: { provider: DatabaseProvider; model: string; field?: string; constraint: 'foreign_key'; cause: unknown },
): KitDbError {
  const column = located.columns?.[0];
  const key = column === undefined ? undefined : located.table?.foreignKeys.find((k) => k.column === column);
  const deleting = failure.direction === 'still_referenced' || context.operation === 'delete';
  if (deleting) {
    const parent = context.model?.name ?? key?.targetTable ?? 'record';
    const child = located.table?.model ?? located.table?.name;
    const through = child && column ? ` through ${child}.${column}` : '';
    const relation =
      child && column && located.table?.model !== undefined
        ? `, or declare ${column.replace(/Id$/, '')}: belongsTo('${parent}', { onDelete: 'cascade' }) on ${child}`
        : '';
    return new KitDbError(
      'constraint_violation',
      `Cannot delete ${parent}${context.id === undefined ? '' : ` ${show(context.id)}`}: ${child ? `${child} records still point at it${through}` : 'other records still point at it'}; delete or move them first${relation}.`,
      {
        ...options,
        model: parent,
        ...(column ? { field: column } : {}),
        issues: column ? [{ field: column, message: 'is still pointed at' }] : [],
      },
    );
  }
  const target = key ? (context.schema.tables.find((t) => t.name === key.targetTable)?.model ?? key.targetTable) : 'the target';
  const value = column !== undefined && context.values !== undefined ? context.values[column] : undefined;
  const model = located.table?.model ?? options.model;
  return new KitDbError(
    'constraint_violation',
    `${model}${column ? `.${column}` : ''} points at a ${target} that does not exist${value === undefined ? '' : ` (${show(value)})`}; create the ${target} first or fix ${column ?? 'the reference'}.`,
    { ...options, model, issues: column ? [{ field: column, message: `must be the id of an existing ${target}` }] : [] },
  );
}

function show(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 60)}…` : text;
}
