import { sql, type SQL, type Table } from 'drizzle-orm';
import { primaryKeyName } from '../model/constraint-name.js';
import type { ColumnSpec, TableSpec } from '../model/schema.js';
import { checkCondition } from './clauses.js';
import type { Dialect } from './dialect.js';

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
  foreignKey(config: { name: string; columns: unknown[]; foreignColumns: unknown[] }): {
    onDelete(action: 'cascade' | 'restrict' | 'set null' | 'no action'): unknown;
  };
}

/** Builds one table; `lookup` finds the drizzle tables its foreign keys point at. */
export type TableBuilder = (table: TableSpec, lookup?: (tableName: string) => Table | undefined) => Table;

/**
 * The table builder of a dialect: each column built by `buildColumn` with the model's modifiers, then the table's
 * composite key, indexes, uniques, checks (spelled by `dialect`, as in its DDL) and, when `lookup` finds the
 * targets, foreign keys.
 */
export function drizzleTableBuilder(
  module: DrizzleModule,
  buildColumn: (column: ColumnSpec) => unknown,
  dialect: Pick<Dialect, 'quote' | 'stringLiteral'>,
): TableBuilder {
  return (table, lookup) => {
    const columns: Record<string, unknown> = {};
    for (const column of table.columns) columns[column.name] = applyDrizzleModifiers(buildColumn(column), column, table);
    return module.table(table.name, columns, (built) => {
      const constraints: unknown[] = [];
      const cols = (names: readonly string[]): unknown[] => names.map((name) => built[name]);
      if (table.primaryKey.length > 1)
        constraints.push(module.primaryKey({ name: primaryKeyName(table.name), columns: cols(table.primaryKey) }));
      for (const index of table.indexes)
        constraints.push((index.unique ? module.unique(index.name) : module.index(index.name)).on(...cols(index.columns)));
      for (const check of table.checks) constraints.push(module.check(check.name, sql.raw(checkCondition(dialect, check))));
      if (lookup !== undefined) {
        for (const key of table.foreignKeys) {
          const target = lookup(key.targetTable) as unknown as Record<string, unknown> | undefined;
          if (target === undefined) continue;
          constraints.push(
            module
              .foreignKey({ name: key.name, columns: [built[key.column]], foreignColumns: [target[key.targetColumn]] })
              .onDelete(key.onDelete),
          );
        }
      }
      return constraints;
    });
  };
}

/** Builds every table with a lookup that sees them all, so foreign keys resolve whatever the order. */
export function buildAllTables(tables: readonly TableSpec[], build: TableBuilder): ReadonlyMap<string, Table> {
  const built = new Map<string, Table>();
  const lookup = (name: string): Table | undefined => built.get(name);
  for (const table of tables) built.set(table.name, build(table, lookup));
  return built;
}

/** The drizzle column modifiers every dialect shares: NOT NULL, single primary key, defaults. */
function applyDrizzleModifiers<B>(builder: B, column: ColumnSpec, table: TableSpec): B {
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
