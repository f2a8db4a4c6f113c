import { randomUUID } from 'node:crypto';
import type { FieldIssue } from '@kit/kit-core';
import { KitDbError } from '../errors/kit-db-error.js';
import { checkValue, typeName } from '../model/check-value.js';
import type { ColumnSpec, ResolvedModel } from '../model/schema.js';

/** Problems found in the values of a write, sorted into the error they become. */
interface Problems {
  readonly invalid: FieldIssue[];
  readonly missing: FieldIssue[];
  readonly dimensions: FieldIssue[];
}

/**
 * The values of an insert, complete: unknown keys refused, the id made (a random UUID) unless the
 * database numbers it or the caller gave one, defaults applied, every value checked against its column.
 */
export function prepareInsert(model: ResolvedModel, values: unknown): Record<string, unknown> {
  const given = plainValues(model, values, 'insert');
  const problems: Problems = { invalid: [], missing: [], dimensions: [] };
  const row: Record<string, unknown> = {};
  for (const column of model.table.columns) {
    const value = given[column.name];
    if (value === undefined) {
      if (column.type === 'id') {
        if (!column.autoIncrement) row[column.name] = randomUUID();
        continue;
      }
      const fieldDefault = column.options.default;
      if (fieldDefault?.kind === 'function') checkOne(model, column, (row[column.name] = fieldDefault.fn()), problems);
      else if (fieldDefault?.kind === 'value') row[column.name] = fieldDefault.value;
      else if (column.nullable) row[column.name] = null;
      else problems.missing.push({ field: column.name, message: `is required: ${model.name} needs a value for ${column.name}` });
      continue;
    }
    row[column.name] = value;
    checkOne(model, column, value, problems);
  }
  throwProblems(model, problems, 'insert');
  return row;
}

/** The values of an update: only the columns given, checked; the id cannot change. */
export function prepareUpdate(model: ResolvedModel, patch: unknown): Record<string, unknown> {
  const given = plainValues(model, patch, 'update');
  const problems: Problems = { invalid: [], missing: [], dimensions: [] };
  const row: Record<string, unknown> = {};
  for (const column of model.table.columns) {
    const value = given[column.name];
    if (value === undefined) continue;
    if (column.primaryKey) {
      problems.invalid.push({
        field: column.name,
        message: `is the id of ${model.name} and cannot be changed; create a new record instead`,
      });
      continue;
    }
    row[column.name] = value;
    checkOne(model, column, value, problems);
  }
  throwProblems(model, problems, 'update');
  return row;
}

/** Checks an id given to `findById`, `update`, `delete`... against the model's id column. */
export function checkId(model: ResolvedModel, id: unknown): string | number {
  const column = model.table.columns.find((c) => c.name === model.idColumn)!;
  const problem = checkValue(column, id);
  if (problem !== undefined) {
    throw new KitDbError('invalid_input', `${model.name} id ${problem}.`, {
      model: model.name,
      field: model.idColumn,
      issues: [{ field: model.idColumn, message: problem }],
    });
  }
  return id as string | number;
}

function plainValues(model: ResolvedModel, values: unknown, operation: string): Record<string, unknown> {
  if (values === null || typeof values !== 'object' || Array.isArray(values)) {
    throw new KitDbError(
      'invalid_input',
      `${operation} of ${model.name}: values must be an object of column names to values, got ${typeName(values)}.`,
      { model: model.name },
    );
  }
  const issues: FieldIssue[] = [];
  const columns = new Set(model.table.columns.map((column) => column.name));
  for (const key of Object.keys(values)) {
    if (columns.has(key)) continue;
    const relation = model.relations.find((r) => r.field === key);
    const hint =
      relation?.kind === 'belongsTo'
        ? `is the relation to ${relation.target}; give the id as ${relation.foreignKey}`
        : relation !== undefined
          ? `is a ${relation.kind} relation, which has no column; ${relation.kind === 'manyToMany' ? 'link records with db.link' : `set ${model.name}Id on the ${relation.target} records`}`
          : `is not a column of ${model.name} (columns: ${[...columns].join(', ')})`;
    issues.push({ field: key, message: hint });
  }
  if (issues.length > 0) {
    throw new KitDbError(
      'invalid_input',
      `${operation} of ${model.name}: ${issues.map((issue) => `${issue.field} ${issue.message}`).join('; ')}.`,
      {
        model: model.name,
        field: issues[0]!.field,
        issues,
      },
    );
  }
  return values as Record<string, unknown>;
}

function checkOne(model: ResolvedModel, column: ColumnSpec, value: unknown, problems: Problems): void {
  if (value === null) {
    if (!column.nullable)
      problems.missing.push({ field: column.name, message: `cannot be null: ${model.name}.${column.name} is required` });
    return;
  }
  const problem = checkValue(column, value);
  if (problem !== undefined) {
    problems.invalid.push({ field: column.name, message: problem });
    return;
  }
  const dimensions = column.options.dimensions;
  if (column.type === 'vector' && dimensions !== undefined && (value as unknown[]).length !== dimensions) {
    problems.dimensions.push({ field: column.name, message: `must have ${dimensions} dimensions, got ${(value as unknown[]).length}` });
  }
}

function throwProblems(model: ResolvedModel, problems: Problems, operation: string): void {
  const all = [...problems.invalid, ...problems.dimensions, ...problems.missing];
  if (all.length === 0) return;
  const summary = `${operation} of ${model.name}: ${all.map((issue) => `${issue.field} ${issue.message}`).join('; ')}.`;
  const first = all[0]!;
  if (problems.invalid.length > 0) throw new KitDbError('invalid_input', summary, { model: model.name, field: first.field, issues: all });
  if (problems.dimensions.length > 0)
    throw new KitDbError('vector_dimension_mismatch', summary, { model: model.name, field: first.field, issues: all });
  throw new KitDbError('constraint_violation', summary, { model: model.name, field: first.field, constraint: 'not_null', issues: all });
}
