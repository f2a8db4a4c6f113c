/** The SQL dialects migrations are written in: `libsql` shares SQLite's. */
export type SqlDialect = 'sqlite' | 'postgres' | 'mysql';

/** One column as the database holds it. */
export interface SnapshotColumn {
  readonly name: string;
  /** The SQL type as written in DDL, lower case (`text`, `varchar(255)`, `timestamp with time zone`). */
  readonly type: string;
  readonly notNull: boolean;
  /** The column default as an SQL expression (`'open'`, `0`, `CURRENT_TIMESTAMP`), absent when none. */
  readonly default?: string;
  /** Filled by the database (`AUTOINCREMENT`, `serial`, `AUTO_INCREMENT`). */
  readonly autoIncrement: boolean;
}

/** An index; `unique` ones carry the model's `.unique()` fields and unique constraints too. */
export interface SnapshotIndex {
  readonly name: string;
  readonly columns: readonly string[];
  readonly unique: boolean;
}

/** A foreign key from `columns` of this table to `refColumns` of `refTable`. */
export interface SnapshotForeignKey {
  readonly name: string;
  readonly columns: readonly string[];
  readonly refTable: string;
  readonly refColumns: readonly string[];
  /** `cascade`, `set null`, `restrict`, `no action` or `set default`, lower case. */
  readonly onDelete: string;
  readonly onUpdate: string;
}

/** A CHECK constraint: the allowed values of an `enum()` field's column. */
export interface SnapshotCheck {
  readonly name: string;
  readonly column: string;
  readonly values: readonly string[];
}

/** One table: its columns in order, primary key, indexes and foreign keys. */
export interface SnapshotTable {
  readonly name: string;
  readonly columns: readonly SnapshotColumn[];
  /** The primary key's columns, empty when the table has none. */
  readonly primaryKey: readonly string[];
  readonly indexes: readonly SnapshotIndex[];
  readonly foreignKeys: readonly SnapshotForeignKey[];
  readonly checks: readonly SnapshotCheck[];
  /** Words after the closing parenthesis of `CREATE TABLE` (MySQL's engine and collation), as the dialect writes them. */
  readonly tableOptions?: string;
  /** The `defineModel` name this table holds, absent for join tables. */
  readonly model?: string;
  /** Field name → column name, for the model's fields that have a column. */
  readonly fields?: Readonly<Record<string, string>>;
}

/**
 * The schema a migration leaves behind, stored beside it as `meta/<number>_snapshot.json`; the next
 * `generateMigration` compares the models with the latest one.
 */
export interface Snapshot {
  readonly kind: 'kit-db-snapshot';
  readonly version: 1;
  readonly dialect: SqlDialect;
  /** Tables by name, in a stable order (by name). */
  readonly tables: Readonly<Record<string, SnapshotTable>>;
}

/** The snapshot of an empty database, the base of the first migration. */
export function emptySnapshot(dialect: SqlDialect): Snapshot {
  return { kind: 'kit-db-snapshot', version: 1, dialect, tables: {} };
}
