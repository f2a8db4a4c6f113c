import type { SnapshotCheck, SnapshotColumn, SnapshotForeignKey, SnapshotIndex, SqlDialect } from '../snapshot/snapshot.js';

/** One statement of a generated migration, with an optional note written above it for the reviewer. */
export interface MigrationStatement {
  readonly sql: string;
  readonly note?: string;
}

/** An identifier quoted for the dialect: `"ticket"`, or `` `ticket` `` on MySQL. */
export function quote(dialect: SqlDialect, name: string): string {
  return dialect === 'mysql' ? `\`${name.replaceAll('`', '``')}\`` : `"${name.replaceAll('"', '""')}"`;
}

/** A string literal; MySQL reads backslashes as escapes, so they are doubled there. */
export function stringLiteral(dialect: SqlDialect, value: string): string {
  const escaped = value.replaceAll("'", "''");
  return `'${dialect === 'mysql' ? escaped.replaceAll('\\', '\\\\') : escaped}'`;
}

/** `("a", "b")` */
export function columnList(dialect: SqlDialect, columns: readonly string[]): string {
  return `(${columns.map((column) => quote(dialect, column)).join(', ')})`;
}

/** `CONSTRAINT "x" CHECK ("status" IN ('open', 'closed'))` */
export function checkClause(dialect: SqlDialect, check: SnapshotCheck): string {
  const values = check.values.map((value) => stringLiteral(dialect, value)).join(', ');
  return `CONSTRAINT ${quote(dialect, check.name)} CHECK (${quote(dialect, check.column)} IN (${values}))`;
}

/** `CONSTRAINT "x" FOREIGN KEY ("projectId") REFERENCES "project" ("id") ON DELETE restrict ON UPDATE no action` */
export function foreignKeyClause(dialect: SqlDialect, key: SnapshotForeignKey): string {
  return (
    `CONSTRAINT ${quote(dialect, key.name)} FOREIGN KEY ${columnList(dialect, key.columns)} ` +
    `REFERENCES ${quote(dialect, key.refTable)} ${columnList(dialect, key.refColumns)} ` +
    `ON DELETE ${key.onDelete.toUpperCase()} ON UPDATE ${key.onUpdate.toUpperCase()}`
  );
}

/** `CREATE [UNIQUE] INDEX "name" ON "table" ("a", "b")` */
export function createIndex(dialect: SqlDialect, table: string, index: SnapshotIndex): MigrationStatement {
  return {
    sql: `CREATE ${index.unique ? 'UNIQUE ' : ''}INDEX ${quote(dialect, index.name)} ON ${quote(dialect, table)} ${columnList(dialect, index.columns)}`,
  };
}

/** The default clause of a column, or `''`. MySQL wants expressions in parentheses on TEXT, BLOB and JSON. */
export function defaultClause(dialect: SqlDialect, column: SnapshotColumn): string {
  if (column.default === undefined) return '';
  if (dialect === 'mysql' && /(text|blob|json|geometry)/i.test(column.type) && !column.default.startsWith('(')) {
    return ` DEFAULT (${column.default})`;
  }
  return ` DEFAULT ${column.default}`;
}

/**
 * Whether a default is a constant (a literal), as SQLite requires to add a column in place: not
 * `CURRENT_TIMESTAMP` and not an expression in parentheses.
 */
export function isConstantDefault(value: string): boolean {
  return !value.startsWith('(') && !/^current_(time|date|timestamp)\b/i.test(value);
}

/** A note for a column that becomes or is added NOT NULL without a default: rows already there have no value for it. */
export function notNullNote(table: string, column: SnapshotColumn): string | undefined {
  if (!column.notNull || column.default !== undefined || column.autoIncrement) return undefined;
  return `"${column.name}" is NOT NULL without a default: this fails when "${table}" has rows with no value for it; give the field a .default() or make it .optional() if so.`;
}
