// Clauses whose words are the same in every dialect, written with the dialect's own quoting and
// escaping. `CREATE TABLE`, drizzle tables and generated migrations all use them, so all spell a
// constraint alike.
import type { CheckSpec, IndexSpec } from '../model/schema.js';
import type { Dialect, ForeignKeyClauseParts } from './dialect.js';

/** What a clause needs of a dialect: its quoting of identifiers and escaping of strings. */
type Spelling = Pick<Dialect, 'quote' | 'stringLiteral'>;

/** `("a", "b")` */
export function columnList(dialect: Pick<Dialect, 'quote'>, columns: readonly string[]): string {
  return `(${columns.map((column) => dialect.quote(column)).join(', ')})`;
}

/** `"status" IN ('open', 'closed')`: the condition of an `enum()` field's CHECK. */
export function checkCondition(dialect: Spelling, check: CheckSpec): string {
  return `${dialect.quote(check.column)} IN (${check.values.map((value) => dialect.stringLiteral(value)).join(', ')})`;
}

/** `CONSTRAINT "x" CHECK ("status" IN ('open', 'closed'))` */
export function checkClause(dialect: Spelling, check: CheckSpec): string {
  return `CONSTRAINT ${dialect.quote(check.name)} CHECK (${checkCondition(dialect, check)})`;
}

/** `CONSTRAINT "x" FOREIGN KEY ("projectId") REFERENCES "project" ("id") ON DELETE RESTRICT[ ON UPDATE NO ACTION]` */
export function foreignKeyClause(dialect: Pick<Dialect, 'quote'>, key: ForeignKeyClauseParts): string {
  const onUpdate = key.onUpdate === undefined ? '' : ` ON UPDATE ${key.onUpdate.toUpperCase()}`;
  return (
    `CONSTRAINT ${dialect.quote(key.name)} FOREIGN KEY ${columnList(dialect, key.columns)} ` +
    `REFERENCES ${dialect.quote(key.refTable)} ${columnList(dialect, key.refColumns)} ON DELETE ${key.onDelete.toUpperCase()}${onUpdate}`
  );
}

/** `CREATE [UNIQUE] INDEX "name" ON "table" ("a", "b")` */
export function createIndexStatement(dialect: Pick<Dialect, 'quote'>, table: string, index: IndexSpec): string {
  return `CREATE ${index.unique ? 'UNIQUE ' : ''}INDEX ${dialect.quote(index.name)} ON ${dialect.quote(table)} ${columnList(dialect, index.columns)}`;
}

/** ` DEFAULT <expression>`, or `''` without one: the form every dialect but MySQL takes on every column. */
export function plainDefaultClause(expression: string | undefined): string {
  return expression === undefined ? '' : ` DEFAULT ${expression}`;
}
