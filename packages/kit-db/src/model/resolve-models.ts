import { KitDbError } from '../errors/kit-db-error.js';
import { Model } from './define-model.js';
import { Field, type AnyField } from './field.js';
import { Relation, type AnyRelation, type OnDelete } from './relation.js';
import { snakeCase } from './naming.js';
import { constraintName } from './constraint-name.js';
import { checkEntry } from './check-entry.js';
import { checkFieldOptions } from './check-field-options.js';
import type {
  CheckSpec,
  ColumnSpec,
  ForeignKeySpec,
  IndexSpec,
  ResolvedModel,
  ResolvedRelation,
  ResolvedSchema,
  TableSpec,
} from './schema.js';
import type { AnyModel } from './types.js';

/**
 * Checks a set of models against each other and compiles them to dialect-independent tables: one
 * per model and one per many-to-many join table. Refuses, with `KitDbError`: two models of one name
 * (`duplicate_model`), a relation to a model not in the set (`unknown_relation_target`, naming the
 * close matches), an entry no builder made (`unknown_field_type`), and models that cannot be
 * compiled (`invalid_model`: no or two `id()` fields, a `<relation>Id` column clashing with a field,
 * an index on an unknown column, a `hasMany` without a `belongsTo` on the other side...).
 *
 * @example
 * ```ts
 * import { belongsTo, defineModel, hasMany, id, resolveModels, string } from '@kit/kit-db';
 *
 * const project = defineModel('project', { id: id(), name: string(), tickets: hasMany('ticket') });
 * const ticket = defineModel('ticket', { id: id(), title: string(), project: belongsTo('project') });
 * const schema = resolveModels([project, ticket]);
 * console.log(schema.tables.map((table) => table.name)); // ['project', 'ticket']
 * ```
 */
export function resolveModels(models: readonly AnyModel[]): ResolvedSchema {
  const byName = new Map<string, AnyModel>();
  const tableNames = new Map<string, string>();
  for (const model of models) {
    if (!(model instanceof Model)) {
      throw new KitDbError('invalid_model', `resolveModels: ${describe(model)} is not a model; pass the results of defineModel(...).`);
    }
    if (byName.has(model.name)) {
      throw new KitDbError('duplicate_model', `Two models are named "${model.name}"; model names must be unique, rename one of them.`, {
        model: model.name,
      });
    }
    const clash = tableNames.get(model.tableName);
    if (clash !== undefined) {
      throw new KitDbError(
        'duplicate_model',
        `Models "${clash}" and "${model.name}" both use the table "${model.tableName}"; give one of them another tableName.`,
        { model: model.name },
      );
    }
    byName.set(model.name, model);
    tableNames.set(model.tableName, model.name);
  }

  const idOf = new Map<string, { column: string; autoIncrement: boolean }>();
  for (const model of models) idOf.set(model.name, findId(model));

  const resolved = new Map<string, ResolvedModel>();
  const joinTables = new Map<string, { spec: TableSpec; pair: string }>();
  for (const model of models) {
    const { table, columnOf, belongsTo } = compileModelTable(model, byName, idOf);
    const relations: ResolvedRelation[] = [];
    for (const [field, entry] of Object.entries(model.fields)) {
      if (!(entry instanceof Relation)) continue;
      if (entry.relation === 'belongsTo') {
        relations.push({ field, kind: 'belongsTo', target: entry.target, foreignKey: belongsTo.get(field)! });
      } else if (entry.relation === 'manyToMany') {
        const through = joinTable(model, field, entry, byName, idOf, joinTables);
        relations.push({ field, kind: 'manyToMany', target: entry.target, through });
      } else {
        const foreignKey = backReference(model, field, entry, byName);
        relations.push({ field, kind: entry.relation, target: entry.target, foreignKey });
      }
    }
    const fieldOf: Record<string, string> = {};
    for (const [field, column] of Object.entries(columnOf)) fieldOf[column] = field;
    const id = idOf.get(model.name)!;
    resolved.set(model.name, {
      model,
      name: model.name,
      table,
      idColumn: id.column,
      autoIncrement: id.autoIncrement,
      columnOf,
      fieldOf,
      relations,
    });
  }
  for (const { spec } of joinTables.values()) {
    if (tableNames.has(spec.name)) {
      throw new KitDbError(
        'invalid_model',
        `The join table "${spec.name}" of ${spec.joins!.join(' and ')} has the name of the table of model "${tableNames.get(spec.name)}"; pass manyToMany('<model>', { through: '<other name>' }).`,
        { model: spec.joins![0] },
      );
    }
  }
  const joins = [...joinTables.values()].map(({ spec }) => spec).sort((a, b) => (a.name < b.name ? -1 : 1));
  return { models: resolved, tables: [...[...resolved.values()].map((model) => model.table), ...joins] };
}

function findId(model: AnyModel): { column: string; autoIncrement: boolean } {
  const ids = Object.entries(model.fields).filter(([, entry]) => entry instanceof Field && entry.type === 'id');
  if (ids.length !== 1) {
    const found = ids.length === 0 ? 'has no id() field' : `has ${ids.length} id() fields (${ids.map(([name]) => name).join(', ')})`;
    throw new KitDbError('invalid_model', `Model "${model.name}" ${found}; give it exactly one, conventionally \`id: id()\`.`, {
      model: model.name,
    });
  }
  const [column, field] = ids[0]! as [string, AnyField];
  return { column, autoIncrement: field.options.autoIncrement === true };
}

function compileModelTable(
  model: AnyModel,
  byName: ReadonlyMap<string, AnyModel>,
  idOf: ReadonlyMap<string, { column: string; autoIncrement: boolean }>,
): { table: TableSpec; columnOf: Record<string, string>; belongsTo: Map<string, string> } {
  const table = model.tableName;
  const columns: ColumnSpec[] = [];
  const indexes: IndexSpec[] = [];
  const foreignKeys: ForeignKeySpec[] = [];
  const checks: CheckSpec[] = [];
  const columnOf: Record<string, string> = {};
  const belongsTo = new Map<string, string>();
  const owner = new Map<string, string>();
  const claim = (column: string, field: string): void => {
    const other = owner.get(column);
    if (other !== undefined) {
      throw new KitDbError(
        'invalid_model',
        `Model "${model.name}": the column "${column}" of ${field === column ? `field "${field}"` : `relation "${field}"`} clashes with ${other === column ? `field "${other}"` : `relation "${other}"`}; rename one of them.`,
        { model: model.name, field },
      );
    }
    owner.set(column, field);
    columnOf[field] = column;
  };

  for (const [field, entry] of Object.entries(model.fields)) {
    checkEntry(model.name, field, entry);
    if (entry instanceof Field) {
      checkFieldOptions(model.name, field, entry);
      claim(field, field);
      const options = entry.options;
      columns.push({
        name: field,
        type: entry.type,
        nullable: options.optional,
        primaryKey: entry.type === 'id',
        autoIncrement: options.autoIncrement === true,
        ...(options.default?.kind === 'value' ? { default: { value: options.default.value } } : {}),
        options,
      });
      if (options.unique && entry.type !== 'id')
        indexes.push({ name: constraintName(table, field, 'unique'), columns: [field], unique: true });
      if (options.index && entry.type !== 'id')
        indexes.push({ name: constraintName(table, field, 'idx'), columns: [field], unique: false });
      if (entry.type === 'enum') checks.push({ name: constraintName(table, field, 'check'), column: field, values: options.values ?? [] });
      continue;
    }
    const relation = entry as AnyRelation;
    if (relation.relation !== 'belongsTo') continue;
    const target = requireTarget(model, field, relation, byName);
    const column = `${field}Id`;
    claim(column, field);
    belongsTo.set(field, column);
    const targetId = idOf.get(target.name)!;
    const keyType = relation.options.keyType ?? 'string';
    const targetType = targetId.autoIncrement ? 'integer' : 'string';
    if (keyType !== targetType) {
      throw new KitDbError(
        'invalid_model',
        `Model "${model.name}": relation "${field}" points at "${target.name}", whose id is ${targetType === 'integer' ? 'an auto-increment integer' : 'a string'}; write belongsTo('${target.name}'${targetType === 'integer' ? ", { type: 'integer' }" : ''}).`,
        { model: model.name, field },
      );
    }
    const onDelete: OnDelete = relation.options.onDelete ?? (relation.options.optional ? 'set null' : 'restrict');
    if (onDelete === 'set null' && !relation.options.optional) {
      throw new KitDbError(
        'invalid_model',
        `Model "${model.name}": relation "${field}" has onDelete 'set null' but its column cannot be NULL; add .optional() or choose 'cascade' or 'restrict'.`,
        { model: model.name, field },
      );
    }
    columns.push({
      name: column,
      type: 'reference',
      referenceType: keyType,
      nullable: relation.options.optional,
      primaryKey: false,
      autoIncrement: false,
      options: { optional: relation.options.optional, unique: false, index: true },
    });
    foreignKeys.push({
      name: constraintName(table, column, 'fk'),
      column,
      targetTable: target.tableName,
      targetColumn: targetId.column,
      onDelete,
    });
    indexes.push({ name: constraintName(table, column, 'idx'), columns: [column], unique: false });
  }

  for (const index of model.options.indexes ?? []) {
    const fields: readonly string[] = Array.isArray(index.fields) ? index.fields : [];
    if (fields.length === 0) {
      throw new KitDbError(
        'invalid_model',
        `Model "${model.name}": an entry of indexes has no fields; write { fields: ['<column>', ...] }.`,
        { model: model.name },
      );
    }
    for (const column of fields) {
      if (!owner.has(column)) {
        const known = [...owner.keys()].join(', ');
        throw new KitDbError(
          'invalid_model',
          `Model "${model.name}": index column "${column}" is not a column of the model (columns: ${known}); a belongsTo field "x" is the column "xId".`,
          {
            model: model.name,
            field: column,
          },
        );
      }
      const spec = columns.find((c) => c.name === column)!;
      if (spec.type === 'text' || spec.type === 'json' || spec.type === 'vector') {
        throw new KitDbError(
          'invalid_model',
          `Model "${model.name}": index column "${column}" is a ${spec.type}() field, which cannot be indexed on every provider; use string() for indexed text.`,
          {
            model: model.name,
            field: column,
          },
        );
      }
    }
    const unique = index.unique === true;
    indexes.push({ name: index.name ?? constraintName(table, ...fields, unique ? 'unique' : 'idx'), columns: [...fields], unique });
  }
  const seen = new Set<string>();
  for (const index of indexes) {
    if (seen.has(index.name)) {
      throw new KitDbError(
        'invalid_model',
        `Model "${model.name}": two indexes are named "${index.name}"; give one of them another name, or remove the duplicate.`,
        { model: model.name },
      );
    }
    seen.add(index.name);
  }
  const id = idOf.get(model.name)!;
  return { table: { name: table, model: model.name, columns, primaryKey: [id.column], indexes, foreignKeys, checks }, columnOf, belongsTo };
}

function requireTarget(model: AnyModel, field: string, relation: AnyRelation, byName: ReadonlyMap<string, AnyModel>): AnyModel {
  const target = byName.get(relation.target);
  if (target !== undefined) return target;
  const close = [...byName.keys()].filter((name) => similar(name, relation.target));
  const hint = close.length > 0 ? `did you mean ${close.map((name) => `'${name}'`).join(' or ')}? ` : '';
  throw new KitDbError(
    'unknown_relation_target',
    `Model "${model.name}": relation "${field}" (${relation.relation}('${relation.target}')) names no known model; ${hint}add the model "${relation.target}" to the models given, or name one of: ${[...byName.keys()].join(', ')}.`,
    { model: model.name, field },
  );
}

function backReference(model: AnyModel, field: string, relation: AnyRelation, byName: ReadonlyMap<string, AnyModel>): string {
  const target = requireTarget(model, field, relation, byName);
  const candidates = Object.entries(target.fields)
    .filter(([, entry]) => entry instanceof Relation && entry.relation === 'belongsTo' && entry.target === model.name)
    .map(([name]) => name);
  const wanted = relation.options.foreignKey;
  if (wanted !== undefined) {
    if (!candidates.includes(wanted)) {
      throw new KitDbError(
        'invalid_model',
        `Model "${model.name}": ${relation.relation} "${field}" names foreignKey "${wanted}", which is not a belongsTo('${model.name}') field of "${target.name}" (those are: ${candidates.join(', ') || 'none'}).`,
        { model: model.name, field },
      );
    }
    return `${wanted}Id`;
  }
  if (candidates.length === 1) return `${candidates[0]!}Id`;
  if (candidates.length === 0) {
    throw new KitDbError(
      'invalid_model',
      `Model "${model.name}": ${relation.relation}('${target.name}') in "${field}" needs the other side; add \`${model.name}: belongsTo('${model.name}')\` to model "${target.name}".`,
      { model: model.name, field },
    );
  }
  throw new KitDbError(
    'invalid_model',
    `Model "${model.name}": ${relation.relation}('${target.name}') in "${field}" is ambiguous, "${target.name}" has several belongsTo('${model.name}') fields (${candidates.join(', ')}); pass { foreignKey: '<one of them>' }.`,
    { model: model.name, field },
  );
}

function joinTable(
  model: AnyModel,
  field: string,
  relation: AnyRelation,
  byName: ReadonlyMap<string, AnyModel>,
  idOf: ReadonlyMap<string, { column: string; autoIncrement: boolean }>,
  joinTables: Map<string, { spec: TableSpec; pair: string }>,
): { table: string; sourceColumn: string; targetColumn: string } {
  const target = requireTarget(model, field, relation, byName);
  if (target.name === model.name) {
    throw new KitDbError(
      'invalid_model',
      `Model "${model.name}": manyToMany('${model.name}') in "${field}" links the model to itself, which needs two distinct columns; define a join model with two belongsTo('${model.name}') fields instead.`,
      { model: model.name, field },
    );
  }
  const [first, second] = [model, target].sort((a, b) => (a.name < b.name ? -1 : 1)) as [AnyModel, AnyModel];
  const name = relation.options.through ?? `${snakeCase(first.name)}_${snakeCase(second.name)}`;
  const pair = `${first.name}|${second.name}`;
  const existing = joinTables.get(name);
  const sourceColumn = `${model.name}Id`;
  const targetColumn = `${target.name}Id`;
  if (existing !== undefined) {
    if (existing.pair !== pair) {
      throw new KitDbError(
        'invalid_model',
        `Model "${model.name}": join table "${name}" of "${field}" is already the join table of ${existing.spec.joins!.join(' and ')}; pass another { through }.`,
        {
          model: model.name,
          field,
        },
      );
    }
    const sameSide = Object.entries(model.fields).filter(
      ([other, entry]) =>
        other !== field &&
        entry instanceof Relation &&
        entry.relation === 'manyToMany' &&
        entry.target === target.name &&
        (entry.options.through ?? name) === name,
    );
    if (sameSide.length > 0) {
      throw new KitDbError(
        'invalid_model',
        `Model "${model.name}": fields "${sameSide[0]![0]}" and "${field}" are both manyToMany('${target.name}') through "${name}"; give each its own { through: '<table>' }.`,
        { model: model.name, field },
      );
    }
    return { table: name, sourceColumn, targetColumn };
  }
  const column = (side: AnyModel): ColumnSpec => ({
    name: `${side.name}Id`,
    type: 'reference',
    referenceType: idOf.get(side.name)!.autoIncrement ? 'integer' : 'string',
    nullable: false,
    primaryKey: true,
    autoIncrement: false,
    options: { optional: false, unique: false, index: false },
  });
  const foreignKey = (side: AnyModel): ForeignKeySpec => ({
    name: constraintName(name, `${side.name}Id`, 'fk'),
    column: `${side.name}Id`,
    targetTable: side.tableName,
    targetColumn: idOf.get(side.name)!.column,
    onDelete: 'cascade',
  });
  const spec: TableSpec = {
    name,
    joins: [first.name, second.name],
    columns: [column(first), column(second)],
    primaryKey: [`${first.name}Id`, `${second.name}Id`],
    // The primary key serves lookups by the first column; the second needs its own index.
    indexes: [{ name: constraintName(name, `${second.name}Id`, 'idx'), columns: [`${second.name}Id`], unique: false }],
    foreignKeys: [foreignKey(first), foreignKey(second)],
    checks: [],
  };
  joinTables.set(name, { spec, pair });
  return { table: name, sourceColumn, targetColumn };
}

function similar(a: string, b: string): boolean {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  if (x.includes(y) || y.includes(x)) return true;
  return distance(x, y) <= Math.max(1, Math.floor(Math.min(x.length, y.length) / 4));
}

function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length]!;
}

function describe(value: unknown): string {
  if (value === null || value === undefined) return String(value);
  if (typeof value === 'object') return `an object with keys ${Object.keys(value).slice(0, 5).join(', ') || '(none)'}`;
  return `${typeof value} ${String(value).slice(0, 40)}`;
}
