import type { FieldOptions, FieldType } from './field.js';
import type { OnDelete, RelationKind } from './relation.js';
import type { AnyModel } from './types.js';

/**
 * A column of a compiled table, independent of the dialect: what migrations compare and what each
 * dialect turns into its own type. `type` is the field type, or `'reference'` for a key column
 * (`belongsTo` and join tables) whose storage follows `referenceType`.
 */
export interface ColumnSpec {
  /** Name in the database (the field name, or `<relation>Id`). */
  readonly name: string;
  readonly type: FieldType | 'reference';
  /** For `reference` columns: the type of the id pointed at. */
  readonly referenceType?: 'string' | 'integer';
  readonly nullable: boolean;
  readonly primaryKey: boolean;
  readonly autoIncrement: boolean;
  /** A constant SQL default (`.default(value)` with a value; functions are applied at insert instead). */
  readonly default?: { readonly value: unknown };
  /** Field options as the builder recorded them (`maxLength`, `values`, `dimensions`, `big`). */
  readonly options: FieldOptions;
}

/** An index or a unique constraint of a compiled table. */
export interface IndexSpec {
  readonly name: string;
  readonly columns: readonly string[];
  readonly unique: boolean;
}

/** A foreign key of a compiled table. */
export interface ForeignKeySpec {
  readonly name: string;
  readonly column: string;
  readonly targetTable: string;
  readonly targetColumn: string;
  readonly onDelete: OnDelete;
}

/** A CHECK constraint of a compiled table (the allowed values of an `enum()` field). */
export interface CheckSpec {
  readonly name: string;
  readonly column: string;
  /** The allowed values. */
  readonly values: readonly string[];
}

/**
 * A compiled table, independent of the dialect: one per model plus one per many-to-many join table.
 * Constraint names are stable (`<table>_<column>_unique`, `<table>_<columns>_idx`, `<table>_<column>_fk`,
 * `<table>_<column>_check`) so errors can name the field and migrations can diff them.
 */
export interface TableSpec {
  readonly name: string;
  /** The model of the table; absent for join tables. */
  readonly model?: string;
  /** For join tables: the two models it links, in alphabetical order. */
  readonly joins?: readonly [string, string];
  readonly columns: readonly ColumnSpec[];
  readonly primaryKey: readonly string[];
  readonly indexes: readonly IndexSpec[];
  readonly foreignKeys: readonly ForeignKeySpec[];
  readonly checks: readonly CheckSpec[];
}

/** A relation of a model with everything resolved: target model, key column, join table. */
export interface ResolvedRelation {
  /** The field name in the model (`project`, `tickets`). */
  readonly field: string;
  readonly kind: RelationKind;
  /** The target model's name. */
  readonly target: string;
  /** `belongsTo`: the column in this model's table. `hasMany`/`hasOne`: the column in the target's table. */
  readonly foreignKey?: string;
  /** `manyToMany`: join table and its two columns (this side's, the target's). */
  readonly through?: { readonly table: string; readonly sourceColumn: string; readonly targetColumn: string };
}

/** A model with its table, id column and relations resolved against the other models. */
export interface ResolvedModel {
  readonly model: AnyModel;
  readonly name: string;
  readonly table: TableSpec;
  /** Name of the primary-key column. */
  readonly idColumn: string;
  /** Whether the database numbers the ids (`id({ autoIncrement: true })`). */
  readonly autoIncrement: boolean;
  /** Column names by field name: `project` → `projectId`, `title` → `title`. */
  readonly columnOf: Readonly<Record<string, string>>;
  /** Field names by column name: `projectId` → `project`. */
  readonly fieldOf: Readonly<Record<string, string>>;
  readonly relations: readonly ResolvedRelation[];
}

/** A set of models checked against each other and compiled to dialect-independent tables. */
export interface ResolvedSchema {
  /** Models by name, in the order given. */
  readonly models: ReadonlyMap<string, ResolvedModel>;
  /** Every table: model tables in the order given, then join tables by name. `createSchemaStatements` orders them by dependency. */
  readonly tables: readonly TableSpec[];
}
