import { sql, type SQL, type Table } from 'drizzle-orm';
import type { ColumnSpec, TableSpec } from '../model/schema.js';

/** Quotes identifiers with `mark`, doubling it inside (`"a""b"`). */
export function quoteWith(mark: string): (identifier: string) => string {
  return (identifier) => `${mark}${identifier.replaceAll(mark, mark + mark)}${mark}`;
}

/** A standard SQL string literal: single quotes doubled. */
export function stringLiteral(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}

/** The drizzle column modifiers every dialect shares: NOT NULL, single primary key, defaults. */
export function applyDrizzleModifiers<B>(builder: B, column: ColumnSpec, table: TableSpec): B {
  let result = builder as unknown as DrizzleColumnBuilder;
  if (!column.nullable && !column.primaryKey) result = result.notNull();
  if (column.primaryKey && table.primaryKey.length === 1 && column.type !== 'id') result = result.primaryKey();
  const fieldDefault = column.options.default;
  if (fieldDefault?.kind === 'value') result = result.default(fieldDefault.value);
  else if (fieldDefault?.kind === 'function') result = result.$defaultFn(fieldDefault.fn);
  return result as unknown as B;
}

interface DrizzleColumnBuilder {
  notNull(): DrizzleColumnBuilder;
  primaryKey(): DrizzleColumnBuilder;
  default(value: unknown): DrizzleColumnBuilder;
  $defaultFn(fn: () => unknown): DrizzleColumnBuilder;
}

/** The constraint constructors of one drizzle dialect, so the constraint list is written once. */
export interface ConstraintMakers<C> {
  index(name: string, columns: unknown[]): C;
  unique(name: string, columns: unknown[]): C;
  check(name: string, expression: SQL): C;
  primaryKey(name: string, columns: unknown[]): C;
  foreignKey(name: string, columns: unknown[], targets: unknown[], onDelete: 'cascade' | 'restrict' | 'set null' | 'no action'): C;
  sql(text: string): SQL;
  quote(identifier: string): string;
  literal(value: unknown, column?: ColumnSpec): string;
}

/** The drizzle constraints of a compiled table: composite primary key, indexes, uniques, checks, foreign keys. */
export function drizzleConstraints<C>(table: TableSpec, built: Record<string, unknown>, lookup: ((name: string) => Table | undefined) | undefined, make: ConstraintMakers<C>): C[] {
  const constraints: C[] = [];
  const cols = (names: readonly string[]): unknown[] => names.map((name) => built[name]);
  if (table.primaryKey.length > 1) constraints.push(make.primaryKey(`${table.name}_pkey`, cols(table.primaryKey)));
  for (const index of table.indexes) constraints.push(index.unique ? make.unique(index.name, cols(index.columns)) : make.index(index.name, cols(index.columns)));
  for (const check of table.checks) {
    const column = table.columns.find((c) => c.name === check.column);
    constraints.push(make.check(check.name, make.sql(`${make.quote(check.column)} IN (${check.values.map((value) => make.literal(value, column)).join(', ')})`)));
  }
  if (lookup !== undefined) {
    for (const key of table.foreignKeys) {
      const target = lookup(key.targetTable) as unknown as Record<string, unknown> | undefined;
      if (target === undefined) continue;
      constraints.push(make.foreignKey(key.name, [built[key.column]], [target[key.targetColumn]], key.onDelete));
    }
  }
  return constraints;
}

/**
 * The builders of one drizzle dialect module (`sqlite-core`, `pg-core`, `mysql-core`). Their real types differ per
 * module and carry generics the compiler cannot unify, so each dialect hands them over through this loose shape and
 * all three share one table builder.
 */
export interface DrizzleModule {
  table(name: string, columns: Record<string, unknown>, extra: (built: Record<string, unknown>) => unknown): Table;
  index(name: string): { on(...columns: unknown[]): unknown };
  unique(name: string): { on(...columns: unknown[]): unknown };
  check(name: string, expression: SQL): unknown;
  primaryKey(config: { name: string; columns: unknown[] }): unknown;
  foreignKey(config: { name: string; columns: unknown[]; foreignColumns: unknown[] }): { onDelete(action: 'cascade' | 'restrict' | 'set null' | 'no action'): unknown };
}

/**
 * The table builder of a dialect: each column built by `buildColumn` with the model's modifiers, then the table's
 * composite key, indexes, uniques, checks and (when `lookup` finds the targets) foreign keys.
 */
export function drizzleTableBuilder(
  module: DrizzleModule,
  buildColumn: (column: ColumnSpec) => unknown,
  quote: (identifier: string) => string,
  literal: (value: unknown, column?: ColumnSpec) => string,
): (table: TableSpec, lookup?: (tableName: string) => Table | undefined) => Table {
  return (table, lookup) => {
    const columns: Record<string, unknown> = {};
    for (const column of table.columns) columns[column.name] = applyDrizzleModifiers(buildColumn(column), column, table);
    return module.table(table.name, columns, (built) =>
      drizzleConstraints<unknown>(table, built, lookup, {
        index: (name, cols) => module.index(name).on(...cols),
        unique: (name, cols) => module.unique(name).on(...cols),
        check: (name, expression) => module.check(name, expression),
        primaryKey: (name, cols) => module.primaryKey({ name, columns: cols }),
        foreignKey: (name, cols, targets, onDelete) => module.foreignKey({ name, columns: cols, foreignColumns: targets }).onDelete(onDelete),
        sql: (text) => sql.raw(text),
        quote,
        literal,
      }),
    );
  };
}
