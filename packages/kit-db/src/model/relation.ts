/** The four kinds of relation. */
export type RelationKind = 'belongsTo' | 'hasMany' | 'hasOne' | 'manyToMany';

/** What happens to the records that point at a deleted record. */
export type OnDelete = 'cascade' | 'restrict' | 'set null' | 'no action';

/** Options of `belongsTo()`. */
export interface BelongsToOptions {
  /** What deleting the target does to this record. Default `'restrict'` (the delete is refused). */
  readonly onDelete?: OnDelete;
  /** Type of the target's id: `'string'` (default, for `id()`) or `'integer'` (for `id({ autoIncrement: true })`). */
  readonly type?: 'string' | 'integer';
}

/** Options of `hasMany()` and `hasOne()`. */
export interface HasOptions {
  /** The `belongsTo` field of the target that points back, when the target has several pointing here. */
  readonly foreignKey?: string;
}

/** Options of `manyToMany()`. */
export interface ManyToManyOptions {
  /** Name of the join table. Default: both model names in snake_case, in alphabetical order, joined by `_`. */
  readonly through?: string;
}

/** What a relation builder recorded. */
export interface RelationOptions {
  readonly optional: boolean;
  readonly onDelete?: OnDelete;
  readonly keyType?: 'string' | 'integer';
  readonly foreignKey?: string;
  readonly through?: string;
}

/**
 * A link to another model, named by its `defineModel` name. Only `belongsTo` adds a column (the
 * field name plus `Id`); `manyToMany` adds a join table; `hasMany` and `hasOne` describe the other
 * side of a `belongsTo` and add nothing.
 *
 * @example
 * ```ts
 * import { belongsTo, defineModel, id, string } from '@kit/kit-db';
 *
 * export const task = defineModel('task', { id: id(), title: string(), owner: belongsTo('user').optional() });
 * ```
 */
export class Relation<
  TKind extends RelationKind = RelationKind,
  TTarget extends string = string,
  TKey = string,
  TOptional extends boolean = boolean,
> {
  /** Tells relations from fields and from stray values at run time. */
  readonly kind = 'relation' as const;
  /** Phantom: the type of the key column a `belongsTo` adds. */
  declare readonly $key: TKey;
  /** Phantom: whether that column accepts NULL. */
  declare readonly $optional: TOptional;

  constructor(
    readonly relation: TKind,
    readonly target: TTarget,
    readonly options: RelationOptions = { optional: false },
  ) {}

  /**
   * For `belongsTo`: the key column accepts NULL (a record may point at nothing), and `onDelete`
   * defaults to `'set null'`. Meaningless for the other kinds, which add no column.
   */
  optional(): Relation<TKind, TTarget, TKey, true> {
    return new Relation(this.relation, this.target, { ...this.options, optional: true });
  }
}

/** A relation of any kind, as stored in a model. */
export type AnyRelation = Relation<RelationKind, string, unknown, boolean>;

/** A `belongsTo` relation. */
export type BelongsTo<TTarget extends string = string, TKey = string, TOptional extends boolean = boolean> = Relation<
  'belongsTo',
  TTarget,
  TKey,
  TOptional
>;

/**
 * This record points at one record of `target`: adds a column `<field>Id` with a foreign key to the
 * target's id (`project: belongsTo('project')` adds `projectId`). Deleting a target that is still
 * pointed at is refused unless `onDelete` says otherwise.
 *
 * @example
 * ```ts
 * import { belongsTo, defineModel, id, string } from '@kit/kit-db';
 *
 * export const ticket = defineModel('ticket', {
 *   id: id(),
 *   title: string(),
 *   project: belongsTo('project', { onDelete: 'cascade' }),
 * });
 * ```
 */
export function belongsTo<const TTarget extends string>(
  target: TTarget,
  options: BelongsToOptions & { readonly type: 'integer' },
): Relation<'belongsTo', TTarget, number, false>;
export function belongsTo<const TTarget extends string>(
  target: TTarget,
  options?: BelongsToOptions,
): Relation<'belongsTo', TTarget, string, false>;
export function belongsTo<const TTarget extends string>(
  target: TTarget,
  options: BelongsToOptions = {},
): Relation<'belongsTo', TTarget, string | number, false> {
  return new Relation('belongsTo', target, {
    optional: false,
    keyType: options.type ?? 'string',
    ...(options.onDelete === undefined ? {} : { onDelete: options.onDelete }),
  });
}

/**
 * Many records of `target` point at this one through their `belongsTo`. Adds no column.
 *
 * @example
 * ```ts
 * import { defineModel, hasMany, id, string } from '@kit/kit-db';
 *
 * export const project = defineModel('project', { id: id(), name: string(), tickets: hasMany('ticket') });
 * ```
 */
export function hasMany<const TTarget extends string>(
  target: TTarget,
  options: HasOptions = {},
): Relation<'hasMany', TTarget, never, false> {
  return new Relation('hasMany', target, {
    optional: false,
    ...(options.foreignKey === undefined ? {} : { foreignKey: options.foreignKey }),
  });
}

/**
 * At most one record of `target` points at this one through its `belongsTo`. Adds no column.
 *
 * @example
 * ```ts
 * import { defineModel, hasOne, id, string } from '@kit/kit-db';
 *
 * export const user = defineModel('user', { id: id(), email: string().unique(), profile: hasOne('profile') });
 * ```
 */
export function hasOne<const TTarget extends string>(target: TTarget, options: HasOptions = {}): Relation<'hasOne', TTarget, never, false> {
  return new Relation('hasOne', target, {
    optional: false,
    ...(options.foreignKey === undefined ? {} : { foreignKey: options.foreignKey }),
  });
}

/**
 * Records of this model and of `target` link in any combination, through a join table named from
 * both models in alphabetical order (`label_ticket`, columns `labelId` and `ticketId`, both part of
 * the primary key, each a foreign key that cascades on delete). Declaring it on both sides makes one table.
 *
 * @example
 * ```ts
 * import { defineModel, id, manyToMany, string } from '@kit/kit-db';
 *
 * export const ticket = defineModel('ticket', { id: id(), title: string(), labels: manyToMany('label') });
 * export const label = defineModel('label', { id: id(), name: string(), tickets: manyToMany('ticket') });
 * ```
 */
export function manyToMany<const TTarget extends string>(
  target: TTarget,
  options: ManyToManyOptions = {},
): Relation<'manyToMany', TTarget, never, false> {
  return new Relation('manyToMany', target, { optional: false, ...(options.through === undefined ? {} : { through: options.through }) });
}
