import { and, eq, gt, gte, inArray, isNotNull, isNull, like, lt, lte, ne, notInArray, sql, type SQL } from 'drizzle-orm';
import type { FieldIssue } from '@kit/kit-core';
import { KitDbError } from '../errors/kit-db-error.js';
import { checkValue, typeName } from '../model/check-value.js';
import type { ColumnSpec, ResolvedModel } from '../model/schema.js';

type Columns = Readonly<Record<string, unknown>>;

const operators = ['eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'in', 'notIn', 'like', 'isNull'] as const;
type Operator = (typeof operators)[number];

/**
 * The SQL condition of a `where`: every entry must hold. A plain value is equality (`null`: IS NULL);
 * an object of operators compares. Values are checked against their column; JSON and vector columns
 * cannot be filtered on.
 */
export function buildWhere(model: ResolvedModel, columns: Columns, where: unknown): SQL | undefined {
  if (where === undefined || where === null) return undefined;
  if (typeof where !== 'object' || Array.isArray(where)) {
    throw new KitDbError(
      'invalid_input',
      `where of ${model.name} must be an object of column names to values or filters, got ${typeName(where)}.`,
      { model: model.name },
    );
  }
  const issues: FieldIssue[] = [];
  const conditions: SQL[] = [];
  for (const [name, condition] of Object.entries(where)) {
    if (condition === undefined) continue;
    const spec = model.table.columns.find((column) => column.name === name);
    if (spec === undefined) {
      issues.push({
        field: name,
        message: `is not a column of ${model.name} (columns: ${model.table.columns.map((c) => c.name).join(', ')})`,
      });
      continue;
    }
    if (spec.type === 'json' || spec.type === 'vector') {
      issues.push({ field: name, message: `is a ${spec.type}() column, which cannot be filtered on; filter on other columns` });
      continue;
    }
    const column = columns[name] as Parameters<typeof eq>[0];
    if (condition === null || typeof condition !== 'object' || condition instanceof Date || Array.isArray(condition)) {
      const problem = condition === null ? undefined : checkValue(spec, condition);
      if (problem !== undefined) issues.push({ field: name, message: problem });
      else conditions.push(condition === null ? isNull(column) : eq(column, condition));
      continue;
    }
    for (const [operator, value] of Object.entries(condition)) {
      if (value === undefined) continue;
      if (!operators.includes(operator as Operator)) {
        issues.push({ field: `${name}.${operator}`, message: `is not a filter; use one of ${operators.join(', ')}` });
        continue;
      }
      const built = operatorCondition(spec, column, operator as Operator, value);
      if (typeof built === 'string') issues.push({ field: `${name}.${operator}`, message: built });
      else conditions.push(built);
    }
  }
  if (issues.length > 0) {
    throw new KitDbError(
      'invalid_input',
      `where of ${model.name}: ${issues.map((issue) => `${issue.field} ${issue.message}`).join('; ')}.`,
      { model: model.name, field: issues[0]!.field, issues },
    );
  }
  return conditions.length === 0 ? undefined : and(...conditions);
}

function operatorCondition(spec: ColumnSpec, column: Parameters<typeof eq>[0], operator: Operator, value: unknown): SQL | string {
  const check = (item: unknown): string | undefined => checkValue(spec, item);
  switch (operator) {
    case 'isNull':
      return typeof value === 'boolean' ? (value ? isNull(column) : isNotNull(column)) : `must be true or false, got ${typeName(value)}`;
    case 'like':
      if (
        spec.type !== 'string' &&
        spec.type !== 'text' &&
        spec.type !== 'enum' &&
        spec.type !== 'date' &&
        !(spec.type === 'id' && !spec.autoIncrement)
      )
        return 'works on text columns only';
      return typeof value === 'string'
        ? like(column as Parameters<typeof like>[0], value)
        : `must be a LIKE pattern string, got ${typeName(value)}`;
    case 'in':
    case 'notIn': {
      if (!Array.isArray(value)) return `must be an array of values, got ${typeName(value)}`;
      if (value.length > 1000) return `must list at most 1000 values, got ${value.length}`;
      const bad = value.map(check).find((problem) => problem !== undefined);
      if (bad !== undefined) return `has a value that ${bad}`;
      if (value.length === 0) return operator === 'in' ? sql`1 = 0` : sql`1 = 1`;
      return operator === 'in' ? inArray(column, value) : notInArray(column, value);
    }
    case 'eq':
    case 'ne': {
      if (value === null) return operator === 'eq' ? isNull(column) : isNotNull(column);
      const problem = check(value);
      if (problem !== undefined) return problem;
      return operator === 'eq' ? eq(column, value) : ne(column, value);
    }
    default: {
      const problem = check(value);
      if (problem !== undefined) return problem;
      const compare = { gt, gte, lt, lte }[operator];
      return compare(column, value);
    }
  }
}
