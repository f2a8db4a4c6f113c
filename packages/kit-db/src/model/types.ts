import type { AnyField, Field, FieldType } from './field.js';
import type { AnyRelation, Relation, RelationKind } from './relation.js';

/** What a model maps each field name to: a field builder's or a relation builder's result. */
export type ModelEntry = AnyField | AnyRelation;

/** The second argument of `defineModel`. */
export type ModelShape = Readonly<Record<string, ModelEntry>>;

/** Flattens an intersection into one object type, so editors show the fields. */
export type Simplify<T> = { [K in keyof T]: T[K] } & {};

/** Keys of `S` made by field builders. */
type FieldKeys<S> = { [K in keyof S]: S[K] extends AnyField ? K : never }[keyof S];

/** Keys of `S` made by `belongsTo`. */
type BelongsToKeys<S> = { [K in keyof S]: S[K] extends Relation<'belongsTo', string, unknown, boolean> ? K : never }[keyof S];

type FieldValue<F> = F extends Field<FieldType, infer V, infer O, boolean> ? (O extends true ? V | null : V) : never;
type KeyValue<R> = R extends Relation<RelationKind, string, infer K, infer O> ? (O extends true ? K | null : K) : never;

/** Whether an insert may leave the entry out: optional, defaulted, or an id. */
type MayOmit<E> =
  E extends Field<FieldType, unknown, infer O, infer D>
    ? O extends true
      ? true
      : D extends true
        ? true
        : false
    : E extends Relation<RelationKind, string, unknown, infer O>
      ? O
      : false;

type BelongsToColumn<K> = `${K & string}Id`;

/** Whether a shape is the wide `ModelShape` (any model), whose rows are plain records. */
type IsWide<S> = string extends keyof S ? true : false;

/** The row of a shape: every field, plus `<name>Id` for every `belongsTo`. A wide shape gives `Record<string, unknown>`. */
export type RowOf<S> = IsWide<S> extends true ? Record<string, unknown> : RowOfShape<S>;

type RowOfShape<S> = Simplify<
  { -readonly [K in FieldKeys<S>]: FieldValue<S[K]> } & { -readonly [K in BelongsToKeys<S> as BelongsToColumn<K>]: KeyValue<S[K]> }
>;

type RequiredInsertKeys<S> = { [K in FieldKeys<S> | BelongsToKeys<S>]: MayOmit<S[K]> extends true ? never : K }[
  FieldKeys<S> | BelongsToKeys<S>];
type OptionalInsertKeys<S> = Exclude<FieldKeys<S> | BelongsToKeys<S>, RequiredInsertKeys<S>>;
type InsertColumn<S, K> = K extends BelongsToKeys<S> ? BelongsToColumn<K> : K;
type InsertValue<S, K extends keyof S> = K extends BelongsToKeys<S> ? KeyValue<S[K]> : FieldValue<S[K]>;

/** The values of an insert of a shape: fields without default or `.optional()` are required. */
export type InsertOf<S> = IsWide<S> extends true ? Record<string, unknown> : InsertOfShape<S>;

type InsertOfShape<S> = Simplify<
  { -readonly [K in RequiredInsertKeys<S> as InsertColumn<S, K>]: InsertValue<S, K> } & {
    -readonly [K in OptionalInsertKeys<S> as InsertColumn<S, K>]?: InsertValue<S, K>;
  }
>;

/** Keys of `S` made by `id()`. */
type IdKeys<S> = { [K in keyof S]: S[K] extends Field<'id', unknown, boolean, boolean> ? K : never }[keyof S];

/** The values of an update of a shape: any column but the id, each optional. */
export type UpdateOf<S> =
  IsWide<S> extends true ? Record<string, unknown> : Simplify<{ -readonly [K in Exclude<keyof InsertOf<S>, IdKeys<S>>]?: InsertOf<S>[K] }>;

/** A model of any name and shape. */
export interface AnyModel {
  readonly kind: 'model';
  readonly name: string;
  readonly fields: ModelShape;
  readonly options: ModelOptions;
  readonly tableName: string;
}

/**
 * A row of a model, as reads return it: `InferRow<typeof ticket>`. `.optional()` fields are `T | null`;
 * each `belongsTo` field `x` appears as its column `xId`; `hasMany`, `hasOne` and `manyToMany` do not appear.
 */
export type InferRow<M> = M extends { readonly fields: infer S } ? RowOf<S> : never;

/** The values an insert of a model takes: `InferInsert<typeof ticket>`. */
export type InferInsert<M> = M extends { readonly fields: infer S } ? InsertOf<S> : never;

/** The values an update of a model takes: every column but the id, each optional. */
export type InferUpdate<M> = M extends { readonly fields: infer S } ? UpdateOf<S> : never;

/** Names of the columns of a model (fields and `belongsTo` keys), as `indexes` and `orderBy` name them. */
export type ColumnName<M> = keyof InferRow<M> & string;

/** A composite index or unique constraint over columns of a model. */
export interface IndexDefinition<TColumn extends string = string> {
  /** Column names, in index order: field names, or `<relation>Id` for a `belongsTo`. */
  readonly fields: readonly [TColumn, ...TColumn[]];
  /** A unique constraint instead of a plain index. */
  readonly unique?: boolean;
  /** Name in the database. Default `<table>_<columns joined by _>_idx` (or `_unique`). */
  readonly name?: string;
}

/** The third argument of `defineModel`. */
export interface ModelOptions<TColumn extends string = string> {
  /** Composite indexes and unique constraints. */
  readonly indexes?: readonly IndexDefinition<TColumn>[];
  /** Table name. Default: the model name in snake_case (`projectSettings` → `project_settings`). */
  readonly tableName?: string;
}
